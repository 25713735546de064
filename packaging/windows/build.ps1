# Windows recipe (not run in CI here): builds dist\gpu-node-designer\gpu-designer.exe and gpu-designer-cli.exe.
# Requires Python 3.11+ on PATH. Run from the repository root:  powershell -File packaging\windows\build.ps1
$ErrorActionPreference = "Stop"
python -m venv .venv
.venv\Scripts\python -m pip install -e . "pyinstaller>=6.5"
$env:QT_QPA_PLATFORM = "offscreen"
.venv\Scripts\python packaging\make_icons.py build\icons          # writes build\icons\gpu-node-designer.ico
.venv\Scripts\python -m PyInstaller --noconfirm --clean --distpath dist --workpath build\pyinstaller packaging\gpu-node-designer.spec
dist\gpu-node-designer\gpu-designer-cli.exe validate dgx-h100 --severity warning
dist\gpu-node-designer\gpu-designer.exe --screenshot build\frozen.png --size 1200x800
# Optional installer: wrap dist\gpu-node-designer with Inno Setup or WiX; the .ico above is the app icon.
