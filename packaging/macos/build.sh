#!/usr/bin/env bash
# macOS recipe (not run in CI here): builds "dist/GPU Node Designer.app" (plus the CLI in dist/gpu-node-designer).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -m venv .venv && .venv/bin/pip install -e . "pyinstaller>=6.5"
export QT_QPA_PLATFORM=offscreen
.venv/bin/python packaging/make_icons.py build/icons   # build/icons/gpu-node-designer.icns (Qt's icns writer;
# alternatively: iconutil -c icns on an .iconset made from build/icons/hicolor/*)
.venv/bin/python -m PyInstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller packaging/gpu-node-designer.spec
dist/gpu-node-designer/gpu-designer-cli validate dgx-h100 --severity warning
# Signing and notarisation: codesign --deep -s "Developer ID Application: ..." "dist/GPU Node Designer.app"
