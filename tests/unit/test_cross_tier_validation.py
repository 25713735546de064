"""The cross-tier model against public multi-rack and 1k+ GPU measurements (benchmarks/validate_cross_tier.py):
plans made with the defaults, every point held out. The user guide (docs/user-guide/performance.md) carries the
table as the script prints it, so the errors it states cannot drift from the model; the points the model meets
today stay within 15% (issue 32 item 8's bar). The 20-rack GB200 NVL72 run is missed by 85-263% and is listed as
such, not hidden."""

from __future__ import annotations

import importlib.util
import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def bench():
    path = ROOT / "benchmarks" / "validate_cross_tier.py"
    spec = importlib.util.spec_from_file_location("validate_cross_tier", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def test_two_racks_and_1984_gpus_are_within_15_percent(bench):
    rows = [(p, err) for p, _, _, err in bench.rows() if p.note in ("2 racks", "248 nodes")]
    assert len(rows) == 7
    assert all(abs(err) <= 0.15 for _, err in rows), [(p.note, p.size, f"{err:+.1%}") for p, err in rows]


def test_the_guide_states_every_points_error_as_the_model_gives_it(bench, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["validate_cross_tier.py", "--markdown"])
    out = io.StringIO()
    with redirect_stdout(out):
        bench.main()
    readme = (ROOT / "docs" / "user-guide" / "performance.md").read_text(encoding="utf-8")
    table = [line for line in out.getvalue().splitlines() if line.startswith("| ")]
    assert len(table) == 1 + len(bench.POINTS)
    missing = [line for line in table if line not in readme]
    assert not missing, missing
