"""gpu-designer-cli: headless commands. Exit 0 on success, 1 on a failed check, 2 on bad input."""

from __future__ import annotations

import os
import sys

from designer import __version__
from designer.cli import asbuilt, calibrate, cluster, compare, cost, export, info, simulate, sweep, train, validate
from designer.cli.common import EXIT_USAGE, Parser
from designer.core.errors import DesignerError

EXIT_INTERNAL = 70  # EX_SOFTWARE
COMMANDS = (info, validate, simulate, calibrate, export, compare, asbuilt, cluster, cost, sweep, train)


def build_parser() -> Parser:
    parser = Parser(prog="gpu-designer-cli", description="GPU Node Designer, headless.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except DesignerError as exc:
        sys.stderr.write(f"gpu-designer-cli: error: {exc}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if os.environ.get("GPU_DESIGNER_DEBUG"):
            raise
        sys.stderr.write(f"gpu-designer-cli: internal error: {exc.__class__.__name__}: {exc} "
                         "(set GPU_DESIGNER_DEBUG=1 for the traceback, and please report it)\n")
        return EXIT_INTERNAL


if __name__ == "__main__":
    raise SystemExit(main())
