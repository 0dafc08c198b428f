"""The records a game state is made of: characters, zombie units and the bookkeeping of the turn.

Each is a frozen dataclass (a change makes a new record; two records compare equal exactly when they
say the same). :class:`~dodnb.rules.state.GameState` holds them; `dodnb.rules.knowledge` settles what
the players know of each unit [2.3], [5.4], [7.7]; `dodnb.rules.serial` writes and reads them as JSON.
What the players know is part of a unit's record [2.3], [7.7]:

* ``face_up``: the value is showing now (a character or super zombie is in its square [5.4], [7.7]);
* ``seen``: it has been showing before; players may remember it [2.3];
* ``candidates``: for a unit drawn face down from the eliminated pool [13.3], what the humans know it
  could be: the values they saw eliminated that were in the pool at the draw, and one 0
  (`dodnb.rules.knowledge.UNKNOWN`) per counter in the pool nobody has seen (a solitaire hidden zombie
  [15.1]); empty for a never-seen unit, which could be any unseen value (ruling K1 in docs/RULINGS.md).
  ``seen`` of such a unit stays what it was (whether this very counter was seen: nobody at the table
  can tell, so only `knowledge.value_known` says what the humans know).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from dodnb.errors import RuleViolation
from dodnb.rules.vocab import LOST, AttackStep, PendingKind, Pool, Side, Status, ZStep

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
        __dict__ (`phases.base.rec`, the flip of `dodnb.rules.knowledge`) drops it, and pickling leaves it out."""
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
    # a public position only (`dodnb.rules.knowledge.conceal`): the values of the counters nobody has
    # seen, not yet drawn for a unit revealed (never set by the engine; the walks of the odds keep it)
    urn: tuple[int, ...] = ()
    lots: tuple[tuple[int, ...], ...] = ()  # a public position only: the candidates of unit value -(j + 1)

    def __post_init__(self) -> None:
        if type(self.step) is not ZStep:
            object.__setattr__(self, "step", ZStep(self.step))


@dataclass(frozen=True)
class Result:
    """Who won, by which Case [14.1], [14.2]."""

    winner: str  # 'human' | 'zombie'
    case: str
    reason: str  # a key of the catalogues' "victory" terms (dodnb/data/i18n)


__all__ = ["StateError", "CharacterState", "ZombieUnit", "Pending", "Activation", "Shot", "Attack", "TurnRecord",
           "ZombieTurn", "Result"]
