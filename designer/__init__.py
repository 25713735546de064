"""GPU Node Designer: design, check and compare 8-GPU server nodes."""

__version__ = "0.1.0"
