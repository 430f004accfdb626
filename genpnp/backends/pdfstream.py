"""A reportlab document that writes each page to the file as soon as it is finished.

reportlab's ``PDFDocument`` keeps every page (its dictionary and its uncompressed content
stream) until ``save()``, then builds the whole file as one string: memory grows with the page
count. ``StreamingDocument`` writes a page's dictionary and its (compressed) content stream the
moment the canvas hands the page over, keeping only a reference and the object's offset; what
can only be written at the end (fonts, which are subset over the whole document, forms, images,
the page tree, the catalogue) is written by ``save()``, straight to the file, followed by the
cross-reference table. The bytes are those reportlab would write, in a different object order.

It relies on ``PDFDocument``'s bookkeeping (``idToObject``, ``idToOffset``, ``numberToId``,
``Reference``), which has been stable across reportlab 3 and 4; tests/test_pdfstream.py reads
the output back and compares it page by page with reportlab's own.
"""

from __future__ import annotations

from typing import IO, Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas


class _Written(pdfdoc.PDFObject):
    """Stands in ``idToObject`` for an object already in the file."""

    def format(self, document: Any) -> bytes:  # pragma: no cover - never formatted
        raise AssertionError("an object already written was formatted again")


WRITTEN = _Written()


class _FileSink(pdfdoc.PDFFile):
    """reportlab's output collector, writing through to a file instead of keeping the strings."""

    def __init__(self, out: IO[bytes], version: tuple[int, int]):
        super().__init__(version)  # collects the file header in self.strings
        for header in self.strings:
            out.write(header)
        self.strings: list[bytes] = []
        self.write = out.write

    def format(self, document: Any) -> bytes:
        return b""


class StreamingDocument(pdfdoc.PDFDocument):
    """Use through :func:`streaming_canvas`; the canvas's ``save()`` finishes the file."""

    _sink: _FileSink

    def stream_to(self, out: IO[bytes]) -> None:
        self._sink = _FileSink(out, self._pdfVersion)

    def addPage(self, page: Any) -> None:  # noqa: N802 - reportlab's name
        super().addPage(page)
        name = page.__InternalName__
        page_ref = pdfdoc.PDFObjectReference(name)
        self._write_object(name)
        contents = getattr(page.Contents, "__InternalName__", None)  # registered while the page was formatted
        if contents is not None:
            self._write_object(contents)
        page.Contents = page.stream = None
        pages = self.Pages.pages
        pages[-1] = page_ref  # the page tree only needs the reference now

    def _write_object(self, name: str) -> None:
        obj = self.idToObject[name]
        data = pdfdoc.PDFIndirectObject(name, obj).format(self)
        self.idToOffset[name] = self._sink.add(data)
        self.idToObject[name] = WRITTEN

    def SaveToFile(self, filename: Any, canvas: Any) -> None:  # noqa: N802 - reportlab's name
        """Write what is left (fonts, forms, page tree, catalogue), the xref and the trailer."""
        if getattr(self, "_savedToFile", False):
            raise RuntimeError("a document can be saved only once")
        self._savedToFile = True
        for font in self.delayedFonts:
            font.addObjects(self)
        self.info.invariant = self.invariant
        self.info.digest(self.signature)
        self.Reference(self.Catalog)
        self.Reference(self.info)
        self.Outlines.prepare(self, canvas)
        if self.Outlines.ready < 0:
            self.Catalog.Outlines = None
        self._finish()

    def _finish(self) -> None:
        """reportlab's ``PDFDocument.format``, skipping what is written and writing the rest through."""
        self.encrypt.prepare(self)
        cat, info = self.Catalog, self.info
        self.Reference(cat)
        self.Reference(info)
        encrypt = self.encrypt.info()
        encrypt_ref = self.Reference(encrypt) if encrypt else None
        sink = self._sink
        ids = []
        number = 0
        while True:  # objects may be registered while others are formatted: no fixed range
            number += 1
            if number not in self.numberToId:
                break
            name = self.numberToId[number]
            ids.append(name)
            if self.idToObject[name] is not WRITTEN:
                self._write_object(name)
        if number - 1 != len(self.numberToId):
            raise ValueError("PDF object numbers are not contiguous")
        xref = pdfdoc.PDFCrossReferenceTable()
        xref.addsection(0, ids)
        start = sink.add(xref.format(self))
        trailer = pdfdoc.PDFTrailer(startxref=start, Size=len(self.numberToId) + 1, Root=self.Reference(cat),
                                    Info=self.Reference(info), Encrypt=encrypt_ref, ID=self.ID())
        sink.add(trailer.format(self))


def streaming_canvas(out: IO[bytes], pagesize: tuple[float, float], **kwargs: Any) -> Canvas:
    """A reportlab Canvas whose pages go to ``out`` as they are shown; ``save()`` completes the file."""
    canvas = Canvas(out, pagesize=pagesize, **kwargs)
    doc = canvas._doc
    doc.__class__ = StreamingDocument  # same state, streaming behaviour
    assert isinstance(doc, StreamingDocument)
    doc.stream_to(out)
    return canvas


__all__ = ["StreamingDocument", "streaming_canvas"]
