import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.core.errors import DesignFileError
from designer.io import files
from designer.io.files import design_from_json, design_to_json, load_design, save_design
from designer.model.design import SCHEMA_VERSION
from designer.templates import TEMPLATES


@pytest.mark.parametrize("template_id", list(TEMPLATES))
def test_every_template_round_trips_unchanged(tmp_path, design_of, catalog, template_id):
    design = design_of(template_id)
    path = tmp_path / f"{template_id}.json"
    save_design(design, path)
    assert load_design(path, catalog) == design
    assert json.loads(path.read_text())["schema_version"] == SCHEMA_VERSION


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path, design_of):
    path = tmp_path / "d.json"
    path.write_text("old contents")
    save_design(design_of("dgx-h100"), path)
    assert json.loads(path.read_text())["meta"]["name"] == "DGX H100"
    assert [p.name for p in tmp_path.iterdir()] == ["d.json"]


def test_failed_save_keeps_the_old_file(tmp_path, design_of, monkeypatch):
    path = tmp_path / "d.json"
    path.write_text("precious")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        save_design(design_of("dgx-h100"), path)
    assert path.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["d.json"]


def _raw(design_of):
    return json.loads(design_to_json(design_of("dgx-h100")))


def _error(text, catalog):
    with pytest.raises(DesignFileError) as info:
        design_from_json(text, "bad.json", catalog)
    message = str(info.value)
    assert "\n" not in message and message.startswith("bad.json: ")
    return message


def mutate(raw, path, value):
    target = raw
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(raw)


@pytest.mark.parametrize("path,value,expected", [
    (("components", 3, "part"), "h100-sxm9", "components[3].part: unknown part 'h100-sxm9'"),
    (("links", 2, "b"), "gpu99", "links[2].b: no component with id 'gpu99'"),
    (("links", 0, "count"), -3, "links[0].count: Input should be greater than or equal to 1"),
    (("links", 0, "count"), 10**9, "links[0].count: Input should be less than or equal to 1024"),
    (("links", 0, "count"), "eighteen", "links[0].count: Input should be a valid integer"),
    (("settings", "rack_power_budget_w"), -1, "settings.rack_power_budget_w"),
    (("settings", "psu_redundancy"), "N+7", "settings.psu_redundancy: Input should be"),
    (("chassis",), "h100-sxm5", "chassis: 'h100-sxm5' is not a chassis"),
    (("components", 0, "part"), "chassis-dgx-h100", "components[0].part: 'chassis-dgx-h100' is a chassis"),
    (("components", 1, "id"), "gpu0", "components[1].id: duplicate id 'gpu0'"),
    (("components", 1, "id"), "gpu 1; rm -rf", "components[1].id: String should match pattern"),
    (("meta", "colour"), "blue", "meta.colour: unknown field"),
    (("schema_version",), 99, "schema_version: the file has schema_version 99"),
    (("schema_version",), "1", "schema_version must be a positive integer"),
])
def test_bad_values_name_the_place(design_of, catalog, path, value, expected):
    assert expected in _error(mutate(_raw(design_of), path, value), catalog)


def test_invalid_json_names_line_and_column(catalog):
    assert "not valid JSON" in _error('{"chassis": "x",\n  oops}', catalog)
    assert "line 2, column 3" in _error('{"chassis": "x",\n  oops}', catalog)


def test_top_level_must_be_an_object(catalog):
    assert "top level must be a JSON object" in _error("[1, 2]", catalog)


def test_too_deeply_nested(catalog):
    assert "nested deeper" in _error('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", catalog)
    assert "nested deeper" in _error('{"meta": ' + '{"a":' * 40 + "1" + "}" * 41, catalog)


def test_too_many_components(design_of, catalog):
    raw = _raw(design_of)
    raw["components"] = [{"id": f"g{i}", "part": "h100-sxm5"} for i in range(2001)]
    raw["links"] = []
    assert "components: List should have at most 2000 items" in _error(json.dumps(raw), catalog)


def test_oversized_file_is_refused_before_reading(tmp_path, monkeypatch, catalog):
    path = tmp_path / "big.json"
    path.write_text("{}")
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1)
    with pytest.raises(DesignFileError, match="big.json: larger than"):
        load_design(path, catalog)


@pytest.mark.parametrize("setup,expected", [
    (lambda p: None, "no such file"),
    (lambda p: p.mkdir(), "is a folder"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00garbage"), "not UTF-8"),
])
def test_unreadable_paths(tmp_path, catalog, setup, expected):
    path = tmp_path / "x.json"
    setup(path)
    with pytest.raises(DesignFileError, match=expected):
        load_design(path, catalog)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(junk=JSON, key=st.sampled_from(["components", "links", "meta", "settings", "waivers", "chassis"]))
def test_any_json_either_loads_or_gives_one_clear_error(design_of, catalog, junk, key):
    raw = _raw(design_of)
    raw[key] = junk
    try:
        design_from_json(json.dumps(raw), "fuzz.json", catalog)
    except DesignFileError as exc:
        assert str(exc).startswith("fuzz.json: ") and "\n" not in str(exc)


def test_nothing_in_a_file_is_executed(tmp_path, catalog, design_of):
    raw = _raw(design_of)
    raw["meta"]["name"] = "__import__('os').system('touch pwned')"
    path = tmp_path / "d.json"
    path.write_text(json.dumps(raw))
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        design = load_design(path, catalog)
    finally:
        os.chdir(cwd)
    assert design.meta.name.startswith("__import__") and not (tmp_path / "pwned").exists()


def test_odd_keys_are_quoted_in_the_place_name(design_of, catalog):
    raw = _raw(design_of)
    raw["meta"]["line\nbreak"] = 1
    message = _error(json.dumps(raw), catalog)
    assert 'meta["line\\nbreak"]: unknown field' in message


def test_a_file_name_with_a_newline_still_gives_one_line(tmp_path, catalog):
    path = tmp_path / "bad\nname.json"
    path.write_text("{")
    with pytest.raises(DesignFileError) as info:
        load_design(path, catalog)
    assert "\n" not in str(info.value) and str(info.value).startswith("bad\\x0aname.json: ")
