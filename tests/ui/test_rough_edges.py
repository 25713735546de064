"""Rough edges of issue 25 seen on Xvfb, each checked with the user's events."""

from ui_harness.gestures import ScriptedUser


def test_counts_read_1_node_and_2_nodes(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    nodes = window.inspector.fields["nodes"]
    assert window.document.design.settings.nodes_per_rack == 1
    assert nodes.text() == "1 node"  # was "1 nodes"
    user.type_into(nodes, "2")
    assert window.document.design.settings.nodes_per_rack == 2 and nodes.text() == "2 nodes"
    leaf = window.inspector.fields["scaleout_per_leaf"]
    assert leaf.text() == f"{window.document.design.settings.scaleout.nodes_per_leaf} nodes per leaf"  # set in sync
    user.type_into(leaf, "1")
    assert leaf.text() == "1 node per leaf"


def test_a_one_port_network_link_reads_1_port(make_window, catalog):
    window = make_window("dgx-h100")
    design = window.document.design
    link = next(lk for lk in design.links if lk.kind.value == "network" and lk.count == 1)
    window.document.selection.set([link.id])
    count = window.inspector.fields["count"]
    assert count.text() == "1 port"  # was "1 ports"
    ScriptedUser(window).type_into(count, "2")
    assert window.document.design.link(link.id).count == 2 and count.text() == "2 ports"


def test_preferences_refuse_an_out_of_range_autosave_interval_instead_of_resetting_it(make_window):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QDialogButtonBox

    from designer.ui.preferences import PreferencesDialog

    window = make_window("dgx-h100")
    dialog = PreferencesDialog(window.prefs, window)
    dialog.show()
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    try:
        dialog.autosave.setFocus()
        QTest.keyClick(dialog.autosave, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(dialog.autosave, "5")  # below the 10 s minimum
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
        assert dialog.isVisible() and dialog.result() == 0  # not accepted
        assert "5 s is out of range: 10 to 3600 s" in dialog.autosave_error.text()
        QTest.keyClick(dialog.autosave, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(dialog.autosave, "45")
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
        assert not dialog.isVisible() and dialog.autosave.value() == 45
    finally:
        dialog.deleteLater()


def test_name_and_notes_fields_use_the_inspectors_width(make_window):
    window = make_window("dgx-h100")
    fields = window.inspector.fields
    width = window.inspector.width()
    assert fields["name"].width() >= 0.8 * width  # was about 70 px beside its label
    assert fields["notes"].width() >= 0.8 * width and fields["notes"].height() >= 140  # was 70 x 90 px


def test_the_status_bar_and_undo_name_the_part_not_its_id(make_window, catalog):
    from PySide6.QtCore import QPointF

    from designer.model.parts import SlotKind

    window = make_window("supermicro-pcie-l40s")
    user = ScriptedUser(window)
    user.drop_part("l40s", QPointF(*window.scene.layout.slot(SlotKind.PCIE_X16, 9).center))
    name = catalog.get("l40s").name
    assert str(window.document.history.undo_label) == f"Add {name}"  # was "Add l40s"
    assert "l40s" not in window.statusBar().currentMessage()
    user.drop_part("mi300x", QPointF(*window.scene.layout.slot(SlotKind.PCIE_X16, 0).center))  # refused
    message = window.statusBar().currentMessage()
    assert catalog.get("mi300x").name in message and "Add mi300x" not in message
