"""Typed walks over Qt item views (the bindings declare every item accessor as possibly None)."""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem


def top_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    items = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
    return [item for item in items if item is not None]


def children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    kids = (item.child(j) for j in range(item.childCount()))
    return [kid for kid in kids if kid is not None]
