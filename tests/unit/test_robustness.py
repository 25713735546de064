"""Property tests: any structurally valid design, however odd, is checked and simulated without a crash."""

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.core.errors import DesignerError
from designer.document import commands as cmd
from designer.document.document import Document
from designer.model.catalog import shipped_catalog
from designer.model.design import Design, Link, LinkKind, Placement
from designer.rules import check
from designer.simulation import SimConfig, simulate
from designer.topology.figures import key_figures

CATALOG = shipped_catalog()
PARTS = sorted(p.id for p in CATALOG if p.kind != "chassis")  # type: ignore[attr-defined]
CHASSIS = sorted(p.id for p in CATALOG.of_kind("chassis"))


@st.composite
def designs(draw):
    parts = draw(st.lists(st.sampled_from(PARTS), min_size=1, max_size=14))
    comps = [Placement(id=f"c{i}", part=p, slot=draw(st.none() | st.integers(0, 12))) for i, p in enumerate(parts)]
    n_links = draw(st.integers(0, 20)) if len(comps) > 1 else 0
    links = []
    for j in range(n_links):
        a, b = draw(st.lists(st.sampled_from([c.id for c in comps]), min_size=2, max_size=2, unique=True))
        links.append(Link(id=f"l{j}", kind=draw(st.sampled_from(list(LinkKind))), a=a, b=b,
                          count=draw(st.integers(1, 32)), pcie_gen=draw(st.none() | st.integers(3, 6))))
    return Design(chassis=draw(st.sampled_from(CHASSIS)), components=comps, links=links)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(design=designs())
def test_any_design_is_checked_and_simulated_without_a_crash(design):
    report = check(design, CATALOG)
    assert report.rules_run
    key_figures(design, CATALOG)
    try:
        result = simulate(design, CATALOG, SimConfig(collectives=("allreduce", "alltoall", "sendrecv"),
                                                     sizes=(8, 1 << 20), nodes=2))
    except DesignerError as exc:
        assert str(exc)
    else:
        assert all(r.time_us > 0 for r in result.rows)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(st.tuples(st.sampled_from(["add", "remove", "move", "connect", "autowire"]),
                                st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=8))
def test_any_command_sequence_undoes_back_to_the_start(steps):
    from designer.templates import build_template

    doc = Document(build_template("dgx-h100", CATALOG), CATALOG)
    start = doc.design
    for op, i, j in steps:
        comps = [c.id for c in doc.design.components]
        a, b = comps[i % len(comps)], comps[j % len(comps)]
        command = {
            "add": cmd.add_component(PARTS[i % len(PARTS)]),
            "remove": cmd.remove_items((a,)),
            "move": cmd.move_component(a, j % 8),
            "connect": cmd.connect_components(a, b),
            "autowire": cmd.autowire(),
        }[op]
        with contextlib.suppress(DesignerError):  # a refused command leaves the design alone
            doc.push(command)
    while doc.history.can_undo:
        doc.undo()
    assert doc.design == start


@pytest.mark.parametrize("template", ["dgx-h100", "amd-mi300x", "rtx-pcie-8"])
def test_failing_every_component_in_turn_never_crashes(template):
    from designer.templates import build_template

    design = build_template(template, CATALOG)
    for comp in design.components:
        try:
            simulate(design, CATALOG, SimConfig(collectives=("allreduce",), sizes=(1 << 20,), fail=(comp.id,)))
        except DesignerError as exc:
            assert str(exc)
