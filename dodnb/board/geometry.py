"""Exact plane geometry for the mall map: integers and Fractions only, never floats.

The map lives on an integer grid. Square centres can be half-integers, so every function here
works on Fractions (or on coordinates doubled to integers by the caller) and decides touching,
crossing and collinearity exactly — a sight line that grazes a wall corner [6.4] is decided the
same way every time.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Union

Number = Union[int, Fraction]
Point = tuple[Number, Number]


@dataclass(frozen=True, order=True)
class Segment:
    """An axis-aligned segment of positive length, normalised so that (x0, y0) < (x1, y1)."""

    x0: int
    y0: int
    x1: int
    y1: int

    def __post_init__(self) -> None:
        if self.x0 != self.x1 and self.y0 != self.y1:
            raise ValueError(f"segment {self.as_list()} is not horizontal or vertical")
        if (self.x0, self.y0) == (self.x1, self.y1):
            raise ValueError(f"segment {self.as_list()} has zero length")
        if (self.x0, self.y0) > (self.x1, self.y1):
            x0, y0, x1, y1 = self.x1, self.y1, self.x0, self.y0
            object.__setattr__(self, "x0", x0)
            object.__setattr__(self, "y0", y0)
            object.__setattr__(self, "x1", x1)
            object.__setattr__(self, "y1", y1)

    @classmethod
    def of(cls, coords: Iterable[int]) -> "Segment":
        x0, y0, x1, y1 = coords
        return cls(x0, y0, x1, y1)

    @property
    def horizontal(self) -> bool:
        return self.y0 == self.y1

    @property
    def line(self) -> tuple[str, int]:
        """The grid line the segment lies on: ('h', y) or ('v', x)."""
        return ("h", self.y0) if self.horizontal else ("v", self.x0)

    @property
    def interval(self) -> tuple[int, int]:
        """The segment's extent along its own line."""
        return (self.x0, self.x1) if self.horizontal else (self.y0, self.y1)

    @property
    def length(self) -> int:
        lo, hi = self.interval
        return hi - lo

    @property
    def ends(self) -> tuple[Point, Point]:
        return (self.x0, self.y0), (self.x1, self.y1)

    @property
    def midpoint(self) -> Point:
        return (Fraction(self.x0 + self.x1, 2), Fraction(self.y0 + self.y1, 2))

    def as_list(self) -> list[int]:
        return [self.x0, self.y0, self.x1, self.y1]

    @classmethod
    def on_line(cls, line: tuple[str, int], lo: int, hi: int) -> "Segment":
        kind, c = line
        return cls(lo, c, hi, c) if kind == "h" else cls(c, lo, c, hi)

    def __str__(self) -> str:
        return f"({self.x0},{self.y0})-({self.x1},{self.y1})"


@dataclass(frozen=True)
class Rect:
    """A closed axis-aligned rectangle x0 <= x <= x1, y0 <= y <= y1 (y grows southwards)."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def centre(self) -> tuple[Fraction, Fraction]:
        return (Fraction(self.x0 + self.x1, 2), Fraction(self.y0 + self.y1, 2))

    def overlaps(self, other: "Rect") -> bool:
        """True when the interiors intersect (touching edges or corners is not overlap)."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def edges(self) -> dict[str, Segment]:
        """The four sides, keyed by compass direction (N is the top, y = y0)."""
        return {
            "N": Segment(self.x0, self.y0, self.x1, self.y0),
            "S": Segment(self.x0, self.y1, self.x1, self.y1),
            "W": Segment(self.x0, self.y0, self.x0, self.y1),
            "E": Segment(self.x1, self.y0, self.x1, self.y1),
        }


# ---------------------------------------------------------------------------------------------
# Intervals on one grid line


def merge_intervals(intervals: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of closed intervals, merged where they touch or overlap, sorted."""
    out: list[list[int]] = []
    for lo, hi in sorted(intervals):
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return [(a, b) for a, b in out]


def subtract_intervals(
    base: Iterable[tuple[int, int]], minus: Iterable[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Parts of `base` (merged) not covered by `minus`, keeping only pieces of positive length."""
    result = merge_intervals(base)
    for mlo, mhi in merge_intervals(minus):
        nxt: list[tuple[int, int]] = []
        for lo, hi in result:
            if mhi <= lo or mlo >= hi:
                nxt.append((lo, hi))
                continue
            if lo < mlo:
                nxt.append((lo, mlo))
            if mhi < hi:
                nxt.append((mhi, hi))
        result = nxt
    return result


def covered(interval: tuple[int, int], by: Iterable[tuple[int, int]]) -> bool:
    """True when the closed interval lies wholly inside the union of `by`."""
    return not subtract_intervals([interval], by)


def overlap_length(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


# ---------------------------------------------------------------------------------------------
# Exact segment predicates (for arbitrary sight segments against axis-aligned walls)


def orient(a: Point, b: Point, c: Point) -> int:
    """Sign of the turn a -> b -> c: +1 counter-clockwise, -1 clockwise, 0 collinear (exact)."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def on_segment(p: Point, a: Point, b: Point) -> bool:
    """True when p lies on the closed segment a-b."""
    return (
        orient(a, b, p) == 0
        and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
    )


def segments_touch(p: Point, q: Point, a: Point, b: Point) -> bool:
    """True when closed segments p-q and a-b share at least one point."""
    o1, o2 = orient(p, q, a), orient(p, q, b)
    o3, o4 = orient(a, b, p), orient(a, b, q)
    if o1 != o2 and o3 != o4 and 0 not in (o1, o2, o3, o4):
        return True
    return on_segment(a, p, q) or on_segment(b, p, q) or on_segment(p, a, b) or on_segment(q, a, b)


def segment_hits_open_rect(p: Point, q: Point, r: Rect) -> bool:
    """True when segment p-q passes through the *interior* of rectangle r.

    Touching only an edge or a corner does not count (docs/RULINGS.md, "passes through").
    Exact: clips the segment's parameter range against the open slab of each axis.
    """
    lo, hi = Fraction(0), Fraction(1)
    for pc, qc, rlo, rhi in ((p[0], q[0], r.x0, r.x1), (p[1], q[1], r.y0, r.y1)):
        d = Fraction(qc) - Fraction(pc)
        if d == 0:
            if not (rlo < pc < rhi):
                return False
            continue
        t0 = (Fraction(rlo) - pc) / d
        t1 = (Fraction(rhi) - pc) / d
        if t0 > t1:
            t0, t1 = t1, t0
        lo, hi = max(lo, t0), min(hi, t1)
    return lo < hi
