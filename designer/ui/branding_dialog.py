"""Preferences > Branding: the per-user brand file the spec sheet and the slide use (company, logo, contact,
colour, disclaimer). Validation is the brand model's; a problem shows in the dialog and nothing is saved."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from designer.core.errors import DesignerError, first_error
from designer.export.brand import Brand, default_brand, logo_svg, save_brand, user_brand_path
from designer.ui.text import plain


class BrandingDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, path: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences: Branding"))
        self.path = path or user_brand_path()
        self.company, self.contact, self.colour, self.logo = QLineEdit(), QLineEdit(), QLineEdit(), QLineEdit()
        self.disclaimer = QPlainTextEdit()
        self.prefix = QLineEdit()
        self.validity = QSpinBox()
        self.validity.setRange(0, 365)
        self.validity.setSpecialValueText(self.tr("not an offer"))  # 0: the prices are for planning
        self.validity.setSuffix(self.tr(" days"))
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self._layout()
        self._load()

    def _layout(self) -> None:
        form = QFormLayout(self)
        where = self.tr("Used by PDF spec sheets and slides. Saved to {path}").format(path=self.path)
        form.addRow(QLabel(plain(where)))
        form.addRow(self.tr("Company"), self.company)
        form.addRow(self.tr("Contact line"), self.contact)
        form.addRow(self.tr("Colour (#rrggbb)"),
                    self._with_button(self.colour, self.tr("Choose..."), self._pick_colour))
        form.addRow(self.tr("Logo (SVG or PNG)"), self._with_button(self.logo, self.tr("Browse..."), self._pick_logo))
        form.addRow(self.tr("Disclaimer"), self.disclaimer)
        form.addRow(self.tr("Document number prefix"), self.prefix)
        form.addRow(self.tr("Prices valid for"), self.validity)
        form.addRow(self.error)
        form.addRow(self.buttons)

    @staticmethod
    def _with_button(field: QLineEdit, text: str, slot) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        button = QPushButton(text)
        button.clicked.connect(slot)
        layout.addWidget(field)
        layout.addWidget(button)
        return row

    def _load(self) -> None:
        try:
            brand = default_brand() if self.path == user_brand_path() else Brand()
        except DesignerError as exc:
            brand = Brand()
            self.error.setText(plain(self.tr("The saved branding could not be read: {error}").format(error=exc)))
        self.company.setText(brand.company)
        self.contact.setText(brand.contact)
        self.colour.setText(brand.colour)
        self.logo.setText(brand.logo)
        self.disclaimer.setPlainText(brand.disclaimer)
        self.prefix.setText(brand.document_prefix)
        self.validity.setValue(brand.quote_validity_days or 0)

    def brand(self) -> Brand:
        return Brand(company=self.company.text(), contact=self.contact.text(), colour=self.colour.text().strip(),
                     logo=self.logo.text().strip(), disclaimer=self.disclaimer.toPlainText(),
                     document_prefix=self.prefix.text().strip() or "GND",
                     quote_validity_days=self.validity.value() or None)

    def save(self) -> None:
        try:
            brand = self.brand()
            logo_svg(brand)  # a logo that cannot be used is refused now, not at the next export
            save_brand(brand, self.path)
        except ValidationError as exc:
            where, msg = first_error(exc)
            self.error.setText(plain(f"{where}: {msg}"))
            return
        except (DesignerError, OSError) as exc:
            self.error.setText(plain(str(exc)))
            return
        self.accept()

    def _pick_colour(self) -> None:
        colour = QColorDialog.getColor(QColor(self.colour.text()), self, self.tr("Brand colour"))
        if colour.isValid():
            self.colour.setText(colour.name())

    def _pick_logo(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Logo"), self.logo.text(),
                                              self.tr("Logos (*.svg *.png)"))
        if path:
            self.logo.setText(path)
