"""Preferences: theme, autosave interval, default paper size, how bandwidths are shown.

Branding for spec sheets has its own dialog (Edit > Branding for Spec Sheets), stored in the per-user brand file.

Stored in the app's QSettings; every value is checked when read, so a hand-edited or old settings file
falls back to the default instead of breaking the window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from designer.core.i18n import LANGUAGES
from designer.model.rack_limits import DEFAULT_AIR_W, DEFAULT_LIQUID_W, RackLimits, site_limits
from designer.ui.i18n import LANGUAGE_CHOICES
from designer.ui.theme import THEMES
from designer.ui.wheel_guard import guard_wheel

AUTOSAVE_RANGE_S = (10, 3600)
PAPERS = ("a4", "letter")
BANDWIDTH_VIEWS = ("per_direction", "bidirectional")
RACK_KW_RANGE = (0.0, 2000.0)


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
    def language(self) -> str:
        """'system' (follow the locale) or one of designer.core.i18n.LANGUAGES; used at the next start."""
        return self._choice("language", LANGUAGE_CHOICES)

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

    def _kw(self, key: str) -> float | None:
        """A rack limit in kW (None: the public default); a bad or out-of-range value counts as unset."""
        try:
            value = float(str(self.settings.value(f"prefs/{key}", 0)))
        except (TypeError, ValueError):
            return None
        return value * 1000 if RACK_KW_RANGE[0] < value <= RACK_KW_RANGE[1] else None

    @property
    def rack_limits(self) -> RackLimits:
        """The site's rack limits by cooling kind; the rule check uses them where a design sets none."""
        return site_limits(self._kw("rack_air_kw"), self._kw("rack_liquid_kw"))

    @property
    def price_book(self) -> Path | None:
        """The user's price book file (its entries over the shipped ones), or None for the shipped prices."""
        text = str(self.settings.value("prefs/price_book", "") or "").strip()
        return Path(text) if text else None

    def set(self, **values: object) -> None:
        for key, value in values.items():
            self.settings.setValue(f"prefs/{key}", value)


class PreferencesDialog(QDialog):
    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        self.prefs = prefs
        self.theme = self._combo({"system": self.tr("Follow the system"), "light": self.tr("Light"),
                                  "dark": self.tr("Dark")}, prefs.theme)
        self.language = self._combo({"system": self.tr("Follow the system"), **LANGUAGES}, prefs.language)
        self.bandwidth = self._combo({"per_direction": self.tr("Per direction (as NVIDIA and nccl-tests quote links)"),
                                      "bidirectional": self.tr("Bidirectional (both directions added)")},
                                     prefs.bandwidth)
        self.paper = self._combo({"a4": "A4", "letter": self.tr("US Letter")}, prefs.paper)
        self.autosave = QSpinBox()
        self.autosave.setRange(*AUTOSAVE_RANGE_S)
        self.autosave.setSuffix(self.tr(" s"))
        self.autosave.setValue(prefs.autosave_s)
        self.rack_air = self._kw_spin(prefs.rack_limits.air_w, DEFAULT_AIR_W)
        self.rack_liquid = self._kw_spin(prefs.rack_limits.liquid_w, DEFAULT_LIQUID_W)
        guard_wheel(self.theme, self.language, self.bandwidth, self.paper, self.autosave, self.rack_air,
                    self.rack_liquid)
        form = QFormLayout(self)
        form.addRow(self.tr("Theme"), self.theme)
        form.addRow(self.tr("Language (after a restart)"), self.language)
        form.addRow(self.tr("Bandwidth shown"), self.bandwidth)
        form.addRow(self.tr("Autosave unsaved work every"), self.autosave)
        self.autosave_error = QLabel()  # an out-of-range interval is refused here, never silently replaced
        self.autosave_error.setStyleSheet("color: #d32f2f")
        self.autosave_error.setWordWrap(True)
        self.autosave_error.hide()
        form.addRow("", self.autosave_error)
        form.addRow(self.tr("Default paper size"), self.paper)
        self.rack_air.setToolTip(self.tr("Air-cooled racks: all their heat; liquid-cooled racks: their air share"))
        form.addRow(self.tr("Rack limit, heat to air"), self.rack_air)
        form.addRow(self.tr("Rack limit, heat to liquid"), self.rack_liquid)
        self.price_book = QLineEdit(str(prefs.price_book or ""))
        self.price_book.setPlaceholderText(self.tr("shipped price book"))
        self.price_book.setToolTip(self.tr("A JSON price book whose entries replace the shipped prices (user guide, "
                                           "'Cost of ownership'); empty: the shipped prices"))
        browse = QPushButton(self.tr("Browse..."))
        browse.clicked.connect(self._choose_price_book)
        row = QHBoxLayout()
        row.addWidget(self.price_book, 1)
        row.addWidget(browse)
        form.addRow(self.tr("Price book"), row)
        self.price_book_error = QLabel()  # a book that cannot be used is refused here with the reason
        self.price_book_error.setStyleSheet("color: #d32f2f")
        self.price_book_error.setWordWrap(True)
        self.price_book_error.hide()
        form.addRow("", self.price_book_error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        if not self.autosave.hasAcceptableInput():
            low, high = AUTOSAVE_RANGE_S
            typed = self.autosave.cleanText() or "?"
            self.autosave_error.setText(self.tr("Autosave interval {typed} s is out of range: {low} to {high} s.")
                                        .format(typed=typed, low=low, high=high))
            self.autosave_error.show()
            self.autosave.setFocus()
            return
        book = self.price_book.text().strip()
        if book:
            from designer.core.errors import DesignerError  # noqa: PLC0415
            from designer.cost.prices import load_prices  # noqa: PLC0415

            try:
                load_prices(Path(book))
            except DesignerError as exc:
                self.price_book_error.setText(str(exc))
                self.price_book_error.show()
                self.price_book.setFocus()
                return
        super().accept()

    def _choose_price_book(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Price book"), "", self.tr("Price book (*.json)"))
        if name:
            self.price_book.setText(name)

    @staticmethod
    def _combo(choices: dict[str, str], current: str) -> QComboBox:
        combo = QComboBox()
        for value, text in choices.items():
            combo.addItem(text, value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        return combo

    def _kw_spin(self, value_w: float, default_w: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(*RACK_KW_RANGE)
        spin.setDecimals(1)
        spin.setSuffix(" kW")
        spin.setSpecialValueText(self.tr("public default ({kw} kW)").format(kw=f"{default_w / 1000:g}"))
        spin.setValue(0 if value_w == default_w else value_w / 1000)
        return spin

    def apply(self) -> None:
        self.prefs.set(theme=self.theme.currentData(), language=self.language.currentData(),
                       bandwidth=self.bandwidth.currentData(),
                       paper=self.paper.currentData(), autosave_s=self.autosave.value(),
                       rack_air_kw=self.rack_air.value(), rack_liquid_kw=self.rack_liquid.value(),
                       price_book=self.price_book.text().strip())
