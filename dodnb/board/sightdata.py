"""Line of sight for every ordered pair of squares at once, for one door state and set of pieces:
what a browser-side explorer ships as data so that it answers a hover without asking the rules
(issue 36; the widget that encodes and draws it is :mod:`dodnb.widgets.sightview`).

Every answer is the exact walker's (:func:`dodnb.board.sight.line_of_sight`, [6.4], [6.3], [6.7]):
this module decides nothing, it only keeps the answers and knows which ones a change can touch.

* A door's state matters only to the lines that pass that door (a closed solid door blocks them
  [6.4]; a glass door's state changes a shot's modifier, never the sight [6.7], [10.5]).
* A piece matters only to the lines that pass through its square's interior between the two ends
  [6.3].

Both sets are geometry (which lines meet which door, which squares lie between) and do not depend on
the doors' states or the pieces, so they are read once from the all-open, empty board and kept by the
board (`board.memo`). Opening or closing a door then walks again only the few hundred lines through
it instead of all 46,440.

The reported reason of a blocked line is the same both ways, its culprit (the obstacle nearest the
shooter) often is not (docs/RULINGS.md): both directions are kept.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional

from dodnb.board.model import Board
from dodnb.board.sight import (
    Sight,
    SquareRef,
    line_of_sight,
    normalise_door_states,
    occupied_squares,
)

__all__ = ["SightAtlas"]


class SightAtlas:
    """What `keep` makes of the Sight of every ordered pair of distinct squares, for `door_states`
    and `occupied` (keep: Sight -> anything small; default: the Sight itself, about 2 kB each).

    ids       square ids, sorted (their index is the square's number in the browser's data);
    pair(i, j)    what was kept for the line from square number i to j (i != j);
    update(door_states=..., occupied=...)   walk again only the lines the change can touch;
              returns the ordered pairs (index tuples) whose answer was recomputed.
    """

    def __init__(
        self,
        board: Board,
        door_states: Optional[Mapping[str, str]] = None,
        occupied: Iterable[SquareRef] = (),
        keep: Optional[Callable[[Sight], Any]] = None,
    ):
        self.board = board
        self.ids: tuple[str, ...] = tuple(sorted(board.squares))
        self.index = {s: i for i, s in enumerate(self.ids)}
        self.door_states = normalise_door_states(board, door_states)
        self.occupied = occupied_squares(board, occupied)
        self.keep = keep or (lambda s: s)
        n = len(self.ids)
        memo = self.board.memo("sight_atlas_lines")
        lines = memo.get("lines")
        by_door: dict[str, set] = {d: set() for d in board.doors}
        by_square: dict[str, set] = {s: set() for s in self.ids}
        self._kept: dict[tuple[int, int], Any] = {}
        for i in range(n):
            for j in range(n):
                if i != j:
                    s = self._walk(i, j)
                    if lines is None:
                        for d in s.doors:
                            by_door[d].add((i, j))
                        for sq in s.between:
                            by_square[sq].add((i, j))
                    self._kept[(i, j)] = self.keep(s)
        if lines is None:  # geometry only: the same for every door state and set of pieces [6.4], [6.3]
            lines = memo["lines"] = ({d: frozenset(v) for d, v in by_door.items()}, {s: frozenset(v) for s, v in by_square.items()})
        self._by_door, self._by_square = lines
        self.walks = n * (n - 1)  # lines walked so far (tests read it: an update walks few)

    def _walk(self, i: int, j: int) -> Sight:
        return line_of_sight(self.board, self.ids[i], self.ids[j], occupied=self.occupied, door_states=self.door_states)

    def pair(self, i: int, j: int) -> Any:
        """What was kept of the line from square number i to square number j (i != j)."""
        return self._kept[(i, j)]

    def passing_door(self, door_id: str) -> frozenset:
        """The ordered pairs whose line passes the door (whatever its state) [6.4]."""
        return self._by_door[door_id]

    def passing_square(self, square: str) -> frozenset:
        """The ordered pairs whose line passes through the square between its two ends [6.3]."""
        return self._by_square[square]

    def update(self, door_states: Optional[Mapping[str, str]] = None, occupied: Optional[Iterable[SquareRef]] = None) -> set:
        """New door states and/or pieces (None: unchanged); checked like line_of_sight's input."""
        states = self.door_states if door_states is None else normalise_door_states(self.board, door_states)
        occ = self.occupied if occupied is None else occupied_squares(self.board, occupied)
        todo: set = set()
        for d, state in states.items():
            if self.door_states[d] != state:
                todo |= self._by_door[d]
        for sq in occ ^ self.occupied:
            todo |= self._by_square[sq]
        self.door_states, self.occupied = states, occ
        for i, j in todo:
            self._kept[(i, j)] = self.keep(self._walk(i, j))
        self.walks += len(todo)
        return todo
