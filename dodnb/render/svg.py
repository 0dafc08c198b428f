"""Static SVG from a scene: the map and overlays readable on GitHub, nbviewer and in print."""

from __future__ import annotations

from xml.sax.saxutils import escape

from dodnb.render.scene import CircleShape, LineShape, RectShape, Scene, TextShape, board_scene

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


def board_svg(board, scale: float = 12.0) -> str:
    return scene_to_svg(board_scene(board, scale=scale))
