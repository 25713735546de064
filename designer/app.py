"""GUI entry point: `gpu-designer [FILE]` and `python -m designer`. Qt is imported only when run."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from designer.ui.application import run  # noqa: PLC0415 (keep Qt out of import time)

    return run(sys.argv[1:] if argv is None else argv)
