"""One vocabulary for the whole project (DESIGN.md, "Rules engine").

Every enum is a ``str`` enum: its members compare equal to their plain strings
(``Status.NORMAL == "normal"``), serialise to JSON as those strings, and older code that passes
strings keeps working. Door kinds and states belong to the map, so they are defined in
:mod:`dodnb.board.model` (the layer below) and re-exported here: one definition each.
"""

from __future__ import annotations

from enum import Enum

from dodnb.board.model import DoorKind, DoorState


class _StrEnum(str, Enum):
    def __str__(self) -> str:  # "normal", not "Status.NORMAL"
        return self.value

    # A member equals its plain string, so it must hash like it too: states holding either form
    # merge in dictionaries (exact enumeration keys dicts by states).
    __hash__ = str.__hash__

    @classmethod
    def parse(cls, value: object) -> "_StrEnum":
        """The member for a string (any case, spaces or dashes for underscores)."""
        if isinstance(value, cls):
            return value
        key = str(value).strip().lower().replace("-", "_").replace(" ", "_")
        for m in cls:
            if m.value == key:
                return m
        raise ValueError(f"{value!r} is not one of {', '.join(m.value for m in cls)}")


class Status(_StrEnum):
    """A character's status: one counter side each [2.3] (the game's markers [2.4] are these statuses
    and the bookkeeping of rules/records.py); killed characters leave play [8.5]."""

    NORMAL = "normal"
    STUNNED = "stunned"  # [8.3]
    INFECTED = "infected"  # [8.4]
    SUPER = "super"  # the character has become a super zombie [11.0]
    KILLED = "killed"  # [8.5]

    @property
    def in_play(self) -> bool:
        """Still a human character on the map (normal, stunned or infected)."""
        return self in CHARACTER_STATUSES


#: Statuses that have a counter side with printed numbers or a stunned side [2.3].
CHARACTER_STATUSES = (Status.NORMAL, Status.STUNNED, Status.INFECTED)
#: Statuses of a character the human player has lost [14.1]: killed [8.5] or a super zombie [11.0].
LOST = frozenset({Status.KILLED, Status.SUPER})
#: Already harmed by an attack: a second stun or infection kills [8.5].
HARMED = (Status.STUNNED, Status.INFECTED)


class Pool(_StrEnum):
    """Where a zombie unit is [3.1], [9.0], [13.3]."""

    MAP = "map"
    HIDDEN = "hidden"  # the Hidden Zombie box [3.1]
    ELIMINATED = "eliminated"  # eliminated units, mixed face down, may re-enter [13.3]
    BOX = "box"  # off the map in a study position (not part of a game)


class Phase(_StrEnum):
    """The sequence of play [4.0]; HIDDEN is the solitaire Hidden Zombie Table step [15.2]."""

    SETUP = "setup"
    HUMAN = "human"
    HIDDEN = "hidden"  # [15.2] solitaire only, before the Berserk Zombie Phase
    BERSERK = "berserk"  # A
    REACTION = "reaction"  # B
    FREE = "free"  # C
    ATTACK = "attack"  # D
    GENERATION = "generation"  # E
    OVER = "over"

    @property
    def label(self) -> str:
        return PHASE_LABELS[self]


PHASE_LABELS = {
    Phase.SETUP: "Set-up",
    Phase.HUMAN: "Human Player-Turn",
    Phase.HIDDEN: "Hidden Zombie Table",
    Phase.BERSERK: "A Berserk Zombie Phase",
    Phase.REACTION: "B Zombie Reaction Movement Phase",
    Phase.FREE: "C Zombie Free Movement Phase",
    Phase.ATTACK: "D Zombie Attack Phase",
    Phase.GENERATION: "E Zombie Generation Phase",
    Phase.OVER: "Game over",
}


class TargetKind(_StrEnum):
    """What a shot is aimed at, for the panic check [6.5], [10.6], [11.5]."""

    ZOMBIE = "zombie"
    BERSERK = "berserk"
    SUPER = "super"  # a super zombie, alone or stacked with a unit [11.5]


class Side(_StrEnum):
    """Who decides at a node of the game: the two players, or chance (the dice)."""

    HUMAN = "human"
    ZOMBIE = "zombie"
    CHANCE = "chance"


class PendingKind(_StrEnum):
    """What the game waits for at a node: a decision of one side, or a chance outcome [4.0].

    Decisions: the human player's turn [5.0], reaction fire [8.1] and naming the attacked [8.0] 3;
    the zombie player's berserk pick [10.0], reveals [9.2], reaction moves [7.0], [11.4], free moves
    [7.0] 2 and how many are attacked [8.0] 2. Chance: dice (``roll:``), a die choosing among equal
    options in solitaire (``pick:``) and a unit drawn at random (``draw:``)."""

    ACT = "act"
    REACTION_FIRE = "reaction_fire"
    ATTACK_TARGETS = "attack_targets"
    ATTACK_COUNT = "attack_count"
    BERSERK_PICK = "berserk_pick"
    REVEAL = "reveal"
    REACTION = "reaction"
    REACTION_SUPER = "reaction_super"
    FREE = "free"
    ROLL_PANIC = "roll:panic"
    ROLL_SHOT = "roll:shot"
    ROLL_BERSERK_STAY = "roll:berserk_stay"
    ROLL_BERSERK_GO = "roll:berserk_go"
    ROLL_FREE = "roll:free"
    ROLL_GLASS = "roll:glass"
    ROLL_ATTACK = "roll:attack"
    ROLL_ENTRANCE = "roll:entrance"
    ROLL_SUPER = "roll:super"
    ROLL_COLUMN = "roll:column"
    ROLL_ROW = "roll:row"
    PICK_COUNT = "pick:count"
    PICK_TIE = "pick:tie"
    DRAW_HIDDEN = "draw:hidden"
    DRAW_ELIMINATED = "draw:eliminated"

    @property
    def side(self) -> "Side":
        return _KIND_SIDE[self]

    @property
    def is_roll(self) -> bool:
        """Dice are rolled: the outcome is a Roll(total)."""
        return self.value.startswith("roll:")

    @property
    def is_draw(self) -> bool:
        """A unit is drawn at random from a pool: the outcome is a Draw(uid)."""
        return self.value.startswith("draw:")


class ZStep(_StrEnum):
    """Where play stands inside the current phase of the Zombie Player-Turn [4.0] 2, in order.

    Each phase starts at its first step and moves on; the queues of ZombieTurn (units still to
    check or move, squares still to attack, doors still to serve, infected still to roll) belong to
    the step that is running."""

    HIDDEN_TABLE = "hidden_table"  # [15.2] consult the Hidden Zombie Table (solitaire)
    HIDDEN_DONE = "hidden_done"  # [15.2] the table is consulted (a unit may be being drawn)
    BERSERK_STAY = "berserk_stay"  # [10.0] each berserk unit: does it stay berserk?
    BERSERK_PICK = "berserk_pick"  # [10.0], [15.4] one non-berserk unit is chosen for a check
    BERSERK_CHECK = "berserk_check"  # [10.0] the chosen unit's die (or nothing chosen)
    REACTION_REVEAL = "reaction_reveal"  # [9.2] the zombie player may reveal hidden zombies
    REACTION_UNITS = "reaction_units"  # [7.0] 1 each unit in sight moves in reaction
    REACTION_SUPERS = "reaction_supers"  # [11.4] super zombies may move in reaction
    FREE_ROLL = "free_roll"  # [7.0] 2 one die: how many units may move
    FREE_MOVES = "free_moves"  # [7.0] 2, [7.5], [10.3]-[10.5], [11.2]-[11.6]
    ATTACK_SQUARES = "attack_squares"  # [8.0] each character square with a zombie, in turn
    ENTRANCE = "entrance"  # [13.0] two dice on the Zombie Entrance Table
    ENTERING = "entering"  # [13.1]-[13.4] the doors the table named, one at a time
    SUPER_ROLLS = "super_rolls"  # [11.0] each infected character rolls
    END = "end"  # [4.0] a decision ended the phase (EndTurn, EndPhase): the phase order begins the next


class AttackStep(_StrEnum):
    """The steps of one zombie attack [8.0] Procedure."""

    FIRE = "fire"  # 1: the characters in the square may shoot first [8.1]
    COUNT = "count"  # 2: how many characters are attacked
    TARGETS = "targets"  # 3: which ones, named by the human player
    ROLL = "roll"  # 5: one 2d6 roll per attacked character [8.8]


_KIND_SIDE: dict = {}  # enum table (a pending kind -> its side): independent of any board or tables


__all__ = [
    "Status", "CHARACTER_STATUSES", "LOST", "HARMED", "Pool", "Phase", "PHASE_LABELS", "TargetKind", "Side",
    "PendingKind", "ZStep", "AttackStep", "DoorKind", "DoorState",
]


_KIND_SIDE.update({k: Side.CHANCE for k in PendingKind if ":" in k.value})
_KIND_SIDE.update({k: Side.HUMAN for k in (PendingKind.ACT, PendingKind.REACTION_FIRE, PendingKind.ATTACK_TARGETS)})
_KIND_SIDE.update({k: Side.ZOMBIE for k in PendingKind if k not in _KIND_SIDE})
