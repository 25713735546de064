"""Frozen entry point: the desktop app (same as `gpu-designer`)."""

import sys

from designer.app import main

if __name__ == "__main__":
    sys.exit(main())
