"""Issue 24 item 1, the cluster planner's and the editor's messages as data: the cluster rules' messages and hints,
the what-if effects, the assumptions, the BOM's places and the rack slots' words (designer/cluster), the undo names
of the commands and the slot messages (designer/document). The set of messages is read from the code (Babel's
extraction of the _m() ids of those modules, as packaging/update_catalogs.py does), not typed here; each must read
as Chinese in zh_TW and zh_CN, and the reverse-parsing templates for them must be gone from the string tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import designer.rules.checks  # noqa: F401 (registers every rule)
from designer.analysis import Analysis
from designer.cluster.bom import bom
from designer.cluster.build import ClusterModel
from designer.cluster.perf import what_if
from designer.cluster.plan import AuxFabric, ClusterPlan, ComputeFabric, Fabrics, NodeRef, Site
from designer.cluster.racks import SLOT_WORDS, rack_types, slot_label
from designer.cluster.rules import CLUSTER_RULES, check_plan
from designer.core import i18n
from designer.core.locale import has_translation, render, translations
from designer.core.messages import Legacy, Many, Msg, Name, Param
from designer.document import commands as cmd
from designer.document.commands import CommandError, free_slot
from designer.document.document import Document
from designer.document.drops import drop_verdict
from designer.document.field_words import FIELD_WORDS
from designer.model.design import Link, Metadata, Placement, Settings
from designer.model.edits import remove_components
from designer.model.layout import chassis_layout
from designer.model.parts import SlotKind, slot_kind_for
from designer.templates import TEMPLATES

ROOT = Path(__file__).resolve().parents[2]
GROUP = ("cluster/", "document/")  # under designer/
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[ ,;:()/'-]+[A-Za-z]{2,}){2,}")  # three English words in a row: a sentence


def group_ids() -> set[str]:
    found = extract_from_dir(str(ROOT / "designer"), method_map=[("**.py", "python")], keywords={"_m": None})
    return {message for path, _line, message, _c, _ctx in found if path.replace("\\", "/").startswith(GROUP)}


def masked(item: Param) -> Param:
    """The message with every id, name and not-yet-converted text as 'X': what is left is the translation's own."""
    if isinstance(item, Msg):
        return Msg(item.id, tuple((k, masked(v)) for k, v in item.params), item.tool, item.customer)
    if isinstance(item, Many):
        return Many(tuple(masked(i) for i in item.items), item.separator)
    return Name("X") if isinstance(item, Name | Legacy) else item


def reads_chinese(text: str) -> bool:
    return not ENGLISH.search(text) and (bool(CJK.search(text)) or text.isascii() and not re.search("[a-z]", text))


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_message_of_the_group_is_chinese(lang):
    ids = group_ids()
    assert len(ids) > 60  # the cluster rules alone give 40
    catalog = translations(lang)
    wrong = [(i, catalog.gettext(i)) for i in sorted(ids)
             if not has_translation(Msg(i), lang) or not reads_chinese(re.sub(r"\{\w+\}", "X", catalog.gettext(i)))]
    assert not wrong


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_no_english_template_is_left_for_the_group(lang):
    """No message goes through a reverse parsing of English: the string tables hold no phrase templates at all, and
    a sentence that only a template could translate stays English (the i18n module has no regex machinery left)."""
    table = i18n.table(lang)
    assert "phrases" not in table and "parts" not in table and group_ids()
    english = "documented platform behaviour (NVIDIA NMX-M documentation), as shipped"  # matched by a template once
    assert i18n.phrase(english, lang) == english


def plans(catalog, design_of) -> list[ClusterModel]:
    def model(template: str = "dgx-h100", **kw: object) -> ClusterModel:
        return ClusterModel(ClusterPlan(node=NodeRef(template=template), **kw), catalog)  # type: ignore[arg-type]
    design = design_of("dgx-h100")  # one NIC of 800 Gb/s among the 400s
    first = next(c for c in design.components if c.part == "cx7-400")
    mixed = design.model_copy(update={"components": [c.model_copy(update={"part": "cx8-800"}) if c is first else c
                                                     for c in design.components]})
    return [ClusterModel(ClusterPlan(node=NodeRef(design=mixed), nodes=8), catalog),
            model(nodes=100, fabrics=Fabrics(compute=ComputeFabric(oversubscription=2.0, planes=2,
                                                                 target_oversubscription=1.0))),
            model("hgx-b200-dlc", nodes=8, site=Site(rack_power_limit_w=20_000, rack_air_limit_w=3000)),
            model("amd-mi300x", nodes=64),
            model("amd-mi300x", nodes=64, fabrics=Fabrics(compute=ComputeFabric(switch="qm9700"))),
            model(nodes=31, site=Site(feeds_per_rack=1)),
            model("hgx-b200-dlc", nodes=8, site=Site(supply_water_c=42)),
            model("gb200-nvl72", nodes=8, site=Site(cooling="air", rack_power_limit_w=100_000)),
            model("gb200-nvl72", nodes=8, site=Site(cooling="liquid", rack_power_limit_w=150_000, ab_policy="2n")),
            model(nodes=1000, site=Site(rack_power_limit_w=20_000)),
            model(nodes=31, fabrics=Fabrics(storage=AuxFabric(switch="qm9700", target_gbytes_s_per_node=150.0)))]


def shown(m: ClusterModel) -> list[Msg]:
    """Every message a plan's rule check, what-if, assumptions, BOM and per-rack bill say."""
    out = [t for v in check_plan(m).violations for t in (v.text, v.hint) if isinstance(t, Msg) and t]
    out += [w["effect"] for w in what_if(m)] + m.assumptions() + [line.where for line in bom(m)]
    words = [what for t in rack_types(m.racks.racks) for what, _ in t.contents]
    return out + [SLOT_WORDS[w] for w in words if w in SLOT_WORDS]


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_what_the_cluster_planner_says_is_chinese(catalog, design_of, lang):
    models = plans(catalog, design_of)
    said = [msg for m in models for msg in shown(m)]
    assert {v.rule for m in models for v in check_plan(m).violations} == set(CLUSTER_RULES)
    assert len({msg.id for msg in said}) > 40
    english = [str(msg) for msg in said if not reads_chinese(render(masked(msg), lang))]
    assert not english
    # the figures and ids stay as they are (Babel writes zh numbers as English does)
    for msg in said:
        figures = re.findall(r"\d[\d,.]*(?: kW| W|%| GB/s| Gb/s)|\b[CNM]\d{3}\b", str(msg))
        assert all(f in render(msg, lang) for f in figures), (str(msg), render(msg, lang))


@pytest.mark.parametrize("name", ["remove_items", "duplicate", "paste_parts"])
def test_undo_names_say_one_item_or_n_items(name):
    """English has a form for one and one for more; Chinese one form: the count is in every language's name."""
    make = getattr(cmd, name)
    one, three = make(("gpu0",)).label, make(("gpu0", "gpu1", "gpu2")).label
    assert str(one).endswith(" 1 item") and str(three).endswith(" 3 items")
    for lang in ("zh_TW", "zh_CN"):
        assert "1" in render(one, lang) and "3" in render(three, lang)
        assert reads_chinese(render(one, lang)) and reads_chinese(render(three, lang))


def test_every_command_of_an_edit_session_has_a_chinese_undo_name(catalog, design_of):
    design = design_of("dgx-h100")
    doc = Document(design, catalog)
    gpu = next(c for c in design.components if catalog.get(c.part).kind == "gpu")
    names = []
    for command in (cmd.set_component(gpu.id, label="spare"), cmd.set_settings(nodes_per_rack=2),
                    cmd.set_meta(name="x"), cmd.add_waiver("power.psu_redundancy", (), "bench"),
                    cmd.move_component(gpu.id, 1), cmd.autowire(), cmd.remove_items((gpu.id,)),
                    cmd.add_component(gpu.part, name=catalog.get(gpu.part).name)):
        doc.push(command)
        names.append(str(doc.history.undo_label))
        for lang in ("zh_TW", "zh_CN"):
            assert reads_chinese(render(masked(doc.history.undo_label), lang)), names[-1]
    assert names[-2:] == ["Delete 1 item", f"Add {catalog.get(gpu.part).name}"]  # (auto-wire: nothing to wire)


def test_slot_refusals_are_messages_in_the_language(catalog, design_of):
    """A GPU dropped on a PSU slot and on a taken GPU slot; a part whose slot kind the chassis lacks."""
    design = design_of("dgx-h100")
    layout = chassis_layout(catalog.chassis(design.chassis))
    gpu = next(c for c in design.components if catalog.get(c.part).kind == "gpu")
    kind = slot_kind_for(catalog.get(gpu.part))
    psu_slot = next(s for s in layout.slots if s.kind is SlotKind.PSU)
    taken = layout.slot(kind, gpu.slot)
    refusals = [drop_verdict(design, catalog, layout, gpu.part, *centre(s.rect)).reason for s in (psu_slot, taken)]
    with pytest.raises(CommandError) as lacking:
        free_slot(design, catalog, "mi300x")  # an OAM module in an SXM chassis
    refusals.append(lacking.value.msg)
    assert "this is a PSU bay" in str(refusals[0]) and f"SXM GPU slot {taken.index} is taken by {gpu.id}" in \
        str(refusals[1])
    assert "has none" in str(refusals[2])
    for lang in ("zh_TW", "zh_CN"):
        for r in refusals:
            assert isinstance(r, Msg) and reads_chinese(render(masked(r), lang)), str(r)


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def test_idle_and_fixed_link_messages_read_chinese(catalog, design_of):
    """The idle-link and fixed-wiring findings of every template with one scale-up switch or link taken away."""
    found = []
    for tid in TEMPLATES:
        design = design_of(tid)
        switches = {c.id for c in design.components if catalog.get(c.part).kind == "scaleup_switch"}
        variants = [design.model_copy(update={"links": design.links[1:]})]
        variants += [remove_components(design, set(sorted(switches)[:1]))] if switches else []
        found += [v for d in variants for v in Analysis(d, catalog).report.violations
                  if v.rule in ("scaleup.gpu_links_unused", "scaleup.baseboard_switch_missing")]
    assert {v.rule for v in found} == {"scaleup.gpu_links_unused", "scaleup.baseboard_switch_missing"}
    for v in found:
        for lang in ("zh_TW", "zh_CN"):
            for msg in (v.text, v.hint):
                assert isinstance(msg, Msg) and reads_chinese(render(masked(msg), lang)), (str(msg), lang)


def test_rack_slot_labels_keep_their_number_and_read_chinese(catalog, design_of):
    """The rack elevation's labels ('compute tray 3', 'UFM appliance', a node's name): English as the data holds
    them; in Chinese the word translated, the number and any name kept."""
    labels = {s.label for m in plans(catalog, design_of) for r in m.racks.racks for s in r.slots}
    translated = 0
    for label in labels:
        msg = slot_label(label)
        assert str(msg) == label
        for lang in ("zh_TW", "zh_CN"):
            text = render(msg, lang)
            assert text.split()[-1] == label.split()[-1] or label in SLOT_WORDS, (label, text)
            assert reads_chinese(render(masked(msg), lang)), (label, text)
            translated += text != label
    assert translated >= 2 * len({w for w in SLOT_WORDS if any(label.startswith(w) for label in labels)})


def test_every_field_an_edit_changes_has_a_word_in_the_undo_name():
    """The fields of the design's metadata, components, links and settings (read from the models), each named in
    the undo name by a word of the language, not by its key ('Change nodes per rack' -> '修改 每機櫃節點數')."""
    fields = {name for model in (Metadata, Placement, Link, Settings) for name in model.model_fields} - {"id"}
    assert not fields - set(FIELD_WORDS)
    label = cmd.set_settings(nodes_per_rack=2, rack_air_limit_w=30_000.0).label
    assert str(label) == "Change nodes per rack, rack limit, heat to air"
    for lang in ("zh_TW", "zh_CN"):
        assert reads_chinese(render(label, lang)) and "_" not in render(label, lang)


def test_one_rack_node_or_position_is_said_in_the_singular(catalog):
    """A one-node plan's rail and CDU what-ifs and one empty SU position: English says '1 node', '1 position'."""
    def plan(template: str, nodes: int, **site: object) -> ClusterModel:
        return ClusterModel(ClusterPlan(node=NodeRef(template=template), nodes=nodes, site=Site(**site)), catalog)
    one = what_if(plan("hgx-b200-dlc", 1, cooling="liquid", rack_power_limit_w=100_000, spare_cdus=0))  # no spare
    said = [str(w["effect"]) for w in one if w["failure"] in ("leaf", "cdu")]
    assert said[0].startswith("one rail of 1 node: ") and said[1].startswith("1 liquid-cooled node loses")
    positions = plan("dgx-h100", 30).compute.positions  # one SU; the UFM takes a position: nodes = positions - 2
    report = check_plan(plan("dgx-h100", positions - 2))
    empty = [str(v.text) for v in report.violations if v.rule == "cluster.su_partial"]
    assert empty and empty[0].endswith("(1 position empty)")
    assert not [s for s in [*said, *empty] if re.search(r"\b1 (nodes|positions)\b", s)]
