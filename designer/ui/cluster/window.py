"""The cluster window: composes the rack rows, the fabric view, the inspector, Problems, BOM and Power tabs,
menus and the status bar for one plan document. No logic of its own: edits are plan commands, figures come
from one PlanAnalysis per revision, made off the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.cluster.document import PlanChange, PlanCommand, PlanDocument, add_plan_waiver, remove_plan_waiver
from designer.cluster.node import node_design
from designer.core import i18n
from designer.core.errors import DesignerError
from designer.core.locale import render
from designer.core.messages import Msg
from designer.cost.cluster import priced_bom_csv
from designer.cost.money import USD
from designer.document.commands import CommandError
from designer.io.files import atomic_write_bytes
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.ui.cluster.fabric_view import FabricPanel
from designer.ui.cluster.inspector import ClusterInspector
from designer.ui.cluster.panels import ClusterBomPanel, ClusterCostPanel, ClusterPowerPanel
from designer.ui.cluster.pdf_job import PdfJob
from designer.ui.cluster.rack_scene import KIND_COLORS, LOAD_COLORS, RackScene, RackView
from designer.ui.cluster.runner import AnalysisRunner
from designer.ui.cluster.view_data import HIGH_LOAD, PlanAnalysis, headline
from designer.ui.panels.problems import ProblemsPanel
from designer.ui.panels.workload import WorkloadPanel
from designer.ui.qt_guard import collect_on_gui_thread, protect_none
from designer.ui.text import esc, plain
from designer.ui.window_layout import fit_to_screen

INSPECTOR_MIN, INSPECTOR_MAX = 250, 440  # the Inspector dock: wide enough for a value and its drop-down arrow


class ClusterWindow(QMainWindow):
    def __init__(self, document: PlanDocument, catalog: Catalog,
                 open_design: Callable[[Design], object] | None = None, parent: QWidget | None = None,
                 price_book: Path | None = None, quit_app: Callable[[], object] | None = None) -> None:
        protect_none()
        collect_on_gui_thread()  # cycles collected on this thread only: see qt_guard
        self.quit_app = quit_app  # File > Quit: the application's, every window asked about its unsaved work
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.document, self.catalog, self.open_design = document, catalog, open_design
        self.analysis: PlanAnalysis | None = None
        self.pdf_job: PdfJob | None = None
        self.runner = AnalysisRunner(catalog, self, price_book)
        self.runner.request(document.plan, document.revision)  # first: it runs while the widgets are made
        self.scene = RackScene()
        self.view = RackView(self.scene)
        self.fabric = FabricPanel()
        self.center = QTabWidget()
        racks = QWidget()
        column = QVBoxLayout(racks)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.legend())
        column.addWidget(self.view, 1)
        self.center.addTab(racks, self.tr("Racks"))
        self.center.addTab(self.fabric, self.tr("Fabric"))
        self.setCentralWidget(self.center)
        self._build_docks()
        self._build_menus()
        self.totals = QLabel()
        self.statusBar().addPermanentWidget(self.totals)
        self._wire()
        fit_to_screen(self, 1600, 1000)
        self.update_title()
        self.update_undo_actions()

    def _build_docks(self) -> None:
        self.inspector = ClusterInspector(self.document)
        scroller = QScrollArea()
        scroller.setWidget(self.inspector)
        scroller.setWidgetResizable(True)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        scroller.setMinimumWidth(INSPECTOR_MIN)
        self.inspector_dock = self._dock("Cluster Inspector", self.tr("Inspector"), scroller,
                                         Qt.DockWidgetArea.LeftDockWidgetArea)
        self.problems, self.bom, self.power = ProblemsPanel(), ClusterBomPanel(), ClusterPowerPanel()
        self.cost = ClusterCostPanel()
        self.workload = WorkloadPanel(self.document.catalog)
        self.bottom = QTabWidget()
        self.bottom.setDocumentMode(True)
        for widget, name, title in ((self.problems, "Problems", self.tr("Problems")),
                                    (self.bom, "Bill of Materials", self.tr("Bill of Materials")),
                                    (self.power, "Power", self.tr("Power && Cooling")),
                                    (self.cost, "Cost", self.tr("Cost")),
                                    (self.workload, "Workload", self.tr("Workload"))):
            widget.setObjectName(name)
            self.bottom.addTab(widget, title)
        self.analysis_dock = self._dock("Cluster Analysis", self.tr("Analysis"), self.bottom,
                                        Qt.DockWidgetArea.BottomDockWidgetArea)
        self._laid_out = False  # the docks are sized at the first show, for the size the window got

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if not self._laid_out:
            self._laid_out = True
            width = int(max(INSPECTOR_MIN, min(INSPECTOR_MAX, self.width() * 0.3)))
            self.resizeDocks([self.inspector_dock], [width], Qt.Orientation.Horizontal)
            self.resizeDocks([self.analysis_dock], [int(max(160, min(300, self.height() * 0.3)))],
                             Qt.Orientation.Vertical)

    def legend(self) -> QLabel:
        """What the colours mean: rack load against the site's rack power limit, and the racked parts."""
        def swatch(color: QColor, text: str) -> str:  # one unbreakable piece: a swatch never wraps from its word
            return (f"<span style='white-space:nowrap'><span style='color:{color.name()}'>&#9632;</span>&nbsp;"
                    f"{esc(text)}</span>")
        loads = (("ok", self.tr("up to {high} of the rack power limit").format(high=f"{HIGH_LOAD:.0%}")),
                 ("high", self.tr("up to 100%")), ("over", self.tr("over the limit")))
        kinds = (("node", self.tr("node")), ("switch", self.tr("switch")), ("server", self.tr("server")),
                 ("power_shelf", self.tr("power shelf")), ("cdu", self.tr("CDU")))
        label = QLabel("&nbsp; ".join([swatch(LOAD_COLORS[k], t) for k, t in loads]  # wraps between the pieces
                                      + ["|"] + [swatch(KIND_COLORS[k], t) for k, t in kinds]))
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)  # a narrow window wraps the legend rather than growing past the screen
        label.setContentsMargins(8, 4, 8, 4)
        return label

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar, K = self.menuBar(), QKeySequence.StandardKey  # noqa: N806
        f = bar.addMenu(self.tr("&File"))
        self._action(f, self.tr("&Save"), self.save, K.Save)
        self._action(f, self.tr("Save &As..."), self.save_as, K.SaveAs)
        self._action(f, self.tr("Export &BOM as CSV..."), self.export_bom)
        self._action(f, self.tr("Export &PDF..."), self.export_pdf, "Ctrl+E")
        f.addSeparator()
        self._action(f, self.tr("&Close"), self.close, K.Close)
        if self.quit_app is not None:
            self._action(f, self.tr("&Quit"), self.quit_app, "Ctrl+Q")  # as the main window's
        e = bar.addMenu(self.tr("&Edit"))
        self.undo_action = self._action(e, self.tr("Undo"), self.undo, K.Undo)
        self.redo_action = self._action(e, self.tr("Redo"), self.redo, "Ctrl+Shift+Z")
        v = bar.addMenu(self.tr("&View"))
        self._action(v, self.tr("Zoom &In"), lambda: self.view.zoom(1.25), K.ZoomIn)
        self._action(v, self.tr("Zoom &Out"), lambda: self.view.zoom(0.8), K.ZoomOut)
        self._action(v, self.tr("&Fit to View"), self.view.fit, "F")
        v.addSeparator()
        self.present_action = self._action(v, self.tr("&Present"), self.present, "F5")

    def _wire(self) -> None:
        self.document.changed.connect(self.on_changed)
        self.document.clean_changed.connect(self.update_title)
        self.document.path_changed.connect(self.update_title)
        self.runner.finished.connect(self.show_analysis)
        self.runner.failed.connect(self.say)
        self.inspector.refused.connect(self.say)
        self.view.part_activated.connect(self.activate_part)
        self.problems.locate.connect(self.locate)
        self.problems.waive.connect(lambda rule, ids, reason: self.push(add_plan_waiver(rule, tuple(ids), reason)))
        self.problems.unwaive.connect(lambda v: self.push(remove_plan_waiver(v.rule, tuple(v.ids))))

    # Reactions ------------------------------------------------------------------------------
    def on_changed(self, _change: PlanChange) -> None:
        self.inspector.refresh()
        self.update_title()
        self.update_undo_actions()
        self.runner.request(self.document.plan, self.document.revision)

    def show_analysis(self, analysis: PlanAnalysis) -> None:
        self.analysis = analysis
        titles = {"compute": self.tr("Compute racks"), "other": self.tr("Network and management racks")}
        self.scene.show_racks(analysis.racks, titles)
        if self.view.auto_fit:
            self.view.fit()
        self.fabric.show_fabric(analysis.fabric)
        self.problems.show_report(analysis.report)
        self.bom.show_analysis(analysis)
        self.power.show_analysis(analysis)
        self.cost.show_analysis(analysis)
        self.workload.set_plan(self.document.plan, int(analysis.info["gpus"]))
        h = headline(analysis.info)
        self.totals.setText(self.tr("{gpus} GPUs, {nodes} nodes, {racks} racks, IT {it} kW, {switches} "
                                             "compute switches").format(
            gpus=f"{h['gpus']:,.0f}", nodes=f"{h['nodes']:,.0f}", racks=f"{h['racks']:,.0f}",
            it=f"{h['it_kw']:,.0f}", switches=f"{h['switches']:,.0f}"))

    def update_title(self, *_args: object) -> None:
        self.setWindowTitle(self.tr("{title}[*] - Cluster - GPU Node Designer").format(title=self.document.title))
        self.setWindowModified(not self.document.is_clean)

    def undo(self) -> None:
        """Undo the last plan edit, from any focus (designer.ui.undo_keys), and say what was undone."""
        h = self.document.history
        self._step(h.can_undo, h.undo_label, self.document.undo, self.tr("Undone: {edit}"))

    def redo(self) -> None:
        h = self.document.history
        self._step(h.can_redo, h.redo_label, self.document.redo, self.tr("Redone: {edit}"))

    def _step(self, able: bool, label: Msg, move: Callable[[], None], said: str) -> None:
        if able:
            text = render(label)
            move()
            self.say(said.format(edit=text))

    def update_undo_actions(self) -> None:
        """The Edit menu names the edit ("Undo Set GPUs"), as the main window's does."""
        history = self.document.history
        for action, word, name, able in ((self.undo_action, self.tr("Undo"), history.undo_label, history.can_undo),
                                         (self.redo_action, self.tr("Redo"), history.redo_label, history.can_redo)):
            label = render(name) if able else ""
            action.setEnabled(able)
            action.setText(f"{word} {label}".strip())

    def say(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def push(self, command: PlanCommand) -> None:
        try:
            self.document.push(command)
        except CommandError as exc:
            self.say(render(exc.msg))

    def locate(self, ids: list[str]) -> None:
        """A problem picked: its racks selected and centred, or the fabric shown for a switch problem."""
        racks = [i for i in ids if i in self.scene.items_by_name]
        self.fabric.highlight = not racks
        if racks:
            self.center.setCurrentWidget(self.view)
            self.scene.select_racks(racks)
            rect = self.scene.rack_rect(racks[0])
            if rect is not None:
                self.view.centerOn(rect.center())
        else:
            self.center.setCurrentWidget(self.fabric)
            self.fabric.update()

    def activate_part(self, rack: str, kind: str, label: str) -> None:
        """Double-click on a node: its design opens in the main window."""
        if kind != "node":
            self.say(self.tr("{label} in rack {rack}").format(label=label, rack=rack))
            return
        if self.open_design is None:
            return
        try:
            design = node_design(self.document.plan, self.catalog)
        except DesignerError as exc:
            self.say(str(exc))
            return
        self.open_design(design)

    # Files ----------------------------------------------------------------------------------
    def save(self) -> bool:
        """Ctrl+S: to the plan's file; a plan opened from a cluster sheet PDF is saved as JSON under a name the user
        gives (Ctrl+S wrote the plan's JSON over the PDF)."""
        path = self.document.path
        if path is None or path.suffix.lower() != ".json":
            return self.save_as()
        return self._save_to(path)

    def save_as(self) -> bool:
        current = self.document.path
        suggested = str(current.with_suffix(".json") if current is not None else Path.home() / "cluster-plan.json")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save cluster plan as"), suggested,
                                              self.tr("Cluster plans (*.json)"))
        if not path:
            return False
        return self._save_to(Path(path if path.lower().endswith(".json") else path + ".json"))

    def _save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Cannot save"), plain(f"{path.name}: {exc.strerror or exc}"))
            return False
        return True

    def export_bom(self) -> bool:
        if self.analysis is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export BOM as CSV"), "cluster-bom.csv",
                                              self.tr("CSV files (*.csv)"))
        if not path:
            return False
        try:
            atomic_write_bytes(path, priced_bom_csv(self.analysis.priced, USD).encode("utf-8"))
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Cannot save"), plain(f"{Path(path).name}: {exc.strerror or exc}"))
            return False
        return True

    def export_pdf(self) -> bool:
        """The cluster sheet in the interface's language, written atomically; typeset off the GUI thread."""
        if self.analysis is None or self.pdf_job is not None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export PDF"), "cluster.pdf", self.tr("PDF files (*.pdf)"))
        if not path:
            return False
        self.pdf_job = PdfJob(self.analysis.model, Path(path), i18n.language())
        self.pdf_job.done.connect(self._pdf_done)
        self.statusBar().showMessage(self.tr("Writing {file}...").format(file=Path(path).name))
        self.pdf_job.start()
        return True

    def _pdf_done(self, message: str) -> None:
        job, self.pdf_job = self.pdf_job, None
        if job is not None:
            job.wait()
            job.deleteLater()
        self.statusBar().showMessage(message, 10_000)

    def confirm_discard(self) -> bool:
        if self.document.is_clean:
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"), plain(self.tr("Save the changes to {title}?").format(
                title=self.document.title)),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def present(self) -> None:
        from designer.ui.cluster.present import ClusterPresentWindow  # noqa: PLC0415

        if self.analysis is None:
            return
        self.presenter = ClusterPresentWindow(self.analysis, self.scene, self)
        screen = self.screen()
        if screen is not None:
            self.presenter.setGeometry(screen.geometry())
        self.presenter.showFullScreen()
        self.presenter.activateWindow()
        self.presenter.setFocus()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if not self.confirm_discard():
            event.ignore()
            return
        self.shut_down()
        event.accept()

    def shut_down(self) -> None:
        if self.pdf_job is not None:  # a sheet being written is finished, never cut off
            self.pdf_job.wait()
        self.runner.shut_down()
        self.workload.shut_down()
        for signal, slot in ((self.document.changed, self.on_changed), (self.document.clean_changed, self.update_title),
                             (self.document.path_changed, self.update_title)):
            signal.disconnect(slot)
