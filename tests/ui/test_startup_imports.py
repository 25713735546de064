"""Issue 25 item 5: the first paint loads only what it draws. A structural check in a fresh interpreter: the main
window built, shown and painted has not imported the packages that only later windows and tabs need (the time
this saves is measured by benchmarks/bench_startup.py, never here)."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

LATER = ("matplotlib", "dask", "distributed", "scipy", "typst", "designer.cluster", "designer.compare",
         "designer.cost", "designer.sweep", "designer.asbuilt", "designer.ui.cluster.window",
         "designer.ui.compare_window", "designer.ui.gallery", "designer.ui.branding_dialog")

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_startup.py"


def first_paint_script() -> str:
    """bench_startup.py's start of the app (to the grab of the shown window), then the modules it loaded."""
    spec = importlib.util.spec_from_file_location("bench_startup", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.APP + "\nimport json\nprint(json.dumps(sorted(sys.modules)))\n"


def test_the_first_paint_does_not_import_what_only_later_windows_need(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path),
           "GPU_DESIGNER_STATE_DIR": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-c", first_paint_script(), "0"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    early = [m for m in loaded if any(m == name or m.startswith(name + ".") for name in LATER)]
    assert early == []
    assert "designer.ui.main_window" in loaded and "networkx" in loaded  # the check sees what was imported
