"""One key vocabulary (issue 24, item 7): `info --json`, the JSON spec, `compare --json`, `validate --json` and the
cluster JSON name one quantity by one key. The key lists are walked from the outputs themselves, never listed here."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from designer.cli.main import main
from designer.export.spec import SPEC_VERSION

TEMPLATES = ("dgx-h100", "gb200-nvl72", "amd-mi300x", "supermicro-pcie-l40s")  # HGX, NVL72 rack, mesh, PCIe box
Path = tuple[str, ...]


def leaves(obj: object, prefix: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every key path with its value; a list of objects is walked element by element under the list's key."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from leaves(value, (*prefix, key))
    elif isinstance(obj, list) and obj and all(isinstance(v, dict) for v in obj):
        for value in obj:
            yield from leaves(value, prefix)
    else:
        yield prefix, obj


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main(argv) in (0, 1)
    return json.loads(capsys.readouterr().out)


def spec_of(capsys: pytest.CaptureFixture[str], tmp_path, template: str) -> dict:
    path = tmp_path / f"{template}.json"
    assert main(["export", template, "--json", str(path)]) == 0
    capsys.readouterr()
    return json.loads(path.read_text())


def missing_or_different(data: dict, spec: dict) -> tuple[list[str], list[str]]:
    """Paths of `data` the spec lacks (no spec path ends with them), and those whose value no such spec path has."""
    spec_leaves = list(leaves(spec))
    missing, different = [], []
    for path, value in leaves(data):
        found = [v for p, v in spec_leaves if p[-len(path):] == path]
        if not found:
            missing.append(".".join(path))
        elif value not in found:
            different.append(f"{'.'.join(path)}={value!r} (spec: {found[:3]!r})")
    return missing, different


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_info_json_key_is_in_the_spec_under_the_same_name_with_the_same_value(capsys, tmp_path, template):
    """Before: 17 keys of info --json had other names in the spec or none (wall_power_peak_w for wall_peak_w,
    heat_btu_hr for heat_btu_per_hr, no export_control, ...)."""
    info = run_json(capsys, ["info", template, "--json"])
    spec = spec_of(capsys, tmp_path, template)
    missing, different = missing_or_different(info, spec)
    assert missing == [] and different == []
    assert info["export_control"] == spec["export_control"]  # the whole screening, not just its keys
    assert len(list(leaves(info))) > 60  # the walk reached the nested sections


def test_the_walk_finds_a_renamed_key():
    """The check above fails on the old names: a quantity under another name is reported missing."""
    spec = {"power": {"wall_peak_w": 10199.8}}
    assert missing_or_different({"wall_power_peak_w": 10199.8}, spec) == (["wall_power_peak_w"], [])
    assert missing_or_different({"wall_peak_w": 10199.84}, spec)[1]  # the same name with another value


def test_compare_json_rows_use_the_spec_keys_and_values(capsys, tmp_path):
    designs = ["dgx-h100", "amd-mi300x"]
    data = run_json(capsys, ["compare", *designs, "--json"])
    specs = [spec_of(capsys, tmp_path, t) for t in designs]
    spec_rows = [r for section in ("figures", "power", "rules") for r in data[section]
                 if not r.get("derived")]  # per-GPU rows and cost rows are the comparison's own figures
    assert len(spec_rows) >= 12
    for row in spec_rows:
        for i, spec in enumerate(specs):
            missing, different = missing_or_different({row["key"]: row["values"][i]}, spec)
            assert missing == [] and different == [], (row["key"], designs[i])


def test_compare_json_specification_keys_the_spec_also_has_hold_its_values(capsys, tmp_path):
    """Before: compare's "chassis" was the chassis' name where the spec's is its id, "cooling" the cooling parts
    where the spec's is the liquid cooling part's name."""
    designs = ["dgx-h100", "gb200-nvl72"]
    data = run_json(capsys, ["compare", *designs, "--json"])
    for spec_row, template in zip(data["spec"], designs, strict=True):
        different = missing_or_different(spec_row, spec_of(capsys, tmp_path, template))[1]
        assert different == [], template  # keys of its own (scheme, gpu_line, ...) may be missing, never different


def test_validate_json_summary_uses_the_spec_keys_and_values(capsys, tmp_path):
    summary = run_json(capsys, ["validate", "gb200-nvl72", "--json"])["summary"]
    summary.pop("published_gap")  # the validate report's own figure: (computed - published) / published
    spec = spec_of(capsys, tmp_path, "gb200-nvl72")
    assert missing_or_different(summary, spec) == ([], [])


def test_cluster_json_names_heat_and_power_as_the_spec(capsys, tmp_path):
    plan = tmp_path / "plan.json"
    assert main(["cluster", "new", "--node", "dgx-h100", "--gpus", "64", "-o", str(plan)]) == 0
    capsys.readouterr()
    info = run_json(capsys, ["cluster", "info", str(plan), "--json"])
    keys = {p[-1] for p, _ in leaves(info)}
    assert {"wall_peak_w", "heat_btu_per_hr", "heat_to_air_w", "heat_to_liquid_w"} <= keys
    assert not keys & {"w", "btu_hr", "heat_btu_hr", "wall_w"}


def test_schema_spec_prints_the_committed_spec_schema(capsys):
    from designer.export.spec import committed_spec_schema

    assert main(["schema", "--spec"]) == 0
    out = capsys.readouterr().out
    assert out == committed_spec_schema()
    schema = json.loads(out)
    assert str(SPEC_VERSION) in schema["title"] and "export_control" in schema["required"]
    assert main(["schema"]) == 0 and json.loads(capsys.readouterr().out)["title"] == "GPU Node Designer design file"


def test_the_spec_calibration_is_a_closed_typed_object():
    from designer.export.spec import spec_schema_text

    schema = json.loads(spec_schema_text())
    ref = next(a["$ref"] for a in schema["properties"]["calibration"]["anyOf"] if "$ref" in a)
    calibration = schema["$defs"][ref.rsplit("/", 1)[-1]]
    assert calibration["additionalProperties"] is False
    links = schema["$defs"][calibration["properties"]["link_efficiency"]["$ref"].rsplit("/", 1)[-1]]
    assert links["additionalProperties"] is False and "nvlink" in links["properties"]


@pytest.mark.parametrize("command", ["validate", "info", "topo"])
def test_a_spec_file_given_as_a_design_is_named_a_spec(capsys, tmp_path, command):
    """Before: 'validate spec.json' said 'chassis: Field required'."""
    spec = tmp_path / "spec.json"
    assert main(["export", "dgx-h100", "--json", str(spec)]) == 0
    capsys.readouterr()
    assert main([command, str(spec)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "spec.json: is a JSON spec" in err and "not a design file" in err
    assert "Field required" not in err and "Traceback" not in err
