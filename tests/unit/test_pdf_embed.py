"""A hostile PDF: the attached design inflates past the PDF reader's limit -> one line, exit 2."""

import io
import subprocess
import sys
import zlib

import pytest
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject, StreamObject

from designer.core.errors import DesignFileError
from designer.io.files import load_design


def inflating_pdf(path, megabytes: int = 150) -> None:
    """A small PDF whose design.json attachment is a deflate stream of `megabytes` MB of spaces."""
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


def test_an_inflating_attachment_is_a_bad_file_not_an_internal_error(tmp_path, catalog):
    bomb = tmp_path / "bomb.pdf"
    inflating_pdf(bomb)
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(DesignFileError, match="size limit"):
        load_design(bomb, catalog)
    run = subprocess.run([sys.executable, "-m", "designer.cli.main", "info", str(bomb)], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "size limit" in run.stderr and "Traceback" not in run.stderr
