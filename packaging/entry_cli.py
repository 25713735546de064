"""Frozen entry point: the headless CLI (same as `gpu-designer-cli`)."""

import sys

from designer.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
