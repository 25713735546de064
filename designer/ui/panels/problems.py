"""Problems: rule violations grouped by rule, with severity icons; click to locate; waive from the menu."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QMenu, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.core import i18n
from designer.core.locale import render
from designer.rules import Report, Violation
from designer.ui import text_dialog
from designer.ui.qt_items import children, top_items
from designer.ui.style import severity_icon
from designer.ui.text import plain

VIOLATION_ROLE = Qt.ItemDataRole.UserRole


def group_state(violations: list[Violation]) -> str:
    """A rule's line: its worst finding still in force, or "waived" when every finding is waived."""
    active = [v.severity.value for v in violations if not v.waived]
    return next((s for s in ("error", "warning", "info") if s in active), "waived")


class ProblemsPanel(QWidget):
    locate = Signal(list)  # ids to select and centre
    waive = Signal(str, tuple, str)  # rule, ids, reason
    unwaive = Signal(object)  # Violation

    def __init__(self) -> None:
        super().__init__()
        self.summary = QLabel()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Problem"), self.tr("Items")])
        self.tree.setColumnWidth(0, 760)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        self.tree.itemClicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree)
        self.report: Report | None = None

    def show_report(self, report: Report) -> None:
        self.report = report
        self.tree.clear()
        for rule_id, violations in report.by_rule().items():
            worst = group_state(violations)
            title = i18n.rule_title(rule_id, violations[0].title)
            group = QTreeWidgetItem(self.tree, [f"{rule_id}: {title} \u2014 {self.outcome(violations, worst)}"])
            group.setIcon(0, severity_icon(worst))  # the state the line states, not the rule's default severity
            for v in violations:
                message, fix = render(v.text), render(v.hint)
                waived = self.tr("  [waived: {reason}]").format(reason=v.waiver_reason)
                text = message + (waived if v.waived else "")
                item = QTreeWidgetItem(group, [text, ", ".join(v.ids)])
                item.setIcon(0, severity_icon("waived" if v.waived else v.severity.value))
                item.setData(0, VIOLATION_ROLE, v)
                item.setToolTip(0, plain(self.tr("{message}\nfix: {fix}").format(message=message, fix=fix)
                                         if v.fix else message))
                if v.waived:
                    font = item.font(0)
                    font.setItalic(True)
                    item.setFont(0, font)
            group.setExpanded(worst != "info")
        counts = " ".join(i18n.severity_count(report.count(s), s.value) for s in report.severities)
        self.summary.setText(self.tr("{counts}, {waived} waived; {rules} rules").format(
            counts=counts, waived=len(report.waived), rules=len(report.rules_run)))

    def outcome(self, violations: list[Violation], state: str) -> str:
        """What a rule's line says about it, in words that agree with its icon: a rule title states what should
        hold ("PSU redundancy policy met"), so the line says whether it failed."""
        active = [v for v in violations if not v.waived]
        if state == "waived":
            return self.tr("waived ({count})").format(count=len(violations))
        counts = i18n.severity_count(sum(1 for v in active if v.severity.value == state), state)
        if state == "error":
            return self.tr("not met: {counts}").format(counts=counts)
        if state == "warning":
            return self.tr("check warns: {counts}").format(counts=counts)
        return counts

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        v: Violation | None = item.data(0, VIOLATION_ROLE)
        if v is not None and v.ids:
            self.locate.emit(list(v.ids))

    def violation_items(self) -> list[QTreeWidgetItem]:
        return [child for group in top_items(self.tree) for child in children(group)]

    def _menu(self, pos) -> None:
        item = self.tree.itemAt(pos)
        v: Violation | None = item.data(0, VIOLATION_ROLE) if item else None
        if v is None:
            return
        menu = QMenu(self)
        if v.waived:
            menu.addAction(self.tr("Remove waiver"), lambda: self.unwaive.emit(v))
        else:
            menu.addAction(self.tr("Waive..."), lambda: self.ask_waiver(v))
        if v.ids:
            menu.addAction(self.tr("Locate on canvas"), lambda: self.locate.emit(list(v.ids)))
        menu.exec(self.tree.viewport().mapToGlobal(pos))

    def ask_waiver(self, v: Violation) -> None:
        question = self.tr("Why is this acceptable?\n{message}").format(message=render(v.text))
        reason, ok = text_dialog.ask_text(self, self.tr("Waive violation"), plain(question))
        if ok and reason.strip():
            self.waive.emit(v.rule, v.ids, reason.strip())
