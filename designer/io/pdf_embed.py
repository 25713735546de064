"""Reading a design (or a cluster plan) back out of an exported PDF: the export embeds the JSON as an attachment."""

from __future__ import annotations

import io

from designer.core.errors import DesignFileError

ATTACHMENT = "design.json"
MAX_ATTACHMENT_BYTES = 20_000_000


def design_json_from_pdf(data: bytes, name: str) -> str:
    return json_from_pdf(data, name, ATTACHMENT, "design")


def json_from_pdf(data: bytes, name: str, attachment: str, what: str) -> str:
    """The text of the JSON file `attachment` in a PDF exported by the app (a design, a cluster plan)."""
    from pypdf import PdfReader  # noqa: PLC0415 (only for PDFs)
    from pypdf.errors import LimitReachedError, PyPdfError  # noqa: PLC0415

    try:
        attachments = PdfReader(io.BytesIO(data)).attachments
        payloads = attachments.get(attachment)
    except LimitReachedError:
        raise DesignFileError(name, f"the embedded {what} inflates past the PDF reader's size limit "
                                    f"(not a {what} exported by GPU Node Designer)") from None
    except (PyPdfError, ValueError, KeyError, TypeError, OSError, RecursionError) as exc:
        raise DesignFileError(name, f"not a readable PDF ({exc.__class__.__name__})") from None
    if not payloads:
        raise DesignFileError(name, f"is a PDF without an embedded {what} (export one from GPU Node Designer)")
    raw = payloads[0]
    if len(raw) > MAX_ATTACHMENT_BYTES:
        raise DesignFileError(name, f"the embedded {what} is too large")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DesignFileError(name, f"the embedded {what} is not UTF-8 text") from None
