"""Fonts for exports: DejaVu Sans for Latin text, a CJK font for Chinese/Japanese names and notes.

The CJK glyphs come from a system font: on Debian/Ubuntu `fonts-noto-cjk` (Noto Sans CJK, Regular and Bold,
installed by .ci/run) or `fonts-wqy-zenhei` (WenQuanYi Zen Hei, one weight). matplotlib falls back glyph by
glyph through the family list.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from matplotlib import font_manager

# WenQuanYi Zen Hei (the fallback) has one weight; matplotlib would log a line for every bold CJK string.
logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)

CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans CJK JP", "WenQuanYi Zen Hei", "Source Han Sans SC", "SimHei",
                "Microsoft YaHei", "PingFang SC")
FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", str(Path.home() / ".local/share/fonts"),
             "/System/Library/Fonts", "C:/Windows/Fonts")
CJK_FILE_HINTS = ("wqy", "notosanscjk", "noto-cjk", "sourcehansans", "simhei", "msyh", "pingfang")


@cache
def cjk_family() -> str | None:
    """The first CJK family matplotlib can use, registering system font files it has not indexed yet."""
    known = {f.name for f in font_manager.fontManager.ttflist}
    for name in CJK_FAMILIES:
        if name in known:
            return name
    for folder in FONT_DIRS:
        root = Path(folder)
        if not root.is_dir():
            continue
        for path in root.rglob("*"):
            if path.suffix.lower() in (".ttf", ".ttc", ".otf") and any(h in path.name.lower().replace("_", "")
                                                                       for h in CJK_FILE_HINTS):
                try:
                    font_manager.fontManager.addfont(str(path))
                except (OSError, RuntimeError):
                    continue
    known = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in CJK_FAMILIES if name in known), None)


def export_rc() -> dict:
    """matplotlib settings for exports: TrueType (Type 42) fonts, so PDF text is real, selectable text."""
    families = ["DejaVu Sans"] + ([cjk_family()] if cjk_family() else [])
    return {"font.family": families, "pdf.fonttype": 42, "svg.fonttype": "none", "axes.unicode_minus": False}
