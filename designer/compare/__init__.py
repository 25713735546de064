"""Compare designs side by side and diff two revisions of one design (pure data; renderers beside it)."""

from designer.compare.data import comparison
from designer.compare.diff import design_diff

__all__ = ["comparison", "design_diff"]
