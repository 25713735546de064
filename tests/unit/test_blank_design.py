"""The blank design (issue 35 item 3): an empty chassis of the user's choice, template id `blank`, from the CLI
(`new blank --chassis ID`) and the app (File > New). Building a node from scratch used to take a chassis change,
Ctrl+A and 'Delete 102 items'; `topo` of a design without devices ended in an internal error."""

from __future__ import annotations

import json

import pytest

from designer.cli.main import main
from designer.core.errors import DesignerError
from designer.io.files import load_design
from designer.model.wiring import auto_wire
from designer.rules import check
from designer.templates import BLANK_CHASSIS, TEMPLATES, build_template


def test_the_blank_design_is_an_empty_chassis_of_the_users_choice(catalog):
    d = build_template("blank", catalog)
    assert d.chassis == BLANK_CHASSIS and not d.components and not d.links and not d.waivers
    assert not d.meta.template  # not a reference design: nothing compares it with one
    assert build_template("blank", catalog, "chassis-oam-8u").chassis == "chassis-oam-8u"
    with pytest.raises(DesignerError, match="unknown chassis 'nope' \\(one of: chassis-dgx-a100, "):
        build_template("blank", catalog, "nope")
    with pytest.raises(DesignerError, match="only the blank design takes a chassis"):
        build_template("dgx-h100", catalog, "chassis-oam-8u")
    assert "blank" not in TEMPLATES  # the loops over reference designs stay over reference designs


def test_cli_new_blank_writes_the_chassis_asked_for(tmp_path, capsys):
    out = tmp_path / "node.json"
    assert main(["new", "blank", "--chassis", "chassis-pcie-4u-10", "-o", str(out)]) == 0
    design = load_design(out)
    assert design.chassis == "chassis-pcie-4u-10" and not design.components
    assert main(["info", str(out)]) == 0
    text = capsys.readouterr().out
    assert "GPUs               0\n" in text and "0 x " not in text
    assert "no GPUs yet" in text


@pytest.mark.parametrize(("argv", "says"), [
    (["new", "blank", "--chassis", "nope"], "unknown chassis 'nope'"),
    (["new", "dgx-h100", "--chassis", "chassis-oam-8u"], "--chassis goes with the blank design"),
])
def test_cli_refuses_a_wrong_chassis_in_one_line(tmp_path, capsys, argv, says):
    assert main([*argv, "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()


def test_topo_of_a_design_without_devices_is_one_line_not_an_internal_error(tmp_path, capsys):
    out = tmp_path / "empty.json"
    assert main(["new", "blank", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["topo", str(out)]) == 2  # was exit 70, "internal error: TypeError"
    err = capsys.readouterr().err
    assert "has no devices to show" in err and "internal error" not in err


def test_templates_lists_blank_first(capsys):
    assert main(["templates", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["id"] == "blank" and [r["id"] for r in rows[1:]] == list(TEMPLATES)


def test_a_blank_chassis_filled_with_a_dgx_h100s_parts_wires_to_its_reference(catalog, design_of):
    """From scratch as a user builds it: the reference design's parts placed on the empty chassis, no link drawn,
    then Auto-wire: the same rule findings as the reference design (which its template wires by the same plan)."""
    reference = design_of("dgx-h100")
    blank = build_template("blank", catalog, reference.chassis)
    placed = blank.model_copy(update={"components": reference.components})
    wired = auto_wire(placed, catalog)
    found = {v.rule for v in check(wired, catalog).active}
    assert found == {v.rule for v in check(reference.model_copy(update={"waivers": []}), catalog).active}
