"""Text cells of the CSV files the tool writes, safe to open in a spreadsheet: a cell that starts with =, +, -, @, a
tab or a carriage return would be read as a formula (CSV injection), so it is written with a leading apostrophe.
Numbers the tool formats itself are written as they are."""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(text: object) -> str:
    value = str(text)
    return "'" + value if value.startswith(FORMULA_STARTS) else value
