"""Reading a design back out of an exported PDF (the export embeds the design JSON as an attachment)."""

from __future__ import annotations

import io

from designer.core.errors import DesignFileError

ATTACHMENT = "design.json"
MAX_ATTACHMENT_BYTES = 20_000_000


def design_json_from_pdf(data: bytes, name: str) -> str:
    from pypdf import PdfReader  # noqa: PLC0415 (only for PDFs)
    from pypdf.errors import LimitReachedError, PyPdfError  # noqa: PLC0415

    try:
        attachments = PdfReader(io.BytesIO(data)).attachments
        payloads = attachments.get(ATTACHMENT)
    except LimitReachedError:
        raise DesignFileError(name, "the embedded design inflates past the PDF reader's size limit "
                                    "(not a design exported by GPU Node Designer)") from None
    except (PyPdfError, ValueError, KeyError, TypeError, OSError, RecursionError) as exc:
        raise DesignFileError(name, f"not a readable PDF ({exc.__class__.__name__})") from None
    if not payloads:
        raise DesignFileError(name, "is a PDF without an embedded design (export one from GPU Node Designer)")
    raw = payloads[0]
    if len(raw) > MAX_ATTACHMENT_BYTES:
        raise DesignFileError(name, "the embedded design is too large")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DesignFileError(name, "the embedded design is not UTF-8 text") from None
