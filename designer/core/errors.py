"""Errors that carry a one-line, user-facing message."""

from __future__ import annotations

from pydantic import ValidationError


def one_line(text: str) -> str:
    """Control characters (a newline in a file name, say) shown escaped, so a message stays one line."""
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)


def first_error(exc: ValidationError, where_default: str = "") -> tuple[str, str]:
    """The first error of a validation as (where: the dotted field path, or `where_default` at the top level, msg)."""
    err = exc.errors()[0]
    return ".".join(str(p) for p in err["loc"]) or where_default, err["msg"]


class DesignerError(Exception):
    """Base class: str(error) is a complete one-line message for the user."""


class DesignFileError(DesignerError):
    """A design file cannot be read; the message names the file and the place in it."""

    def __init__(self, source: str, message: str, where: str = "") -> None:
        source = one_line(source)
        self.source = source
        self.where = where
        self.detail = message
        place = f"{source}: {where}: " if where else f"{source}: "
        super().__init__(place + message)


class CatalogError(DesignerError):
    """A catalog file (shipped or user-supplied) is invalid."""


class UnknownPartError(DesignerError):
    """A part id is not in the catalog."""


class UnknownIdError(DesignerError, KeyError):
    """No component or link with this id in the design (an edit aimed at something already gone)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""
