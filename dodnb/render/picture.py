"""Static pictures that every notebook front-end shows, trusted or not.

JupyterLab 4 and Notebook 7 open a notebook from a fresh clone *untrusted*, and then render neither
`image/svg+xml` nor HTML holding an `<svg>` (the sanitiser keeps only its text): a learner sees a
wall of text where the map should be. They do render `image/png`. So a notebook picture is a PNG,
rasterised from the project's own SVG (the same scene the canvas draws) at twice its size, so it
stays crisp on HiDPI screens and projectors, and displayed at its natural CSS size (JupyterLab
shrinks it to the output width: `max-width: 100%`). Its `text/plain` is a description in words
(what nbval compares, what a screen reader reads).

    from dodnb.render.picture import picture
    picture(board)                      # anything with a scene, to_svg(), _repr_svg_() or an SVG string
    picture(scene, alt="Two dice")      # a Scene

`Picture.html()` gives an `<img>` with the PNG inline, for HTML snapshots (calculator fallbacks):
JupyterLab's sanitiser keeps `data:` images.

Rasterising uses CairoSVG (a pure-Python SVG renderer on the cairo library). Where cairo cannot be
loaded, pictures fall back to SVG (they then render only in trusted notebooks) with a warning.
"""

from __future__ import annotations

import base64
import html
import io
import re
import warnings
from functools import lru_cache
from typing import Any, Optional

from dodnb.render.shapes import Scene, scene_to_svg

__all__ = ["Picture", "picture", "svg_to_png", "png_available", "DENSITY"]

#: Device pixels per CSS pixel stored in the PNG: 2 is crisp on HiDPI screens and at 200 % zoom.
DENSITY = 2.0

_SVG_TAG = re.compile(r"<svg\b[^>]*>", re.S)
_STYLE_ATTR = re.compile(r'\sstyle="[^"]*"')


def _attr(tag: str, name: str) -> Optional[float]:
    m = re.search(rf'\s{name}="([0-9.]+)(?:px)?"', tag)
    return float(m.group(1)) if m else None


def svg_size(svg: str) -> tuple[float, float]:
    """The natural (CSS pixel) size of an SVG document: its width/height, else its viewBox."""
    m = _SVG_TAG.search(svg)
    if not m:
        raise ValueError("not an SVG document: no <svg> element")
    tag = m.group(0)
    w, h = _attr(tag, "width"), _attr(tag, "height")
    if w is None or h is None:
        vb = re.search(r'viewBox="\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*"', tag)
        if not vb:
            raise ValueError("the SVG has neither width/height nor a viewBox")
        w, h = float(vb.group(1)), float(vb.group(2))
    return w, h


@lru_cache(maxsize=1)
def _cairosvg():
    try:
        import cairosvg  # noqa: WPS433 (optional at run time: needs the cairo C library)

        return cairosvg
    except (ImportError, OSError) as err:  # OSError: cairocffi found no libcairo
        warnings.warn(
            f"dodnb: CairoSVG is not usable ({err}); notebook pictures fall back to SVG, which JupyterLab "
            "shows only in trusted notebooks. Install it with: pip install cairosvg",
            stacklevel=3,
        )
        return None


def png_available() -> bool:
    return _cairosvg() is not None


def svg_to_png(svg: str, density: float = DENSITY) -> bytes:
    """PNG bytes of an SVG document, `density` device pixels per CSS pixel (white background)."""
    cairosvg = _cairosvg()
    if cairosvg is None:
        raise RuntimeError("CairoSVG is not available: pip install cairosvg")
    m = _SVG_TAG.search(svg)
    # CSS sizing meant for browsers (max-width:100%; height:auto) makes cairo draw nothing
    root = _STYLE_ATTR.sub("", m.group(0))
    w, h = svg_size(svg)
    png = cairosvg.svg2png(
        bytestring=(svg[: m.start()] + root + svg[m.end() :]).encode("utf-8"),
        output_width=round(w * density),
        output_height=round(h * density),
        background_color="white",
    )
    return _compact(png)


def _compact(png: bytes) -> bytes:
    """The same picture in a 256-colour palette (flat colours and anti-aliased text survive; the
    notebook stores about a third of the bytes). Deterministic: no dithering."""
    from PIL import Image  # Pillow: a dependency of ipycanvas, listed in pyproject.toml

    with Image.open(io.BytesIO(png)) as im:
        out = io.BytesIO()
        im.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def _to_svg(obj: Any) -> tuple[str, str]:
    """(svg, default alt text) for the things dodnb draws."""
    if isinstance(obj, Scene):
        return scene_to_svg(obj), obj.description or obj.title or "picture"
    if isinstance(obj, str):
        return obj, "picture"
    for name in ("to_svg", "_repr_svg_"):
        method = getattr(obj, name, None)
        if callable(method):
            alt = getattr(obj, "alt", None) or getattr(obj, "title", None) or getattr(obj, "name", None) or type(obj).__name__
            return method(), str(alt)
    raise TypeError(f"cannot draw {type(obj).__name__}: give a Scene, an SVG string or an object with to_svg()")


class Picture:
    """A static picture: PNG for every front-end (SVG only where cairo is missing), alt text in words."""

    def __init__(self, svg: str, alt: str = "picture", density: float = DENSITY):
        self.svg = svg
        self.alt = alt
        self.density = density
        self.width, self.height = svg_size(svg)
        self._png: Optional[bytes] = None

    @property
    def png(self) -> bytes:
        if self._png is None:
            self._png = svg_to_png(self.svg, self.density)
        return self._png

    def png_base64(self) -> str:
        return base64.b64encode(self.png).decode("ascii")

    def _repr_mimebundle_(self, include=None, exclude=None):
        size = {"width": round(self.width), "height": round(self.height)}
        if png_available():
            return {"image/png": self.png_base64(), "text/plain": self.alt}, {"image/png": size}
        return {"image/svg+xml": self.svg, "text/plain": self.alt}, {}

    def html(self) -> str:
        """An <img> with the PNG inline (kept by JupyterLab's sanitiser), or the SVG if cairo is missing."""
        if not png_available():
            return self.svg
        return (
            f'<img src="data:image/png;base64,{self.png_base64()}" width="{round(self.width)}" '
            f'alt="{html.escape(self.alt)}" style="max-width:100%;height:auto">'
        )

    def save(self, path) -> None:
        """Write the picture: .png (rasterised) or .svg, by the file name."""
        path = str(path)
        if path.endswith(".svg"):
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(self.svg)
        else:
            with open(path, "wb") as fh:
                fh.write(self.png)

    def __repr__(self) -> str:
        return self.alt


def picture(obj: Any, alt: Optional[str] = None, density: float = DENSITY) -> Picture:
    """A notebook picture of a Scene, an SVG string, a Board, a chart, an explorer..."""
    svg, default_alt = _to_svg(obj)
    return Picture(svg, alt or default_alt, density)
