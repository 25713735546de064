"""Start the app: `gpu-designer [FILE] [--screenshot OUT.png [--size WxH]]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from designer import __version__
from designer.core.errors import DesignerError
from designer.document.document import Document
from designer.io.files import load_design
from designer.model.catalog import default_catalog
from designer.templates import TEMPLATES, build_template
from designer.ui.i18n import chosen_language, install_translators
from designer.ui.text import plain

DEFAULT_TEMPLATE = "dgx-h100"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gpu-designer", description="GPU Node Designer")
    parser.add_argument("design", nargs="?", help="design file (.json or exported .pdf) or template id")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the window to a PNG and exit")
    parser.add_argument("--size", default="1600x1000", help="window size for --screenshot (WxH)")
    parser.add_argument("--tab", default="Problems", help="bottom tab to show in the screenshot")
    parser.add_argument("--theme", choices=("system", "light", "dark"),
                        help="colour theme for this run (default: the one chosen in Preferences)")
    parser.add_argument("--lang", help="interface language: en, zh-TW or zh-CN "
                                       "(default: the one chosen in Preferences, else the system's)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser.parse_args(argv)


def open_document(arg: str | None, catalog) -> Document:
    if arg is None:
        return Document(build_template(DEFAULT_TEMPLATE, catalog), catalog)
    if not Path(arg).exists() and arg in TEMPLATES:
        return Document(build_template(arg, catalog), catalog)
    return Document(load_design(arg, catalog), catalog, Path(arg))


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise DesignerError(f"--size must look like 1600x1000, not '{text}'") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise DesignerError("--size must be between 200x200 and 8000x8000")
    return w, h


def screenshot(window, out: Path, size: tuple[int, int], tab: str, app: QApplication) -> int:
    """Show the window, run the analysis, wait (bounded) for the performance worker (or the Workload tab's search),
    grab a PNG."""
    from PySide6.QtCore import QBuffer, QEventLoop, QIODevice  # noqa: PLC0415

    from designer.io.files import atomic_write_bytes  # noqa: PLC0415

    window.resize(*size)
    window.show()
    for i in range(window.bottom.count()):
        names = (window.bottom.tabText(i).replace("&&", "&"), window.bottom.widget(i).objectName())  # shown, English
        if any(name.lower().startswith(tab.lower()) for name in names if name):
            window.bottom.setCurrentIndex(i)
    loop = QEventLoop()
    shown = window.bottom.currentWidget()  # the Workload tab's search, else the performance run
    (shown if shown is window.workload else window.performance).finished.connect(loop.quit)
    QTimer.singleShot(10_000, loop.quit)  # never hang: give the worker ten seconds at most
    window.analyse()
    loop.exec()
    window.view.fit()
    app.processEvents()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    window.grab().save(buffer, "PNG")
    atomic_write_bytes(out, bytes(buffer.data().data()))
    return 0


BENIGN_QT_MESSAGES = (
    "This plugin does not support",  # the offscreen platform (screenshots, tests) lacks window-manager calls
)


def quiet_platform_messages() -> None:
    """Qt's messages go to stderr as before, except the offscreen platform's notes on what it cannot do."""
    from PySide6.QtCore import qInstallMessageHandler  # noqa: PLC0415

    def handler(_mode, _context, message: str) -> None:
        if not message.startswith(BENIGN_QT_MESSAGES):
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def run(argv: list[str]) -> int:
    args = parse_args(argv)
    quiet_platform_messages()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["gpu-designer"])
    app.setApplicationName("GPU Node Designer")
    app.setOrganizationName("gpu-node-designer")
    catalog = default_catalog()
    try:
        from designer.ui.files import app_settings  # noqa: PLC0415 (with the window's modules, after the app)

        lang = chosen_language(args.lang, app_settings())
    except DesignerError as exc:
        sys.stderr.write(f"gpu-designer: error: {exc}\n")
        return 2
    install_translators(app, lang)  # the translators are the app's children: they live as long as it does
    try:
        size = _size(args.size)
        document = open_document(args.design, catalog)
    except DesignerError as exc:
        if args.screenshot:
            sys.stderr.write(f"gpu-designer: error: {exc}\n")
            return 2
        QMessageBox.warning(None, QCoreApplication.translate("Application", "Cannot open design"), plain(exc))
        document = Document(build_template(DEFAULT_TEMPLATE, catalog), catalog)
    from designer.ui.main_window import MainWindow  # noqa: PLC0415

    window = MainWindow(document, catalog)
    window.apply_theme(args.theme)
    install_crash_handler(window, echo=bool(args.screenshot))
    if args.screenshot:
        out = Path(args.screenshot)
        if not out.parent.is_dir():
            sys.stderr.write(f"gpu-designer: error: folder {out.parent} does not exist\n")
            return 2
        return screenshot(window, out, size, args.tab, app)
    window.show()
    window.files.offer_recovery()  # whatever the app was started with: an autosave is never dropped unasked
    for problem in catalog.problems:
        window.say(problem)
    return app.exec()


def install_crash_handler(window, echo: bool = False) -> None:
    """An exception escaping a Qt slot: autosave first, then one line in the status bar; details in a log."""
    import traceback  # noqa: PLC0415

    from designer.ui.files import state_dir  # noqa: PLC0415

    def handler(kind, value, tb) -> None:
        saved = False
        try:
            saved = window.files.autosave()
        except Exception:  # noqa: BLE001 (the handler must never raise)
            saved = False
        log = state_dir() / "crash.log"
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            with log.open("a", encoding="utf-8") as out:
                out.write("".join(traceback.format_exception(kind, value, tb)))
        except OSError:
            pass
        translate = QCoreApplication.translate
        line = (translate("Application", "Internal error ({error}); ").format(error=f"{kind.__name__}: {value}")
                + (translate("Application", "your design was autosaved; ") if saved else "")
                + translate("Application", "details in {log}").format(log=log))
        try:
            window.say(line.replace("\n", " "))
        except RuntimeError:
            echo_line = True
        else:
            echo_line = echo  # a --screenshot run has no one to read the status bar
        if echo_line:
            sys.stderr.write(line.replace("\n", " ") + "\n")

    sys.excepthook = handler
