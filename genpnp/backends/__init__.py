"""Output backends: PDF (reportlab) and PNG previews (rendered from the PDF)."""
