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


def _comp(design, cid):
    return next((c for c in design.components if c.id == cid), None)


# What each command did, checked on (before, after): not only that undo restores the start.
EFFECTS = {
    "add": lambda b, a: [c.part for c in a.components if c.id not in {x.id for x in b.components}] == ["cx7-400"],
    "remove": lambda b, a: _comp(a, "nic7") is None and len(a.links) < len(b.links)
    and not any("nic7" in (lk.a, lk.b) for lk in a.links),
    "move": lambda b, a: _comp(a, "gpu0").slot == 5 and _comp(a, "gpu5").slot == 0,
    "duplicate": lambda b, a: len(a.components) == len(b.components) + 1 and a.components[-1].part == "cx7-400",
    "paste": lambda b, a: len(a.components) == len(b.components) + 1 and a.components[-1].part == "cx7-400",
    "connect": lambda b, a: len(a.links) == len(b.links) + 1 and {a.links[-1].a, a.links[-1].b} == {"gpu0", "gpu1"}
    and a.links[-1].kind.value == "nvlink",
    "autowire": lambda b, a: len(a.links) > len(b.links),
    "set_component": lambda b, a: _comp(a, "gpu3").label == "hot spare",
    "set_link": lambda b, a: next(lk for lk in a.links if {lk.a, lk.b} == {"gpu0", "nvs0"}).count == 4,
    "set_settings": lambda b, a: a.settings.psu_redundancy is Redundancy.N_PLUS_1,
    "set_meta": lambda b, a: a.meta.name == "My node" and b.meta.name != "My node",
    "set_chassis": lambda b, a: a.chassis == "chassis-hgx-6u" and a.components == b.components,
    "add_waiver": lambda b, a: a.waivers[:-1] == b.waivers and (a.waivers[-1].rule, a.waivers[-1].reason) == (
        "power.assumed_figures", "known"),
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
    assert EFFECTS[name](before, after), f"{name} did not do what it says"
    doc.undo()
    assert doc.design == before
    doc.redo()
    assert doc.design == after


def test_remove_waiver_round_trip(doc):
    shipped = list(doc.design.waivers)
    doc.push(cmd.add_waiver("power.assumed_figures", (), "known"))
    before = doc.design
    doc.push(cmd.remove_waiver(Waiver(rule="power.assumed_figures", reason="known")))
    assert doc.design.waivers == shipped
    doc.undo()
    assert doc.design == before


def test_two_gestures_are_two_undo_steps(doc):
    start = doc.design
    doc.push(cmd.move_component("gpu0", 5))
    middle = doc.design
    doc.push(cmd.move_component("gpu0", 6))
    doc.push(cmd.set_meta(name="first"))
    doc.push(cmd.set_meta(name="second"))
    assert [str(doc.history.undo_label), len(doc.history._steps)] == ["Change name", 4]
    doc.undo()
    assert doc.design.meta.name == "first"
    doc.undo()
    doc.undo()
    assert doc.design == middle
    doc.undo()
    assert doc.design == start and not doc.history.can_undo


def test_a_merge_key_merges_steps_within_one_gesture(doc):
    """Continuous edits of one gesture share a key (the caller's gesture serial) and become one step."""
    start = doc.design
    for name in ("a", "ab", "abc"):
        doc.push(cmd.Command(f"Type {name}", lambda d, c, n=name: cmd.set_meta(name=n).run(d, c), merge_key="typing:7"))
    assert len(doc.history._steps) == 1 and doc.design.meta.name == "abc"
    doc.undo()
    assert doc.design == start


def test_move_components_moves_a_multi_selection_in_one_step(catalog, design_of):
    doc = Document(design_of("supermicro-pcie-l40s"), catalog)
    start = doc.design
    doc.push(cmd.move_components({"gpu6": 8, "gpu7": 9}))
    assert (doc.design.component("gpu6").slot, doc.design.component("gpu7").slot) == (8, 9)
    assert str(doc.history.undo_label) == "Move 2 components"
    doc.undo()
    assert doc.design == start
    with pytest.raises(CommandError, match="slot #5 is taken by gpu5"):
        doc.push(cmd.move_components({"gpu6": 5, "gpu7": 9}))
    with pytest.raises(CommandError, match="would share a slot"):
        doc.push(cmd.move_components({"gpu6": 8, "gpu7": 8}))
    # two selected cards shifting by one slot: each target is left by the other
    doc.push(cmd.move_components({"gpu6": 7, "gpu7": 8}))
    assert (doc.design.component("gpu6").slot, doc.design.component("gpu7").slot) == (7, 8)


def test_changes_name_exactly_what_an_edit_touched(doc):
    seen = []
    doc.changed.connect(seen.append)
    link = some_link(doc, "gpu0", "nvs0")
    doc.push(cmd.set_link(link.id, count=4))
    doc.push(cmd.remove_items(("nic7",)))
    doc.push(cmd.set_component("gpu3", part="h200-sxm"))
    doc.undo()
    count, removed, swapped, undone = seen
    assert count.links_changed == {link.id} and not (count.components_changed or count.links_added)
    gone = {lk.id for lk in doc.history._steps[1].before.links if "nic7" in (lk.a, lk.b)}
    assert removed.components_removed == {"nic7"} and removed.links_removed == gone and gone
    assert swapped.components_changed == {"gpu3"} and not swapped.needs_rebuild
    assert undone.components_changed == {"gpu3"}
    doc.push(cmd.set_chassis("chassis-hgx-6u"))
    assert seen[-1].needs_rebuild and seen[-1].chassis_changed


def test_selection_forgets_deleted_ids(doc):
    events = []
    doc.selection.changed.connect(events.append)
    doc.selection.set(["nic7", "gpu0", "nic7"])
    assert doc.selection.ids == ("nic7", "gpu0")
    doc.push(cmd.remove_items(("nic7",)))
    assert doc.selection.ids == ("gpu0",) and events == [("nic7", "gpu0"), ("gpu0",)]
    doc.selection.set(["gpu0"])
    assert len(events) == 2  # no event when nothing changed


def test_move_swaps_with_the_occupant(doc):
    doc.push(cmd.move_component("gpu0", 5))
    assert doc.design.component("gpu0").slot == 5 and doc.design.component("gpu5").slot == 0


def test_moving_an_item_keeps_its_links(doc):
    links = [lk for lk in doc.design.links if "gpu2" in (lk.a, lk.b)]
    doc.push(cmd.move_component("gpu2", 6))
    assert [lk for lk in doc.design.links if "gpu2" in (lk.a, lk.b)] == links


def test_refused_commands_leave_the_design_alone(doc):
    before = doc.design
    with pytest.raises(CommandError, match="all 6 PSU slots of .* are taken"):
        doc.push(cmd.add_component("psu-3300"))
    with pytest.raises(CommandError, match="needs an OAM module slot"):
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
