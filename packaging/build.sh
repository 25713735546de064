#!/usr/bin/env bash
# Build the standalone Linux bundle: dist/gpu-node-designer/{gpu-designer,gpu-designer-cli,...}
# and check it: the frozen app renders --screenshot offscreen, the frozen CLI validates a template.
#   packaging/build.sh            build and smoke-test
#   packaging/build.sh --no-smoke build only
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PY" ] || { python3 -m venv .venv && PY="$ROOT/.venv/bin/python"; "$PY" -m pip install -q -c constraints.txt -e .; }
"$PY" -m pip install -q -c constraints.txt -e ".[packaging]"

export QT_QPA_PLATFORM=offscreen
mkdir -p build
"$PY" packaging/make_icons.py build/icons
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
    packaging/gpu-node-designer.spec

BUNDLE="$ROOT/dist/gpu-node-designer"
mkdir -p "$BUNDLE/share/applications" "$BUNDLE/share/metainfo" "$BUNDLE/share/icons"
cp packaging/linux/io.github.gpu_node_designer.desktop "$BUNDLE/share/applications/"
cp packaging/linux/io.github.gpu_node_designer.metainfo.xml "$BUNDLE/share/metainfo/"
cp -r build/icons/hicolor "$BUNDLE/share/icons/"
echo "bundle: $BUNDLE ($(du -sh "$BUNDLE" | cut -f1))"

if [ "${1:-}" != "--no-smoke" ]; then
  out="$(mktemp -d)"
  "$BUNDLE/gpu-designer-cli" --version
  "$BUNDLE/gpu-designer-cli" validate dgx-h100 --severity warning
  "$BUNDLE/gpu-designer-cli" export amd-mi300x --pdf "$out/sheet.pdf" >/dev/null
  "$BUNDLE/gpu-designer-cli" info "$out/sheet.pdf" >/dev/null
  "$BUNDLE/gpu-designer" --screenshot "$out/frozen.png" --size 1200x800 dgx-b200
  "$PY" - "$out/frozen.png" <<'PYEOF'
import sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000, "frozen screenshot is not a real PNG"
print(f"frozen app screenshot: {len(data)} bytes")
PYEOF
  echo "smoke test passed"
fi
