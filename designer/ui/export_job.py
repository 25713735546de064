"""File > Export off the GUI thread: a worker in a QThread, a progress dialog, then a confirmation naming the file
with a button that opens it (or a one-line failure)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QThread, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QWidget

from designer.core import i18n
from designer.core.errors import DesignerError, one_line
from designer.core.locale import render
from designer.core.messages import Msg
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits
from designer.ui.text import plain

translate = QCoreApplication.translate


class ExportWorker(QObject):
    progress = Signal(object)  # a designer.core.messages.Msg
    finished = Signal(list)  # the paths written, as strings
    failed = Signal(str)  # a one-line message

    def __init__(self, design: Design, catalog: Catalog, targets: dict[str, Path], paper: str = "a4",
                 site: RackLimits = DEFAULT_RACK_LIMITS) -> None:
        super().__init__()
        self.design, self.catalog, self.targets, self.paper, self.site = design, catalog, targets, paper, site

    @Slot()
    def run(self) -> None:
        from designer.export.brand import default_brand  # noqa: PLC0415 (export modules load on first export)
        from designer.export.files import export  # noqa: PLC0415
        from designer.workload.summary import node_trains  # noqa: PLC0415

        try:
            trains = node_trains(self.design, self.catalog) if "pdf" in self.targets else None
            written = export(self.design, self.catalog, self.targets, paper=self.paper, brand=default_brand(),
                             progress=self.progress.emit, lang=i18n.language(),  # the sheet in the app's language
                             site=self.site, trains=trains)  # and checked with the app's rack limits (Preferences)
        except DesignerError as exc:
            self.failed.emit(str(exc))
        except OSError as exc:
            self.failed.emit(translate("ExportRunner", "cannot write: {reason}").format(
                reason=one_line(exc.strerror or str(exc))))
        except Exception as exc:  # noqa: BLE001 (a worker thread must report, not die silently)
            self.failed.emit(translate("ExportRunner", "internal error: {kind}: {reason}").format(
                kind=exc.__class__.__name__, reason=one_line(str(exc))))
        else:
            self.finished.emit([str(p) for p in written])


class ExportRunner(QObject):
    """One export at a time for a window; `done`/`failed` are emitted after the user is told."""

    done = Signal(list)
    failed = Signal(str)

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.job_thread: QThread | None = None
        self.worker: ExportWorker | None = None
        self.progress: QProgressDialog | None = None
        self.message: QMessageBox | None = None
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.wait)

    def busy(self) -> bool:
        return self.job_thread is not None and self.job_thread.isRunning()

    def start(self, design: Design, catalog: Catalog, targets: dict[str, Path], paper: str = "a4",
              site: RackLimits = DEFAULT_RACK_LIMITS) -> bool:
        if self.busy():
            return False
        self.job_thread = QThread(self)
        self.worker = ExportWorker(design, catalog, targets, paper, site)
        self.worker.moveToThread(self.job_thread)
        self.job_thread.started.connect(self.worker.run)
        self.worker.progress.connect(self._progress)
        self.worker.finished.connect(self._finished)
        self.worker.failed.connect(self._failed)
        self.worker.finished.connect(self.job_thread.quit)
        self.worker.failed.connect(self.job_thread.quit)
        self.progress = QProgressDialog(self.tr("Exporting..."), "", 0, 0, self.window)
        self.progress.setCancelButton(None)
        self.progress.setWindowTitle(self.tr("Export"))
        self.progress.setMinimumDuration(0)
        self.progress.show()
        self.job_thread.start()
        return True

    def wait(self) -> None:
        if self.job_thread is not None:
            self.job_thread.quit()
            self.job_thread.wait()

    @Slot(str)
    def _progress(self, text: Msg) -> None:
        if self.progress is not None:
            self.progress.setLabelText(plain(render(text)))

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.close()
            self.progress = None

    @Slot(list)
    def _finished(self, paths: list[str]) -> None:
        self._close_progress()
        self.wait()
        path = Path(paths[0])
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Export finished"),
                          plain(self.tr("Wrote {name}").format(name=path.name)),
                          parent=self.window)
        box.setInformativeText(plain(self.tr("in {folder}").format(folder=path.parent)))
        opener = box.addButton(self.tr("Open"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Close)
        opener.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))
        self._show(box)
        self.done.emit(paths)

    @Slot(str)
    def _failed(self, message: str) -> None:
        self._close_progress()
        self.wait()
        # the title in the interface's language; the one-line reason as the export wrote it (a file, a template, a
        # brand file: technical detail, never parsed back from English)
        self._show(QMessageBox(QMessageBox.Icon.Warning, self.tr("Export failed"), plain(message), parent=self.window))
        self.failed.emit(message)

    def _show(self, box: QMessageBox) -> None:
        self.message = box
        box.open()  # window-modal but not blocking: the window stays responsive
