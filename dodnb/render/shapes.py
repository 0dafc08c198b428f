"""Shapes and scenes: what to draw, as plain data, and how a scene writes itself as SVG.

The bottom of the render layer (docs/ARCHITECTURE.md): this module imports nothing from dodnb. The
board scene (`dodnb.render.scene`), charts, overlays, the PNG pictures (`dodnb.render.picture`) and
the canvas widget all build on it; imports inside dodnb.render point one way:
shapes <- scene <- svg, charts, sight_overlay, picture.
Coordinates are screen pixels (floats are fine: this is drawing, not rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union
from xml.sax.saxutils import escape

@dataclass(frozen=True)
class RectShape:
    x: float
    y: float
    w: float
    h: float
    fill: Optional[str] = None
    stroke: Optional[str] = None
    width: float = 1.0
    alpha: float = 1.0
    layer: str = "board"
    tag: Optional[str] = None  # e.g. the square id


@dataclass(frozen=True)
class LineShape:
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: str
    width: float = 1.0
    dash: tuple[float, ...] = ()
    layer: str = "board"
    tag: Optional[str] = None


@dataclass(frozen=True)
class TextShape:
    x: float
    y: float
    text: str
    size: float = 10.0
    fill: str = "#000000"
    anchor: str = "middle"  # start | middle | end
    baseline: str = "middle"  # top | middle | bottom
    bold: bool = False
    layer: str = "board"
    tag: Optional[str] = None
    #: "" the scene's font; "narrow" a condensed one (NARROW_FONT): square ids and store names,
    #: big enough to read from the back of a classroom and still inside their squares
    family: str = ""
    #: where the text must fit (pixels): the canvas squeezes it to this width if its font is wider
    max_width: Optional[float] = None


#: The condensed font of `TextShape(family="narrow")` (Debian's fonts-liberation ships Liberation
#: Sans Narrow; Windows and macOS have Arial Narrow with Office): digits are 0.456 em wide.
NARROW_FONT = "Liberation Sans Narrow, Arial Narrow, Roboto Condensed, sans-serif"


@dataclass(frozen=True)
class CircleShape:
    cx: float
    cy: float
    r: float
    fill: Optional[str] = None
    stroke: Optional[str] = None
    width: float = 1.0
    alpha: float = 1.0
    layer: str = "board"
    tag: Optional[str] = None


Shape = Union[RectShape, LineShape, TextShape, CircleShape]


@dataclass
class Scene:
    """Shapes in drawing order plus the frame they live in."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    title: str = ""
    #: what the picture says, in words (alt text of a notebook picture; nbval compares it)
    description: str = ""
    #: where the map ends and its legend begins (board scenes; 0: no legend)
    legend_top: float = 0.0

    def add(self, *shapes: Shape) -> "Scene":
        self.shapes.extend(shapes)
        return self

    def layer(self, name: str) -> list[Shape]:
        return [s for s in self.shapes if s.layer == name]

    def tagged(self, tag: str) -> list[Shape]:
        return [s for s in self.shapes if s.tag == tag]

    def merged(self, other: "Scene") -> "Scene":
        return Scene(max(self.width, other.width), max(self.height, other.height), self.shapes + other.shapes, self.title, legend_top=self.legend_top)

    def to_svg(self) -> str:
        return scene_to_svg(self)

    def _repr_svg_(self) -> str:
        return self.to_svg()


# ---------------------------------------------------------------------------------------------
# The SVG writer

_BASELINE = {"top": "hanging", "middle": "central", "bottom": "alphabetic"}


def _n(v: float) -> str:
    """Numbers printed short and stable (no float noise in committed SVG files)."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _shape_svg(s) -> str:
    if isinstance(s, RectShape):
        attrs = [f'x="{_n(s.x)}" y="{_n(s.y)}" width="{_n(s.w)}" height="{_n(s.h)}"']
        attrs.append(f'fill="{s.fill}"' if s.fill else 'fill="none"')
        if s.stroke:
            attrs.append(f'stroke="{s.stroke}" stroke-width="{_n(s.width)}"')
        if s.alpha != 1:
            attrs.append(f'fill-opacity="{_n(s.alpha)}"')
        return f"<rect {' '.join(attrs)}/>"
    if isinstance(s, LineShape):
        # square caps close wall joints; a dashed line needs butt caps or the caps fill its gaps
        dash = f' stroke-dasharray="{" ".join(_n(d) for d in s.dash)}"' if s.dash else ""
        cap = "butt" if s.dash else "square"
        return (
            f'<line x1="{_n(s.x0)}" y1="{_n(s.y0)}" x2="{_n(s.x1)}" y2="{_n(s.y1)}" stroke="{s.stroke}" '
            f'stroke-width="{_n(s.width)}" stroke-linecap="{cap}"{dash}/>'
        )
    if isinstance(s, CircleShape):
        attrs = [f'cx="{_n(s.cx)}" cy="{_n(s.cy)}" r="{_n(s.r)}"', f'fill="{s.fill}"' if s.fill else 'fill="none"']
        if s.stroke:
            attrs.append(f'stroke="{s.stroke}" stroke-width="{_n(s.width)}"')
        if s.alpha != 1:
            attrs.append(f'fill-opacity="{_n(s.alpha)}"')
        return f"<circle {' '.join(attrs)}/>"
    if isinstance(s, TextShape):
        weight = ' font-weight="bold"' if s.bold else ""
        if s.family == "narrow":
            weight += f' font-family="{NARROW_FONT}"'
        return (
            f'<text x="{_n(s.x)}" y="{_n(s.y)}" font-size="{_n(s.size)}" fill="{s.fill}" '
            f'text-anchor="{s.anchor}" dominant-baseline="{_BASELINE[s.baseline]}"{weight}>{escape(s.text)}</text>'
        )
    raise TypeError(f"unknown shape {s!r}")


def scene_to_svg(scene: Scene) -> str:
    """The whole scene as one standalone SVG document (scales to the notebook's width)."""
    w, h = _n(scene.width), _n(scene.height)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        f'style="max-width:100%;height:auto" font-family="Liberation Sans, Arial, Helvetica, sans-serif">'
    )
    title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
    body = "\n".join(_shape_svg(s) for s in scene.shapes)
    return f"{head}{title}\n{body}\n</svg>\n"
