"""Figures an expert checks first (issue 21, item 6): CPU cores as a system total, GPU memory usable vs physical
said alike for every part, and a published maximum that calibrates a term shown as calibration, not agreement.

NVIDIA's DGX H100/H200 datasheet gives the CPUs as "Dual Intel Xeon Platinum 8480C, 112 cores total"; the expected
totals here are the catalog's per-CPU cores times the CPUs placed, not copied numbers.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from designer.cli.main import main
from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand
from designer.export.sheet_data import SheetData
from designer.export.spec import build_spec
from designer.model.parts import CpuSpec, GpuSpec
from designer.rules import check


def _cores(catalog, design) -> tuple[int, int]:
    cpus = [p for p in (catalog.get(c.part) for c in design.components) if isinstance(p, CpuSpec)]
    return len(cpus), sum(p.cores for p in cpus)


@pytest.mark.parametrize("template_id", ["dgx-h100", "amd-mi300x", "gb200-nvl72"])
def test_cpu_cores_are_the_system_total_in_info_json_spec_and_sheet(catalog, design_of, capsys, template_id):
    design = design_of(template_id)
    count, total = _cores(catalog, design)
    assert count >= 2 and total > max(p.cores for p in catalog.of_kind("cpu") if p.id in {c.part for c in
                                                                                          design.components})
    assert main(["info", template_id]) == 0
    assert f"{total:,} cores in all" in capsys.readouterr().out  # before: "56 cores" (one CPU's)
    assert main(["info", template_id, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["cpu_count"], data["cpu_cores_total"]) == (count, total)
    spec = build_spec(design, catalog, 1, datetime(2026, 1, 1, tzinfo=UTC))
    assert spec.key_figures.cpu_cores_total == total
    sheet = SheetData(ExportAnalysis(design, catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC)), Brand())
    msg, _ = sheet.cpus()
    text = str(msg)
    assert text.endswith(f"{total:,} cores in all") and "cores each" in text


def test_every_gpu_says_usable_and_physical_memory_alike(catalog, capsys):
    for part in catalog.of_kind("gpu"):
        assert isinstance(part, GpuSpec)
        assert part.memory_physical_gb is None or part.memory_physical_gb > part.memory_gb, part.id
    b200 = catalog.get("b200-sxm")
    assert (b200.memory_gb, b200.memory_physical_gb) == (180, 192)  # "180 GB usable of 192 GB physical"
    assert main(["info", "hgx-b200-dlc"]) == 0
    assert f"{8 * 180:,} GB usable ({8 * 192:,} GB physical)" in capsys.readouterr().out
    assert main(["info", "dgx-h100"]) == 0
    assert f"{8 * 80} GB usable," in capsys.readouterr().out


def test_a_published_maximum_that_calibrates_the_fan_term_reads_as_calibration(catalog, design_of, capsys):
    """The DGX fan terms are derived from the published maxima, so '10,200 W, +0.0%' is by construction."""
    chassis = catalog.chassis(design_of("dgx-h100").chassis)
    assert chassis.fan_max_w is not None and chassis.published_max_power_w == 10_200
    assert main(["info", "dgx-h100"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("Published maximum"))
    assert "calibration point" in row and "not an independent check" in row
    found = [v for v in check(design_of("dgx-h100"), catalog).active if v.rule == "power.published_maximum"]
    assert "calibration point, not an independent check" in found[0].message


def test_the_compare_table_and_the_inspector_say_the_cpu_total_and_usable_memory(catalog, design_of):
    from designer.compare.data import comparison
    from designer.compare.render import comparison_text
    from designer.ui.panels.inspector import spec_rows

    named = [(t, design_of(t)) for t in ("dgx-h100", "amd-mi300x")]
    totals = [_cores(catalog, d)[1] for _, d in named]
    row = next(line for line in comparison_text(comparison(named, catalog)).splitlines() if line.startswith("CPUs"))
    assert all(f"{t:,} cores in all" in row for t in totals)
    rows = dict(spec_rows(catalog.get("b200-sxm")))
    assert rows["Memory, usable"] == "180 GB" and rows["Memory, physical"] == "192 GB"
    assert "Memory, physical" not in dict(spec_rows(catalog.get("h100-sxm5")))  # the same as usable: not repeated
