"""Render the cluster window's pictures in docs/screenshots/ (offscreen, 1600x1000):
`QT_QPA_PLATFORM=offscreen python packaging/cluster_screenshots.py [FOLDER]`.

Two 1,024-GPU plans as `gpu-designer-cli cluster new --node NODE --gpus 1024 --feed 415,80,3` makes them: the
DGX H100 one on its rack rows with Problems, and on its fabric view with the BOM; the MI300X one on its rack
rows with the Power tab.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from designer.cluster.document import PlanDocument  # noqa: E402
from designer.cluster.plan import ClusterPlan, Feed, NodeRef, Site  # noqa: E402
from designer.model.catalog import default_catalog  # noqa: E402
from designer.ui.cluster.window import ClusterWindow  # noqa: E402

SHOTS = (("cluster-dgx-h100-racks.png", "dgx-h100", 0, 0), ("cluster-dgx-h100-fabric.png", "dgx-h100", 1, 1),
         ("cluster-amd-mi300x-racks.png", "amd-mi300x", 0, 2))  # file, node, centre tab, bottom tab


def render(app: QApplication, template: str, centre: int, bottom: int, out: Path) -> None:
    catalog = default_catalog()
    plan = ClusterPlan(name=f"{template} 1,024-GPU cluster", node=NodeRef(template=template), gpus=1024,
                       site=Site(feed=Feed(amps=80)))
    window = ClusterWindow(PlanDocument(plan, catalog), catalog)
    window.resize(1600, 1000)
    window.show()
    while window.analysis is None:
        app.processEvents()
    window.center.setCurrentIndex(centre)
    window.bottom.setCurrentIndex(bottom)
    app.processEvents()
    window.grab().save(str(out))
    window.close()


def main() -> None:
    app = QApplication.instance() or QApplication([])
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs" / "screenshots"
    for name, template, centre, bottom in SHOTS:
        render(app, template, centre, bottom, folder / name)
        print(folder / name)


if __name__ == "__main__":
    main()
