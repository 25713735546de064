"""The main window's way into cluster plans: File > New Cluster Plan (from the open design or a template) and
File > Open Cluster Plan..., each opening a cluster window; a node double-clicked there opens in the main
window."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from designer.core.errors import DesignerError, DesignFileError
from designer.document.document import Document
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.templates import TEMPLATES
from designer.ui.text import plain

if TYPE_CHECKING:  # the cluster packages load when a plan is first opened, not with the main window
    from designer.cluster.document import PlanDocument
    from designer.cluster.plan import ClusterPlan
    from designer.ui.cluster.window import ClusterWindow

DEFAULT_GPUS = 1024  # a new plan's size: the example cluster; the inspector changes it


class HasFiles(Protocol):
    def confirm_discard(self) -> bool: ...


class ClusterActions(QObject):
    def __init__(self, window: QMainWindow, document: Document, catalog: Catalog, files: HasFiles) -> None:
        super().__init__(window)
        self.window, self.document, self.catalog, self.files = window, document, catalog, files
        self.windows: list[ClusterWindow] = []

    def add_to(self, menu: QMenu) -> None:
        new = menu.addMenu(self.tr("New C&luster Plan"))
        new.addAction(self.tr("From the &Open Design"), self.new_from_design)
        templates = new.addMenu(self.tr("From a &Template"))
        for tid, template in TEMPLATES.items():
            templates.addAction(template.title, functools.partial(self.new_from_template, tid))
        menu.addAction(self.tr("Open Cl&uster Plan..."), self.open_dialog)

    def new_from_design(self) -> ClusterWindow | None:
        from designer.cluster.plan import ClusterPlan, NodeRef  # noqa: PLC0415 (after the first paint)

        design = self.document.design
        return self.new_plan(ClusterPlan(name=self.tr("{name} cluster").format(name=design.meta.name),
                                         node=NodeRef(design=design), gpus=DEFAULT_GPUS))

    def new_from_template(self, template_id: str) -> ClusterWindow | None:
        from designer.cluster.plan import ClusterPlan, NodeRef  # noqa: PLC0415 (after the first paint)

        title = TEMPLATES[template_id].title
        return self.new_plan(ClusterPlan(name=self.tr("{name} cluster").format(name=title),
                                         node=NodeRef(template=template_id), gpus=DEFAULT_GPUS))

    def new_plan(self, plan: ClusterPlan) -> ClusterWindow | None:
        from designer.cluster.document import PlanDocument, check_buildable  # noqa: PLC0415

        try:
            check_buildable(plan, self.catalog)
        except DesignerError as exc:
            QMessageBox.warning(self.window, self.tr("Cannot plan a cluster"), plain(exc))
            return None
        return self.show(PlanDocument(plan, self.catalog))

    def open_dialog(self) -> ClusterWindow | None:
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open cluster plan"), "",
                                              self.tr("Cluster plans and cluster sheets (*.json *.pdf);;All files (*)"))
        return self.open_path(Path(path)) if path else None

    def open_path(self, path: Path) -> ClusterWindow | None:
        from designer.cluster.document import PlanDocument  # noqa: PLC0415 (after the first paint)

        try:
            document = PlanDocument.open(path, self.catalog)
        except DesignFileError as exc:
            QMessageBox.warning(self.window, self.tr("Cannot open cluster plan"), plain(exc))
            return None
        return self.show(document)

    def show(self, document: PlanDocument) -> ClusterWindow:
        prefs = getattr(self.window, "prefs", None)  # the main window's Preferences: the user's price book
        book = prefs.price_book if prefs is not None else None
        from designer.ui.cluster.window import ClusterWindow  # noqa: PLC0415 (after the first paint)

        window = ClusterWindow(document, self.catalog, self.open_design, price_book=book,
                               quit_app=getattr(self.window, "quit_all", None))
        window.destroyed.connect(lambda *_: self.windows.remove(window) if window in self.windows else None)
        self.windows.append(window)
        window.show()
        return window

    def open_design(self, design: Design) -> bool:
        """A node of a plan opened in the main window (after asking about its unsaved work)."""
        if not self.files.confirm_discard():
            return False
        self.document.replace(design, None, clean=True)
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()
        return True
