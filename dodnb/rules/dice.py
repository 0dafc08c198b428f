"""The one seeded dice source the engine rolls with (DESIGN.md, "Rules engine").

Every roll is recorded (faces, Case, purpose) so the game log can show the dice and a replay
from the same seed reproduces them.  Tests and teaching can *script* rolls: scripted faces are
used first, in order; after the script runs out the seeded generator takes over (or, with
``strict=True``, an error says the script was too short).

    >>> d = Dice(seed=1, script=[6, 6])
    >>> d.roll(2, case="6.6", purpose="Peter shoots").faces
    (6, 6)
    >>> d.history[-1].total
    12

Only the standard library is used (``random.Random``), never numpy, so a seed means the same
dice on every platform and Python version that keeps ``random.Random.randint`` stable.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass, field
from typing import Iterable

from dodnb.errors import InputError

FACES = range(1, 7)
#: The game comes with three dice [2.5]; no roll in the rules uses more [6.8].
MAX_DICE = 3


class DiceError(InputError):
    """Bad dice request or script.  ``case`` holds the Case number when one applies.

    An :class:`~dodnb.errors.InputError`: ``DiceError(message, case=None)``.  The case comes from
    the caller of :meth:`Dice.roll`; a fuller citation such as ``"6.0 step 1"`` keeps its Case
    number in ``.case`` and the whole citation at the end of the detail.
    """

    def __init__(self, message: str, case: str | None = None):
        try:
            super().__init__(message, case)
        except TypeError:  # not a bare Case number: keep the number, cite the rest in the text
            m = re.match(r"\s*\[?\s*(\d+(?:\.\d+)?)", str(case))
            super().__init__(f"{message} (Case {str(case).strip()})", m.group(1) if m else None)


@dataclass(frozen=True)
class Roll:
    """One recorded roll: the faces, their total, why it was rolled."""

    faces: tuple[int, ...]
    case: str | None = None
    purpose: str = ""
    scripted: bool = False

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def n(self) -> int:
        return len(self.faces)

    def __str__(self) -> str:
        where = f" [{self.case}]" if self.case else ""
        what = f" {self.purpose}" if self.purpose else ""
        faces = "+".join(map(str, self.faces))
        return f"{len(self.faces)}d6{where}{what}: {faces} = {self.total}"

    def to_dict(self) -> dict:
        return {"faces": list(self.faces), "case": self.case, "purpose": self.purpose, "scripted": self.scripted}

    @classmethod
    def from_dict(cls, d: dict) -> "Roll":
        return cls(tuple(d["faces"]), d.get("case"), d.get("purpose", ""), bool(d.get("scripted", False)))


def _check_face(face) -> int:
    if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
        raise DiceError(f"a scripted die face must be a whole number from 1 to 6, got {face!r}")
    return face


@dataclass
class Dice:
    """Seeded, recording six-sided dice.

    seed:   any int; ``None`` picks one at random and keeps it in ``self.seed`` for replay.
    script: faces to use before the generator (e.g. ``[6, 1, 3]``); see :meth:`push`.
    strict: if True, rolling past the end of the script raises instead of using the generator.
    """

    seed: int | None = None
    script: Iterable[int] = ()
    strict: bool = False
    history: list[Roll] = field(default_factory=list)

    def __post_init__(self):
        if self.seed is None:
            self.seed = secrets.randbits(63)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise DiceError(f"seed must be a whole number, got {self.seed!r}")
        self._rng = random.Random(self.seed)
        self._random_faces = 0  # faces drawn from the generator, for save/restore
        self._script: list[int] = [_check_face(f) for f in self.script]
        self.script = ()

    # ------------------------------------------------------------------ rolling

    def push(self, *faces: int) -> "Dice":
        """Append faces to the script (they are used before the generator)."""
        self._script.extend(_check_face(f) for f in faces)
        return self

    @property
    def scripted_left(self) -> tuple[int, ...]:
        return tuple(self._script)

    def _face(self) -> tuple[int, bool]:
        if self._script:
            return self._script.pop(0), True
        if self.strict:
            raise DiceError("the dice script ran out (strict=True): push more faces before rolling")
        self._random_faces += 1
        return self._rng.randint(1, 6), False

    def roll(self, n: int = 1, case: str | None = None, purpose: str = "") -> Roll:
        """Roll ``n`` six-sided dice (1 <= n <= 3), record and return the :class:`Roll`."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise DiceError(f"number of dice must be a whole number, got {n!r}", case)
        if n < 1:
            raise DiceError(f"at least one die must be rolled, got {n}", case)
        if n > MAX_DICE:
            raise DiceError(f"no more than {MAX_DICE} dice are ever rolled at once [6.8], got {n}", case)
        faces, scripted = [], False
        for _ in range(n):
            f, s = self._face()
            faces.append(f)
            scripted = scripted or s
        r = Roll(tuple(faces), case, purpose, scripted)
        self.history.append(r)
        return r

    def total(self, n: int = 1, case: str | None = None, purpose: str = "") -> int:
        """Shortcut: roll and return the total."""
        return self.roll(n, case, purpose).total

    def d6(self, case: str | None = None, purpose: str = "") -> int:
        return self.roll(1, case, purpose).total

    # ------------------------------------------------------------------ save / restore

    def state(self) -> dict:
        """JSON-ready state: seed, generator position, remaining script, history."""
        return {
            "seed": self.seed,
            "random_faces": self._random_faces,
            "script": list(self._script),
            "strict": self.strict,
            "history": [r.to_dict() for r in self.history],
        }

    @classmethod
    def from_state(cls, state: dict) -> "Dice":
        d = cls(seed=state["seed"], script=state.get("script", ()), strict=state.get("strict", False))
        for _ in range(state.get("random_faces", 0)):
            d._rng.randint(1, 6)
        d._random_faces = state.get("random_faces", 0)
        d.history = [Roll.from_dict(r) for r in state.get("history", [])]
        return d

    def copy(self) -> "Dice":
        return Dice.from_state(self.state())
