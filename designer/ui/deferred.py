"""What the main window opens on demand: windows and dialogs whose modules (matplotlib, Dask, the cluster, compare
and as-built packages) the first paint does not need, imported when first used (issue 25 item 5; measured by
benchmarks/bench_startup.py, and tests/ui/test_startup_imports.py keeps them out of the first paint)."""

from __future__ import annotations

from typing import Any

# The window is the MainWindow (not imported here: it imports this module).
Window = Any


def compare(window: Window) -> None:
    from designer.ui.compare_window import show_compare  # noqa: PLC0415 (matplotlib: only when opened)

    show_compare(window, window.document)


def sweep(window: Window) -> None:
    from designer.ui.sweep_window import show_sweep  # noqa: PLC0415 (matplotlib and Dask: only when opened)

    window.sweep_window = show_sweep(window, window.document.catalog)
    window.sweep_window.plan_requested.connect(window.clusters.new_plan)  # a clicked design opens as a plan
    window.sweep_window.price_book.setText(str(window.prefs.price_book or ""))  # the Preferences price book


def changes_since_saved(window: Window) -> None:
    from designer.ui.changes_view import show_changes  # noqa: PLC0415 (compare and matplotlib: only when opened)

    show_changes(window, window.document)


def present(window: Window) -> None:
    from designer.ui.present import PresentWindow  # noqa: PLC0415

    window.presenter = PresentWindow(window.document.design, window.catalog, window)
    screen = window.screen()
    if screen is not None:
        window.presenter.setGeometry(screen.geometry())  # the whole screen even where no window manager obeys
    window.presenter.showFullScreen()
    window.presenter.activateWindow()
    window.presenter.setFocus()


def new_design(window: Window) -> None:
    from designer.ui.gallery import TemplateGallery  # noqa: PLC0415 (thumbnails and the compare package)

    gallery = TemplateGallery(window.catalog, window, window.document.design.chassis)
    chosen = gallery.chosen() if gallery.exec() else None
    if chosen:
        window.files.new_from_template(chosen, gallery.chosen_chassis())


def new_blank(window: Window) -> None:
    """File > New: an empty chassis, chosen from the catalog's chassis (the open design's first)."""
    from PySide6.QtWidgets import QInputDialog  # noqa: PLC0415

    chassis = sorted((p for p in window.catalog.parts.values() if p.kind == "chassis"), key=lambda p: p.name)
    names = [p.name for p in chassis]
    current = next((i for i, p in enumerate(chassis) if p.id == window.document.design.chassis), 0)
    name, ok = QInputDialog.getItem(window, window.tr("New blank design"), window.tr("Chassis:"), names, current,
                                    False)
    if ok and name in names:
        window.files.new_from_template("blank", chassis[names.index(name)].id)


def import_topology(window: Window) -> None:
    from designer.ui.topology_import import import_dialog  # noqa: PLC0415 (the as-built package)

    import_dialog(window, window.files)


def open_dropped(window: Window, paths: list[str]) -> None:
    from designer.ui.topology_import import open_dropped as open_files  # noqa: PLC0415 (the as-built package)

    open_files(window, window.files, paths)


def branding(window: Window) -> None:
    from designer.ui.branding_dialog import BrandingDialog  # noqa: PLC0415 (the export package's brand)

    BrandingDialog(window).open()
