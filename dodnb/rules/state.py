"""Game state: where every piece is, what the players know, and where the turn stands — immutable.

`GameState` is a frozen dataclass of records (`dodnb.rules.records`): every change returns a new
state, and two states compare equal exactly when the game is in the same situation. The rules engine
(`dodnb.rules.engine`) moves it from one decision or chance node to the next; `dodnb.prob` reads it
for state-aware odds. Beside its fields a state keeps its hash and occupancy caches (see `evolve`).

The rules of what the players know [2.3], [5.4], [7.7] are `dodnb.rules.knowledge` (applied by
`with_knowledge`); JSON is `dodnb.rules.serial` (`to_dict` / `from_dict`); the set-up [3.1]-[3.3] is
`dodnb.rules.setup.initial_state`; a study position is built with :class:`dodnb.Position`.
"""

from __future__ import annotations

from operator import itemgetter
from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping, Optional

from dodnb.board.model import DOOR_STATES, Board, DoorKind, DoorState
from dodnb.errors import InputError, RuleViolation
from dodnb.rules import knowledge, serial
from dodnb.rules.counters import CHARACTERS, canonical_name
from dodnb.rules.records import (
    Activation,
    Attack,
    CharacterState,
    Pending,
    Result,
    Shot,
    StateError,
    TurnRecord,
    ZombieTurn,
    ZombieUnit,
)
from dodnb.rules.vocab import LOST, Phase, Pool, Status

CHAR_STATUSES = tuple(s.value for s in Status)
POOLS = frozenset(p.value for p in Pool)



@dataclass(frozen=True)
class GameState:
    """Everything on the table at one moment, and where the sequence of play [4.0] stands."""

    board: Board = field(compare=False, repr=False)
    characters: tuple[CharacterState, ...]
    zombies: tuple[ZombieUnit, ...]
    door_states: tuple[tuple[str, str], ...] = ()  # only doors not open; all open at start [3.3]
    super_value: int = 2  # [11.3]
    turn: int = 1
    phase: str = Phase.HUMAN.value
    pending: Optional[Pending] = None
    hidden_squares: tuple[str, ...] = ()  # [3.1] assigned and not yet revealed (secret)
    crossed_squares: tuple[str, ...] = ()  # [9.3] revealed: no other hidden zombie there
    rifles_left: int = 2  # hunting rifles still in square 177 [3.2]
    record: TurnRecord = TurnRecord()
    activation: Optional[Activation] = None
    shot: Optional[Shot] = None
    attack: Optional[Attack] = None
    zturn: ZombieTurn = ZombieTurn()
    result: Optional[Result] = None
    solitaire: bool = False
    fran_counts_two: bool = False  # victory reading of [14.1] (docs/RULINGS.md)
    victory_check: bool = True  # [14.0] off in a study drill: play on whatever the position (dodnb.Position)
    #: The rules object the state belongs to (`dodnb.rules.context.Ctx`: board, counters, tables and
    #: their caches), as an OpenSpiel state refers to its game: never compared, hashed, shown or written
    #: to JSON; `evolve` and `replace` hand it on. Left out, the default rules object of the board
    #: (`dodnb.rules.context.rules_for`).
    ctx: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.ctx is None:
            from dodnb.rules.context import rules_for  # (context.py builds on this module)

            object.__setattr__(self, "ctx", rules_for(self.board))

    # ----- validation -----------------------------------------------------------------------
    def check(self) -> None:
        """Raise StateError on an impossible position."""
        for what, v, lo in (("turn", self.turn, 1), ("super zombie value", self.super_value, 1), ("rifles in 177", self.rifles_left, 0)):
            if isinstance(v, bool) or not isinstance(v, int) or v < lo:
                raise StateError("4.0" if what == "turn" else "11.3" if what.startswith("super") else "3.2", f"{what} must be a whole number from {lo}, got {v!r}")
        if not isinstance(self.victory_check, bool):
            raise StateError("14.0", f"victory_check must be True or False, got {self.victory_check!r}")
        for c in self.characters:
            if not all(isinstance(x, bool) for x in (c.rifle, c.moved_last_turn)) or isinstance(c.infected_turn, bool) or not isinstance(c.infected_turn, int):
                raise StateError("2.3", f"character {c.name!r} has a field of the wrong type")
            if not isinstance(c.name, str) or not isinstance(c.status, str) or (c.square is not None and not isinstance(c.square, str)):
                raise StateError("2.3", f"character {c.name!r} has a field of the wrong type")
        for z in self.zombies:
            if not isinstance(z.uid, str) or not all(isinstance(x, bool) for x in (z.berserk, z.face_up, z.seen)) or not isinstance(z.pool, str):
                raise StateError("2.3", f"zombie unit {z.uid!r} has a field of the wrong type")
            if not isinstance(z.candidates, tuple) or any(isinstance(v, bool) or not isinstance(v, int) for v in z.candidates):
                raise StateError("13.3", f"zombie unit {z.uid!r}: the values it could be must be whole numbers")
            if z.square is not None and not isinstance(z.square, str):
                raise StateError("2.1", f"zombie unit {z.uid!r} stands on {z.square!r}, which is not a square id")
        names = [c.name for c in self.characters]
        if len(set(names)) != len(names):
            raise StateError("2.3", "a character appears twice")
        for c in self.characters:
            if c.name not in CHARACTERS:
                raise StateError("2.3", f"unknown character {c.name!r}")
            if c.status not in CHAR_STATUSES:
                raise StateError("2.3", f"{c.name} has unknown status {c.status!r} (normal, stunned, infected, super, killed)")
            if c.rifle and c.name not in ("Steve", "Fran"):
                raise StateError("12.1", f"{c.name} may never acquire a hunting rifle")
            if c.rifle and c.status in LOST:
                raise StateError("12.3", f"{c.name} is out of the human player's hands: the hunting rifle is removed from play")
            if c.square is not None and c.square not in self.board.squares:
                raise StateError("2.1", f"{c.name} stands on {c.square!r}, which is not a square of this map")
        uids = [z.uid for z in self.zombies]
        if len(set(uids)) != len(uids):
            raise StateError("2.3", "a zombie unit appears twice")
        squares = [z.square for z in self.zombies if z.square is not None]
        if len(set(squares)) != len(squares):
            for sq in set(squares):
                if squares.count(sq) > 1:
                    raise StateError("7.6", f"two zombie units in square {sq}: a zombie unit may never end its move in a zombie-occupied square")
        for z in self.zombies:
            if isinstance(z.value, bool) or not isinstance(z.value, int) or z.value < 1:
                raise StateError("2.3", f"zombie unit {z.uid} has Zombie Value {z.value!r}; values are whole numbers from 1")
            if (z.square is None) != (z.pool != Pool.MAP):
                raise StateError("3.1", f"zombie unit {z.uid}: pool {z.pool!r} but square {z.square!r} (units on the map have a square, others none)")
            if z.pool not in POOLS:
                raise StateError("3.1", f"zombie unit {z.uid}: unknown pool {z.pool!r}")
            if z.square is not None and z.square not in self.board.squares:
                raise StateError("2.1", f"zombie unit {z.uid} stands on {z.square!r}, which is not a square of this map")
        for d, s in self.door_states:
            if d not in self.board.doors:
                raise StateError("3.3", f"no door {d!r} on this map")
            if s not in DOOR_STATES:
                raise StateError("5.5", f"door {d} state {s!r}: doors are open, closed or destroyed")
            kind = self.board.doors[d].kind
            if s == DoorState.DESTROYED and kind != DoorKind.GLASS:
                raise StateError("10.4", f"door {d} is a {kind} door: only glass doors can be destroyed")
        if not 0 <= self.rifles_left <= 2:
            raise StateError("3.2", f"{self.rifles_left} hunting rifles in square 177: there are two in the game")

    # ----- queries --------------------------------------------------------------------------
    def character(self, name: str) -> CharacterState:
        for c in self.characters:
            if c.name == name:  # the engine's own names (hot path)
                return c
        name = canonical_name(name)
        for c in self.characters:
            if c.name == name:
                return c
        raise StateError("2.3", f"{name} is not in this game")

    def unit(self, uid: str) -> ZombieUnit:
        i = self.unit_index(uid)
        if i is None:
            raise StateError("2.3", f"no zombie unit {uid!r}")
        return self.zombies[i]

    def unit_index(self, uid: str) -> Optional[int]:
        """Where the unit stands in `zombies` (None: no such unit). The index of units by id is kept
        per state (`_uidx`) and handed on by `with_units`, which keeps the order of the units."""
        idx = self.__dict__.get("_uidx")
        if idx is None:
            idx = {}
            for i, z in enumerate(self.zombies):
                idx.setdefault(z.uid, i)  # the first, as a scan would find it
            self.__dict__["_uidx"] = idx
        return idx.get(uid)

    def with_units(self, zombies: tuple[ZombieUnit, ...], **changes: Any) -> "GameState":
        """`evolve(zombies=..., **changes)` for units in the same order, with the same ids (units moved,
        flipped or changed in place): the index of units by id stays good."""
        new = self.evolve(zombies=zombies, **changes)
        idx = self.__dict__.get("_uidx")
        if idx is not None:
            new.__dict__["_uidx"] = idx
        return new

    @property
    def doors(self) -> dict[str, str]:
        return dict(self.door_states)

    def door_state(self, door: str) -> str:
        for d, s in self.door_states:
            if d == door:
                return s
        return DoorState.OPEN.value

    def main_doors_closed(self) -> bool:
        """The four main doors closed [14.2] 1 (closed main doors never reopen [5.5])."""
        return all(self.door_state(d.id) == DoorState.CLOSED for d in self.board.main_doors.values())

    def characters_in(self, square: str) -> list[CharacterState]:
        """Human characters (not super zombies, not killed) in the square (a new list each call; the
        squares' characters are worked out once per state, kept while the characters are the same)."""
        got = self.__dict__.get("_cin")
        if got is None:
            got = {}
            for c in self.characters:
                if c.square is not None and c.status not in LOST:
                    got[c.square] = got.get(c.square, ()) + (c,)
            self.__dict__["_cin"] = got
        here = got.get(square)
        if here is None:
            if square not in self.board.squares:  # a user's reference: normalised, or UnknownSquare
                return self.characters_in(self.board.square_id(square))
            return []
        return list(here)

    def zombie_in(self, square: str) -> Optional[ZombieUnit]:
        sq = self.board.square_id(square)
        for z in self.zombies:
            if z.square == sq:
                return z
        return None

    def super_zombies_in(self, square: str) -> list[CharacterState]:
        sq = self.board.square_id(square)
        return [c for c in self.characters if c.status == Status.SUPER and c.square == sq]

    # Occupancy is worked out once per state and kept in its __dict__ (never compared, hashed or
    # pickled; `evolve` keeps it while the characters and units are the same objects): plain dict
    # look-ups, as functools.cached_property takes a lock.

    def human_squares(self) -> frozenset[str]:
        """Squares holding a human character in play."""
        got = self.__dict__.get("_humans")
        if got is None:
            got = self.__dict__["_humans"] = frozenset(c.square for c in self.characters if c.in_play)
        return got

    def unit_squares(self) -> dict[str, ZombieUnit]:
        """Each square holding a zombie unit, with the unit (in the order of `zombies`)."""
        got = self.__dict__.get("_units")
        if got is None:
            got = self.__dict__["_units"] = {z.square: z for z in self.zombies if z.square is not None}
        return got

    def super_squares(self) -> frozenset[str]:
        got = self.__dict__.get("_supers")
        if got is None:
            got = self.__dict__["_supers"] = frozenset(c.square for c in self.characters if c.is_super)
        return got

    def zombie_occupied(self, square: str) -> bool:
        """A zombie unit or a super zombie stands there (ruling: a super zombie occupies a square)."""
        d = self.__dict__
        units = d.get("_units")
        if units is None:
            units = self.unit_squares()
        if square in units:
            return True
        supers = d.get("_supers")
        if supers is None:
            supers = self.super_squares()
        return square in supers

    def occupied(self) -> frozenset[str]:
        """Squares holding a character or a zombie unit: they block sight and shots through them [6.3]."""
        got = self.__dict__.get("_occupied")
        if got is None:
            out = {c.square for c in self.characters if c.square and c.status != Status.KILLED}
            out |= {z.square for z in self.zombies if z.square}
            got = self.__dict__["_occupied"] = frozenset(out)
        return got

    @property
    def over(self) -> bool:
        return self.result is not None

    def __hash__(self) -> int:
        """Hashed once per state (exact enumeration keys dicts by states millions of times); the board
        is left out, as it is from equality. The units' tuple, the costly part (a unit's hash is a
        Python call), is hashed once per tuple object: many states share the same one (`evolve`
        hands it on unchanged, and the zombie-turn walk's canonical form makes one per content)."""
        d = self.__dict__
        h = d.get("_hash")
        if h is None:
            zs = d["zombies"]
            got = _UNITS_HASH.get(id(zs))
            if got is None or got[0] is not zs:
                if len(_UNITS_HASH) > 20_000:  # (each entry keeps a tuple alive: a few MB at most)
                    _UNITS_HASH.clear()
                got = _UNITS_HASH[id(zs)] = (zs, hash(zs))  # the tuple kept alive: its id is not reused
            h = d["_hash"] = hash((got[1], _OTHERS_OF(d)))
        return h

    def __eq__(self, other: object) -> bool:
        """The dataclass equality (every field but the board), its fields read in one C call: exact
        odds compare positions whenever two of them meet in a dict."""
        if self is other:
            return True
        if other.__class__ is not GameState:
            return NotImplemented
        return bool(_COMPARED_OF(self.__dict__) == _COMPARED_OF(other.__dict__))

    def __getstate__(self) -> dict:
        """Pickle the fields only: a cached hash or occupancy must not travel to another process,
        where string hashes differ (the rules object travels without its caches: `Ctx.__reduce__`)."""
        return {n: self.__dict__[n] for n in _FIELD_NAMES}

    def __setstate__(self, d: dict) -> None:
        self.__dict__.update(d)

    def evolve(self, **changes: Any) -> "GameState":
        """A copy with some fields changed, for the engine's hot path: like dataclasses.replace, without
        re-running __init__ (the engine's own resolvers keep positions legal; `check()` proves it).
        A cached value is kept only when the fields it is worked out from are not among the changes
        (occupancy of squares, by characters or units; never the hash)."""
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        if len(d) != _N_FIELDS:
            if _OCCUPANCY.isdisjoint(changes):
                d.pop("_hash", None)  # the occupancy caches stay: their fields are the same objects
            else:
                # what is worked out from the characters alone stays when only the units change, and
                # the other way round; the rest goes
                pop = d.pop
                for k in (_DROP_IF_UNITS if "characters" not in changes else
                          _DROP_IF_CHARACTERS if "zombies" not in changes else _CACHES):
                    pop(k, None)
        if not changes.keys() <= _FIELD_SET:
            raise TypeError(f"GameState has no field {next(k for k in changes if k not in _FIELD_SET)!r}")
        d.update(changes)
        object.__setattr__(new, "__dict__", d)
        return new

    # ----- transitions (each returns a new state) -------------------------------------------
    def with_character(self, name: str, **changes) -> "GameState":
        c = self.character(name)
        if "square" in changes and changes["square"] is not None:
            changes["square"] = self.board.square_id(changes["square"])
        new = replace(self, characters=tuple(replace(x, **changes) if x.name == c.name else x for x in self.characters))
        new = new.with_knowledge()
        new.check()
        return new

    def with_knowledge(self, lower: bool = True) -> "GameState":
        """The units face up exactly where the players see them, each face-up unit seen
        (`dodnb.rules.knowledge`: [5.4], [7.7], [11.1], [2.3]). ``lower=False`` (study positions built
        by hand) keeps a unit the caller put face up."""
        zs = knowledge.settle(self.zombies, self.characters, self.solitaire, lower)
        new = self if zs is self.zombies else self.with_units(zs)
        if lower:
            knowledge.remember(new.zombies, new.characters, new.solitaire)
        return new

    def with_knowledge_after(self, before: tuple, i: int) -> "GameState":
        """`with_knowledge()` for a state whose units are `before` (units `with_knowledge` settled, with
        these characters) but for unit `i`, which moved or changed: only that unit can be turned up or
        down, the others are settled already. Without such a record of `before`, the whole of
        `with_knowledge()` (tests/rules/test_speed_paths.py compares both on every unit move of seeded
        games)."""
        zs = knowledge.settle_after(before, self.zombies, self.characters, self.solitaire, i)
        if zs is None:
            return self.with_knowledge()
        new = self if zs is self.zombies else self.with_units(zs)
        knowledge.remember(new.zombies, new.characters, new.solitaire)
        return new

    # ----- serialisation (dodnb.rules.serial) -----------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict of everything but the board (saved by name alongside)."""
        return serial.state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], board: Optional[Board] = None, ctx: Any = None) -> "GameState":
        """Inverse of :meth:`to_dict`; the position is checked (StateError) before it is returned. `ctx`:
        the rules object it belongs to (its board is then the state's); else the board's default one."""
        if ctx is not None:
            board = ctx.board
        board, kw = serial.state_fields(data, board)
        state = cls(board, **kw, ctx=ctx)
        try:
            state.check()
            hash(state)
        except RuleViolation:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"saved state is malformed: {exc}") from exc
        return state


_FIELD_NAMES = tuple(f.name for f in fields(GameState))
_COMPARED = tuple(f.name for f in fields(GameState) if f.compare)
_FIELD_SET = frozenset(_FIELD_NAMES)
#: The fields the per-state caches other than the hash (`_humans`, `_supers`, `_units`, `_occupied`,
#: `_uidx`, kept in __dict__ beside the fields) are worked out from: `evolve` keeps them all when
#: neither changes, and those of the one that did not change otherwise (`with_units` hands on the
#: index of units by id, when the units keep their order).
_OCCUPANCY = frozenset({"characters", "zombies"})
_OF_CHARACTERS = frozenset({"_humans", "_supers", "_cin"})  # worked out from the characters alone
_OF_UNITS = frozenset({"_units", "_uidx"})  # from the units alone
#: Every per-state cache (the hash and the occupancy above); a test checks no other key is ever kept.
_CACHES = ("_hash", "_humans", "_supers", "_cin", "_units", "_uidx", "_occupied")
_DROP_IF_UNITS = tuple(k for k in _CACHES if k not in _OF_CHARACTERS)  # the units changed, not the characters
_DROP_IF_CHARACTERS = tuple(k for k in _CACHES if k not in _OF_UNITS)  # the characters changed, not the units
_COMPARED_OF = itemgetter(*_COMPARED)  # the compared fields of a state's __dict__, as one tuple
_OTHERS_OF = itemgetter(*(n for n in _COMPARED if n != "zombies"))  # the same but the units
#: id(units' tuple) -> (that tuple, its hash), for `GameState.__hash__` (independent of any board)
_UNITS_HASH: dict[int, tuple[tuple[ZombieUnit, ...], int]] = {}
_N_FIELDS = len(_FIELD_NAMES)


__all__ = ["GameState", "StateError", "CharacterState", "ZombieUnit", "Pending", "Activation", "Shot", "Attack",
           "TurnRecord", "ZombieTurn", "Result", "CHAR_STATUSES", "POOLS"]
