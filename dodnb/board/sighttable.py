"""All-pairs line of sight [6.4]: every pair of squares decided at once for one set of closed solid
doors, with the squares lying between each visible pair kept as a bit mask so tokens [6.3] are applied
with one test.

numpy on int64 doubled coordinates (exact integer arithmetic; no floats anywhere). The tests check it
agrees on every pair with the exact walker :func:`dodnb.board.sight.line_of_sight`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping, Optional

import numpy as np

from dodnb.board.geometry import Segment, segments_touch
from dodnb.board.model import Board
from dodnb.board.sight import SquareRef, line_of_sight, normalise_door_states, occupied_squares

__all__ = ["SightTable", "sight_table", "visible_from"]


class SightTable:
    """Sight between every pair of squares for one set of closed solid doors, tokens applied on demand.

    Glass doors (open, closed, destroyed), open solid doors and main doors do not change who sees
    whom [6.4]; only closed solid doors do, so one table serves every door state with the same closed
    solid doors. For each visible pair the table keeps the squares lying between (as a bit mask) so
    that tokens [6.3] cost one AND.
    """

    def __init__(self, board: Board, closed_solid: frozenset, rows: list[dict[int, int]]):
        self.board = board
        self.closed_solid = closed_solid
        self.ids: tuple[str, ...] = tuple(sorted(board.squares))
        self._index = {s: n for n, s in enumerate(self.ids)}
        self._rows = rows  # rows[i][j] = bit mask of squares strictly between, for visible i != j
        self._seen: dict[str, frozenset] = {}  # visible_from without tokens, per square (asked every Zombie Player-Turn)

    @property
    def pairs(self) -> int:
        """Unordered pairs of distinct squares."""
        n = len(self.ids)
        return n * (n - 1) // 2

    @property
    def n_visible(self) -> int:
        """Unordered pairs of distinct squares in sight of each other, tokens ignored."""
        return sum(len(r) for r in self._rows) // 2

    def _mask(self, occupied: Iterable[SquareRef]) -> int:
        m = 0
        for s in occupied_squares(self.board, occupied):
            m |= 1 << self._index[s]
        return m

    def visible(self, a: SquareRef, b: SquareRef, occupied: Iterable[SquareRef] = ()) -> bool:
        """Same answer as line_of_sight(...).visible [6.4], [6.3], from the table."""
        i, j = self._index[self.board.square_id(a)], self._index[self.board.square_id(b)]
        if i == j:
            return True
        m = self._rows[i].get(j)
        return m is not None and not (m & self._mask(occupied))

    def between(self, a: SquareRef, b: SquareRef) -> Optional[frozenset]:
        """Squares strictly between a and b on the line, for a visible pair (None if not visible)."""
        i, j = self._index[self.board.square_id(a)], self._index[self.board.square_id(b)]
        if i == j:
            return frozenset()
        m = self._rows[i].get(j)
        if m is None:
            return None
        return frozenset(s for n, s in enumerate(self.ids) if m >> n & 1)

    def visible_from(self, a: SquareRef, occupied: Iterable[SquareRef] = ()) -> frozenset:
        """Every square within a's sight, a included [6.4], [7.1]."""
        if not occupied and not isinstance(occupied, str):  # no tokens: the whole row, kept
            got = self._seen.get(a) if isinstance(a, str) else None
            if got is None:
                sq = self.board.square_id(a)
                got = self._seen.get(sq)
                if got is None:
                    got = self._seen[sq] = frozenset([sq, *(self.ids[j] for j in self._rows[self._index[sq]])])
            return got
        a = self.board.square_id(a)
        i = self._index[a]
        occ = self._mask(occupied)
        ids = self.ids
        return frozenset([a, *(ids[j] for j, m in self._rows[i].items() if not m & occ)])

    def visible_pairs(self) -> list[tuple[str, str]]:
        """Unordered visible pairs (a < b), tokens ignored."""
        ids = self.ids
        return [(ids[i], ids[j]) for i, row in enumerate(self._rows) for j in row if i < j]


_TABLE_CACHE_SIZE = 64
_INT64_SAFE = 1 << 20  # doubled coordinates below this keep every product far inside int64


def sight_table(board: Board, door_states: Optional[Mapping[str, str]] = None) -> SightTable:
    """All-pairs sight [6.4] for the board and door states, computed once and cached."""
    if door_states:
        states = normalise_door_states(board, door_states)
        closed_solid = frozenset(d for d, s in states.items() if s == "closed" and board.doors[d].kind == "solid")
    else:  # the start of the game: every door open [3.3]
        if door_states is not None:
            normalise_door_states(board, door_states)  # still rejects a non-mapping
        closed_solid = frozenset()
    cache = board.memo("sight_tables")  # kept by the board, oldest first
    table = cache.get(closed_solid)
    if table is None:
        if closed_solid:
            rows = _close_doors(board, sight_table(board)._rows, closed_solid)
        else:
            rows = _compute_rows(board, closed_solid)
        table = SightTable(board, closed_solid, rows)
        cache[closed_solid] = table
        while len(cache) > _TABLE_CACHE_SIZE:
            del cache[next(iter(cache))]  # the least recently used (dicts keep their order)
    else:
        cache[closed_solid] = cache.pop(closed_solid)  # the most recently used, last
    return table


def visible_from(
    board: Board,
    a: SquareRef,
    occupied: Iterable[SquareRef] = (),
    door_states: Optional[Mapping[str, str]] = None,
) -> frozenset:
    """Every square within sight of a (a included) [6.4]; [7.1] uses this for zombie reaction."""
    return sight_table(board, door_states).visible_from(a, occupied)


def _close_doors(board: Board, open_rows: list[dict[int, int]], closed_solid: frozenset) -> list[dict[int, int]]:
    """The table with some solid doors closed, derived from the all-open one [6.4], S3.

    With every door open, a visible line that touches a solid door has that door on a side of one of
    its end squares (S4). Closing the door turns it into a wall, so exactly those pairs go; nothing
    else changes. The pairs each door cuts are found once per board (:func:`_door_cuts`); tests
    check the result equals the full computation."""
    rows = list(open_rows)
    copied: set[int] = set()
    for d_id in sorted(closed_solid):
        for i, j in _door_cuts(board, open_rows, d_id):
            for x, y in ((i, j), (j, i)):
                if x not in copied:
                    rows[x] = dict(rows[x])
                    copied.add(x)
                rows[x].pop(y, None)
    return rows


def _door_cuts(board: Board, open_rows: list[dict[int, int]], d_id: str) -> tuple[tuple[int, int], ...]:
    """The visible pairs (i, j) of the all-open table whose line touches door `d_id` [6.4], S4.

    Only lines from the door's own squares can touch it (S4), so only their rows are looked at.
    Computed once per board and door: the exact geometry is the slow part of a new door state."""
    per_board = board.memo("door_cuts")  # kept by the board
    cuts = per_board.get(d_id)
    if cuts is None:
        ids = sorted(board.squares)
        index = {s: i for i, s in enumerate(ids)}
        door = board.doors[d_id]
        a0, a1 = door.seg.ends
        found = []
        for sq in door.squares:
            i = index[sq]
            p = board.squares[sq].centre
            for j in open_rows[i]:
                if segments_touch(p, board.squares[ids[j]].centre, a0, a1):
                    found.append((i, j))
        cuts = per_board[d_id] = tuple(found)
    return cuts


def _compute_rows(board: Board, closed_solid: frozenset) -> list[dict[int, int]]:
    ids = sorted(board.squares)
    n = len(ids)
    rects = [board.squares[s].rect for s in ids]
    big = max(max(abs(r.x0), abs(r.y0), abs(r.x1), abs(r.y1)) for r in rects) * 2
    if big >= _INT64_SAFE:  # enormous coordinates: the exact walker decides every pair instead
        rows: list[dict[int, int]] = [dict() for _ in range(n)]
        states = {d: ("closed" if d in closed_solid else "open") for d in board.doors}
        for i in range(n):
            for j in range(i + 1, n):
                s = line_of_sight(board, ids[i], ids[j], door_states=states)
                if s.visible:
                    m = 0
                    for sid in s.between:
                        m |= 1 << ids.index(sid)
                    rows[i][j] = rows[j][i] = m
        return rows

    i64 = np.int64
    X0 = np.array([2 * r.x0 for r in rects], dtype=i64)
    X1 = np.array([2 * r.x1 for r in rects], dtype=i64)
    Y0 = np.array([2 * r.y0 for r in rects], dtype=i64)
    Y1 = np.array([2 * r.y1 for r in rects], dtype=i64)
    CX, CY = (X0 + X1) // 2, (Y0 + Y1) // 2  # doubled centres: r.x0 + r.x1
    I, J = np.triu_indices(n, 1)
    PX, PY, QX, QY = CX[I], CY[I], CX[J], CY[J]
    alive = np.ones(len(I), dtype=bool)

    # --- walls: any contact blocks [6.4] (crossing, running along, touching an end)
    for w in board.walls:
        sel = np.nonzero(alive)[0]
        hit = _touch(w, PX[sel], PY[sel], QX[sel], QY[sel])
        alive[sel[hit]] = False

    # --- doors: contacts of the surviving lines, grouped into passages by contact point
    sel = np.nonzero(alive)[0]
    px, py, qx, qy = PX[sel], PY[sel], QX[sel], QY[sel]
    door_list = list(board.doors.values())
    contacts_pair, contacts_door, contacts_along, contacts_tn, contacts_td = [], [], [], [], []
    for k, d in enumerate(door_list):
        hit = _touch(d.seg, px, py, qx, qy)
        idx = np.nonzero(hit)[0]
        if not len(idx):
            continue
        if d.seg.horizontal:
            c, p0, dd = 2 * d.seg.y0, py[idx], qy[idx] - py[idx]
        else:
            c, p0, dd = 2 * d.seg.x0, px[idx], qx[idx] - px[idx]
        along = dd == 0  # touching a door while parallel to it = running along it
        tn, td = c - p0, dd
        neg = td < 0
        tn, td = np.where(neg, -tn, tn), np.where(neg, -td, td)
        contacts_pair.append(idx)
        contacts_door.append(np.full(len(idx), k))
        contacts_along.append(along)
        contacts_tn.append(tn)
        contacts_td.append(td)
    ok_rows: dict[int, int] = {}
    if contacts_pair:
        cp = np.concatenate(contacts_pair)
        cd = np.concatenate(contacts_door)
        ca = np.concatenate(contacts_along)
        ctn = np.concatenate(contacts_tn)
        ctd = np.concatenate(contacts_td)
        # can sight pass door k when square s is one end? [6.4]: not main, not closed solid, a side of s
        pass_ok = np.zeros((len(door_list), n), dtype=bool)
        index = {s: m for m, s in enumerate(ids)}
        for k, d in enumerate(door_list):
            if d.kind == "main" or (d.kind == "solid" and d.id in closed_solid):
                continue
            for s in d.squares:
                pass_ok[k, index[s]] = True
        count = np.bincount(cp, minlength=len(sel))
        gi, gj = I[sel[cp]], J[sel[cp]]
        contact_ok = (pass_ok[cd, gi] | pass_ok[cd, gj]) & ~ca
        single = count[cp] == 1
        bad_single = cp[single & ~contact_ok]
        alive[sel[bad_single]] = False
        multi = np.nonzero(count >= 2)[0]
        if len(multi):
            multi_set = set(multi.tolist())
            groups: dict[int, list[tuple[Fraction, bool]]] = {}
            for p, ok, tn_, td_ in zip(cp.tolist(), contact_ok.tolist(), ctn.tolist(), ctd.tolist()):
                if p in multi_set:
                    # runs along a door: td == 0; such a contact is never ok, so its t does not matter
                    groups.setdefault(p, []).append((Fraction(tn_, td_) if td_ else Fraction(-1), ok))
            for p, items in groups.items():
                points = {t for t, _ in items}
                if len(points) >= 2 or not all(ok for _, ok in items):
                    alive[sel[p]] = False  # two door passages [6.4], or a door it may not pass

    # --- squares strictly between, for the visible pairs (token masks [6.3])
    vis = np.nonzero(alive)[0]
    rows = [dict() for _ in range(n)]
    if not len(vis):
        return rows
    vi, vj = I[vis], J[vis]
    px, py, qx, qy = PX[vis], PY[vis], QX[vis], QY[vis]
    masks = np.zeros((len(vis), n), dtype=bool)
    chunk = max(1, 2_000_000 // max(n, 1))
    for lo in range(0, len(vis), chunk):
        hi = min(len(vis), lo + chunk)
        a_px, a_py, a_qx, a_qy = px[lo:hi, None], py[lo:hi, None], qx[lo:hi, None], qy[lo:hi, None]
        # bounding boxes overlap with positive extent (open rectangle)
        bb = (
            (np.minimum(a_px, a_qx) < X1)
            & (np.maximum(a_px, a_qx) > X0)
            & (np.minimum(a_py, a_qy) < Y1)
            & (np.maximum(a_py, a_qy) > Y0)
        )
        pi, si = np.nonzero(bb)
        keep = (si != vi[lo:hi][pi]) & (si != vj[lo:hi][pi])
        pi, si = pi[keep], si[keep]
        sx, sy = px[lo:hi][pi], py[lo:hi][pi]
        dx, dy = qx[lo:hi][pi] - sx, qy[lo:hi][pi] - sy
        pos = np.zeros(len(pi), dtype=bool)
        neg = np.zeros(len(pi), dtype=bool)
        for cxs, cys in ((X0, Y0), (X1, Y0), (X0, Y1), (X1, Y1)):
            o = dx * (cys[si] - sy) - dy * (cxs[si] - sx)
            pos |= o > 0
            neg |= o < 0
        hit = pos & neg  # corners strictly on both sides of the line: it meets the open rectangle
        masks[lo + pi[hit], si[hit]] = True
    packed = np.packbits(masks, axis=1, bitorder="little")
    for r, (i, j) in enumerate(zip(vi.tolist(), vj.tolist())):
        m = int.from_bytes(packed[r].tobytes(), "little")
        rows[i][j] = m
        rows[j][i] = m
    return rows


def _touch(seg: Segment, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> np.ndarray:
    """Exact int64 test: which segments P-Q (doubled) share at least one point with `seg`."""
    if seg.horizontal:  # swap the axes so that seg is vertical
        px, py, qx, qy = py, px, qy, qx
        k, lo, hi = 2 * seg.y0, 2 * seg.x0, 2 * seg.x1
    else:
        k, lo, hi = 2 * seg.x0, 2 * seg.y0, 2 * seg.y1
    swap = px > qx
    ax, bx = np.where(swap, qx, px), np.where(swap, px, qx)
    ay, by = np.where(swap, qy, py), np.where(swap, py, qy)
    dx = bx - ax
    inx = (ax <= k) & (k <= bx)
    num = ay * dx + (by - ay) * (k - ax)  # y at x = k, times dx
    slanted = (dx > 0) & (lo * dx <= num) & (num <= hi * dx)
    upright = (dx == 0) & (np.maximum(ay, by) >= lo) & (np.minimum(ay, by) <= hi)
    return inx & (slanted | upright)
