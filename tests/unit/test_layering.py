import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_hold():
    """The layers in pyproject.toml (import-linter): no Qt below designer.ui, no upward imports."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken" in result.stdout


def test_core_packages_import_without_qt():
    code = (
        "import sys, pkgutil, importlib, designer\n"
        "for m in pkgutil.walk_packages(designer.__path__, 'designer.'):\n"
        "    if not m.name.startswith(('designer.ui', 'designer.__main__')):\n"
        "        importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
        "print(bad)\n"
        "raise SystemExit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
