"""The type checker runs over designer/ in the ordinary test run (configuration: [tool.mypy] in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_reports_no_errors_in_designer():
    mypy = Path(sys.executable).with_name("mypy")
    result = subprocess.run([str(mypy), "--no-incremental", "--hide-error-context"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "Success: no issues found" in result.stdout
