"""Line of sight [6.4], [7.1], distance and what a shot passes [6.7] on any mall board, decided exactly.

Sight [6.4]: an imaginary line from the centre of one square to the centre of the other. It is
blocked when it

* crosses or runs along a wall ("wall") or touches a wall piece anywhere, its end included
  ("wall_corner": "Wall corners block sight");
* passes a closed solid door ("closed_door");
* passes a glass door (open, closed or destroyed) or an open solid door that is a side of neither
  end square ("door_not_side"), or a main door ("main_door", a ruling: beyond it is the outside);
* passes two doors ("two_doors": "Sight may not be traced through two doors");
* passes through a square, other than the two end squares, that holds a character or a zombie
  unit ("token" [6.3]).

"Passes through" a square means meeting its interior: a line that only touches a square's edge or
corner does not pass through it. Walls and doors, on the other hand, are closed segments: touching
one, even at its very end, counts. The full rulings are in docs/RULINGS.md.

Two independent exact implementations exist, and the tests check they agree on every pair:

* ``line_of_sight`` (here) walks the line across a compressed grid (every x and y used by a square, wall or
  door), cell by cell, in integer arithmetic on doubled coordinates (square centres become lattice
  points). It gives the squares, doors and obstacles in order, for teaching and for widgets.
* ``sight_table`` (:mod:`dodnb.board.sighttable`) decides all pairs at once with numpy on int64 doubled coordinates (exact integer
  arithmetic; no floats anywhere), then keeps for every visible pair the squares lying between, so
  tokens can be applied with one bit mask test.

Sight returns geometry only (squares away, the doors passed with their kinds and states): the Shot
Modifier Chart's arithmetic [6.7] is in :mod:`dodnb.rules.modifiers`, read from the game's tables.
Nothing here imports widgets; render and widgets read the result objects.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Mapping, Optional, Union


from dodnb.board.geometry import Point, Segment
from dodnb.board.model import DOOR_STATES, Board
from dodnb.errors import InputError
from dodnb.i18n import check_language, term, tr

SquareRef = Union[str, int]

__all__ = [
    "REASONS",
    "REASON_CASES",
    "SightError",
    "NotInSight",
    "NoPath",
    "Obstacle",
    "Sight",
    "DoorPassage",
    "ShotGeometry",
    "line_of_sight",
    "distance",
    "shot_geometry",
    "geometry_of",
    "normalise_door_states",
    "occupied_squares",
]

# Blocking reasons, most fundamental first. When a line meets several obstacles, the reported
# `reason` is the first class in this order that occurs; within the class, the obstacle nearest
# the first square. Both directions therefore report the same class (docs/RULINGS.md).
REASONS = ("wall", "wall_corner", "closed_door", "main_door", "door_not_side", "two_doors", "token")
REASON_CASES = {
    "wall": "[6.4]",
    "wall_corner": "[6.4]",
    "closed_door": "[6.4]",
    "main_door": "[6.4]",
    "door_not_side": "[6.4]",
    "two_doors": "[6.4]",
    "token": "[6.3]",
}
_RANK = {r: i for i, r in enumerate(REASONS)}


class SightError(InputError):
    """Bad input to a sight, distance or shot question; the message names the value and the Case.

    ``.case`` is None: the Cases are cited inside the message (often more than one, e.g.
    "[6.0], [6.4]"), which learners and tests read as it is."""


class NotInSight(SightError):
    """A shot asked for at a square that is not within sight [6.0 step 1], [6.4]."""

    def __init__(self, message: str, sight: "Sight"):
        super().__init__(message)
        self.sight = sight


class NoPath(SightError):
    """Two squares not joined by any chain of shared sides, so no distance can be counted [2.1], [6.7]."""


# =============================================================================================
# Result objects


@dataclass(frozen=True)
class Obstacle:
    """One thing that blocks a line of sight.

    reason  one of REASONS;
    culprit the wall Segment ("wall"), the corner Point ("wall_corner", Fractions, grid units),
            a door id (the door reasons) or a square id ("token");
    message a sentence for a learner, naming the Case;
    case    the Case, e.g. "[6.4]";
    at      where along the line it is met, as a Fraction of the way from `a` (0) to `b` (1).
    """

    reason: str
    culprit: Any
    message: str
    case: str
    at: Fraction


@dataclass(frozen=True)
class Sight:
    """The answer to "can a see b?" [6.4], with everything a teacher wants to point at.

    a, b       square ids (normalised: '024'), from a to b;
    start, end the two centres (exact Fractions, grid units); `segment` is (start, end);
    visible    True when b is within a's sight [6.4] (and a's within b's: sight is symmetric);
    squares    every square whose interior the line passes through, in order from a to b, a first
               and b last (a single entry when a == b); touching a square's edge or corner only
               does not count; `between` is squares[1:-1];
    doors      ids of the doors the line passes, in order; `passages` groups them by crossing
               point (two doors meeting at one point with no wall there are one passage);
    obstacles  every blocking obstacle on the line, in order from a (empty when visible);
    reason, culprit, message, case   the reported obstacle (None when visible);
    distance   squares counted for the shot modifier [6.7] (0 for the same square; None when no
               chain of shared sides joins them, which only a map in several pieces can have);
    occupied   the token squares that were taken into account.
    """

    a: str
    b: str
    start: Point
    end: Point
    visible: bool
    squares: tuple[str, ...]
    doors: tuple[str, ...]
    passages: tuple[tuple[str, ...], ...]
    obstacles: tuple[Obstacle, ...]
    reason: Optional[str]
    culprit: Any
    message: Optional[str]
    case: Optional[str]
    distance: Optional[int]
    occupied: frozenset = field(default_factory=frozenset)

    @property
    def segment(self) -> tuple[Point, Point]:
        return (self.start, self.end)

    @property
    def between(self) -> tuple[str, ...]:
        """Squares strictly between a and b that the line passes through [6.3]."""
        return self.squares[1:-1]

    def passes_door(self, door_id: str) -> bool:
        """True when the line passes the door (e.g. sight "through the glass door" [10.4])."""
        return door_id in self.doors

    def point_at(self, t: Fraction) -> Point:
        """The point a fraction t of the way from a's centre to b's centre."""
        t = Fraction(t)
        return (self.start[0] + t * (self.end[0] - self.start[0]), self.start[1] + t * (self.end[1] - self.start[1]))

    def explain(self, lang: Optional[str] = None) -> str:
        """The verdict on one line, in `lang` (default: the package's language). Why a line is blocked
        is the obstacle's own sentence in English; in another language the reason's title from the
        catalogues (the full reason in any language: dodnb.render.words.why)."""
        lang = check_language(lang)
        a, b = self.a, self.b
        if a == b:
            return tr("sight.explain.same", lang, a=a, b=b)
        path = " -> ".join(self.squares)
        if self.visible:
            if self.doors:
                return tr("sight.explain.in_doors", lang, a=a, b=b, path=path, doors=", ".join(self.doors), d=self.distance)
            return tr("sight.explain.in", lang, a=a, b=b, path=path, d=self.distance)
        why = self.message if lang == "en" else f"{term('sight', self.reason, lang)} {self.case}"
        return tr("sight.explain.not", lang, a=a, b=b, why=why)

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True)
class DoorPassage:
    """One place where a line of sight passes doors [6.4]: the door ids met at that point (two doors
    meeting with no wall between are one passage), each door's kind ('solid', 'glass', 'main') and
    state ('open', 'closed', 'destroyed') at the time of the shot.  Geometry only: what the Shot
    Modifier Chart makes of it [6.7] is :mod:`dodnb.rules.modifiers`."""

    doors: tuple[str, ...]
    kinds: tuple[str, ...]
    states: tuple[str, ...]

    @property
    def closed_glass(self) -> tuple[str, ...]:
        """The closed glass doors of this passage: a shot through them destroys them [6.7], [10.5]."""
        return tuple(d for d, k, s in zip(self.doors, self.kinds, self.states) if k == "glass" and s == "closed")

    @property
    def all_destroyed(self) -> bool:
        """Every door here is a destroyed glass door, always open [10.5]."""
        return all(s == "destroyed" for s in self.states)


@dataclass(frozen=True)
class ShotGeometry:
    """What a shot from `shooter` at `target` passes, read from the board [6.4], [6.7]: no numbers of
    the Shot Modifier Chart (those are :func:`dodnb.rules.modifiers.shot_modifiers`).

    distance        squares away [6.7] (0 in the same square);
    passages        the door passages the line goes through (at most one when in sight [6.4]);
    same_square     the target is in the shooter's own square ([6.5] panic check, Chart note a);
    destroys_doors  the closed glass doors the shot goes through, destroyed by it [6.7] note b, [10.5];
    sight           the Sight it was read from.
    """

    shooter: str
    target: str
    distance: int
    passages: tuple[DoorPassage, ...]
    sight: Sight

    @property
    def same_square(self) -> bool:
        return self.shooter == self.target

    @property
    def destroys_doors(self) -> tuple[str, ...]:
        return tuple(d for p in self.passages for d in p.closed_glass)


# =============================================================================================
# Input checks


def _sid(board: Board, value: SquareRef) -> str:
    return board.square_id(value)  # raises UnknownSquare [2.1]


def occupied_squares(board: Board, occupied: Iterable[SquareRef]) -> frozenset:
    """The squares holding a character or zombie unit, checked: ids normalised [2.1], a collection [6.3]."""
    if occupied is None:
        return frozenset()
    if isinstance(occupied, (str, int)):
        raise SightError(
            f"occupied must be a collection of square ids, like ['115'], not the single value {occupied!r} [6.3]"
        )
    return frozenset(_sid(board, s) for s in occupied)


def normalise_door_states(board: Board, door_states: Optional[Mapping[str, str]]) -> dict[str, str]:
    """Every door's state, checked: missing doors are open [3.3]; only glass doors can be destroyed [10.4]."""
    states = {d: "open" for d in board.doors}
    if door_states is None:
        return states
    if not isinstance(door_states, Mapping):
        raise SightError(f"door_states must map door ids to 'open', 'closed' or 'destroyed', got {door_states!r}")
    for did, state in door_states.items():
        if did not in board.doors:
            known = ", ".join(sorted(board.doors)[:8])
            raise SightError(f"there is no door {did!r} on this map (doors are named like {known}, ...)")
        if state not in DOOR_STATES:
            raise SightError(f"door {did} cannot be {state!r}; a door is 'open', 'closed' or 'destroyed' [3.3], [10.5]")
        if state == "destroyed" and board.doors[did].kind != "glass":
            raise SightError(
                f"door {did} is a {board.doors[did].kind} door and cannot be destroyed: only closed glass doors can [10.4]"
            )
        states[did] = state
    return states


# =============================================================================================
# The exact walker (reference implementation)


class _Grid:
    """Compressed grid of a board in doubled coordinates: every square centre is a lattice point.

    xs, ys: sorted distinct doubled coordinates of every square side, wall and door end. Cell (i, j)
    is [xs[i], xs[i+1]] x [ys[j], ys[j+1]]; each cell lies inside one square or in none, and each
    cell edge is wholly wall, wholly one door, or neither.
    """

    def __init__(self, board: Board):
        xs: set[int] = set()
        ys: set[int] = set()
        for s in board.squares.values():
            r = s.rect
            xs.update((2 * r.x0, 2 * r.x1))
            ys.update((2 * r.y0, 2 * r.y1))
        segs = list(board.walls) + [d.seg for d in board.doors.values()]
        for g in segs:
            xs.update((2 * g.x0, 2 * g.x1))
            ys.update((2 * g.y0, 2 * g.y1))
        self.xs = sorted(xs)
        self.ys = sorted(ys)
        self.xset = set(self.xs)
        self.yset = set(self.ys)
        xi = {x: i for i, x in enumerate(self.xs)}
        yi = {y: j for j, y in enumerate(self.ys)}
        nx, ny = len(self.xs) - 1, len(self.ys) - 1
        self.nx, self.ny = nx, ny
        cells: list[list[Optional[str]]] = [[None] * ny for _ in range(nx)]
        self.centre: dict[str, tuple[int, int]] = {}
        for s in board.squares.values():
            r = s.rect
            self.centre[s.id] = (r.x0 + r.x1, r.y0 + r.y1)
            for i in range(xi[2 * r.x0], xi[2 * r.x1]):
                col = cells[i]
                for j in range(yi[2 * r.y0], yi[2 * r.y1]):
                    col[j] = s.id
        self.cells = cells
        # edges: vertical edge (i, j) on x = xs[i] from ys[j] to ys[j+1]; horizontal (i, j) on y = ys[j]
        self.vedge: dict[tuple[int, int], tuple[str, Any]] = {}
        self.hedge: dict[tuple[int, int], tuple[str, Any]] = {}
        # vertices (i, j) at (xs[i], ys[j]): walls through them (seg, is_end, horizontal), doors (id, horizontal)
        self.vwalls: dict[tuple[int, int], list[tuple[Segment, bool, bool]]] = {}
        self.vdoors: dict[tuple[int, int], list[tuple[str, bool]]] = {}

        def mark(seg: Segment, value: tuple[str, Any], is_wall: bool) -> None:
            if seg.horizontal:
                j = yi[2 * seg.y0]
                lo, hi = xi[2 * seg.x0], xi[2 * seg.x1]
                for i in range(lo, hi):
                    self.hedge[(i, j)] = value
                verts = [((i, j), i in (lo, hi)) for i in range(lo, hi + 1)]
            else:
                i = xi[2 * seg.x0]
                lo, hi = yi[2 * seg.y0], yi[2 * seg.y1]
                for j in range(lo, hi):
                    self.vedge[(i, j)] = value
                verts = [((i, j), j in (lo, hi)) for j in range(lo, hi + 1)]
            for v, is_end in verts:
                if is_wall:
                    self.vwalls.setdefault(v, []).append((seg, is_end, seg.horizontal))
                else:
                    self.vdoors.setdefault(v, []).append((value[1], seg.horizontal))

        for w in board.walls:
            mark(w, ("wall", w), True)
        for d in board.doors.values():
            mark(d.seg, ("door", d.id), False)

    def cell(self, i: int, j: int) -> Optional[str]:
        if 0 <= i < self.nx and 0 <= j < self.ny:
            return self.cells[i][j]
        return None


def _grid(board: Board) -> _Grid:
    """The board's walk grid, made once and kept by the board (`Board.memo`)."""
    memo = board.memo("sight_grid")
    g = memo.get(None)
    if g is None:
        g = memo[None] = _Grid(board)
    return g


# An event on the walk: (t, kind, payload) with t a Fraction in (0, 1).
#   ("wall", (seg, "crosses"|"runs along")), ("corner", (X2, Y2) doubled point),
#   ("door", (door ids, "crosses"|"runs along"))


def _walk(g: _Grid, P: tuple[int, int], Q: tuple[int, int]) -> tuple[list[str], list[tuple[Fraction, str, Any]]]:
    """Squares passed (interior) and contacts with walls and doors, in order from P to Q."""
    PX, PY = P
    QX, QY = Q
    DX, DY = QX - PX, QY - PY
    if DX == 0 and PX in g.xset:
        return _walk_along(g, P, Q, vertical=True)
    if DY == 0 and PY in g.yset:
        return _walk_along(g, P, Q, vertical=False)
    xs, ys = g.xs, g.ys
    sx = (DX > 0) - (DX < 0)
    sy = (DY > 0) - (DY < 0)
    adx, ady = abs(DX), abs(DY)
    i = (bisect_left(xs, PX) - 1) if sx < 0 else (bisect_right(xs, PX) - 1)
    j = (bisect_left(ys, PY) - 1) if sy < 0 else (bisect_right(ys, PY) - 1)
    squares: list[str] = []
    events: list[tuple[Fraction, str, Any]] = []
    first = g.cell(i, j)
    if first is not None:
        squares.append(first)
    # distances (numerators of t) to the next vertical and horizontal grid line
    nx_ = abs((xs[i + 1] if sx > 0 else xs[i]) - PX) if sx else 0
    ny_ = abs((ys[j + 1] if sy > 0 else ys[j]) - PY) if sy else 0
    vedge, hedge = g.vedge, g.hedge
    while True:
        x_done = sx == 0 or nx_ >= adx
        y_done = sy == 0 or ny_ >= ady
        if x_done and y_done:
            break
        if x_done:
            step = 2
        elif y_done:
            step = 1
        else:
            lhs, rhs = nx_ * ady, ny_ * adx
            step = 1 if lhs < rhs else (2 if rhs < lhs else 3)
        if step == 1:  # cross a vertical grid line inside a cell edge
            bi = i + 1 if sx > 0 else i
            hit = vedge.get((bi, j))
            if hit is not None:
                events.append(_edge_event(Fraction(nx_, adx), hit))
            i += sx
            nx_ = abs((xs[i + 1] if sx > 0 else xs[i]) - PX) if 0 <= i < g.nx else adx
        elif step == 2:  # cross a horizontal grid line inside a cell edge
            bj = j + 1 if sy > 0 else j
            hit = hedge.get((i, bj))
            if hit is not None:
                events.append(_edge_event(Fraction(ny_, ady), hit))
            j += sy
            ny_ = abs((ys[j + 1] if sy > 0 else ys[j]) - PY) if 0 <= j < g.ny else ady
        else:  # pass exactly through a grid vertex
            bi = i + 1 if sx > 0 else i
            bj = j + 1 if sy > 0 else j
            _vertex_event(g, bi, bj, Fraction(nx_, adx), events, only_horizontal=None)
            i += sx
            j += sy
            nx_ = abs((xs[i + 1] if sx > 0 else xs[i]) - PX) if 0 <= i < g.nx else adx
            ny_ = abs((ys[j + 1] if sy > 0 else ys[j]) - PY) if 0 <= j < g.ny else ady
        sq = g.cell(i, j)
        if sq is not None and (not squares or squares[-1] != sq):
            squares.append(sq)  # squares are convex: each one is met in a single stretch
    return squares, events


def _edge_event(t: Fraction, hit: tuple[str, Any]) -> tuple[Fraction, str, Any]:
    """The line crosses a cell edge, between its ends, that is a wall or a door."""
    kind, what = hit
    return (t, "wall", (what, "crosses")) if kind == "wall" else (t, "door", ((what,), "crosses"))


def _vertex_event(
    g: _Grid, bi: int, bj: int, t: Fraction, events: list, only_horizontal: Optional[bool]
) -> None:
    """Contact with whatever meets at grid vertex (bi, bj).

    only_horizontal: None for a slanting line; when the line runs along a vertical grid line, True
    (only the horizontal pieces across it count here: its own line is reported edge by edge), and
    False when it runs along a horizontal grid line."""
    along = only_horizontal
    walls = g.vwalls.get((bi, bj), ())
    if walls:
        across = [w for w in walls if along is None or w[2] == along]
        inner = [w for w in across if not w[1]]
        if inner:
            events.append((t, "wall", (inner[0][0], "crosses")))
        elif across:
            events.append((t, "corner", (g.xs[bi], g.ys[bj])))
        return  # a door end at a wall is no doorway: the wall blocks there
    doors = [d for d, horiz in g.vdoors.get((bi, bj), ()) if along is None or horiz == along]
    if doors:
        events.append((t, "door", (tuple(sorted(set(doors))), "crosses")))


def _walk_along(
    g: _Grid, P: tuple[int, int], Q: tuple[int, int], vertical: bool
) -> tuple[list[str], list[tuple[Fraction, str, Any]]]:
    """The line lies on a grid line: it runs along edges, between the cells on either side."""
    if vertical:
        line = bisect_left(g.xs, P[0])
        p, q = P[1], Q[1]
        marks = g.ys
    else:
        line = bisect_left(g.ys, P[1])
        p, q = P[0], Q[0]
        marks = g.xs
    span = abs(q - p)
    lo, hi = min(p, q), max(p, q)
    inner = marks[bisect_right(marks, lo) : bisect_left(marks, hi)]
    if q < p:
        inner = inner[::-1]
    stops = [p, *inner, q]
    squares: list[str] = []
    events: list[tuple[Fraction, str, Any]] = []
    seen_walls: set[Segment] = set()
    seen_doors: set[str] = set()
    for n in range(len(stops) - 1):
        u, w = stops[n], stops[n + 1]
        k = bisect_right(marks, min(u, w)) - 1  # index of the edge holding this stretch
        t = Fraction(abs(u - p), span)
        if n > 0:  # the grid vertex at u
            v = bisect_left(marks, u)
            if vertical:
                _vertex_event(g, line, v, t, events, only_horizontal=True)
            else:
                _vertex_event(g, v, line, t, events, only_horizontal=False)
        if vertical:
            hit = g.vedge.get((line, k))
            left, right = g.cell(line - 1, k), g.cell(line, k)
        else:
            hit = g.hedge.get((k, line))
            left, right = g.cell(k, line - 1), g.cell(k, line)
        if hit is not None:
            kind, what = hit
            if kind == "wall" and what not in seen_walls:
                seen_walls.add(what)
                events.append((t, "wall", (what, "runs along")))
            elif kind == "door" and what not in seen_doors:
                seen_doors.add(what)
                events.append((t, "door", ((what,), "runs along")))
        if left is not None and left == right and (not squares or squares[-1] != left):
            squares.append(left)
    return squares, events


def _fmt_point(p: tuple[Fraction, Fraction]) -> str:
    def f(v: Fraction) -> str:
        return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"

    return f"({f(p[0])}, {f(p[1])})"


def line_of_sight(
    board: Board,
    a: SquareRef,
    b: SquareRef,
    occupied: Iterable[SquareRef] = (),
    door_states: Optional[Mapping[str, str]] = None,
) -> Sight:
    """Is square b within the sight of square a [6.4], [7.1]? Exact, with the reason when not.

    occupied: squares holding a character or a zombie unit; one of them strictly between a and b on
    the line blocks sight [6.3] (tokens in a or b themselves never do: [6.3] decides those shots).
    door_states: door id -> 'open' | 'closed' | 'destroyed'; doors not named are open [3.3].
    Symmetric: line_of_sight(b, a) has the same `visible` and `reason`.
    """
    a, b = _sid(board, a), _sid(board, b)
    occ = occupied_squares(board, occupied)
    states = normalise_door_states(board, door_states)
    sa, sb = board.squares[a], board.squares[b]
    start, end = sa.centre, sb.centre
    if a == b:
        return Sight(a, b, start, end, True, (a,), (), (), (), None, None, None, None, 0, occ)
    g = _grid(board)
    squares, events = _walk(g, g.centre[a], g.centre[b])
    obstacles: list[Obstacle] = []
    passages: list[tuple[Fraction, tuple[str, ...]]] = []
    for t, kind, payload in events:
        if kind == "wall":
            seg, how = payload
            obstacles.append(
                Obstacle("wall", seg, f"the line from {a} to {b} {how} a wall {seg}; walls block sight [6.4]", "[6.4]", t)
            )
        elif kind == "corner":
            pt = (Fraction(payload[0], 2), Fraction(payload[1], 2))
            obstacles.append(
                Obstacle(
                    "wall_corner",
                    pt,
                    f"the line from {a} to {b} touches the end of a wall at {_fmt_point(pt)}: wall corners block sight [6.4]",
                    "[6.4]",
                    t,
                )
            )
        else:
            ids, how = payload
            passages.append((t, ids))
            for did in ids:
                door = board.doors[did]
                if door.kind == "main":
                    obstacles.append(
                        Obstacle(
                            "main_door",
                            did,
                            f"the line from {a} to {b} {how} main door {did}: beyond a main door is the outside, "
                            "so no sight between squares passes one [6.4] (ruling)",
                            "[6.4]",
                            t,
                        )
                    )
                elif door.kind == "solid" and states[did] == "closed":
                    obstacles.append(
                        Obstacle(
                            "closed_door",
                            did,
                            f"the line from {a} to {b} {how} the closed solid door {did}; a closed solid door blocks sight like a wall [6.4]",
                            "[6.4]",
                            t,
                        )
                    )
                elif not (door.is_side_of(a) or door.is_side_of(b)):
                    sides = " and ".join(door.squares)
                    obstacles.append(
                        Obstacle(
                            "door_not_side",
                            did,
                            f"the line from {a} to {b} {how} {door.kind} door {did}, a side of {sides} but of neither "
                            f"{a} nor {b}; sight goes through a door only when it is a side of one of the two squares [6.4]",
                            "[6.4]",
                            t,
                        )
                    )
    if len(passages) >= 2:
        t2, ids2 = passages[1]
        every = ", ".join("+".join(ids) for _, ids in passages)
        obstacles.append(
            Obstacle(
                "two_doors",
                ids2[0],
                f"the line from {a} to {b} passes {len(passages)} doors ({every}): sight may not be traced through two doors [6.4]",
                "[6.4]",
                t2,
            )
        )
    if occ:
        inner = squares[1:-1]
        for sid in inner:
            if sid in occ:
                obstacles.append(
                    Obstacle(
                        "token",
                        sid,
                        f"square {sid}, between {a} and {b} on the line, holds a character or zombie unit; "
                        "no shooting through an occupied square [6.3]",
                        "[6.3]",
                        _entry_t(board.squares[sid].rect, g.centre[a], g.centre[b]),
                    )
                )
    obstacles.sort(key=lambda o: o.at)
    if obstacles:
        best = min(obstacles, key=lambda o: (_RANK[o.reason], o.at))
        reason, culprit, message, case = best.reason, best.culprit, best.message, best.case
    else:
        reason = culprit = message = case = None
    doors = tuple(d for _, ids in passages for d in ids)
    return Sight(
        a,
        b,
        start,
        end,
        not obstacles,
        tuple(squares),
        doors,
        tuple(ids for _, ids in passages),
        tuple(obstacles),
        reason,
        culprit,
        message,
        case,
        _distance_or_none(board, a, b),
        occ,
    )


def _entry_t(rect: Any, P: tuple[int, int], Q: tuple[int, int]) -> Fraction:
    """Where the line P->Q (doubled coordinates) enters the rectangle, as a fraction of its length."""
    lo = Fraction(0)
    for p, q, rlo, rhi in ((P[0], Q[0], 2 * rect.x0, 2 * rect.x1), (P[1], Q[1], 2 * rect.y0, 2 * rect.y1)):
        d = q - p
        if d:
            lo = max(lo, min(Fraction(rlo - p, d), Fraction(rhi - p, d)))
    return lo


# =============================================================================================
# Distance [6.7]

def _bfs(board: Board, a: str) -> dict[str, int]:
    cache = board.memo("squares_away")  # kept by the board
    got = cache.get(a)
    if got is None:
        got = {a: 0}
        todo = deque([a])
        while todo:
            s = todo.popleft()
            for n in board.neighbours(s):
                if n not in got:
                    got[n] = got[s] + 1
                    todo.append(n)
        cache[a] = got
    return got


def _distance_or_none(board: Board, a: str, b: str) -> Optional[int]:
    return _bfs(board, a).get(b)


def distance(board: Board, a: SquareRef, b: SquareRef) -> int:
    """Squares between a and b for the shot modifier [6.7], counting b but not a, never diagonally.

    Ruling (docs/RULINGS.md): the fewest steps from a to b, each step into a square sharing a
    side with the last [2.1], whatever walls and doors stand there; same square: 0. Whatever their
    drawn size, all squares count one [2.1].
    """
    a, b = _sid(board, a), _sid(board, b)
    got = _bfs(board, a).get(b)
    if got is None:
        raise NoPath(f"squares {a} and {b} are not joined by any chain of shared sides, so no distance can be counted [2.1], [6.7]")
    return got


# =============================================================================================
# What a shot passes [6.7]


def shot_geometry(
    board: Board,
    shooter_square: SquareRef,
    target_square: SquareRef,
    door_states: Optional[Mapping[str, str]] = None,
    occupied: Iterable[SquareRef] = (),
) -> ShotGeometry:
    """The squares away and the door passages of a shot [6.4], [6.7], with the kind and state of each
    door: what the Shot Modifier Chart reads (:func:`dodnb.rules.modifiers.shot_modifiers` does the
    arithmetic with the game's tables).

    Raises NotInSight (a ValueError) when the target is not within sight [6.0 step 1], [6.4].
    """
    sight = line_of_sight(board, shooter_square, target_square, occupied=occupied, door_states=door_states)
    a, b = sight.a, sight.b
    if not sight.visible:
        raise NotInSight(f"{b} is not within the sight of {a}, so there is no shot [6.0], [6.4]: {sight.message}", sight)
    return geometry_of(board, sight, normalise_door_states(board, door_states))


def geometry_of(board: Board, sight: Sight, door_states: Mapping[str, str]) -> ShotGeometry:
    """What a shot along the visible line `sight` passes [6.4], [6.7], without walking it again
    (`door_states`: every door's state, as :func:`normalise_door_states` gives them)."""
    if sight.a == sight.b:
        return ShotGeometry(sight.a, sight.b, 0, (), sight)
    passages = tuple(
        DoorPassage(ids, tuple(board.doors[i].kind for i in ids), tuple(door_states[i] for i in ids)) for ids in sight.passages
    )
    return ShotGeometry(sight.a, sight.b, sight.distance, passages, sight)
