"""Vector drawings for documents as plain data: a list of shapes in points, drawn by the template.

matplotlib takes about a second for the sheet's four figures; laying them out here and letting Typst draw the
shapes takes milliseconds, and every label is real text at a size chosen here (never below MIN_TEXT_PT).
Shapes: rect, line (straight or one quadratic bend), polyline, marker, text. Text is user data like any
other string: the template prints it, never evaluates it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

MIN_TEXT_PT = 6.0
Point = tuple[float, float]


@dataclass
class Canvas:
    width: float
    height: float
    shapes: list[dict[str, Any]] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             thickness: float = 0.5, radius: float = 0.0) -> None:
        self.shapes.append({"type": "rect", "x": x, "y": y, "w": w, "h": h, "fill": fill, "stroke": stroke,
                            "thickness": thickness, "radius": radius})

    def line(self, a: Point, b: Point, color: str, thickness: float = 0.6, dash: str = "solid",
             bend: Point | None = None) -> None:
        self.shapes.append({"type": "line", "a": list(a), "b": list(b), "bend": list(bend) if bend else None,
                            "color": color, "thickness": thickness, "dash": dash})

    def polyline(self, points: list[Point], color: str, thickness: float = 0.9, dash: str = "solid") -> None:
        self.shapes.append({"type": "polyline", "points": [list(p) for p in points], "color": color,
                            "thickness": thickness, "dash": dash})

    def marker(self, at: Point, shape: str, color: str, size: float = 3.2) -> None:
        self.shapes.append({"type": "marker", "at": list(at), "shape": shape, "color": color, "size": size})

    def text(self, at: Point, body: str, size: float = 7.0, anchor: str = "center", color: str = "#222222",
             bold: bool = False, rotate: bool = False, width: float = 200.0, background: str | None = None) -> None:
        """`anchor` is horizontal (left, center, right); `at` is the middle of the line vertically."""
        self.shapes.append({"type": "text", "at": list(at), "body": body, "size": max(MIN_TEXT_PT, size),
                            "anchor": anchor, "color": color, "bold": bold, "rotate": rotate, "width": width,
                            "background": background})

    def as_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "shapes": self.shapes}


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least `top`."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(s * mag for s in (1, 2, 2.5, 5, 10) if s * mag >= raw)
    return [i * step for i in range(int(math.ceil(top / step - 1e-9)) + 1)]


def tick_label(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 or value == int(value) else f"{value:g}"
