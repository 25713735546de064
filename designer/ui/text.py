"""User text in Qt widgets that interpret rich text (labels, tooltips, message boxes): always escaped."""

from __future__ import annotations

import html


def esc(text: object) -> str:
    return html.escape(str(text), quote=False)


def plain(text: object) -> str:
    """Rich text that shows `text` literally, line breaks kept (Qt would otherwise guess it is HTML)."""
    return f"<p style='white-space:pre-wrap'>{esc(text)}</p>"
