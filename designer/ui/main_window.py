"""The main window: composes the canvas, docks, menus, actions and status bar. No logic of its own."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QProcess, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QToolBar,
    QToolButton,
)
from shiboken6 import isValid

from designer import __version__
from designer.analysis import Analysis, unwaive_command
from designer.core import i18n
from designer.core.locale import render
from designer.document import commands as cmd
from designer.document.changes import DesignChange
from designer.document.document import Document
from designer.model.catalog import Catalog
from designer.rules import Report, Violation
from designer.ui import deferred
from designer.ui.analysis_job import BackgroundAnalysis, needs_worker
from designer.ui.canvas.controller import CanvasController
from designer.ui.canvas.scene import CanvasScene
from designer.ui.canvas.view import CanvasView, ConnectTool, SelectTool
from designer.ui.cluster.actions import ClusterActions
from designer.ui.files import FileActions, app_settings
from designer.ui.panels.budget import BomPanel, PowerPanel
from designer.ui.panels.inspector import InspectorPanel
from designer.ui.panels.palette import PalettePanel
from designer.ui.panels.performance import PerformancePanel
from designer.ui.panels.problems import ProblemsPanel
from designer.ui.panels.workload import WorkloadPanel
from designer.ui.preferences import Preferences, PreferencesDialog
from designer.ui.qt_guard import binding_report, collect_on_gui_thread, protect_none
from designer.ui.style import app_icon, tool_icon
from designer.ui.text import esc
from designer.ui.theme import text_color
from designer.ui.window_layout import (
    apply_default_layout,
    clamp_to_screen,
    fit_to_screen,
    keep_canvas_share,
    restore_layout,
    save_layout,
    saved_zoom,
)

CHECK_DEBOUNCE_MS = 150
CLIP_MIME = "application/x-gpu-designer-parts"
TOOL_BUTTON_WIDTH = 64  # every toolbar label in the same width: nothing moves when Undo's text changes


class MainWindow(QMainWindow):
    def __init__(self, document: Document, catalog: Catalog, settings: QSettings | None = None,
                 state_folder: Path | None = None) -> None:
        protect_none()  # before any widget: see qt_guard (a binding defect that aborts the interpreter)
        collect_on_gui_thread()  # cycles collected on this thread only: see qt_guard
        super().__init__()
        self.document, self.catalog = document, catalog
        self.settings = settings or app_settings()
        self.prefs = Preferences(self.settings)
        self.setWindowIcon(app_icon())
        self.scene = CanvasScene(catalog)
        self.view = CanvasView(self.scene)
        self.setCentralWidget(self.view)
        self.controller = CanvasController(document, self.scene, self.say, self.view.show_note)
        self.files = FileActions(self, document, self.settings, state_folder)
        self.files.timer.setInterval(self.prefs.autosave_s * 1000)
        self.analysis: Analysis | None = None  # of the revision last analysed
        self.background = BackgroundAnalysis(self.show_analysis, self)  # large designs: checked off the GUI thread
        self._build_docks()
        self._build_status()
        self._build_actions()
        self._wire()
        self.check_timer = QTimer(self, singleShot=True, interval=CHECK_DEBOUNCE_MS)
        self.check_timer.timeout.connect(self.analyse)
        self.check_timer.start()
        self.share_timer = QTimer(self, singleShot=True, interval=0)
        self.share_timer.timeout.connect(self._keep_canvas_share)
        fit_to_screen(self, 1600, 1000)
        self.layout_restored = restore_layout(self, self.settings, self.bottom)
        self._laid_out = self.layout_restored
        self._clamped = False
        self.scene.show_design(document.design)
        self.update_title()
        self.update_undo_actions()
        QTimer.singleShot(0, self._initial_zoom)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self.layout_restored and not self._clamped:  # the frame is known now: keep all of it on screen
            self._clamped = True
            clamp_to_screen(self)
        if not self._laid_out:  # fresh settings: size the panels for the size the window is shown at
            self._laid_out = True
            self.reset_layout()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if getattr(self, "_laid_out", False):  # after the docks have taken their share of the new size
            self.share_timer.start()

    def _keep_canvas_share(self) -> None:
        keep_canvas_share(self, self.palette_dock, self.analysis_dock)

    def _initial_zoom(self) -> None:
        zoom = saved_zoom(self.settings, self.design_key()) if self.layout_restored else None
        self.view.fit()
        if zoom is not None:
            self.view.zoom(zoom / max(1e-6, self.view.transform().m11()))

    def design_key(self) -> str:
        """Which design a saved zoom belongs to: its file, else its template, else its name."""
        doc = self.document
        return str(doc.path) if doc.path else f"template:{doc.design.meta.template or doc.design.meta.name}"

    def reset_layout(self) -> None:
        apply_default_layout(self, self.palette_dock, self.inspector_dock, self.analysis_dock)

    # Composition ----------------------------------------------------------------------------
    def _dock(self, name: str, title: str, widget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)  # English in every language: the saved layout finds its docks by name
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        self.palette_panel = PalettePanel(self.catalog)
        self.inspector = InspectorPanel(self.document)
        self.problems = ProblemsPanel()
        self.performance = PerformancePanel(self.catalog)
        self.workload = WorkloadPanel(self.catalog)
        self.power = PowerPanel(self.catalog)
        self.bom = BomPanel(self.catalog)
        self.palette_dock = self._dock("Components", self.tr("Components"), self.palette_panel,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        scroller = QScrollArea()
        scroller.setWidget(self.inspector)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.inspector_dock = self._dock("Inspector", self.tr("Inspector"), scroller,
                                         Qt.DockWidgetArea.LeftDockWidgetArea)
        self.bottom = QTabWidget()
        self.bottom.setDocumentMode(True)
        for widget, name, title in ((self.problems, "Problems", self.tr("Problems")),
                                    (self.performance, "Performance", self.tr("Performance")),
                                    (self.power, "Power & Thermal", self.tr("Power && Thermal")),
                                    (self.bom, "Bill of Materials", self.tr("Bill of Materials")),
                                    (self.workload, "Workload", self.tr("Workload"))):
            widget.setObjectName(name)  # English: `--tab NAME` finds it in every language
            self.bottom.addTab(widget, title)
        self.analysis_dock = self._dock("Analysis", self.tr("Analysis"), self.bottom,
                                        Qt.DockWidgetArea.BottomDockWidgetArea)

    def _build_status(self) -> None:
        self.totals = QLabel()
        self.statusBar().addPermanentWidget(self.totals)

    def _action(self, menu, text: str, slot, shortcut=None, checkable: bool = False) -> QAction:
        action = QAction(text, self, checkable=checkable)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu(self.tr("&File"))
        K = QKeySequence.StandardKey  # noqa: N806
        self._action(f, self.tr("&New Blank Design..."), lambda: deferred.new_blank(self), K.New)
        self._action(f, self.tr("New from &Template..."), lambda: deferred.new_design(self), "Ctrl+Shift+N")
        self._action(f, self.tr("&Open..."), self.files.open_dialog, K.Open)
        self.recent_menu = f.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._discard_confirmed = False  # File > Quit asked about this window's work before closing the others
        self.clusters = ClusterActions(self, self.document, self.catalog, self.files)
        self.clusters.add_to(f)
        self._action(f, self.tr("&Save"), self.files.save, K.Save)
        self._action(f, self.tr("Save &As..."), self.files.save_as, K.SaveAs)
        self._action(f, self.tr("Re&vert"), self.files.revert)
        self._action(f, self.tr("&Compare..."), lambda: deferred.compare(self))
        self._action(f, self.tr("Design-Space &Search..."), lambda: deferred.sweep(self))
        self._action(f, self.tr("&Import Topology..."), lambda: deferred.import_topology(self))
        export = f.addMenu(self.tr("&Export"))
        self._action(export, self.tr("&PDF Spec Sheet..."), lambda: self.files.export("pdf"), "Ctrl+E")
        self._action(export, self.tr("&JSON Spec..."), lambda: self.files.export("json"))
        self._action(export, self.tr("&SVG Diagram..."), lambda: self.files.export("svg"))
        self._action(export, self.tr("P&NG Diagram..."), lambda: self.files.export("png"))
        self._action(export, self.tr("16:9 S&lide..."), lambda: self.files.export("slide"))
        f.addSeparator()
        self._action(f, self.tr("&Quit"), self.quit_all, "Ctrl+Q")  # Quit's standard key is empty on some platforms
        e = bar.addMenu(self.tr("&Edit"))
        self.undo_action = self._action(e, self.tr("Undo"), self.undo, K.Undo)
        self.redo_action = self._action(e, self.tr("Redo"), self.redo, "Ctrl+Shift+Z")
        e.addSeparator()
        self.delete_action = self._action(e, self.tr("&Delete"), self.delete_selected, K.Delete)
        self._action(e, self.tr("D&uplicate"), lambda: self.controller.duplicate(self.scene.selected_ids()), "Ctrl+D")
        self._action(e, self.tr("&Copy"), self.copy, K.Copy)
        self._action(e, self.tr("&Paste"), self.paste, K.Paste)
        self._action(e, self.tr("Select &All"), lambda: self.document.selection.set(self.document.design.all_ids()),
                     K.SelectAll)
        e.addSeparator()
        self._action(e, self.tr("&Auto-wire"), self.controller.autowire, "Ctrl+Shift+W")
        self._action(e, self.tr("C&hanges Since Saved..."), lambda: deferred.changes_since_saved(self))
        t = bar.addMenu(self.tr("&Tools"))
        self.select_tool = self._action(t, self.tr("&Select / Move"), lambda: self.set_tool("select"), "S", True)
        self.connect_tool = self._action(t, self.tr("&Connect"), lambda: self.set_tool("connect"), "C", True)
        self.select_tool.setChecked(True)
        e.addSeparator()
        self._action(e, self.tr("Pr&eferences..."), self.preferences, "Ctrl+,")
        self._action(e, self.tr("&Branding for Spec Sheets..."), lambda: deferred.branding(self))
        v = bar.addMenu(self.tr("&View"))
        self.zoom_in_action = self._action(v, self.tr("Zoom &In"), lambda: self.view.zoom(1.25), K.ZoomIn)
        self.zoom_in_action.setShortcuts([QKeySequence(K.ZoomIn), QKeySequence("Ctrl+="), QKeySequence("+"),
                                          QKeySequence("=")])  # Ctrl+= as Qt Creator and KiCad take it
        self.zoom_out_action = self._action(v, self.tr("Zoom &Out"), lambda: self.view.zoom(0.8), K.ZoomOut)
        self.zoom_out_action.setShortcuts([QKeySequence(K.ZoomOut), QKeySequence("-")])
        self.fit_action = self._action(v, self.tr("&Fit to View"), self.view.fit, "F")
        grid = self._action(v, self.tr("Show &Grid"), self.toggle_grid, "G", True)
        grid.setChecked(True)
        v.addSeparator()
        panels = v.addMenu(self.tr("&Panels"))
        for dock in (self.palette_dock, self.inspector_dock, self.analysis_dock):
            panels.addAction(dock.toggleViewAction())
        self._action(v, self.tr("&Reset Layout"), self.reset_layout)
        v.addSeparator()
        self.present_action = self._action(v, self.tr("&Present"), lambda: deferred.present(self), "F5")
        h = bar.addMenu(self.tr("&Help"))
        self._action(h, self.tr("&Keyboard Shortcuts"), self.show_shortcuts, "F1")
        self._action(h, self.tr("&About"), self.about)
        self.autowire_tool = QAction(self.tr("Auto-wire"), self)
        self.autowire_tool.triggered.connect(self.controller.autowire)
        self.autowire_tool.setToolTip(self.tr("Auto-wire (Ctrl+Shift+W)"))
        self._build_toolbar()

    def _build_toolbar(self) -> None:
        """Icons with a short label of fixed width; what Undo would undo is in its tooltip and the Edit menu."""
        tools = QToolBar(self.tr("Main"), self)
        tools.setObjectName("Main")
        tools.setIconSize(QSize(20, 20))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.addToolBar(tools)
        color = text_color(self.palette())
        for action, icon in ((self.undo_action, "undo"), (self.redo_action, "redo"), (None, ""),
                             (self.select_tool, "select"), (self.connect_tool, "connect"),
                             (self.autowire_tool, "autowire"), (None, ""), (self.zoom_in_action, "zoom-in"),
                             (self.zoom_out_action, "zoom-out"), (self.fit_action, "fit"), (None, ""),
                             (self.present_action, "present")):
            if action is None:
                tools.addSeparator()
                continue
            action.setIcon(tool_icon(icon, color))
            action.setProperty("tool_icon", icon)
            tools.addAction(action)
            button = tools.widgetForAction(action)
            if isinstance(button, QToolButton):
                button.setFixedWidth(TOOL_BUTTON_WIDTH)
        for action, short in ((self.select_tool, self.tr("Select")), (self.connect_tool, self.tr("Connect")),
                              (self.zoom_in_action, self.tr("Zoom in")), (self.zoom_out_action, self.tr("Zoom out")),
                              (self.fit_action, self.tr("Fit")), (self.present_action, self.tr("Present"))):
            action.setIconText(short)
        self.toolbar = tools

    def _wire(self) -> None:
        self.document.changed.connect(self.on_changed)
        self.document.clean_changed.connect(self.update_title)
        self.document.path_changed.connect(self.update_title)
        self.document.selection.changed.connect(self.on_selection)
        self.scene.selectionChanged.connect(self.scene_selection_changed)
        self.scene.components_moved.connect(self.controller.move)
        self.view.part_dropped.connect(self.controller.drop_part)
        self.view.connect_requested.connect(self.controller.connect)
        self.view.files_dropped.connect(lambda paths: deferred.open_dropped(self, paths))
        self.view.part_hovered.connect(self.controller.hover_part)
        self.view.drag_left.connect(self.scene.hide_drop_target)
        self.view.context_requested.connect(self.canvas_menu)
        self.view.tool_left.connect(lambda: self.set_tool("select"))
        self.problems.locate.connect(self.locate)
        self.problems.waive.connect(self.waive)
        self.problems.unwaive.connect(self.unwaive)
        self.performance.bottleneck_changed.connect(self.show_bottleneck)
        self.bottom.currentChanged.connect(self.show_bottleneck)

    # Reactions ------------------------------------------------------------------------------
    def on_changed(self, change: DesignChange) -> None:
        self.scene.apply(change)
        if change.replaced:
            QTimer.singleShot(0, self.view.fit)
        self.show_bottleneck()
        self.update_title()
        self.update_undo_actions()
        self.check_timer.start()

    def undo(self) -> None:
        """Undo, and say what was undone (the status bar kept the undone edit's own words, "Delete 1 item")."""
        history = self.document.history
        if history.can_undo:
            label = render(history.undo_label)
            self.document.undo()
            self.say(self.tr("Undone: {edit}").format(edit=label))

    def redo(self) -> None:
        history = self.document.history
        if history.can_redo:
            label = render(history.redo_label)
            self.document.redo()
            self.say(self.tr("Redone: {edit}").format(edit=label))

    def update_undo_actions(self) -> None:
        """Fixed-width toolbar labels; what would be undone is in the Edit menu's text and the tooltip."""
        history = self.document.history
        for action, word, name, able, nothing in (
                (self.undo_action, self.tr("Undo"), history.undo_label, history.can_undo, self.tr("Nothing to undo")),
                (self.redo_action, self.tr("Redo"), history.redo_label, history.can_redo, self.tr("Nothing to redo"))):
            label = render(name)
            action.setText(f"{word} {label}".strip())
            action.setIconText(word)
            action.setToolTip(f"{word} {label}".strip() if able else nothing)
            action.setEnabled(able)

    @property
    def report(self) -> Report | None:
        """The rule report of the revision last analysed (None before the first check)."""
        return self.analysis.report if self.analysis is not None else None

    def current_analysis(self) -> Analysis:
        """The analysis of the document's current revision (made once, shared by every panel)."""
        site = self.prefs.rack_limits
        if self.analysis is None or self.analysis.revision != self.document.revision or self.analysis.site != site:
            self.analysis = Analysis(self.document.design, self.catalog, self.document.revision, site)
        return self.analysis

    def analyse(self) -> None:
        """Debounced: rule check, status totals, markers, budgets; the performance run starts async, and so
        does the rule check of a large design (designer.ui.analysis_job)."""
        analysis = self.current_analysis()
        self.power.set_design(analysis.design)
        self.bom.set_design(analysis.design)
        self.performance.set_design(analysis.design)
        self.workload.set_design(analysis.design)
        if needs_worker(analysis):
            self.background.start(analysis)
        else:
            self.show_analysis(analysis)

    def show_analysis(self, analysis: Analysis) -> None:
        """The rule report, the canvas markers and the status totals of one analysed revision."""
        self.problems.show_report(analysis.report)
        self.scene.set_markers(analysis.markers)
        self.totals.setText(analysis.status_line(self.prefs.bandwidth == "bidirectional", i18n.language()))

    def update_title(self, *_args: object) -> None:
        self.setWindowTitle(f"{self.document.title}[*] - GPU Node Designer")
        self.setWindowModified(not self.document.is_clean)

    def delete_selected(self) -> None:
        self.controller.delete(self.scene.selected_ids())

    def show_bottleneck(self, *_args) -> None:
        """Highlight the bottleneck links while the Performance tab is open."""
        result = self.performance.result
        on = self.bottom.currentWidget() is self.performance and result is not None and bool(result.rows)
        self.scene.set_highlight(set(result.rows[-1].bottleneck_link_ids) if on and result else set())

    def scene_selection_changed(self) -> None:
        if not isValid(self.scene):
            return  # the scene is being torn down with the window: its items deselect on the way out
        self.document.selection.set(self.scene.selected_ids())

    def on_selection(self, ids: tuple[str, ...]) -> None:
        self.scene.select_ids(ids)
        self.performance.set_selection(list(ids))

    def locate(self, ids: list[str]) -> None:
        self.document.selection.set(ids)
        rects = [r for r in (self.scene.item_rect(i) for i in ids) if r is not None]
        if rects:
            united = rects[0]
            for r in rects[1:]:
                united = united.united(r)
            self.view.centerOn(united.center())

    def say(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    # Commands from menus --------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        self.view.set_tool(ConnectTool() if name == "connect" else SelectTool())
        self.select_tool.setChecked(name == "select")
        self.connect_tool.setChecked(name == "connect")
        self.say(self.tr("Connect: drag from one component to another") if name == "connect"
                 else self.tr("Select and move"))
        if name == "connect":
            self.view.setFocus()  # Esc reaches the canvas

    def canvas_menu(self, ident: str, at: QPoint) -> None:
        """Right click on the canvas: what can be done with the item under the cursor, or with the canvas."""
        if ident and ident not in self.document.selection.ids:
            self.document.selection.set([ident])
        menu = QMenu(self)
        if ident:
            menu.addAction(self.delete_action)
            if any(c.id == ident for c in self.document.design.components):
                menu.addAction(self.tr("D&uplicate"), lambda: self.controller.duplicate([ident]))
                menu.addAction(self.tr("&What-if: fail it"), lambda: self.what_if([ident]))
        else:
            menu.addAction(self.tr("&Paste"), self.paste)
            menu.addAction(self.autowire_tool)
        menu.addSeparator()
        menu.addAction(self.fit_action)
        menu.addAction(self.connect_tool)
        menu.popup(at)
        self.canvas_context_menu = menu  # kept for the tests; replaced at the next right click

    def what_if(self, ids: list[str]) -> None:
        self.document.selection.set(ids)
        self.bottom.setCurrentWidget(self.performance)
        self.performance.whatif.setChecked(True)

    def preferences(self) -> None:
        language = self.prefs.language
        dialog = PreferencesDialog(self.prefs, self)
        if dialog.exec():
            dialog.apply()
            self.files.timer.setInterval(self.prefs.autosave_s * 1000)
            self.apply_theme()
            self.analyse()
            if self.prefs.language != language:
                QTimer.singleShot(0, self.offer_restart)  # after the dialog has gone

    def offer_restart(self) -> None:
        """A new language shows once the app starts again: say so and offer to restart now (each window asks about
        its unsaved work first, as Quit does), or later."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Language"),
                          self.tr("The new language shows when GPU Node Designer starts again."), parent=self)
        box.setInformativeText(self.tr("Restart now? Each window asks about unsaved work first."))
        restart = box.addButton(self.tr("Restart Now"), QMessageBox.ButtonRole.AcceptRole)
        later = box.addButton(self.tr("Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(later)
        box.exec()
        if box.clickedButton() is restart:
            QTimer.singleShot(0, self.restart)

    def restart(self) -> None:
        """Quit as File > Quit does and, once every window has closed, start the app again on the saved design."""
        path = self.document.path
        self._quit_now()
        if self.isVisible():  # a Cancel kept the work open: no restart
            return
        args = ["-m", "designer", *([str(path)] if path is not None and path.suffix == ".json" else [])]
        QProcess.startDetached(sys.executable, args)

    def apply_theme(self, theme: str | None = None) -> None:
        """The chosen theme (or `theme`) on the whole app; toolbar icons follow the new text colour."""
        from designer.ui.theme import apply_theme  # noqa: PLC0415

        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme or self.prefs.theme)
        color = text_color(self.palette())
        for action in self.toolbar.actions():
            name = action.property("tool_icon")
            if name:
                action.setIcon(tool_icon(name, color))
        self.view.viewport().update()

    def toggle_grid(self, on: bool) -> None:
        self.view.show_grid = on
        self.view.viewport().update()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.files.recent():
            self.recent_menu.addAction(path, functools.partial(self.files.open_path, path))
        if not self.recent_menu.actions():
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)

    def copy(self) -> None:
        ids = set(self.scene.selected_ids())
        parts = [c.part for c in self.document.design.components if c.id in ids]
        QApplication.clipboard().setText(json.dumps({"gpu-designer-parts": parts}))

    def paste(self) -> None:
        try:
            parts = json.loads(QApplication.clipboard().text())["gpu-designer-parts"]
        except (ValueError, KeyError, TypeError):
            self.say(self.tr("Paste: the clipboard holds no GPU Node Designer parts"))
            return
        if isinstance(parts, list) and all(isinstance(p, str) for p in parts):
            self.controller.paste(parts)

    def waive(self, rule: str, ids: tuple, reason: str) -> None:
        self.document.push(cmd.add_waiver(rule, tuple(ids), reason))

    def unwaive(self, violation: Violation) -> None:
        command = unwaive_command(violation, self.document.design)
        if command is not None:
            self.document.push(command)

    def show_shortcuts(self) -> None:
        rows = []
        for menu in self.menuBar().findChildren(type(self.recent_menu)):
            for action in menu.actions():
                if action.shortcut().toString():
                    rows.append(f"<tr><td>{action.text().replace('&', '')}</td>"
                                f"<td><b>{action.shortcut().toString()}</b></td></tr>")
        for what, how in ((self.tr("Zoom"), self.tr("Ctrl+wheel")),
                          (self.tr("Pan"), self.tr("middle or right drag, Space+drag"))):
            rows.append(f"<tr><td>{what}</td><td><b>{how}</b></td></tr>")
        QMessageBox.information(self, self.tr("Keyboard shortcuts"), "<table>" + "".join(rows) + "</table>")

    def about(self) -> None:
        about = self.tr("catalog {version}, {count} parts").format(version=esc(self.catalog.version),
                                                                 count=len(self.catalog.parts))
        QMessageBox.about(self, self.tr("About GPU Node Designer"),
                          f"<b>GPU Node Designer</b> {__version__}<br>{about}<br>{esc(binding_report())}")

    def quit_all(self) -> None:
        """File > Quit (here or in a cluster window): every window closes, each asking about its unsaved work, and a
        Cancel stops there (Quit closed only this window, and an open cluster window kept the app running). Run
        after the menu's signal has returned: it closes the window whose menu asked."""
        QTimer.singleShot(0, self._quit_now)

    def _quit_now(self) -> None:
        if not self.files.confirm_discard():  # this window's work first: its Cancel leaves every window open
            return
        self._discard_confirmed = True
        for window in list(self.clusters.windows):
            if window.isVisible() and not window.close():
                self._discard_confirmed = False
                return
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        confirmed, self._discard_confirmed = self._discard_confirmed, False  # Quit asked already: not twice
        if not confirmed and not self.files.confirm_discard():
            event.ignore()
            return
        self.files.session_ended()
        zoom = None if self.view.fitted else self.view.transform().m11()
        save_layout(self, self.settings, self.bottom, zoom, self.design_key())
        self.shut_down()
        event.accept()

    def shut_down(self) -> None:
        """Stop timers and workers and let go of the Document, so nothing calls into deleted widgets."""
        self.check_timer.stop()
        self.files.timer.stop()
        self.performance.shut_down()
        self.workload.shut_down()
        self.background.shut_down()
        for signal, slot in ((self.document.changed, self.on_changed), (self.document.clean_changed, self.update_title),
                             (self.document.path_changed, self.update_title),
                             (self.document.selection.changed, self.on_selection),
                             (self.document.changed, self.inspector.on_changed),
                             (self.document.selection.changed, self.inspector.show_selection)):
            signal.disconnect(slot)
        self.scene.selectionChanged.disconnect(self.scene_selection_changed)
