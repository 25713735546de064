"""One analysis per revision: shared topology and budget, marker precedence, status line, unwaive."""

from designer.analysis import Analysis, markers, status_line, unwaive_command
from designer.core.memo import memo_by_identity
from designer.document import commands as cmd
from designer.document.document import Document
from designer.model.budget import power_budget
from designer.rules import Report, Severity, Violation
from designer.topology.graph import build_topology


def violation(rule, severity, ids, waived=False):
    return Violation(rule, severity, rule, "msg", tuple(ids), "", waived=waived)


def test_markers_take_the_worst_active_error_or_warning():
    report = Report(("a", "b", "c", "d"), tuple(Severity), (
        violation("a", Severity.WARNING, ["gpu0", "l1"]), violation("b", Severity.ERROR, ["gpu0"]),
        violation("c", Severity.INFO, ["nic0"]), violation("d", Severity.ERROR, ["psu0"], waived=True),
        violation("e", Severity.WARNING, ["gpu0"])))
    assert markers(report) == {"gpu0": "error", "l1": "warning"}


def test_status_line_counts_with_plurals(catalog, design_of):
    analysis = Analysis(design_of("dgx-h100"), catalog)
    line = status_line(analysis.figures, Report((), (), (violation("a", Severity.ERROR, []),)))
    assert line.startswith("8 GPUs | scale-up 450 GB/s per GPU per direction | HBM 640 GB | power ")
    assert line.endswith("1 error, 0 warnings")


def test_one_revision_builds_its_topology_and_budget_once(catalog, design_of):
    design = design_of("dgx-h100").model_copy(update={})  # a fresh object: nothing cached yet
    built, budgets = build_topology.computed, power_budget.computed
    analysis = Analysis(design, catalog)
    analysis.report, analysis.figures, analysis.markers, analysis.budget  # noqa: B018
    build_topology(design, catalog)  # e.g. the canvas labelling its links
    assert build_topology.computed - built == 1 and power_budget.computed - budgets == 1


def test_memo_keys_on_identity_not_equality():
    calls = []

    @memo_by_identity(size=2)
    def f(x):
        calls.append(x)
        return len(calls)

    a, b = [1], [1]
    assert f(a) == f(a) == 1 and f(b) == 2 and len(calls) == 2
    f([2])
    assert f(a) == 4  # evicted (size 2): computed again


def test_unwaive_removes_the_matching_waiver(catalog, design_of):
    doc = Document(design_of("dgx-h100"), catalog)
    shipped = list(doc.design.waivers)  # the reference design's own (its documented fabric failure)
    doc.push(cmd.add_waiver("power.assumed_figures", (), "known"))
    v = violation("power.assumed_figures", Severity.INFO, [], waived=True)
    command = unwaive_command(v, doc.design)
    assert command is not None
    doc.push(command)
    assert doc.design.waivers == shipped
    assert unwaive_command(v, doc.design) is None
