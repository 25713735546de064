"""The cluster window's presentation view (View > Present, F5): the plan's headline figures in large type
beside its rack rows, full screen; Esc leaves. Nothing here edits the plan."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from designer.ui.cluster.rack_scene import RackScene, RackView
from designer.ui.cluster.view_data import PlanAnalysis, headline


class ClusterPresentWindow(QWidget):
    def __init__(self, analysis: PlanAnalysis, scene: RackScene, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("GPU Node Designer - cluster presentation"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.view = RackView(scene)
        self.view.setInteractive(False)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        title = QLabel(analysis.plan.name)
        title.setTextFormat(Qt.TextFormat.PlainText)  # user text: shown literally
        title.setFont(QFont("Sans", 26, QFont.Weight.Bold))
        grid = QGridLayout()
        self.values: dict[str, QLabel] = {}
        for row, (key, name, value) in enumerate(self.figures(analysis)):
            label, shown = QLabel(name), QLabel(value)
            label.setFont(QFont("Sans", 14))
            shown.setFont(QFont("Sans", 24, QFont.Weight.Bold))
            grid.addWidget(label, row * 2, 0)
            grid.addWidget(shown, row * 2 + 1, 0)
            self.values[key] = shown
        side = QVBoxLayout()
        side.addLayout(grid)
        side.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.view, 3)
        body.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(body, 1)
        layout.addWidget(QLabel(self.tr("Esc: leave")))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def figures(self, analysis: PlanAnalysis) -> list[tuple[str, str, str]]:
        h = headline(analysis.info)
        return [("gpus", self.tr("GPUs"), f"{h['gpus']:,.0f}"), ("nodes", self.tr("Nodes"), f"{h['nodes']:,.0f}"),
                ("racks", self.tr("Racks"), f"{h['racks']:,.0f}"),
                ("power", self.tr("IT power / facility power"), f"{h['it_kw']:,.0f} / {h['facility_kw']:,.0f} kW"),
                ("switches", self.tr("Compute switches"), f"{h['switches']:,.0f}"),
                ("cables", self.tr("Compute cables"), f"{h['cables']:,.0f}"),
                ("feed", self.tr("Worst feed load, one feed lost"), f"{h['worst_feed']:.0%}")]

    def showEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.view.fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.view.fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)
