"""A change that rounds to nothing reads '+0.0%', never '(-0.0%)' (issue 25, the diff's busbw effects)."""

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
