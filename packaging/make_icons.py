"""Render the app icon from resources/icons/gpu-node-designer.svg into every size each platform needs.

Linux: PNG 16-512 (hicolor theme); Windows: a multi-size .ico; macOS: an .icns. Run offscreen:
    QT_QPA_PLATFORM=offscreen python packaging/make_icons.py OUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "resources" / "icons" / "gpu-node-designer.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main(out: Path) -> int:
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (needed for font/image plugins)
    renderer = QSvgRenderer(QByteArray(SOURCE.read_bytes()))
    for size in PNG_SIZES:
        folder = out / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        render(renderer, size).save(str(folder / "gpu-node-designer.png"))
    for fmt, size in (("ico", 256), ("icns", 512)):
        writer = QImageWriter(str(out / f"gpu-node-designer.{fmt}"), fmt.encode())
        if not writer.write(render(renderer, size)):
            print(f"warning: {fmt}: {writer.errorString()}", file=sys.stderr)
    print(f"icons written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"))
