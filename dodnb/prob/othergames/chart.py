"""A tiny static SVG bar chart for the comparison notebook (no plotting library needed).

Deliberately small: a later shared scene/SVG module (dodnb.render) can replace it.  Bars are
sized from exact Fractions and coordinates are rounded to 0.1 px, so the same data always gives
byte-identical SVG (which nbval checks).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Iterable, NamedTuple

from dodnb import i18n
from dodnb.prob.dist import Dist, fmt_fraction, fmt_outcome
from dodnb.prob.othergames._common import OtherGameInputError

__all__ = ["Bar", "SVGChart", "bar_chart", "dist_chart"]

_PALETTE = ("#8b1a1a", "#2f5d8a", "#3d7a3a", "#8a6a1f", "#5b4a8a", "#7a3d6b")


class Bar(NamedTuple):
    """One bar: ``group`` (e.g. the game), ``label`` (what is measured), probability ``p``."""

    group: str
    label: str
    p: Fraction


class SVGChart:
    """An SVG string that Jupyter displays inline (``_repr_svg_``) and that can be saved as a file."""

    def __init__(self, svg: str, alt: str):
        self.svg = svg
        self.alt = alt

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:  # text/plain fallback, deterministic
        return f"<SVG chart: {self.alt}>"

    def save(self, path) -> None:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.svg)


def _n(x) -> str:
    """Format a coordinate to at most one decimal, exactly and always the same way."""
    v = round(Fraction(x) * 10)
    whole, tenth = divmod(abs(v), 10)
    sign = "-" if v < 0 else ""
    return f"{sign}{whole}" if tenth == 0 else f"{sign}{whole}.{tenth}"


def bar_chart(bars: Iterable[Bar | tuple], *, title: str = "", width: int = 720, label_width: int = 330,
              bar_height: int = 18) -> SVGChart:
    """Horizontal bars from 0% to 100%, grouped and coloured by ``group``, with exact values printed."""
    rows = [b if isinstance(b, Bar) else Bar(*b) for b in bars]
    if not rows:
        raise OtherGameInputError("bar_chart() needs at least one bar")
    for b in rows:
        p = Fraction(b.p)
        if not 0 <= p <= 1:
            raise OtherGameInputError(f"bar {b.label!r} has probability {b.p}, outside 0..1")
    groups: list[str] = []
    for b in rows:
        if b.group not in groups:
            groups.append(b.group)
    colour = {g: _PALETTE[i % len(_PALETTE)] for i, g in enumerate(groups)}
    value_width = 150
    plot = width - label_width - value_width
    top = 34 if title else 12
    gap_group = 10
    y = top
    parts = []
    last_group = None
    for b in rows:
        if b.group != last_group:
            if last_group is not None:
                y += gap_group
            parts.append(
                f'<text x="6" y="{_n(y + 12)}" font-weight="bold" fill="{colour[b.group]}">{html.escape(b.group)}</text>'
            )
            y += 18
            last_group = b.group
        w = Fraction(b.p) * plot
        parts.append(
            f'<text x="{_n(label_width - 6)}" y="{_n(y + bar_height - 5)}" text-anchor="end">{html.escape(b.label)}</text>'
        )
        parts.append(
            f'<rect x="{label_width}" y="{_n(y)}" width="{_n(plot)}" height="{bar_height}" fill="#eeeeee"/>'
        )
        parts.append(
            f'<rect x="{label_width}" y="{_n(y)}" width="{_n(w)}" height="{bar_height}" fill="{colour[b.group]}">'
            f"<title>{html.escape(b.label)}: {fmt_fraction(Fraction(b.p))}</title></rect>"
        )
        parts.append(
            f'<text x="{_n(label_width + plot + 6)}" y="{_n(y + bar_height - 5)}">'
            f"{html.escape(i18n.fmt_percent(Fraction(b.p)))} ({html.escape(fmt_fraction(Fraction(b.p)))})</text>"
        )
        y += bar_height + 4
    # 50% guide line
    mid = label_width + Fraction(plot, 2)
    parts.append(
        f'<line x1="{_n(mid)}" y1="{_n(top - 4)}" x2="{_n(mid)}" y2="{_n(y)}" stroke="#999999" stroke-dasharray="3,3"/>'
    )
    parts.append(f'<text x="{_n(mid)}" y="{_n(y + 14)}" text-anchor="middle" fill="#666666">{html.escape(i18n.fmt_percent(Fraction(1, 2), 0))}</text>')
    height = y + 22
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{_n(height)}" '
        f'viewBox="0 0 {width} {_n(height)}" font-family="sans-serif" font-size="12" role="img" '
        f'aria-label="{html.escape(title or i18n.tr("og.chart.bars", n=len(rows)))}">',
        f'<rect x="0" y="0" width="{width}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    if title:
        head.append(f'<text x="6" y="20" font-size="14" font-weight="bold">{html.escape(title)}</text>')
    svg = "\n".join(head + parts + ["</svg>"])
    return SVGChart(svg, title or i18n.tr("og.chart.bars", n=len(rows)))


def dist_chart(dist: Dist, *, title: str | None = None, group: str = "", **kw) -> SVGChart:
    """One bar per outcome of a Dist (in its display order)."""
    if not isinstance(dist, Dist):
        raise OtherGameInputError(f"dist_chart() needs a Dist, got {type(dist).__name__}")
    g = group or (i18n.text(dist.title) if dist.title else i18n.tr("dist.head.outcome"))
    bars = [Bar(g, fmt_outcome(x), p) for x, p in dist.items()]
    return bar_chart(bars, title=i18n.text(dist.title) if title is None else title, **kw)
