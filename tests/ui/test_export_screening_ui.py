"""The inspector shows a clicked accelerator's export-control screening in a few lines."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel


def test_clicking_a_gpu_shows_its_screening_in_the_inspector(make_window, qtbot):
    window = make_window("hgx-h20")
    item = window.scene.components["gpu3"]
    point = window.view.mapFromScene(item.center())
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(lambda: window.scene.selected_ids() == ["gpu3"], timeout=3000)
    specs = window.inspector.fields["specs"]
    assert isinstance(specs, QLabel)
    qtbot.waitUntil(lambda: "Export screening" in specs.text(), timeout=3000)
    text = specs.text()
    assert "2,368 (FP8 296 x 8)" in text  # SemiAnalysis: 296 TFLOPS FP8 x 8 bits
    assert "not 3A090 under 88 FR 73458, 2023-10-25" in text and "not a classification" in text
    assert "A system containing it" in text and "not 4A090" in text  # 4A090: computers containing 3A090 ICs
