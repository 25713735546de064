import io
import os
import zlib

# Qt tests run offscreen; set once here, before any Qt import (never per test module).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's own catalog folder out of the tests.
os.environ.setdefault("XDG_DATA_HOME", os.path.join(os.path.dirname(__file__), ".no-user-data"))

import pytest
from hypothesis import settings

# CI replays the same examples every run (a red build is then reproducible); locally they vary.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from designer.model.catalog import shipped_catalog  # noqa: E402
from designer.templates import build_template  # noqa: E402


@pytest.fixture(scope="session")
def catalog():
    return shipped_catalog()


@pytest.fixture
def design_of(catalog):
    def make(template_id: str):
        return build_template(template_id, catalog)

    return make


def _inflating_pdf(path, megabytes: int = 150) -> None:
    """A small PDF whose design.json attachment is a deflate stream of `megabytes` MB of spaces."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, NameObject, StreamObject

    packer = zlib.compressobj(9)
    chunk = b" " * (1 << 20)
    packed = b"".join(packer.compress(chunk) for _ in range(megabytes)) + packer.flush()
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    writer.add_attachment("design.json", b"{}")
    for index, obj in enumerate(writer._objects):
        if isinstance(obj, DecodedStreamObject) and obj.get("/Type") == "/EmbeddedFile":
            stream = StreamObject()
            stream.update({NameObject("/Type"): NameObject("/EmbeddedFile"),
                           NameObject("/Filter"): NameObject("/FlateDecode")})
            stream._data = packed
            writer._objects[index] = stream
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())


@pytest.fixture
def inflating_pdf():
    """A hostile PDF (a decompression bomb in the attached design) written to the path given."""
    return _inflating_pdf
