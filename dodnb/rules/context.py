"""The rules object: what stays fixed during a game — the board, counters and tables — with every
cache that depends on them (moves with the current doors [5.3], [7.0], sight [6.4], distances
towards a square [7.0] 1, the [15.5] automaton's memos, the engine's last listings).

As OpenSpiel's `Game` owns what its states share: a `Game` holds one `Ctx`, each of its states
refers to it (`GameState.ctx`), and policies, searches and the odds read it from the state they are
given. `rules_for(board)` / `context(board, counters, tables)` give the one default rules object for
the shipped board, counters and tables (memoised once), and a new one for anything else: no cache
is kept by a board's identity."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any, Iterable, Mapping, Optional, Protocol

from dodnb.board.model import Board, load_board
from dodnb.board.sighttable import SightTable, sight_table
from dodnb.rules.counters import Counters, default_counters
from dodnb.rules.counters import Side as CounterSide
from dodnb.rules.records import CharacterState
from dodnb.rules.tables import Tables, default_tables
from dodnb.rules.vocab import DoorState, Status


class Situation(Protocol):
    """What the rules object reads of a position (a `dodnb.rules.state.GameState`; named by this
    protocol so that this module, which the state refers to, does not import it)."""

    @property
    def door_states(self) -> tuple[tuple[str, str], ...]: ...

    @property
    def ctx(self) -> Any: ...

    @property
    def doors(self) -> dict[str, str]: ...

    def occupied(self) -> frozenset[str]: ...


class Ctx:
    """What stays fixed during a game: the board, counters and tables, with per-board caches."""

    def __init__(self, board: Board, counters: Counters | None = None, tables: Tables | None = None):
        self.board = board
        self.counters = counters or default_counters()
        self.tables = tables or default_tables()
        self._moves: dict[tuple, dict[str, tuple[str, ...]]] = {}
        #: (square, the closed doors of its sides) -> its moves; the doors of each square's sides
        self._square_moves: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
        self._doors_at: dict[str, tuple[str, ...]] = {}
        for d in sorted(board.doors):
            for sq in board.doors[d].squares:
                self._doors_at[sq] = self._doors_at.get(sq, ()) + (d,)
        self._dist: dict[str, dict[str, int]] = {}
        self._sight: dict[tuple, SightTable] = {}
        self._vis: dict[tuple, frozenset] = {}
        self._sighted: dict[tuple, frozenset] = {}
        self._masks: dict[frozenset, int] = {}
        self.open_moves = {s: board.moves_from(s, {}) for s in board.ids}  # every door open
        self.main_square_door = {d.squares[0]: d for d in board.main_doors.values()}
        self._back: dict[str, list[str]] = {}
        for s, ns in self.open_moves.items():
            for n in ns:
                self._back.setdefault(n, []).append(s)
        self._near2: dict[str, frozenset[str]] = {}
        self._mp: dict[tuple, dict[str, int]] = {}
        #: one gun's Shot Modifier Chart subtraction [6.7] by (source, target, doors, occupied squares)
        self.shot_reduction: dict[tuple, int] = {}
        #: the last Free Movement node's unit moves, reused by `phases.free.unit_moves`
        self.free_cache: Any = None  # a phases.free._FreeCache (not imported here: phases import this module)
        #: the [15.5] automaton's memos (rules.solitaire): weighted distances, per-position
        #: environments, movers' classifications — each reads this board and these tables
        self.weighted: dict[tuple, dict[str, int]] = {}
        self.envs: dict[tuple, Any] = {}
        self.choices: dict = {}
        #: the engine's last listings (`engine.legal_actions`, `engine.chance_outcomes`): asking again
        #: for the same state costs nothing, and `apply` skips the check of an action equal to one
        #: listed for that very state
        self.last_legal = Listing()
        self.last_chance = Listing()
        #: `engine.roll_classes` per (dice, the roll's result function)
        self.roll_classes: dict = {}
        #: the last victory answer [14.0] and what it was worked out from (`engine.victory`)
        self.last_victory: list = [None] * 6
        #: the last reaction node's contenders (`phases.reaction.unit_candidates`)
        self.reaction_pended: list = [None, ()]

    def __reduce__(self):
        """Pickled as its board, counters and tables: the caches are rebuilt where it is unpickled."""
        return (Ctx, (self.board, self.counters, self.tables))

    def moves(self, st: Situation) -> dict[str, tuple[str, ...]]:
        """Squares reachable in one move from each square with the current doors [5.3], [7.0]."""
        got = self._moves.get(st.door_states)
        if got is not None:
            return got
        key = tuple((d, s) for d, s in st.door_states if s == DoorState.CLOSED)
        got = self._moves.get(key)
        if got is None:
            got = self.open_moves
            if key:
                # a closed door only changes passage between its own squares [5.3]: a square's moves
                # depend only on which doors of its own sides are closed, worked out once per such set
                ds = dict(key)
                touched = {sq for d in ds for sq in self.board.doors[d].squares}
                got = dict(got)
                for sq in touched:
                    shut = tuple(d for d in self._doors_at[sq] if d in ds)
                    m = self._square_moves.get((sq, shut))
                    if m is None:
                        m = self._square_moves[(sq, shut)] = self.board.moves_from(sq, {d: DoorState.CLOSED.value for d in shut})
                    got[sq] = m
            if len(self._moves) > 512:
                self._moves.clear()
            self._moves[key] = got
        self._moves[st.door_states] = got
        return got

    def sight(self, st: Situation) -> SightTable:
        """The all-pairs sight table for the current doors [6.4] (cached per door state)."""
        got = self._sight.get(st.door_states)
        if got is None:
            got = sight_table(self.board, st.doors)
            if len(self._sight) > 256:
                self._sight.clear()
            self._sight[st.door_states] = got
        return got

    def sighted_from(self, st: Situation, squares: frozenset) -> frozenset:
        """The squares within [6.4] sight (pieces do not block it) of any of `squares`, for the current
        doors: the squares whose units react to characters entering or acting there [7.1], [7.3]
        (cached per door state and set of squares)."""
        key = (st.door_states, squares)
        got = self._sighted.get(key)
        if got is None:
            table = self.sight(st)
            out: set[str] = set()
            for sq in squares:
                out |= table.visible_from(sq)
            if len(self._sighted) > 4096:
                self._sighted.clear()
            got = self._sighted[key] = frozenset(out)
        return got

    def visible_from(self, st: Situation, sq: str) -> frozenset:
        """Squares a character in `sq` may see, pieces between blocking [6.3], [6.4] (cached per state)."""
        occ = st.occupied()
        key = (sq, st.door_states, occ)
        got = self._vis.get(key)
        if got is None:
            table = self.sight(st)
            index = table._index
            mask = self._masks.get(occ)
            if mask is None:  # the state's own squares: no need to check them again (SightTable._mask does)
                mask = 0
                for s in occ:
                    mask |= 1 << index[s]
                if len(self._masks) > 4096:
                    self._masks.clear()
                self._masks[occ] = mask
            ids = table.ids
            got = frozenset([sq, *(ids[j] for j, m in table._rows[index[sq]].items() if not m & mask)])
            if len(self._vis) > 4096:
                self._vis.clear()
            self._vis[key] = got
        return got

    def near2(self, squares: Iterable[Optional[str]]) -> set[str]:
        """Squares from which one of `squares` is at most two moves away, every door open (a superset
        for any door state: closing a door only removes moves [5.3])."""
        out: set[str] = set()
        for t in squares:
            if t is None:
                continue
            got = self._near2.get(t)
            if got is None:
                one = self._back.get(t, [])
                got = frozenset([t, *one, *(s for n in one for s in self._back.get(n, []))])
                self._near2[t] = got
            out |= got
        return out

    def dist_to(self, target: str) -> dict[str, int]:
        """Steps from every square to `target` with all doors taken as open (reaction direction [7.0])."""
        got = self._dist.get(target)
        if got is None:
            got = self._dist[target] = _steps(self.open_moves, (target,))
        return got

    def mp_from(self, st: Situation, sources: tuple[str, ...]) -> dict[str, int]:
        """Movement Points from the nearest of `sources` to every square it can reach, one per square
        entered through passable sides with the doors as they are; pieces are ignored [15.2], [15.4].
        Cached per door state and sources: the dict returned is shared, read it only."""
        key = (st.door_states, sources)
        got = self._mp.get(key)
        if got is None:
            got = _steps(self.moves(st), sources)
            if len(self._mp) > 4096:
                self._mp.clear()
            self._mp[key] = got
        return got

    def side(self, ch: CharacterState) -> CounterSide:
        """The counter side in use: infected or normal [8.4]."""
        return self.counters.character(ch.name).side(Status.INFECTED.value if ch.status == Status.INFECTED else Status.NORMAL.value)

    def shot_dice(self, ch: CharacterState) -> int:
        return self.counters.character(ch.name).dice_for_shot(ch.rifle)

    def panic_dice(self, ch: CharacterState) -> int:
        return self.counters.character(ch.name).dice_for_panic(ch.rifle)


class Listing:
    """The last list given for one state, kept by the rules object: asking again costs nothing, and
    `engine.apply` knows which actions the rules listed for that very state."""

    __slots__ = ("st", "items", "acts")

    def __init__(self) -> None:
        self.st: Optional[Situation] = None
        self.items: tuple = ()
        self.acts: tuple = ()

    def keep(self, st: Situation, items: list, actions: Optional[list] = None) -> None:
        self.st, self.items = st, tuple(items)
        self.acts = self.items if actions is None else tuple(actions)

    def get(self, st: Situation) -> Optional[tuple]:
        return self.items if self.st is st else None

    def listed(self, st: Situation, action: Any) -> bool:
        """Was an action equal to `action` listed for this very state? The listed objects themselves are
        found by identity (a scan in C), any other action by equality."""
        if self.st is not st:
            return False
        acts = self.acts
        return any(map(is_, acts, repeat(action))) or action in acts


@lru_cache(maxsize=1)
def default_rules() -> Ctx:
    """The one rules object of the shipped board, counters and tables (memoised once)."""
    return Ctx(load_board(), default_counters(), default_tables())


def rules_for(board: Board) -> Ctx:
    """The default rules object when `board` is the shipped one; else a new rules object for it."""
    return default_rules() if board is load_board() else Ctx(board)


def context(board: Board, counters: Counters | None = None, tables: Tables | None = None) -> Ctx:
    """A rules object for this board, counters and tables: the default one for the shipped ones (or
    None), else a new one (a `Game` builds its own once and its states carry it: `GameState.ctx`)."""
    if (counters is None or counters is default_counters()) and (tables is None or tables is default_tables()):
        return rules_for(board)
    return Ctx(board, counters, tables)


def ctx_for(ctx: Optional[Ctx], st: Situation) -> Ctx:
    """The rules object passed down, else the state's own."""
    return ctx if ctx is not None else st.ctx


def _steps(moves: Mapping[str, Iterable[str]], sources: Iterable[str]) -> dict[str, int]:
    """Breadth-first: the fewest moves from the nearest of `sources` to every square reachable by
    `moves` (square -> squares one move away)."""
    got = {s: 0 for s in sources}
    todo = deque(got)
    while todo:
        s = todo.popleft()
        for n in moves[s]:
            if n not in got:
                got[n] = got[s] + 1
                todo.append(n)
    return got
