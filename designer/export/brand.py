"""Branding for documents: company name, logo (SVG or PNG), contact line, colour, disclaimer.

A JSON file: the per-user one (`user_brand_path()`, edited in the app's Preferences > Branding) or any file
given with `--brand FILE`. The logo path is relative to the brand file (or absolute). Everything here is user
text and reaches the documents as data only.
"""

from __future__ import annotations

import base64
import json
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from designer.core.errors import DesignerError, first_error, one_line
from designer.io.files import atomic_write_bytes

MAX_LOGO_BYTES = 2_000_000
MAX_BRAND_FILE_BYTES = 100_000
DEFAULT_COLOUR = "#1a5e8a"


class Brand(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    company: Annotated[str, Field(max_length=120)] = ""
    contact: Annotated[str, Field(max_length=300)] = ""
    colour: str = DEFAULT_COLOUR
    disclaimer: Annotated[str, Field(max_length=2000)] = ""
    logo: Annotated[str, Field(max_length=1000)] = ""  # SVG or PNG file, relative to the brand file
    # Documents' numbers start with it (designer.export.doc_number): capitals, digits and hyphens
    document_prefix: Annotated[str, Field(pattern=r"^[A-Z0-9][A-Z0-9-]{0,11}$")] = "GND"
    # How long the prices a document states are offered for, in days from its date; None: not an offer
    quote_validity_days: Annotated[int, Field(ge=1, le=365)] | None = None

    @field_validator("colour")
    @classmethod
    def _hex_colour(cls, value: str) -> str:
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            raise ValueError(f"must be #rrggbb, like {DEFAULT_COLOUR}")
        return value


def user_brand_path() -> Path:
    from platformdirs import user_config_dir  # noqa: PLC0415

    return Path(user_config_dir("gpu-node-designer", appauthor=False)) / "brand.json"


def load_brand(path: Path) -> Brand:
    """Read a brand file; any problem is a one-line DesignerError naming the file and the field."""
    name = one_line(str(path))
    try:
        if path.stat().st_size > MAX_BRAND_FILE_BYTES:
            raise DesignerError(f"{name}: a brand file is at most {MAX_BRAND_FILE_BYTES} bytes")
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DesignerError(f"{name}: cannot read the brand file ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DesignerError(f"{name}: not a JSON brand file ({one_line(str(exc))})") from None
    try:
        brand = Brand.model_validate(raw)
    except ValidationError as exc:
        where, msg = first_error(exc, "file")
        raise DesignerError(f"{name}: {where}: {one_line(msg)}") from None
    if brand.logo and not Path(brand.logo).is_absolute():
        brand = brand.model_copy(update={"logo": str((path.parent / brand.logo).resolve())})
    return brand


def save_brand(brand: Brand, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, (json.dumps(brand.model_dump(), indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def default_brand() -> Brand:
    """The user's brand file when there is one (a broken one is reported, not ignored), else no branding."""
    path = user_brand_path()
    return load_brand(path) if path.is_file() else Brand()


def _png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def logo_svg(brand: Brand) -> str | None:
    """The logo as SVG text (a PNG is wrapped as an embedded image), or None without a logo."""
    if not brand.logo:
        return None
    path = Path(brand.logo)
    name = one_line(path.name)
    try:
        data = path.read_bytes()[: MAX_LOGO_BYTES + 1]
    except OSError as exc:
        raise DesignerError(f"logo {name}: cannot read ({exc.strerror or exc})") from None
    if len(data) > MAX_LOGO_BYTES:
        raise DesignerError(f"logo {name}: larger than {MAX_LOGO_BYTES} bytes")
    try:
        if path.suffix.lower() == ".png":
            w, h = _png_size(data)
            b64 = base64.b64encode(data).decode("ascii")
            return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
                    f'<image width="{w}" height="{h}" href="data:image/png;base64,{b64}"/></svg>')
        if path.suffix.lower() == ".svg":
            text = data.decode("utf-8")
            if not ET.fromstring(text).tag.endswith("svg"):
                raise ValueError("the root element is not <svg>")
            return text
    except (ValueError, ET.ParseError, struct.error) as exc:
        raise DesignerError(f"logo {name}: {one_line(str(exc))}") from None
    raise DesignerError(f"logo {name}: use an .svg or .png file")


def document_fields(brand: Brand | None) -> dict[str, Any]:
    """The brand as every document template reads it (company, contact, colour, disclaimer, the logo as SVG);
    without a brand, empty fields and no logo."""
    b = brand or Brand()
    return {"company": b.company if brand else "", "contact": b.contact if brand else "", "colour": b.colour,
            "disclaimer": b.disclaimer if brand else "", "logo_svg": logo_svg(b) if brand else None}
