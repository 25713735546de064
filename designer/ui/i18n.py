"""The interface language: chosen from --lang, else Preferences, else the system locale; Qt's translators.

The window's own strings go through Qt's tr()/QCoreApplication.translate and are looked up in
designer/data/i18n/gpu_designer_<lang>.qm (compiled from resources/i18n/*.ts by
packaging/update_translations.py); Qt's standard buttons and dialogs use Qt's own qtbase_<lang>.qm.
What comes from the Qt-free code (rule messages, field labels) is translated by designer.core.i18n.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from designer.core import i18n

LANGUAGE_CHOICES = ("system", *i18n.LANGUAGES)  # what Preferences offers; "system" follows the locale


def chosen_language(argument: str | None, settings: QSettings | None, system: str | None = None) -> str:
    """--lang wins, then the language picked in Preferences, then the system's locale."""
    if argument:
        return i18n.parse_language(argument)
    picked = str(settings.value("prefs/language", "system")) if settings is not None else "system"
    if picked in i18n.LANGUAGES:
        return picked
    return i18n.normalize(system if system is not None else QLocale.system().name())


def qm_path(lang: str) -> str:
    return str(resources.files("designer") / "data" / "i18n" / f"gpu_designer_{lang}.qm")


def install_translators(app: QCoreApplication, lang: str) -> list[QTranslator]:
    """Load the app's and Qt's translations for `lang` (none for English); the Qt-free layer follows."""
    i18n.set_language(lang)
    installed: list[QTranslator] = []
    if lang == "en":
        return installed
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in ((f"qtbase_{lang}", qt_dir), (f"gpu_designer_{lang}", str(Path(qm_path(lang)).parent))):
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            installed.append(translator)
    QLocale.setDefault(QLocale(lang))
    return installed
