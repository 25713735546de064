"""A long session of mixed gestures in one window: alive, the design is the replay of its commands, nothing grows."""

import pytest
from ui_harness.long_session import Session, live_counts, replay, scene_snapshot

from designer.ui.canvas.scene import CanvasScene

GESTURES = 320


@pytest.mark.parametrize("template", ["dgx-h100", "supermicro-pcie-l40s"])
def test_a_long_session_of_mixed_gestures(make_window, catalog, tmp_path, template):
    window = make_window(template)
    session = Session(window, tmp_path, seed=7)
    counts = []
    compared = []  # (gesture, edits applied to the canvas item by item since its last full layout)
    in_place = [0]

    def count(change) -> None:
        in_place[0] = 0 if change.needs_rebuild else in_place[0] + 1

    window.document.changed.connect(count)

    def incremental_canvas_matches_a_fresh_one(i):
        """Before any reopen: the canvas as updated item by item equals a freshly laid out one."""
        fresh = CanvasScene(catalog)
        fresh.show_design(window.document.design)
        assert scene_snapshot(window.scene) == scene_snapshot(fresh), f"canvas differs after gesture {i}"
        compared.append((i, in_place[0]))

    def checkpoint(i):
        if i % 40 == 39:
            incremental_canvas_matches_a_fresh_one(i)
        if i in (GESTURES // 3, GESTURES - 1):
            incremental_canvas_matches_a_fresh_one(i)
            session.save_reopen()  # a reopen clears the history: what is left alive is the window's own
            counts.append(live_counts(window))

    session.run(GESTURES, every=checkpoint)
    # most checkpoints compared a canvas that many edits had updated in place (not one just rebuilt)
    assert sum(1 for _, n in compared if n >= 5) >= len(compared) // 2, compared

    assert window.isVisible()
    # every kind of gesture happened, and most of them changed the design
    assert set(session.done) == {m[0] for m in session.moves}
    assert sum(session.done.values()) == GESTURES
    pushes = sum(1 for e in session.log.entries if e[0] == "push")
    assert pushes > GESTURES // 3
    # the window's design is what the same commands give without any UI
    assert replay(session.start, catalog, session.log.entries) == window.document.design
    # bounded: items follow the design, widgets and Python objects do not grow with the session
    mid, end = counts
    print(f"\n{template}: {dict(session.done)} refused={session.refused} pushes={pushes} mid={mid} end={end}")
    assert end["widgets"] <= mid["widgets"] + 5
    assert abs(end["scene_items"] - mid["scene_items"]) <= 4 * abs(
        len(window.document.design.components) + len(window.document.design.links) + 1)
    assert end["py_objects"] <= mid["py_objects"] * 1.05 + 2000, (mid, end)
