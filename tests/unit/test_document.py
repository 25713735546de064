"""Every command: push -> undo -> redo back to an equal Design; history and clean state."""

import pytest

from designer.core.errors import DesignFileError
from designer.document import commands as cmd
from designer.document.commands import CommandError
from designer.document.document import Document
from designer.model.design import Redundancy, Waiver
from designer.model.wiring import even_split


@pytest.fixture
def doc(catalog, design_of):
    return Document(design_of("dgx-h100"), catalog)


def some_link(doc, a, b):
    return next(lk for lk in doc.design.links if {lk.a, lk.b} == {a, b})


COMMANDS = {
    "add": lambda d: cmd.add_component("psu-3300"),  # no free bay: replaced below
    "remove": lambda d: cmd.remove_items(("nic7", some_link(d, "gpu0", "nvs0").id)),
    "move": lambda d: cmd.move_component("gpu0", 5),
    "duplicate": lambda d: cmd.duplicate(("nic0",)),
    "paste": lambda d: cmd.paste_parts(("cx7-400",)),
    "connect": lambda d: cmd.connect_components("gpu0", "gpu1"),
    "autowire": lambda d: cmd.autowire(),
    "set_component": lambda d: cmd.set_component("gpu3", label="hot spare"),
    "set_link": lambda d: cmd.set_link(some_link(d, "gpu0", "nvs0").id, count=4),
    "set_settings": lambda d: cmd.set_settings(psu_redundancy=Redundancy.N_PLUS_1),
    "set_meta": lambda d: cmd.set_meta(name="My node"),
    "set_chassis": lambda d: cmd.set_chassis("chassis-hgx-6u"),
    "add_waiver": lambda d: cmd.add_waiver("power.assumed_figures", (), "known"),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_push_undo_redo_round_trip(doc, name):
    if name in ("duplicate", "paste"):
        doc.push(cmd.remove_items(("nic7",)))
        command = COMMANDS[name](doc)
    elif name == "add":
        doc.push(cmd.remove_items(("nic7",)))
        doc.history.set_clean()
        command = cmd.add_component("cx7-400")
    elif name == "autowire":
        doc.push(cmd.remove_items(tuple(lk.id for lk in doc.design.links[:10])))
        command = cmd.autowire()
    else:
        command = COMMANDS[name](doc)
    before = doc.design
    after = doc.push(command)
    assert after != before
    doc.undo()
    assert doc.design == before
    doc.redo()
    assert doc.design == after


def test_remove_waiver_round_trip(doc):
    doc.push(cmd.add_waiver("power.assumed_figures", (), "known"))
    before = doc.design
    doc.push(cmd.remove_waiver(Waiver(rule="power.assumed_figures", reason="known")))
    assert doc.design.waivers == []
    doc.undo()
    assert doc.design == before


def test_a_drag_is_one_undo_step(doc):
    start = doc.design
    for slot in (5, 6, 7, 3):
        doc.push(cmd.move_component("gpu0", slot))
    assert doc.history.undo_label == "Move gpu0"
    doc.undo()
    assert doc.design == start and not doc.history.can_undo


def test_move_swaps_with_the_occupant(doc):
    doc.push(cmd.move_component("gpu0", 5))
    assert doc.design.component("gpu0").slot == 5 and doc.design.component("gpu5").slot == 0


def test_moving_an_item_keeps_its_links(doc):
    links = [lk for lk in doc.design.links if "gpu2" in (lk.a, lk.b)]
    doc.push(cmd.move_component("gpu2", 6))
    assert [lk for lk in doc.design.links if "gpu2" in (lk.a, lk.b)] == links


def test_refused_commands_leave_the_design_alone(doc):
    before = doc.design
    with pytest.raises(CommandError, match="all 6 psu slots of .* are taken"):
        doc.push(cmd.add_component("psu-3300"))
    with pytest.raises(CommandError, match="needs a oam slot"):
        doc.push(cmd.add_component("mi300x"))
    with pytest.raises(CommandError, match="share no scale-up fabric|no link between"):
        doc.push(cmd.connect_components("nic0", "nvs0"))
    with pytest.raises(CommandError, match="greater than or equal to 1"):
        doc.push(cmd.set_link(doc.design.links[0].id, count=0))
    with pytest.raises(CommandError, match="a waiver needs a reason"):
        cmd.add_waiver("x.y", (), "   ")
    assert doc.design == before and not doc.history.can_undo


def test_clean_state_follows_save_undo_and_redo(doc, tmp_path):
    events = []
    doc.clean_changed.connect(events.append)
    doc.push(cmd.set_meta(name="A"))
    assert not doc.is_clean and events == [False]
    doc.save(tmp_path / "a.json")
    assert doc.is_clean and events == [False, True]
    doc.undo()
    assert not doc.is_clean
    doc.redo()
    assert doc.is_clean


def test_a_bad_file_leaves_the_document_untouched(doc, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    before = doc.design
    with pytest.raises(DesignFileError):
        doc.load(bad)
    assert doc.design == before and doc.path is None


def test_even_split():
    assert even_split(18, 4) == [5, 4, 4, 5]
    assert even_split(12, 6) == [2] * 6 and even_split(18, 2) == [9, 9] and sum(even_split(7, 3)) == 7


def test_autowire_rebuilds_a_reference_design(catalog, design_of):
    from designer.model.wiring import auto_wire
    from designer.rules import Severity, check

    design = design_of("dgx-h100")
    bare = design.model_copy(update={"links": []})
    wired = auto_wire(bare, catalog)
    assert len(wired.links) == len(design.links)
    assert not [v for v in check(wired, catalog).active if v.severity in (Severity.ERROR, Severity.WARNING)]
