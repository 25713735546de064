"""A link's paint keeps what it computed (its stroked shape, its bounding rect, its opaque pen) until the link
changes, so a 72-GPU rack paints in about 30 ms where it took 52 (benchmarks/bench_rack_edit.py). What is kept
must follow the link: after a move, a click on the link's new curve selects it and its label's room follows; a
hover raises the link above the parts and leaving lowers it (paint asked isUnderMouse(), which stroked the shape
on every paint)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from ui_harness.gestures import settle

from designer.model.parts import SlotKind
from designer.ui.canvas.items import COMPONENT_Z, LINK_Z


def view_point(window, scene_point):
    return window.view.mapFromScene(scene_point)


def test_a_moved_links_shape_and_bounds_follow_it_and_hover_raises_it(make_window, qtbot):
    window = make_window("dgx-h100")
    window.view.zoom(2.5)  # links and their labels large enough to aim at
    settle()
    lid = next(lk.id for lk in window.document.design.links if "gpu2" in (lk.a, lk.b) and lk.kind == "pcie")
    link = window.scene.links[lid]
    old_shape, old_bounds = link.shape(), link.boundingRect()
    vp = window.view.viewport()
    start = view_point(window, window.scene.components["gpu2"].center())
    end = view_point(window, QPointF(*window.scene.layout.slot(SlotKind.SXM, 6).center))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for t in (0.25, 0.5, 0.75, 1.0):  # the drag, as the user moves a part
        QTest.mouseMove(vp, start + (end - start) * t)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert window.document.design.component("gpu2").slot == 6
    link = window.scene.links[lid]
    assert link.shape() != old_shape and link.boundingRect() != old_bounds  # made again for the new curve
    assert link.shape().contains(link.path().pointAtPercent(0.5))
    assert link.boundingRect().contains(link.path().boundingRect())
    # hover: raised while the mouse is on it, lowered when it leaves
    window.scene.clearSelection()
    vp = window.view.viewport()
    free = next(link.path().pointAtPercent(t / 20) for t in range(2, 19)
                if window.scene.itemAt(link.path().pointAtPercent(t / 20), window.view.transform()) is link)
    on = view_point(window, free)  # a point of the curve where no part lies over it
    QTest.mouseMove(vp, on)
    qtbot.waitUntil(lambda: link.hovered, timeout=3000)
    assert link.zValue() == COMPONENT_Z + 2
    QTest.mouseMove(vp, vp.rect().topLeft() + QPoint(2, 2))  # off every link
    qtbot.waitUntil(lambda: not link.hovered, timeout=3000)
    assert link.zValue() == LINK_Z


def test_link_labels_are_placed_clear_of_each_other_and_of_the_parts(make_window):
    """After auto-wire a blank HGX board's GPU-switch labels drew over each other ('9x 45(9x 450 GB/s/dir'): each
    link chose a place clear of the parts only. The scene now places them in order, each clear of the labels placed
    before it; a label with no free place shows when its link is hovered or selected."""
    window = make_window("dgx-b200")
    design = window.document.design
    keep = {"gpu0", "gpu1", "gpu2", "nvs0", "nvs1"}
    gone = tuple(c.id for c in design.components if c.part in {"b200-sxm", "nvlink5-switch"} and c.id not in keep)
    from designer.document import commands as cmd

    window.document.push(cmd.remove_items(gone))
    window.controller.autowire()
    settle()
    scene = window.scene
    for zoom in (2.5, 4.0):
        boxes = [b for b in scene.label_boxes(zoom).values() if b is not None]
        assert boxes
        assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        parts = [c.mapToScene(c.shape()).boundingRect() for c in scene.components.values()]
        assert not any(box.intersects(part) for box in boxes for part in parts)
    before = dict(scene.label_boxes(4.0))
    window.document.undo()  # the wiring changed: placed again, not kept from before
    settle()
    assert scene.label_boxes(4.0) != before
