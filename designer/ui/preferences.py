"""Preferences: theme, autosave interval, default paper size, how bandwidths are shown.

Branding for spec sheets has its own dialog (Edit > Branding for Spec Sheets), stored in the per-user brand file.

Stored in the app's QSettings; every value is checked when read, so a hand-edited or old settings file
falls back to the default instead of breaking the window.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from designer.ui.theme import THEMES

AUTOSAVE_RANGE_S = (10, 3600)
PAPERS = ("a4", "letter")
BANDWIDTH_VIEWS = ("per_direction", "bidirectional")


class Preferences:
    """Typed access to the preference keys of a QSettings store."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def _choice(self, key: str, choices: tuple[str, ...]) -> str:
        value = str(self.settings.value(f"prefs/{key}", choices[0]))
        return value if value in choices else choices[0]

    @property
    def theme(self) -> str:
        return self._choice("theme", THEMES)

    @property
    def paper(self) -> str:
        return self._choice("paper", PAPERS)

    @property
    def bandwidth(self) -> str:
        return self._choice("bandwidth", BANDWIDTH_VIEWS)

    @property
    def autosave_s(self) -> int:
        try:
            value = int(str(self.settings.value("prefs/autosave_s", 30)))
        except (TypeError, ValueError):
            return 30
        low, high = AUTOSAVE_RANGE_S
        return max(low, min(high, value))

    def set(self, **values: object) -> None:
        for key, value in values.items():
            self.settings.setValue(f"prefs/{key}", value)


class PreferencesDialog(QDialog):
    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.prefs = prefs
        self.theme = self._combo({"system": "Follow the system", "light": "Light", "dark": "Dark"}, prefs.theme)
        self.bandwidth = self._combo({"per_direction": "Per direction (as NVIDIA and nccl-tests quote links)",
                                      "bidirectional": "Bidirectional (both directions added)"}, prefs.bandwidth)
        self.paper = self._combo({"a4": "A4", "letter": "US Letter"}, prefs.paper)
        self.autosave = QSpinBox()
        self.autosave.setRange(*AUTOSAVE_RANGE_S)
        self.autosave.setSuffix(" s")
        self.autosave.setValue(prefs.autosave_s)
        form = QFormLayout(self)
        form.addRow("Theme", self.theme)
        form.addRow("Bandwidth shown", self.bandwidth)
        form.addRow("Autosave unsaved work every", self.autosave)
        form.addRow("Default paper size", self.paper)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    @staticmethod
    def _combo(choices: dict[str, str], current: str) -> QComboBox:
        combo = QComboBox()
        for value, text in choices.items():
            combo.addItem(text, value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        return combo

    def apply(self) -> None:
        self.prefs.set(theme=self.theme.currentData(), bandwidth=self.bandwidth.currentData(),
                       paper=self.paper.currentData(), autosave_s=self.autosave.value())
