"""Start the Qt application (placeholder window until the desktop-app issue lands)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from designer import __version__


def run(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication(["gpu-designer", *argv])
    window = QMainWindow()
    window.setWindowTitle(f"GPU Node Designer {__version__}")
    window.setCentralWidget(QLabel("GPU Node Designer: the editor is not built yet; use gpu-designer-cli."))
    window.resize(900, 600)
    window.show()
    return app.exec()
