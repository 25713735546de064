"""Reading a design back out of an exported PDF (the export embeds the design JSON)."""

from __future__ import annotations

from designer.core.errors import DesignFileError


def design_json_from_pdf(data: bytes, name: str) -> str:
    raise DesignFileError(name, "is a PDF without an embedded design (PDF export is not available yet)")
