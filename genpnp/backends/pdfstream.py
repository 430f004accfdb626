"""A reportlab document that writes each page to the file as soon as it is finished.

reportlab's ``PDFDocument`` keeps every page (its dictionary and its uncompressed content
stream) until ``save()``, then builds the whole file as one string: memory grows with the page
count. ``StreamingDocument`` writes a page's dictionary and its (compressed) content stream the
moment the canvas hands the page over, keeping only a reference and the object's offset; what
can only be written at the end (fonts, which are subset over the whole document, forms, images,
the page tree, the catalogue) is written by ``save()``, straight to the file, followed by the
cross-reference table. The bytes are those reportlab would write, in a different object order.

Two things reportlab can only be told for the whole process (``rl_config.useA85``, and the resource
dictionary class its pages and forms make) are settled here for this document alone, on the objects
the canvas hands over: compressed streams are binary (Flate only, no ASCII85 on top: smaller and
faster), images included; and every page and form names the document's tiling patterns
(``StreamingDocument.patterns``, filled by ``genpnp.backends.patterns``) in its ``/Pattern``
resources. A document that uses no pattern is written byte for byte as reportlab would with
``useA85 = 0``.

It relies on ``PDFDocument``'s bookkeeping (``idToObject``, ``idToOffset``, ``numberToId``,
``Reference``), which has been stable across reportlab 3 and 4; tests/test_streaming.py reads
the output back and compares it page by page with reportlab's own.
"""

from __future__ import annotations

from typing import IO, Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfutils import asciiBase85Decode
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
    patterns: dict[str, pdfdoc.PDFObjectReference]  # /Pattern resource name -> the pattern's object

    def stream_to(self, out: IO[bytes]) -> None:
        self._sink = _FileSink(out, self._pdfVersion)
        self.patterns = {}  # one dict shared by every page's and form's resources: forms are formatted at the end

    def add_pattern(self, resource: str, stream: pdfdoc.PDFStream, internal: str) -> None:
        """Register a tiling pattern's stream; every page shown from now on, and every form, names it."""
        self.Reference(stream, internal)
        self.patterns[resource] = pdfdoc.PDFObjectReference(internal)

    def addPage(self, page: Any) -> None:  # noqa: N802 - reportlab's name
        super().addPage(page)
        page.check_format(self)  # reportlab's contents and resources (formatting the page keeps them) ...
        if page.compression:
            page.Contents.filters = [pdfdoc.PDFZCompress]  # ... with binary streams
        page.Resources.Pattern = self.patterns  # ... naming the patterns
        name = page.__InternalName__
        page_ref = pdfdoc.PDFObjectReference(name)
        self._write_object(name)
        contents = getattr(page.Contents, "__InternalName__", None)  # registered while the page was formatted
        if contents is not None:
            self._write_object(contents)
        page.Contents = page.stream = None
        pages = self.Pages.pages
        pages[-1] = page_ref  # the page tree only needs the reference now

    def addForm(self, name: str, form: Any) -> None:  # noqa: N802 - reportlab's name
        """A form (``Canvas.endForm``) or an image (``Canvas.drawImage``): binary streams, patterns named."""
        if isinstance(form, pdfdoc.PDFImageXObject):
            for image in (form, getattr(form, "_smask", None)):  # the soft mask (alpha) is registered after
                if image is not None and image._filters and image._filters[0] == "ASCII85Decode":
                    image.streamContent = asciiBase85Decode(image.streamContent)  # the process-wide default
                    image._filters = image._filters[1:]
        elif isinstance(form, pdfdoc.PDFFormXObject) and not form.Contents and not form.Resources:
            # what PDFFormXObject.format would make, made here so that the filters and resources are ours
            contents = pdfdoc.PDFStream(content=form.stream) if form.stream else pdfdoc.teststream()
            contents.__Comment__ = "xobject form stream"
            if form.compression:
                contents.filters = [pdfdoc.PDFZCompress]
                form.compression = 0  # format() would set the ASCII85 filters again
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            if form.hasImages:
                resources.allProcs()
            else:
                resources.basicProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.Pattern = self.patterns
            form.Contents, form.Resources = contents, resources
        super().addForm(name, form)

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
