"""Every decision of the game as a small immutable value (DESIGN.md, "Rules engine").

Each action has a readable ``str()`` ("Peter moves to 024") and a ``repr()`` that pastes back
(``Move('024')``). Chance outcomes are actions too: ``Roll(total)`` for dice and ``Draw(uid)`` for a
unit drawn at random; a chance node lists them with exact probabilities
(``Game.chance_outcomes()``), as OpenSpiel does.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, cast

from dodnb.errors import InputError
from dodnb.rules.counters import canonical_name
from dodnb.rules.vocab import Side


class Action:
    """Base of every action; ``side`` is who takes it (human, zombie or chance)."""

    side: ClassVar[str] = ""

    def __repr__(self) -> str:
        """Pastes back: positional arguments, trailing defaults left out."""
        fs = [f for f in _fields(self) if f.repr]
        vals = [getattr(self, f.name) for f in fs]
        while fs and fs[-1].default is not MISSING and vals[-1] == fs[-1].default:
            fs.pop()
            vals.pop()
        return f"{type(self).__name__}({', '.join(map(repr, vals))})"

    def to_json(self) -> list:
        return [type(self).__name__, *[_plain(getattr(self, f.name)) for f in _fields(self)]]

    def __getstate__(self) -> dict:
        """Pickle the fields only: a cached hash (ZMove) must not travel to another process."""
        d = self.__dict__
        return {k: v for k, v in d.items() if k != "_h"} if "_h" in d else d

    @classmethod
    def fast(cls, *values: Any) -> Any:
        """The engine's own constructor for the actions it lists in bulk: the values are already in
        the game's spelling (names, square ids, tuples), so ``__post_init__``'s normalising is skipped.
        Fields left out take their defaults. The same value as ``cls(*values)``."""
        layout = _LAYOUT.get(cls)
        if layout is None:
            fs = fields(cast(Any, cls))
            layout = _LAYOUT[cls] = (tuple(f.name for f in fs), {f.name: f.default for f in fs if f.default is not MISSING})
        new = object.__new__(cls)
        d = new.__dict__
        d.update(layout[1])
        d.update(zip(layout[0], values))
        return new


#: per action class: (field names, defaults) for Action.fast (independent of any board)
_LAYOUT: dict[type, tuple[tuple[str, ...], dict[str, Any]]] = {}


def _fields(action: "Action") -> tuple[Field, ...]:
    """The dataclass fields of an action (every concrete action is a dataclass)."""
    assert is_dataclass(action)
    return fields(action)


def _plain(x: Any) -> Any:
    return list(x) if isinstance(x, tuple) else x


def _names(x: Any) -> tuple[str, ...]:
    return (x,) if isinstance(x, str) else tuple(x)


def _who(x: Any) -> Any:
    """A character's name as the game spells it ('peter', ' Peter' -> 'Peter'); anything else as given
    (`check` refuses it with its Case)."""
    try:
        return canonical_name(x) if isinstance(x, str) and x.strip() else x
    except Exception:
        return x


def _square(x: Any) -> Any:
    """A square id as the map writes it: 114 -> '114', 4 -> '004', ' 114 ' -> '114'; anything else as given."""
    if isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 999:
        return f"{x:03d}"
    if isinstance(x, str):
        x = x.strip()
        return x.zfill(3) if x.isdigit() and len(x) < 3 else x
    return x


def _set(obj: Any, name: str, value: Any) -> None:
    object.__setattr__(obj, name, value)


def _and(names: tuple[str, ...]) -> str:
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ----------------------------------------------------------------------------- human player


@dataclass(frozen=True, repr=False)
class Activate(Action):
    """Start moving one eligible character or stack [5.0], [5.2]; optionally carry [5.6]."""

    side: ClassVar[str] = Side.HUMAN.value
    stack: tuple[str, ...]
    carrier: str = ""
    carried: str = ""

    def __post_init__(self):
        _set(self, "stack", tuple(_who(n) for n in _names(self.stack)))
        _set(self, "carrier", _who(self.carrier))
        _set(self, "carried", _who(self.carried))

    def __str__(self) -> str:
        s = f"activate {_and(self.stack)}"
        return s + (f" ({self.carrier} carries {self.carried})" if self.carrier else "")


@dataclass(frozen=True, repr=False)
class Move(Action):
    """Move the active stack into an adjacent square [5.0]."""

    side: ClassVar[str] = Side.HUMAN.value
    to: str

    def __post_init__(self):
        _set(self, "to", _square(self.to))

    def __str__(self) -> str:
        return f"move to {self.to}"


@dataclass(frozen=True, repr=False)
class Shoot(Action):
    """Shoot at the zombie unit (or super zombie) in a square, alone or together [6.0], [6.8]."""

    side: ClassVar[str] = Side.HUMAN.value
    shooters: tuple[str, ...]
    target: str

    def __post_init__(self):
        _set(self, "shooters", tuple(_who(n) for n in _names(self.shooters)))
        _set(self, "target", _square(self.target))

    def __str__(self) -> str:
        return f"{_and(self.shooters)} shoot{'s' if len(self.shooters) == 1 else ''} at {self.target}"


@dataclass(frozen=True, repr=False)
class Door(Action):
    """Open or close a glass or solid door on a side of the stack's square [5.5]."""

    side: ClassVar[str] = Side.HUMAN.value
    door: str
    close: bool = True

    def __str__(self) -> str:
        return f"{'close' if self.close else 'open'} door {self.door}"


@dataclass(frozen=True, repr=False)
class CloseMainDoor(Action):
    """Close a main door, spending the entire Movement Allowance [5.5]."""

    side: ClassVar[str] = Side.HUMAN.value
    door: str

    def __str__(self) -> str:
        return f"close the main door {self.door}"


@dataclass(frozen=True, repr=False)
class TakeRifle(Action):
    """Acquire a hunting rifle in square 177 [12.0], [12.2]."""

    side: ClassVar[str] = Side.HUMAN.value
    who: str

    def __post_init__(self):
        _set(self, "who", _who(self.who))

    def __str__(self) -> str:
        return f"{self.who} takes a hunting rifle"


@dataclass(frozen=True, repr=False)
class Drop(Action):
    """Stop carrying [5.6]: the carried character stays in this square."""

    side: ClassVar[str] = Side.HUMAN.value

    def __str__(self) -> str:
        return "put the carried character down"


@dataclass(frozen=True, repr=False)
class EndTurn(Action):
    """End the Human Player-Turn [4.0]."""

    side: ClassVar[str] = Side.HUMAN.value

    def __str__(self) -> str:
        return "end the Human Player-Turn"


@dataclass(frozen=True, repr=False)
class ReactionFire(Action):
    """Characters under attack shoot first, together (empty: hold fire) [6.9], [8.1]."""

    side: ClassVar[str] = Side.HUMAN.value
    shooters: tuple[str, ...] = ()

    def __post_init__(self):
        _set(self, "shooters", tuple(_who(n) for n in _names(self.shooters)))

    def __str__(self) -> str:
        return f"{_and(self.shooters)} fire{'s' if len(self.shooters) == 1 else ''} at the attacker" if self.shooters else "hold fire"


@dataclass(frozen=True, repr=False)
class ChooseTargets(Action):
    """The human player names the characters attacked [8.0] step 3."""

    side: ClassVar[str] = Side.HUMAN.value
    targets: tuple[str, ...]

    def __post_init__(self):
        _set(self, "targets", tuple(_who(n) for n in _names(self.targets)))

    def __str__(self) -> str:
        return f"{_and(self.targets)} {'is' if len(self.targets) == 1 else 'are'} attacked"


# ----------------------------------------------------------------------------- zombie player


@dataclass(frozen=True, repr=False)
class BerserkCheck(Action):
    """Check one non-berserk unit to see if it goes berserk [10.0]; uid '' skips the check."""

    side: ClassVar[str] = Side.ZOMBIE.value
    uid: str = ""

    def __str__(self) -> str:
        return f"check {self.uid} for berserk" if self.uid else "check no unit for berserk"


@dataclass(frozen=True, repr=False)
class ZMove(Action):
    """Move a zombie unit along a path of squares [7.0]; an empty path stays put."""

    side: ClassVar[str] = Side.ZOMBIE.value
    uid: str
    path: tuple[str, ...] = ()

    def __post_init__(self):
        _set(self, "path", tuple(_square(x) for x in _names(self.path)))

    @classmethod
    def fast(cls, uid: str, path: tuple[str, ...]) -> "ZMove":
        """The engine's own constructor for candidates it builds in bulk (path already a tuple)."""
        new = object.__new__(cls)
        d = new.__dict__
        d["uid"] = uid
        d["path"] = path
        return new

    def __str__(self) -> str:
        return f"{self.uid} moves to {' → '.join(self.path)}" if self.path else f"{self.uid} stays"

    def __hash__(self) -> int:
        """The dataclass hash, worked out once per move (the solitaire automaton keys its choices by
        the moves listed; `fast` moves are shared from one position to the next). Not pickled."""
        d = self.__dict__
        h = d.get("_h")
        if h is None:
            h = d["_h"] = hash((self.uid, self.path))
        return h


@dataclass(frozen=True, repr=False)
class SuperMove(Action):
    """Move a super zombie up to three squares, with the unit it began the turn with [11.2]."""

    side: ClassVar[str] = Side.ZOMBIE.value
    name: str
    path: tuple[str, ...]
    with_unit: bool = False

    def __post_init__(self):
        _set(self, "name", _who(self.name))
        _set(self, "path", tuple(_square(x) for x in _names(self.path)))

    def __str__(self) -> str:
        return f"super zombie {self.name}{' and its unit' if self.with_unit else ''} moves to {' → '.join(self.path)}"


@dataclass(frozen=True, repr=False)
class BreakDoor(Action):
    """A berserk unit (or a super zombie stack) tries to destroy a closed glass door [10.4], [11.6]."""

    side: ClassVar[str] = Side.ZOMBIE.value
    who: str
    door: str

    def __str__(self) -> str:
        return f"{self.who} attacks the glass door {self.door}"


@dataclass(frozen=True, repr=False)
class Reveal(Action):
    """Reveal the hidden zombie assigned to a square [9.2]."""

    side: ClassVar[str] = Side.ZOMBIE.value
    square: str

    def __post_init__(self):
        _set(self, "square", _square(self.square))

    def __str__(self) -> str:
        return f"reveal the hidden zombie in {self.square}"


@dataclass(frozen=True, repr=False)
class AttackCount(Action):
    """How many of the characters in the square the unit attacks [8.0] step 2."""

    side: ClassVar[str] = Side.ZOMBIE.value
    k: int

    def __str__(self) -> str:
        return f"attack {self.k} character{'s' if self.k != 1 else ''}"


@dataclass(frozen=True, repr=False)
class EndPhase(Action):
    """The zombie player is done with the optional moves of this phase."""

    side: ClassVar[str] = Side.ZOMBIE.value

    def __str__(self) -> str:
        return "end the phase"


# ----------------------------------------------------------------------------- chance


@dataclass(frozen=True, repr=False)
class Roll(Action):
    """The dice came up with this total (faces, when known, for the dice tray)."""

    side: ClassVar[str] = Side.CHANCE.value
    total: int
    faces: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self):
        object.__setattr__(self, "faces", tuple(self.faces))

    def __repr__(self) -> str:
        return f"Roll({self.total!r})" if not self.faces else f"Roll({self.total!r}, {self.faces!r})"

    def __str__(self) -> str:
        return f"roll {'+'.join(map(str, self.faces))} = {self.total}" if len(self.faces) > 1 else f"roll {self.total}"


@dataclass(frozen=True, repr=False)
class Draw(Action):
    """This unit was drawn at random from a pool [9.0], [13.3]."""

    side: ClassVar[str] = Side.CHANCE.value
    uid: str

    def __str__(self) -> str:
        return f"draw {self.uid}"


ACTION_TYPES = {
    c.__name__: c
    for c in (Activate, Move, Shoot, Door, CloseMainDoor, TakeRifle, Drop, EndTurn, ReactionFire, ChooseTargets,
              BerserkCheck, ZMove, SuperMove, BreakDoor, Reveal, AttackCount, EndPhase, Roll, Draw)
}


def action_from_json(data: Any) -> Action:
    """Inverse of :meth:`Action.to_json`; a clear InputError for anything malformed."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise InputError(f"an action is saved as [name, arguments...], got {data!r}")
    cls = ACTION_TYPES.get(data[0])
    if cls is None:
        raise InputError(f"unknown action {data[0]!r}; actions are {', '.join(sorted(ACTION_TYPES))}")
    fs = [f for f in fields(cls)]
    if len(data) - 1 != len(fs):
        raise InputError(f"action {data[0]} takes {len(fs)} argument(s), got {len(data) - 1}")
    args = []
    for f, v in zip(fs, data[1:]):
        kind = str(f.type)
        if kind.startswith("tuple"):
            item = str if "str" in kind else int
            if not isinstance(v, list) or not all(isinstance(x, item) and not isinstance(x, bool) for x in v):
                raise InputError(f"action {data[0]}: {f.name} must be a list of {'square or character names' if item is str else 'whole numbers'}, got {v!r}")
            v = tuple(v)
        else:
            want = {"str": str, "int": int, "bool": bool}[kind]
            if not isinstance(v, want) or (want is int and isinstance(v, bool)):
                raise InputError(f"action {data[0]}: {f.name} must be {'text' if want is str else 'a whole number' if want is int else 'true or false'}, got {v!r}")
        args.append(v)
    try:
        return cls(*args)
    except (TypeError, ValueError) as exc:
        raise InputError(f"action {data[0]}: {exc}") from exc


def policy_action(choice: Any) -> Any:
    """The action of a policy's answer: a `Game` policy gives an action, or ``(action, note)`` when it
    explains its choice (the note goes into the log, see `Game.decide`)."""
    return choice[0] if isinstance(choice, tuple) else choice
