"""The cluster sheet typeset on a worker thread (Typst and the cross-tier simulations take about a second for
a large plan); the window is told in one line when it is written or why it was not."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QThread, Signal

from designer.cluster.build import ClusterModel
from designer.core.errors import DesignerError, one_line


class PdfJob(QThread):
    done = Signal(str)  # one line for the status bar

    def __init__(self, model: ClusterModel, path: Path, lang: str) -> None:
        super().__init__()
        self.model, self.path, self.lang = model, path, lang

    def run(self) -> None:
        from designer.export.brand import default_brand  # noqa: PLC0415 (export modules load on first export)
        from designer.export.cluster_pdf import export_cluster  # noqa: PLC0415
        from designer.workload.summary import what_it_trains  # noqa: PLC0415

        try:
            export_cluster(self.model, {"pdf": self.path}, self.lang, default_brand(), what_it_trains(self.model))
        except DesignerError as exc:
            self.done.emit(self.tr("Not written: {reason}").format(reason=str(exc)))
        except OSError as exc:
            self.done.emit(self.tr("Cannot write {file}: {reason}").format(
                file=one_line(self.path.name), reason=one_line(exc.strerror or str(exc))))
        except Exception as exc:  # noqa: BLE001 (a worker thread reports; it must not die silently)
            self.done.emit(self.tr("Internal error: {kind}: {reason}").format(
                kind=exc.__class__.__name__, reason=one_line(str(exc))))
        else:
            self.done.emit(self.tr("Wrote {file}").format(file=one_line(str(self.path))))
