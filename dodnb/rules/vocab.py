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
    """A character's status: one counter side each [2.3]; killed characters leave play [8.5]."""

    NORMAL = "normal"
    STUNNED = "stunned"  # [8.3]
    INFECTED = "infected"  # [8.4]
    SUPER = "super"  # the character has become a super zombie [11.0]
    KILLED = "killed"  # [8.5]

    @property
    def in_play(self) -> bool:
        """Still a human character on the map (normal, stunned or infected)."""
        return self in (Status.NORMAL, Status.STUNNED, Status.INFECTED)


#: Statuses that have a counter side with printed numbers or a stunned side [2.3].
CHARACTER_STATUSES = (Status.NORMAL, Status.STUNNED, Status.INFECTED)


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


__all__ = [
    "Status", "CHARACTER_STATUSES", "Pool", "Phase", "PHASE_LABELS", "TargetKind", "Side",
    "DoorKind", "DoorState",
]
