"""Every document carries a number and a revision: the number names what it is about (its kind and the design's,
plan's or comparison's name), so a customer's later copy of the same design keeps it; the revision changes
whenever the content does. Both are hashes, so the same input gives the same pair on any machine.

    GND-SS-3F2A91C0, rev. 7b1e04     GND: the brand file's document prefix (default), SS: spec sheet
"""

from __future__ import annotations

import hashlib

from designer import __version__
from designer.core.locale import render
from designer.core.messages import Audience, _m

KIND_CODES = {"sheet": "SS", "slide": "SL", "comparison": "CP", "cluster": "CL"}


def document_number(kind: str, identity: str, prefix: str = "GND") -> str:
    digest = hashlib.sha256(f"{kind}\n{identity}".encode()).hexdigest()[:8].upper()
    return f"{prefix}-{KIND_CODES[kind]}-{digest}"


def revision(content: str) -> str:
    return hashlib.sha256(content.encode()).hexdigest()[:6]


def generator_line(kind: str, identity: str, content: str, lang: str, prefix: str = "GND") -> str:
    """'GPU Node Designer 0.1.0 · doc. GND-SS-3F2A91C0, rev. 7b1e04' in the document's language (the footers)."""
    doc = _m("doc. {number}, rev. {revision}", number=document_number(kind, identity, prefix),
             revision=revision(content))
    return f"GPU Node Designer {__version__} · {render(doc, lang, Audience.DOCUMENT)}"
