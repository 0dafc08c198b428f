"""What every phase module shares: the shape of a node's rules, and small state helpers.

A phase module states each of its rules once and declares, for every kind of pending node it owns
(:class:`~dodnb.rules.vocab.PendingKind`), a :class:`Node`: the checks of the actions allowed there,
their resolvers, the candidate actions (decisions) or the outcomes with exact odds (chance). A phase's
module also gives how the phase begins (``enter``) and its automatic step (``advance``): what is
pending next, the move to its next step, or None when the phase is over. Which phase comes next is
the phase table's alone (:mod:`.order`, [4.0]); `dodnb.rules.engine` only dispatches."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Optional, TypeVar

from dodnb.errors import RuleViolation
from dodnb.rules import core
from dodnb.rules.actions import Action, Roll
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.state import Activation, Attack, CharacterState, GameState, Pending, Shot, ZombieUnit
from dodnb.rules.vocab import AttackStep, DoorState, PendingKind, Phase

#: Only Steve and Fran may acquire a hunting rifle [12.1].
RIFLE_HOLDERS = ("Steve", "Fran")

Check = Callable[[GameState, Ctx, Any], Optional[RuleViolation]]
Resolve = Callable[[GameState, Ctx, Any, list[Event]], GameState]
Candidates = Callable[[GameState, Ctx], Iterable[Action]]
Outcomes = Callable[[GameState, Ctx], list[tuple[Action, Fraction]]]
#: What a roll decides: ``result(state, ctx)`` is a function of the total (its value hashable).
RollResult = Callable[[GameState, Ctx], Callable[[int], Any]]
#: A phase begins: the state in that phase, at its first step (its "phase" event told).
Enter = Callable[[GameState, Ctx, list[Event]], GameState]
#: A phase's automatic step: (next state, stop) — stop when the state waits on its pending node —, or
#: None: the phase is over and the next one begins (a decision ends one by setting ``ZStep.END``).
Advance = Callable[[GameState, Ctx, list[Event]], Optional[tuple[GameState, bool]]]
#: The phase that follows, in the sequence of play [4.0] (:mod:`.order`).
Next = Callable[[GameState, Ctx], Phase]


@dataclass(frozen=True)
class Node:
    """The rules of one kind of pending node.

    checks: action type -> check (None: legal whenever offered); resolve: action type -> resolver;
    candidates: decisions only, the actions to offer (`exact`: they are exactly the legal ones, no
    check needed); outcomes: chance only, each outcome with its exact Fraction; result: dice nodes
    only, what the roll decides — ``result(state, ctx)(total)``, the function the resolver itself
    reads the total through, so that two totals with the same result give the same position (the
    events still name the total; tests/rules/test_roll_results.py checks it on positions from games)."""

    kind: PendingKind
    resolve: Mapping[type, Resolve]
    checks: Mapping[type, Optional[Check]] = field(default_factory=dict)
    candidates: Optional[Candidates] = None
    exact: bool = False
    outcomes: Optional[Outcomes] = None
    result: Optional[RollResult] = None


def roll_node(kind: PendingKind, resolver: Resolve, result: Optional[RollResult] = None) -> Node:
    """A dice node: the outcomes are the totals of the pending number of dice [core.roll_outcomes];
    `result`, if given, is what the roll decides (see :class:`Node`)."""
    return Node(kind, {Roll: resolver}, outcomes=dice_outcomes, result=result)


def dice_outcomes(st: GameState, ctx: Ctx) -> list[tuple[Action, Fraction]]:
    p = st.pending
    assert p is not None
    return list(_dice_outcomes(p.dice))


@lru_cache(maxsize=None)
def _dice_outcomes(n: int) -> tuple[tuple[Action, Fraction], ...]:
    """The totals of n dice as outcomes, made once (actions and Fractions are immutable)."""
    return tuple((Roll(t), pr) for t, pr in core.roll_outcomes(n))


# ----------------------------------------------------------------------------- state helpers


R = TypeVar("R")


def rec(obj: R, **changes: Any) -> R:
    """dataclasses.replace for the turn's bookkeeping records (frozen, no checks in __init__), without
    re-running __init__: the engine's hot path."""
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.pop("_h", None)  # a unit's or character's cached hash is of the old fields
    d.update(changes)
    return new


def pend(st: GameState, kind: PendingKind, case: str, purpose: str = "", dice: int = 0, who: str = "") -> GameState:
    """The state waiting on a node of this kind (its side is the kind's)."""
    key = (kind, case, purpose, dice, who)
    p = _PENDINGS.get(key)
    if p is None:
        p = object.__new__(Pending)  # Pending(...) without __post_init__: kind and side are enums already
        p.__dict__.update(side=kind.side, kind=kind, case=case, purpose=purpose, dice=dice, who=who)
        if len(_PENDINGS) > 4096:
            _PENDINGS.clear()
        _PENDINGS[key] = p
    return st.evolve(pending=p)


#: One Pending object per content, shared by every state waiting on it (records are immutable): made
#: once, and equal positions then hold the very same object, which equality finds by identity.
#: Independent of any board or tables (a record's content only).
_PENDINGS: dict[tuple[PendingKind, str, str, int, str], Pending] = {}


def set_chars(st: GameState, *changed: CharacterState) -> GameState:
    by_name = {c.name: c for c in changed}
    return st.evolve(characters=tuple(by_name.get(c.name, c) for c in st.characters))


def set_door(st: GameState, door: str, state: str) -> GameState:
    """A door opened, closed [5.5] or destroyed [10.5] by the engine's own resolvers (the door and its
    new state already checked), without re-checking the whole position."""
    ds = dict(st.door_states)
    ds[door] = str(state)
    return st.evolve(door_states=tuple(sorted((d, s) for d, s in ds.items() if s != DoorState.OPEN)))


def move_unit(st: GameState, uid: str, **changes: Any) -> GameState:
    """The state with one unit changed (its square, knowledge...); the other units are the same objects."""
    return st.with_units(units_with(st, uid, **changes))


def by_square(units: Iterable[ZombieUnit]) -> list[str]:
    """The ids of `units` (on the map) in the order of their squares: every fixed order of the zombie
    side reads where a counter stands, never its id, which would tell its Zombie Value apart [7.7]
    (ruling S-T1 (5)); one unit to a square [7.6] (the id only after the square, for a study position
    that stacks two)."""
    return [u for _, u in sorted([(z.square or "", z.uid) for z in units])]


def units_with(st: GameState, uid: str, **changes: Any) -> tuple[ZombieUnit, ...]:
    """The units with one changed, in the same order (:func:`move_unit`'s units, for a resolver that
    changes more fields: give them to `GameState.with_units`)."""
    assert "uid" not in changes, "units_with keeps the ids (and with them GameState.unit_index)"
    zs = st.zombies
    i = st.unit_index(uid)
    if i is None:
        return zs
    nz = rec(zs[i], **changes)
    if nz.face_up and not nz.seen:  # as ZombieUnit.__post_init__: face up means seen [2.3]
        nz.__dict__["seen"] = True
    return zs[:i] + (nz,) + zs[i + 1:]


def record(st: GameState, entered: Iterable[str] = (), acted: Iterable[str] = ()) -> GameState:
    """Note squares entered [7.0] 1 and squares where a character acted [7.3], for the Reaction Phase:
    every action of a character is noted, for each one triggers Zombie Reaction Movement [5.7]."""
    r = st.record
    e = r.entered + tuple(s for s in entered if s not in r.entered)
    ac = r.acted + tuple(s for s in acted if s not in r.acted)
    return st.evolve(record=rec(r, entered=e, acted=ac))


def zombie_value_in(st: GameState, sq: str) -> int:
    """Value of what occupies a square: the unit's (a square holds one at most [7.6])
    plus 2 per super zombie [11.3]."""
    if sq not in st.board.squares:
        sq = st.board.square_id(sq)  # a reference written otherwise (24 for 024), or UnknownSquare
    z = st.unit_squares().get(sq)
    value = z.value if z is not None else 0
    if sq in st.super_squares():
        value += st.super_value * sum(1 for c in st.characters if c.is_super and c.square == sq)
    return value


def begin_attack(st: GameState, sq: str, case: str, out: list[Event]) -> GameState:
    """A zombie attack starts in `sq` [8.0], [8.7], [11.8], [13.4] (resolved by :mod:`.attack`)."""
    out.append(ev("attack_begins", case, square=sq, value=zombie_value_in(st, sq)))
    return st.evolve(attack=Attack(sq, AttackStep.FIRE))


def faces(a: Action) -> tuple[int, ...]:
    """The dice faces of a roll (its total alone when no faces were given)."""
    if not isinstance(a, Roll):
        return ()
    return a.faces if a.faces else (a.total,)


def active(st: GameState, case: str = "4.0") -> Activation:
    """The stack being moved. None is: a RuleViolation — the sequence of play [4.0] 1 moves one
    character or stack, activated first (a shot cites [6.2]: a character not being moved may not shoot)."""
    if st.activation is None:
        raise RuleViolation(case, "act.none")
    return st.activation


def stack_square(st: GameState) -> str:
    """The square of the stack being moved."""
    sq = st.character(active(st).stack[0]).square
    assert sq is not None
    return sq


def shot_of(st: GameState) -> Shot:
    assert st.shot is not None, "no shot is being resolved"
    return st.shot


def attack_of(st: GameState) -> Attack:
    assert st.attack is not None, "no zombie attack is being resolved"
    return st.attack


def square_of(c: CharacterState) -> str:
    assert c.square is not None, f"{c.name} is not on the map"
    return c.square
