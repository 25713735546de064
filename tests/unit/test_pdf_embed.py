"""A hostile PDF: the attached design inflates past the PDF reader's limit -> one line, exit 2."""

import subprocess
import sys

import pytest

from designer.core.errors import DesignFileError
from designer.io.files import load_design


def test_an_inflating_attachment_is_a_bad_file_not_an_internal_error(tmp_path, catalog, inflating_pdf):
    bomb = tmp_path / "bomb.pdf"
    inflating_pdf(bomb)
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(DesignFileError, match="size limit"):
        load_design(bomb, catalog)
    run = subprocess.run([sys.executable, "-m", "designer.cli.main", "info", str(bomb)], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "size limit" in run.stderr and "Traceback" not in run.stderr
