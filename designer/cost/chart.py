"""The cost breakdown as a picture: capital by category and the yearly cost by term, side by side (US$
million), estimates said in the title. A matplotlib Figure, for the app's Cost tab and for documents."""

from __future__ import annotations

from typing import Any

LABELS = {"capital": "Capital by category (US$ million)", "yearly": "Yearly cost by term (US$ million)",
          "estimated": "estimated: prices from the price book's estimates"}


def draw_cost(fig: Any, cost: dict, labels: dict[str, str] | None = None,
              names: dict[str, str] | None = None) -> None:
    """Two horizontal bar charts from a `cost_summary` dict; `names` translates category and term keys."""
    t, n = LABELS | (labels or {}), names or {}
    fig.clear()
    for i, (key, title) in enumerate((("capital_by_category_usd", t["capital"]), ("yearly", t["yearly"]))):
        ax = fig.add_subplot(1, 2, i + 1)
        items = sorted(cost[key].items(), key=lambda kv: kv[1])
        ax.barh([n.get(k, k.replace("_", " ")) for k, _ in items], [v / 1e6 for _, v in items], color="#3f6fb5")
        for y, (_, v) in enumerate(items):
            ax.text(v / 1e6, y, f" {v / 1e6:,.2f}", va="center", fontsize=7)
        ax.set_title(title, fontsize=9)
        ax.tick_params(labelsize=7)
        ax.margins(x=0.25)
    if cost.get("capital_estimated"):
        fig.suptitle(t["estimated"], fontsize=8, color="0.35")
