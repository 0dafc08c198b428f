"""Game state: where every piece is, what the players know, and where the turn stands — immutable.

`GameState` is a frozen dataclass: every change returns a new state (`dataclasses.replace`), two
states compare equal exactly when the game is in the same situation, and `to_dict()` /
`GameState.from_dict()` round-trip through JSON. The rules engine (`dodnb.rules.engine`) moves it
from one decision or chance node to the next; `dodnb.prob` reads it for state-aware odds.

What the players know is part of the state, per zombie unit [2.3], [7.7]:
* ``face_up``: the value is showing now (a character or super zombie is in its square [5.4], [7.7]);
* ``seen``: it has been showing before; players may remember it [2.3];
* ``candidates``: for a unit drawn face down from the eliminated pool [13.3], the values it could be
  (the pool's values at the draw); empty for a never-seen unit, which could be any unseen value.
"""

from __future__ import annotations

import random
from operator import itemgetter
from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable, Mapping, Optional, Union

from dodnb.board.model import DOOR_STATES, Board, DoorKind, DoorState, load_board
from dodnb.errors import RuleViolation
from dodnb.rules.counters import CHARACTERS, canonical_name
from dodnb.rules.vocab import LOST, AttackStep, PendingKind, Phase, Pool, Side, Status, ZStep

CHAR_STATUSES = tuple(s.value for s in Status)
POOLS = frozenset(p.value for p in Pool)
STATE_VERSION = 2  # 2: typed pending kinds and zombie-turn steps (ZStep) instead of flags


def _without_hash(d: dict) -> dict:
    """A record's __dict__ without its cached hash (string hashes differ from one process to another)."""
    if "_h" not in d:
        return d
    d = dict(d)
    del d["_h"]
    return d


class StateError(RuleViolation):
    """An impossible position. `case` is the rule's Case number."""


@dataclass(frozen=True)
class CharacterState:
    """A character [2.3]: square, counter side, hunting rifle [12.0], and turn bookkeeping.

    moved_last_turn: activated in the previous Human Player-Turn, so not eligible now [5.0].
    infected_turn: the Game-Turn he was infected (no super-zombie roll that turn [11.0]).
    A super zombie [11.0] is the same counter flipped: status 'super', square where it stands
    (None once eliminated)."""

    name: str
    square: Optional[str]
    status: str = Status.NORMAL.value
    rifle: bool = False
    moved_last_turn: bool = False
    infected_turn: int = 0

    @property
    def in_play(self) -> bool:
        """A human character on the map (normal, stunned or infected)."""
        return self.status not in LOST and self.square is not None

    @property
    def is_super(self) -> bool:
        """A super zombie still on the map [11.0]."""
        return self.status == Status.SUPER and self.square is not None

    def __hash__(self) -> int:
        """The dataclass hash, worked out once per character (see `ZombieUnit.__hash__`)."""
        d = self.__dict__
        h = d.get("_h")
        if h is None:
            h = d["_h"] = hash((self.name, self.square, self.status, self.rifle, self.moved_last_turn, self.infected_turn))
        return h

    def __getstate__(self) -> dict:
        return _without_hash(self.__dict__)


@dataclass(frozen=True)
class ZombieUnit:
    """One zombie counter [2.3] and what the players know of it.

    uid: our id (the counters have none); value: its Zombie Value; square: where it is on the map
    (None off the map); pool: map | hidden (Hidden Zombie box [3.1]) | eliminated [13.3] | box
    (off the map in a study position); berserk [10.0]; face_up / seen / candidates: see module."""

    uid: str
    value: int
    square: Optional[str] = None
    berserk: bool = False
    face_up: bool = False
    seen: bool = False
    pool: str = Pool.MAP.value
    candidates: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.face_up and not self.seen:  # a value face up now has been seen [5.4], [7.7]
            object.__setattr__(self, "seen", True)

    def __hash__(self) -> int:
        """The dataclass hash (of every field), worked out once per unit: exact odds hash positions,
        hence their units, millions of times. Kept in __dict__ as ``_h``; every copy of a unit's
        __dict__ (`phases.base.rec`, `_flip`) drops it, and pickling leaves it out."""
        d = self.__dict__
        h = d.get("_h")
        if h is None:
            h = d["_h"] = hash((self.uid, self.value, self.square, self.berserk, self.face_up, self.seen, self.pool, self.candidates))
        return h

    def __getstate__(self) -> dict:
        return _without_hash(self.__dict__)


@dataclass(frozen=True)
class Pending:
    """Whose decision it is and about what (OpenSpiel's current player + our context).

    kind: what is decided or rolled (:class:`~dodnb.rules.vocab.PendingKind`); side: who decides
    (the kind's side: human, zombie or chance); for dice, ``dice`` says how many are rolled;
    ``case`` is the rule that asks; ``who`` names the one character, unit or square concerned
    (empty when none); ``purpose`` is a short English gloss for debugging and tests — learners read
    the presenter's words (dodnb.render), never this field."""

    side: Side
    kind: PendingKind
    case: str = ""
    purpose: str = ""
    dice: int = 0
    who: str = ""

    def __post_init__(self) -> None:
        if type(self.kind) is not PendingKind:
            object.__setattr__(self, "kind", PendingKind(self.kind))
        if type(self.side) is not Side:
            object.__setattr__(self, "side", Side(self.side))


@dataclass(frozen=True)
class Activation:
    """The character or stack being moved in this Human Player-Turn [5.0]-[5.6], [6.1].

    stack: the characters moving together [5.2]; allowance: the stack's Movement Allowance (the
    lowest [5.2]); spent: Movement Points spent [5.1]; carrier/carried [5.6]; shots: (name, shots
    fired) [6.1]; panicked: names who panicked this turn [6.5]; start: the square the stack began in
    (main doors [5.5], rifles [12.2]); revealing: a hidden square entered, its unit being drawn [9.1]."""

    stack: tuple[str, ...]
    allowance: int
    start: str
    spent: int = 0
    carrier: str = ""
    carried: str = ""
    shots: tuple[tuple[str, int], ...] = ()
    panicked: tuple[str, ...] = ()
    revealing: str = ""  # a hidden square entered whose unit is being drawn [9.1]

    @property
    def left(self) -> int:
        return max(0, self.allowance - self.spent)

    def shots_of(self, name: str) -> int:
        return dict(self.shots).get(name, 0)


@dataclass(frozen=True)
class Shot:
    """A shot being resolved [6.0]: decided, its panic checks [6.5] and dice still to roll.

    shooters: who declared it; to_check: who still rolls for panic; panicked: who panicked;
    target: the square shot at; modifier: reduction per gun [6.7]; increase: Panic Level increase
    (None: no check) [6.5]; reaction: fired at an attacking unit [6.9], [8.1]."""

    shooters: tuple[str, ...]
    target: str
    modifier: int
    increase: Optional[int]
    to_check: tuple[str, ...]
    panicked: tuple[str, ...] = ()
    reaction: bool = False
    doors: tuple[str, ...] = ()  # closed glass doors the shot passes, destroyed when fired [6.7], [10.5]


@dataclass(frozen=True)
class Attack:
    """A zombie attack being resolved in one square [8.0] (Attack Phase or at once [8.7], [11.8]).

    step: :class:`~dodnb.rules.vocab.AttackStep` (fire [8.1], count [8.0] 2, targets [8.0] 3, roll
    [8.0] 5); value: the attacking value [11.3]; k, targets, rolled: the attack so far."""

    square: str
    step: AttackStep = AttackStep.FIRE
    value: int = 0
    k: int = 0
    targets: tuple[str, ...] = ()
    rolled: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()  # characters who have shot (or tried: panicked) at this attacker [8.1], [6.9]


@dataclass(frozen=True)
class TurnRecord:
    """What the Human Player-Turn did, for Zombie Reaction Movement [7.0] 1, [7.3]."""

    actors: tuple[str, ...] = ()  # the characters activated [4.0] 1
    entered: tuple[str, ...] = ()  # squares entered during movement [7.0] 1
    acted: tuple[str, ...] = ()  # squares where a non-movement action was taken [7.3]


@dataclass(frozen=True)
class ZombieTurn:
    """Bookkeeping of the Zombie Player-Turn [4.0] 2.

    step: where play stands in the current phase (:class:`~dodnb.rules.vocab.ZStep`);
    queue: berserk units to re-check [10.0], units to move in reaction [7.0] 1, or squares to attack
    [8.0], as the step says; reacted: units moved (or required to move) in reaction — not moved
    again [7.4]; moved: units and super zombies moved in free movement; moves_left: free moves left
    [7.0] 2; ended_berserk: units that stopped being berserk this phase [10.1]; stacks: (super
    zombie, unit) stacked at the start of the turn [11.2]; target: the square reaction moves head
    for [7.0] 1; sighted: squares within sight of a square entered or acted in [7.1]."""

    step: ZStep = ZStep.BERSERK_STAY
    queue: tuple[str, ...] = ()
    reacted: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    moves_left: int = 0
    ended_berserk: tuple[str, ...] = ()
    stacks: tuple[tuple[str, str], ...] = ()
    target: str = ""
    entering: tuple[str, ...] = ()  # doors still to serve from the entrance roll [13.1]
    super_rolls: tuple[str, ...] = ()  # infected characters still to roll for [11.0]
    checking: str = ""  # the unit chosen for the new-berserk check, awaiting its die [10.0]
    revealing: str = ""  # a hidden square whose unit is being drawn [9.0]
    drawing: str = ""  # an entrance (or [15.2] hidden) square whose unit is being drawn [13.3]
    breaking: tuple[str, ...] = ()  # (who, door) attempting a glass door, awaiting the dice [10.5]
    sighted: tuple[str, ...] = ()  # squares within sight of a square entered or acted in [7.1]
    ties: tuple[str, ...] = ()  # [15.4] units equally near: a die picks the one checked
    column: int = 0  # [15.8] the first die of the Hidden Zombie Table (0: not rolled yet)
    reveal_all: bool = False  # [9.4] the map emptied: every remaining hidden zombie is owed now

    def __post_init__(self) -> None:
        if type(self.step) is not ZStep:
            object.__setattr__(self, "step", ZStep(self.step))


@dataclass(frozen=True)
class Result:
    """Who won, by which Case [14.1], [14.2]."""

    winner: str  # 'human' | 'zombie'
    case: str
    reason: str  # a key of the catalogues' "victory" terms (dodnb/data/i18n)


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

    # ----- construction ---------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        board: Optional[Board] = None,
        characters: Optional[Mapping[str, Union[str, Mapping]]] = None,
        zombies: Iterable[Union[Mapping, ZombieUnit]] = (),
        doors: Optional[Mapping[str, str]] = None,
        rest_of_counters: bool = False,
        counters=None,
        **kw,
    ) -> "GameState":
        """A position for study: `characters={'Peter': '115', 'Fran': {'square': '113', 'rifle': True}}`,
        `zombies=[{'square': '024', 'value': 4}, ...]`, `doors={'G07': 'closed'}`. Checked as built.

        The state holds exactly the units listed, so a face-down unit's unknown value [7.7] ranges over
        those units. `rest_of_counters=True` adds the other counters of the game's 50 [3.1] off the map,
        face down and unseen, so the unknown value ranges over a realistic pool."""
        board = board or load_board()
        chars = []
        for name, spec in (characters or {}).items():
            spec = {"square": spec} if isinstance(spec, (str, int)) or spec is None else dict(spec)
            sq = spec.pop("square", None)
            _known_keys(f"character {name}", spec, CharacterState, ("name",))
            chars.append(CharacterState(canonical_name(name), board.square_id(sq) if sq is not None else None, **spec))
        units = []
        for i, z in enumerate(zombies):
            if isinstance(z, ZombieUnit):
                units.append(z)
                continue
            z = dict(z)
            sq = z.pop("square", None)
            if sq is None:
                z.setdefault("pool", Pool.BOX.value)
            uid = z.pop("uid", f"Z{i + 1:02d}")
            _known_keys(f"zombie unit {uid} (zombies[{i}])", z, ZombieUnit, ("uid",))
            if "value" not in z:
                raise StateError("2.3", f"zombie unit {uid} (zombies[{i}]): value is missing; every unit has a Zombie Value")
            units.append(ZombieUnit(uid, square=board.square_id(sq) if sq is not None else None, **z))
        if rest_of_counters:
            from dodnb.rules.counters import load_counters

            left = list((counters or load_counters()).zombie_values())
            for u in units:
                if u.value in left:
                    left.remove(u.value)
            units += [ZombieUnit(f"X{i + 1:02d}", v, None, pool=Pool.BOX.value) for i, v in enumerate(left)]
        ds = tuple(sorted((d, str(s)) for d, s in (doors or {}).items() if s != DoorState.OPEN))
        state = cls(board, tuple(chars), tuple(units), ds, **kw)
        state = state.with_knowledge(lower=False)
        state.check()
        return state

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

    def unseen_values(self) -> list[int]:
        """Zombie Values of every unit whose value the players have never seen [2.3], [7.7].

        A face-down unit could be any of these, so the unknown value of a face-down target is a
        uniform draw from this list (one entry per counter, repeats kept)."""
        return sorted(z.value for z in self.zombies if not z.seen)

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
        where string hashes differ."""
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

    def with_zombie(self, uid: str, **changes) -> "GameState":
        if not any(z.uid == uid for z in self.zombies):
            raise StateError("2.3", f"no zombie unit {uid!r}")
        if "square" in changes and changes["square"] is not None:
            changes["square"] = self.board.square_id(changes["square"])
        new = replace(self, zombies=tuple(replace(z, **changes) if z.uid == uid else z for z in self.zombies))
        new = new.with_knowledge()
        new.check()
        return new

    def with_door(self, door: str, state: str) -> "GameState":
        ds = dict(self.door_states)
        ds[door] = str(state)
        new = replace(self, door_states=tuple(sorted((d, s) for d, s in ds.items() if s != DoorState.OPEN)))
        new.check()
        return new

    def with_knowledge(self, lower: bool = True) -> "GameState":
        """Face up exactly the units sharing a square with a character or a super zombie [5.4], [7.7],
        [11.1]; every unit face up now counts as seen [2.3]. ``lower=False`` (study positions built
        by hand) keeps a unit the caller put face up."""
        shown = self._shown()
        zs = self.zombies
        out = None
        for i, z in enumerate(zs):  # a plain loop: faster here than any map over attrgetters
            if not z.face_up and (z.square is None or z.square not in shown):
                continue  # (most units: face down away from the characters, as they stay)
            nz = _known(z, shown, lower)
            if nz is z:
                continue
            if out is None:
                out = list(zs)
            out[i] = nz
        new = self.with_units(tuple(out)) if out is not None else self
        if lower:
            _settled(new)
        return new

    def _shown(self) -> frozenset:
        """The squares whose units are face up: a character's [5.4], [7.7], or a super zombie's [11.1]
        ([15.7] in the solitaire game a super zombie passing or stacking reveals nothing)."""
        return frozenset(c.square for c in self.characters
                         if c.square is not None and c.status != Status.KILLED and not (self.solitaire and c.status == Status.SUPER))

    def with_knowledge_after(self, before: tuple, i: int) -> "GameState":
        """`with_knowledge()` for a state whose units are `before` (units `with_knowledge` settled, with
        these characters) but for unit `i`, which moved or changed: only that unit can be turned up or
        down, the others are settled already. Without such a record of `before`, the whole of
        `with_knowledge()` (tests/engine/test_speed_paths.py compares both on every unit move of seeded
        games)."""
        got = _SETTLED.get(id(before))
        if got is None or got[0] is not before or got[1] is not self.characters or got[2] != self.solitaire:
            return self.with_knowledge()
        zs = self.zombies
        z = _known(zs[i], self._shown(), True)
        new = self if z is zs[i] else self.with_units(zs[:i] + (z,) + zs[i + 1:])
        _settled(new)
        return new

    # ----- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict of everything but the board (saved by name alongside)."""
        out: dict[str, Any] = {"version": STATE_VERSION}
        for f in fields(self):
            if f.name == "board":
                continue
            out[f.name] = _plain(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], board: Optional[Board] = None) -> "GameState":
        """Inverse of :meth:`to_dict`; the position is checked (StateError) before it is returned."""
        from dodnb.errors import InputError

        if not isinstance(data, Mapping):
            raise InputError(f"a saved state is a JSON object, got {type(data).__name__}")
        if data.get("version") != STATE_VERSION:
            raise InputError(f"saved state version {data.get('version')!r}; this dodnb reads version {STATE_VERSION}")
        board = board or load_board()
        try:
            kw: dict[str, Any] = {
                "characters": tuple(CharacterState(**c) for c in data["characters"]),
                "zombies": tuple(ZombieUnit(**{**z, "candidates": tuple(z.get("candidates", ()))}) for z in data["zombies"]),
                "door_states": tuple((d, s) for d, s in data["door_states"]),
                "super_value": data["super_value"],
                "turn": data["turn"],
                "phase": data["phase"],
                "pending": _rebuild(Pending, data["pending"]) if data.get("pending") else None,
                "hidden_squares": tuple(data["hidden_squares"]),
                "crossed_squares": tuple(data["crossed_squares"]),
                "rifles_left": data["rifles_left"],
                "record": _rebuild(TurnRecord, data["record"]),
                "activation": _rebuild(Activation, data["activation"]) if data.get("activation") else None,
                "shot": _rebuild(Shot, data["shot"]) if data.get("shot") else None,
                "attack": _rebuild(Attack, data["attack"]) if data.get("attack") else None,
                "zturn": _rebuild(ZombieTurn, data["zturn"]),
                "result": _rebuild(Result, data["result"]) if data.get("result") else None,
                "solitaire": bool(data.get("solitaire", False)),
                "fran_counts_two": bool(data.get("fran_counts_two", False)),
                "victory_check": data.get("victory_check", True),
            }
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"saved state is malformed: {exc}") from exc
        for name, kind in (("phase", "str"), ("door_states", "tuple[tuple[str,str],...]"), ("hidden_squares", "tuple[str,...]"),
                           ("crossed_squares", "tuple[str,...]")):
            if not _conforms(_tuples(kw[name]) if isinstance(kw[name], list) else kw[name], kind):
                raise InputError(f"saved state: {name} has the wrong type: {kw[name]!r}")
        if not isinstance(kw["victory_check"], bool):
            raise InputError(f"saved state: victory_check must be true or false, got {kw['victory_check']!r}")
        for sq in kw["hidden_squares"] + kw["crossed_squares"]:
            if sq not in board.squares:
                raise InputError(f"saved state: hidden-zombie square {sq!r} is not on this map")
        if kw["phase"] not in {p.value for p in Phase}:
            raise InputError(f"saved state has an unknown phase {kw['phase']!r}")
        if kw["pending"] is not None and kw["pending"].side not in {s.value for s in Side}:
            raise InputError(f"saved state: unknown side {kw['pending'].side!r} to move")
        state = cls(board, **kw)
        try:
            state.check()
            hash(state)
        except RuleViolation:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"saved state is malformed: {exc}") from exc
        return state


def _known(z: ZombieUnit, shown: frozenset, lower: bool) -> ZombieUnit:
    """One unit as `GameState.with_knowledge` leaves it (`shown`: the squares whose units are face up):
    face up and known there, face down elsewhere unless not `lower`; the same object if unchanged."""
    if z.face_up:
        if z.square in shown or not lower:
            return _flip(z, True, z.seen, ()) if z.candidates else z
        return _flip(z, False, z.seen, z.candidates)
    if z.square is not None and z.square in shown:
        return _flip(z, True, True, ())
    return z


def _flip(z: ZombieUnit, up: bool, seen: bool, candidates: tuple[int, ...]) -> ZombieUnit:
    """A copy of a unit face up or down (what `with_knowledge` changes), without re-running __init__."""
    new = object.__new__(ZombieUnit)
    d = new.__dict__
    d.update(z.__dict__)
    d.pop("_h", None)  # a cached hash is of the old fields
    d["face_up"] = up
    d["seen"] = seen or up
    d["candidates"] = candidates
    return new


def _known_keys(piece: str, spec: Mapping[str, Any], cls: type, taken: tuple[str, ...]) -> None:
    """A misspelled key names the piece and the key (an InputError, not a bare TypeError)."""
    from dodnb.errors import InputError

    allowed = [f.name for f in fields(cls) if f.name not in taken]
    for k in spec:
        if k not in allowed:
            raise InputError(f"{piece}: unknown key {k!r} (the keys are {', '.join(allowed)})")


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
#: id(units' tuple) -> (that tuple, its hash), for `GameState.__hash__`
_UNITS_HASH: dict[int, tuple[tuple[ZombieUnit, ...], int]] = {}
_N_FIELDS = len(_FIELD_NAMES)

#: Units tuples that `with_knowledge` settled (each unit face up exactly where it must be), by id: the
#: tuple itself (kept alive, so its id is not reused), the characters and the game kind they were
#: settled for. `with_knowledge_after` reads it. At most 20,000 (a few MB).
_SETTLED: dict[int, tuple[tuple[ZombieUnit, ...], tuple, bool]] = {}


def _settled(st: "GameState") -> None:
    zs = st.zombies
    if len(_SETTLED) > 20_000:
        _SETTLED.clear()
    _SETTLED[id(zs)] = (zs, st.characters, st.solitaire)


def _plain(x: Any) -> Any:
    if x is None or isinstance(x, (bool, int, str)):
        return x if not isinstance(x, str) else str(x)
    if isinstance(x, tuple):
        return [_plain(v) for v in x]
    if hasattr(x, "__dataclass_fields__"):
        return {f.name: _plain(getattr(x, f.name)) for f in fields(x)}
    raise TypeError(f"cannot serialise {x!r}")


#: Enum-typed fields of the bookkeeping records, read from their JSON strings.
_ENUMS: dict[str, Any] = {"Side": Side, "PendingKind": PendingKind, "ZStep": ZStep, "AttackStep": AttackStep}


def _conforms(value: Any, kind: str) -> bool:
    """Does a value read from JSON fit a field annotation of the bookkeeping records?"""
    kind = kind.replace(" ", "")
    if kind in _ENUMS:
        return isinstance(value, str) and value in _ENUMS[kind]._value2member_map_
    if kind.startswith("Optional[") and kind.endswith("]"):
        return value is None or _conforms(value, kind[9:-1])
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind.startswith("tuple[") and kind.endswith(",...]"):
        inner = kind[6:-5]
        return isinstance(value, tuple) and all(_conforms(v, inner) for v in value)
    if kind.startswith("tuple[") and kind.endswith("]"):
        parts = kind[6:-1].split(",")
        return isinstance(value, tuple) and len(value) == len(parts) and all(_conforms(v, k) for v, k in zip(value, parts))
    return False


def _tuples(v: Any) -> Any:
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


def _rebuild(cls, data: Mapping[str, Any]):
    """One bookkeeping record from JSON, every field checked against its annotation."""
    if not isinstance(data, Mapping):
        raise TypeError(f"{cls.__name__} must be an object, got {type(data).__name__}")
    kw = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        v = _tuples(data[f.name])
        if str(f.type) in _ENUMS:
            enum = _ENUMS[str(f.type)]
            if not _conforms(v, str(f.type)):
                raise ValueError(f"{cls.__name__}.{f.name}: unknown {f.name} {data[f.name]!r} (one of {', '.join(m.value for m in enum)})")
            v = enum(v)
        elif not _conforms(v, str(f.type)):
            raise ValueError(f"{cls.__name__}.{f.name} has the wrong type: {data[f.name]!r}")
        kw[f.name] = v
    return cls(**kw)


def initial_state(
    board: Optional[Board] = None,
    counters=None,
    seed: Optional[int] = None,
    placement: Optional[Mapping[str, str]] = None,
    hidden_squares: Optional[Iterable[str]] = None,
    solitaire: bool = False,
) -> GameState:
    """Set-up [3.1]-[3.3]: 45 units face down on the zombie symbols, 5 in the Hidden Zombie box,
    the four characters on character symbols (at most two per square), rifles in 177, doors open.

    `placement` maps character names to squares; by default Peter+Roger share the first character
    square and Steve+Fran the second [3.2]. Units are shuffled with `seed` (reproducible).
    `hidden_squares`: the zombie player's five secret squares [3.1] (checked); by default five
    legal squares are drawn with the same seed. In solitaire [15.1] no square is assigned and the
    five hidden units are mixed with the eliminated ones."""
    from dodnb.rules.counters import load_counters
    from dodnb.rules.setup import check_hidden_squares, random_hidden_squares

    board = board or load_board()
    counters = counters or load_counters()
    values = list(counters.zombie_values())
    if len(values) != 50:
        raise StateError("3.1", f"the game has 50 zombie units; these counters have {len(values)}")
    rng = random.Random(seed)
    order = list(range(50))
    rng.shuffle(order)
    symbols = board.zombie_symbol_squares
    off_pool = Pool.ELIMINATED.value if solitaire else Pool.HIDDEN.value
    units = []
    for k, idx in enumerate(order):
        sq = symbols[k] if k < len(symbols) else None
        units.append(ZombieUnit(f"Z{idx + 1:02d}", values[idx], sq, pool=Pool.MAP.value if sq else off_pool))
    chars_sq = board.character_symbol_squares
    placement = dict(placement or {"Peter": chars_sq[0], "Roger": chars_sq[0], "Steve": chars_sq[1], "Fran": chars_sq[1]})
    allowed = set(chars_sq)
    counts: dict[str, int] = {}
    for name, sq in placement.items():
        sq = board.square_id(sq)
        if sq not in allowed:
            raise StateError("3.2", f"{canonical_name(name)} must start on a Character Placement Symbol ({', '.join(chars_sq)}), not {sq}")
        counts[sq] = counts.get(sq, 0) + 1
        if counts[sq] > 2:
            raise StateError("3.2", f"only one or two characters may be set up in one square ({sq})")
    if solitaire:
        hidden: tuple[str, ...] = ()
    elif hidden_squares is None:
        hidden = random_hidden_squares(board, rng)
    else:
        hidden = check_hidden_squares(board, hidden_squares)
    state = GameState.build(board, characters={n: s for n, s in placement.items()}, zombies=units)
    if {c.name for c in state.characters} != set(CHARACTERS):
        raise StateError("3.2", "all four characters are set up: Peter, Roger, Steve and Fran")
    order_names = {n: i for i, n in enumerate(CHARACTERS)}
    chars = tuple(sorted(state.characters, key=lambda c: order_names[c.name]))
    return replace(
        state,
        characters=chars,
        hidden_squares=tuple(sorted(hidden)),
        solitaire=solitaire,
        phase=Phase.HUMAN.value,
        pending=None,  # the engine settles it (Game does): one place decides what is pending
    )
