"""A large design's rule check runs off the GUI thread (issue 21 item 8); small ones stay synchronous."""

from designer.document import commands as cmd
from designer.ui.analysis_job import WORKER_MIN_LINKS, needs_worker


def test_the_rack_is_checked_on_a_worker_and_shown_when_it_returns(qtbot, make_window):
    window = make_window("gb200-nvl72")
    assert len(window.document.design.links) >= WORKER_MIN_LINKS
    window.document.push(cmd.set_component("gpu3", label="gpu three"))
    window.analyse()
    analysis = window.current_analysis()
    assert needs_worker(analysis)
    qtbot.waitUntil(lambda: not window.background.pending, timeout=20000)
    assert analysis.report is window.report and window.report.violations
    assert window.problems.tree.topLevelItemCount() > 0
    assert "72" in window.totals.text()


def test_a_superseded_check_is_dropped(qtbot, make_window):
    window = make_window("gb200-nvl72")
    seen = []
    window.background.show = seen.append  # what reaches the screen
    window.document.push(cmd.set_component("gpu3", label="first"))
    window.analyse()
    first = window.current_analysis()
    window.document.push(cmd.set_component("gpu3", label="second"))
    window.check_timer.stop()  # only the two checks asked for here
    window.analyse()
    second = window.current_analysis()
    qtbot.waitUntil(lambda: not window.background.pending, timeout=20000)
    assert seen == [second] and first is not second


def test_an_eight_gpu_node_is_checked_at_once(make_window):
    window = make_window("dgx-h100")
    window.document.push(cmd.set_component("gpu3", label="gpu three"))
    window.analyse()
    assert not window.background.pending and not needs_worker(window.current_analysis())
    assert window.report is window.current_analysis().report
