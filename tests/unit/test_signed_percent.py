"""Numbers in the diff text (issue 25): a change that rounds to nothing reads +0.0%, never (-0.0%); sizes in order."""

from designer.compare.render import _effects
from designer.core.units import signed_percent


def test_signed_percent():
    assert signed_percent(-0.04) == "+0.0%" and signed_percent(0.04) == "+0.0%"
    assert signed_percent(12.345) == "+12.3%" and signed_percent(-2.0) == "-2.0%"


def test_a_tiny_busbw_change_in_a_diff_is_not_negative_zero():
    diff = {"figures": [], "rules": {"new": [], "resolved": [], "waived": []},
            "busbw": [{"collective": "allreduce", "size": "1 GiB", "old_busbw_GBps": 400.01, "new_busbw_GBps": 400.0,
                       "change_percent": -0.0025}]}
    line = next(ln for ln in _effects(diff) if "allreduce" in ln)
    assert line.endswith("(+0.0%)"), line


def test_unchanged_sizes_are_listed_smallest_first():
    """'unchanged at 1 MiB, 64 MiB, 1 GiB, 16 GiB' (sorted by text length it read 1 MiB, 1 GiB, 64 MiB, 16 GiB)."""
    sizes = ["16 GiB", "1 GiB", "64 MiB", "1 MiB"]
    diff = {"figures": [], "rules": {"new": [], "resolved": [], "waived": []},
            "busbw": [{"collective": "allreduce", "size": s, "old_busbw_GBps": 1.0, "new_busbw_GBps": 1.0,
                       "change_percent": 0.0} for s in sizes]}
    assert "  unchanged at 1 MiB, 64 MiB, 1 GiB, 16 GiB" in _effects(diff)
