"""The one seeded dice source of a game (DESIGN.md, "Rules engine"); :class:`~dodnb.rules.game.Game`
rolls with it.

Every random draw of a game is keyed by the seed and the move number: move ``n`` (the number of
actions played before it) draws from ``random.Random(f"{seed}/{n}")``, whether it is a die roll, a
unit drawn at random [9.0], [13.3] or the choice of a random policy. The dice of move ``n`` do not
depend on what was rolled before, so the same seed gives the same game, and undo, redo, a replay or
another branch that reaches move ``n`` see the same dice.

Teachers and tests can *script* rolls: the ``k``-th roll of the game (counting every ``Roll``
played before it) uses ``script[k]`` — a total, or the list of faces — and the seeded dice take
over when the script runs out.

    >>> d = Dice(seed=1, script=[(6, 6)])
    >>> d.roll(move=0, dice=2, rolls_before=0).faces          # scripted
    (6, 6)
    >>> d.roll(move=7, dice=2, rolls_before=1) == d.roll(move=7, dice=2, rolls_before=1)
    True

A class can also throw **real dice**: :func:`class_roll` turns the faces the class read off its dice
into the outcome of the chance node waiting (each face checked [2.5], as many dice as the node rolls),
and :meth:`~dodnb.rules.game.Game.roll_in_class` plays it, marked "rolled in class" in the log.

Only the standard library is used (``random.Random`` seeded with a string), never numpy, so a seed
means the same dice on every platform and Python version that keeps ``random.Random`` stable.
"""

from __future__ import annotations

import _random
import random
import re
from hashlib import sha512
from typing import Iterable, Sequence, Union

from dodnb.errors import InputError, RuleViolation, normalise_case
from dodnb.rules.actions import Action, Roll
from dodnb.rules.core import attacked_count_faces

_NEW = random.Random.__new__
_SEED = _random.Random.seed  # the C generator's own seeding, which random.Random.seed ends with

FACES = range(1, 7)
#: The game comes with three dice [2.5]; no roll in the rules uses more [6.8].
MAX_DICE = 3

#: A scripted roll: a total, or the faces.
ScriptedRoll = Union[int, Sequence[int]]


class DiceError(InputError):
    """Bad dice request or script; ``case`` holds the Case number when one applies.

    ``DiceError(message, case=None)``; a fuller citation such as ``"6.0 step 1"`` keeps its Case
    number in ``.case`` and the whole citation at the end of the detail.
    """

    def __init__(self, message: str, case: object = None):
        if case is not None and not _bare_case(case):
            m = re.match(r"\s*\[?\s*(\d+(?:\.\d+)?)", str(case))
            message, case = f"{message} (Case {str(case).strip()})", (m.group(1) if m else None)
        super().__init__(message, case)


def _bare_case(case: object) -> bool:
    try:
        normalise_case(case)
    except TypeError:
        return False
    return True


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_entry(entry: object, k: int) -> ScriptedRoll:
    """One scripted roll, checked: a total from 1 to 18, or 1 to 3 faces from 1 to 6 [2.5], [6.8]."""
    if isinstance(entry, int) and not isinstance(entry, bool):
        if not 1 <= entry <= 6 * MAX_DICE:
            raise DiceError(f"scripted roll {k}: a total of one to three dice is 1 to {6 * MAX_DICE}, got {entry!r}", "6.8")
        return entry
    if isinstance(entry, (list, tuple)):
        if not 1 <= len(entry) <= MAX_DICE:
            raise DiceError(f"scripted roll {k}: one to {MAX_DICE} faces, got {len(entry)}", "6.8")
        for f in entry:
            if not _whole(f) or f not in FACES:
                raise DiceError(f"scripted roll {k}: a die face must be a whole number from 1 to 6, got {f!r}")
        return tuple(entry)
    raise DiceError(f"scripted roll {k}: give a total or a list of faces, got {entry!r}")


class Dice:
    """The seeded dice of one game, with an optional script of rolls (see the module docstring).

    seed:   a whole number (the game's seed);
    script: rolls used first, in order: each a total or a list of faces.
    """

    def __init__(self, seed: int, script: Iterable[ScriptedRoll] = ()):
        if not _whole(seed):
            raise DiceError(f"seed must be a whole number, got {seed!r}")
        self.seed = seed
        self.script = script

    @property
    def script(self) -> tuple[ScriptedRoll, ...]:
        return self._script

    @script.setter
    def script(self, rolls: Iterable[ScriptedRoll]) -> None:
        self._script = tuple(_check_entry(r, k) for k, r in enumerate(rolls or ()))

    def rng(self, move: int) -> random.Random:
        """The generator of move `move`: its dice, its random draws, a random policy's choice.

        Exactly ``random.Random(f"{seed}/{move}")`` (tests compare the states), seeded the way that
        does it (version 2: the string and its SHA-512 as one integer) without the Python-level
        checks of ``Random.seed``: one generator is made per move, so this is on every step."""
        key = f"{self.seed}/{move}".encode()
        rng = _NEW(random.Random)  # allocated, not seeded yet
        _SEED(rng, int.from_bytes(key + sha512(key).digest(), "big"))
        rng.__dict__["gauss_next"] = None  # as random.Random.seed leaves it
        return rng

    def roll(self, move: int, dice: int, rolls_before: int, case: object = None) -> Roll:
        """The roll of `dice` six-sided dice at move `move`, the game having played `rolls_before`
        rolls: the script's next entry if any is left, else the seeded faces."""
        if not _whole(dice):
            raise DiceError(f"number of dice must be a whole number, got {dice!r}", case)
        if dice < 1:
            raise DiceError(f"at least one die must be rolled, got {dice}", case)
        if dice > MAX_DICE:
            raise DiceError(f"no more than {MAX_DICE} dice are ever rolled at once [6.8], got {dice}", case)
        if rolls_before < len(self._script):
            want = self._script[rolls_before]
            if not isinstance(want, int):
                if len(want) != dice:
                    raise DiceError(f"scripted roll {rolls_before} has {len(want)} face(s), but {dice} dice are rolled here", case)
                return Roll(sum(want), tuple(want))
            total = want
            if not dice <= total <= 6 * dice:
                raise DiceError(f"scripted roll {rolls_before}: {dice} dice cannot total {total}", case)
            return Roll(total)
        rng = self.rng(move)
        faces = tuple(rng.randint(1, 6) for _ in range(dice))
        return Roll(sum(faces), faces)

    def pick(self, move: int, k: int) -> int:
        """The index (0 to k-1) a random draw among `k` equally likely outcomes takes at move `move`."""
        return self.rng(move).randrange(k)

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed}" + (f", script={list(self._script)!r})" if self._script else ")")


# ------------------------------------------------------------------------------ dice thrown in class


def parse_faces(text: Union[str, int, Sequence[int]]) -> tuple[int, ...]:
    """The faces a class read off its dice, as typed: ``"3 5"``, ``"3,5"``, ``"3+5"`` or ``"35"`` (one
    digit a die), a whole number for one die, or a list. Each face must be 1 to 6 [2.5]; a learner's
    slip gets a sentence naming it, never a half-read roll."""
    if isinstance(text, bool):
        raise RuleViolation("2.5", "chance.face", face=repr(text))
    if isinstance(text, int):
        faces: list = [text]
    elif isinstance(text, str):
        cleaned = text.strip()
        if not cleaned:
            raise RuleViolation("2.5", "chance.no_faces_typed")
        parts = [x for x in re.split(r"[\s,;+]+", cleaned) if x]
        if len(parts) == 1 and parts[0].isdigit() and 1 < len(parts[0]) <= MAX_DICE:
            parts = list(parts[0])  # "35": two dice, 3 and 5
        faces = []
        for x in parts:
            if not re.fullmatch(r"\d+", x):
                raise RuleViolation("2.5", "chance.face", face=repr(x))
            faces.append(int(x))
    else:
        faces = list(text)
    for f in faces:
        if not _whole(f) or f not in FACES:
            raise RuleViolation("2.5", "chance.face", face=repr(f))
    if not 1 <= len(faces) <= MAX_DICE:
        raise RuleViolation("6.8", "chance.too_many_faces", n=len(faces))
    return tuple(faces)


def class_roll(pending, faces: Union[str, int, Sequence[int]], outcomes: Sequence[Action]) -> tuple[Action, tuple[int, ...]]:
    """The outcome of the chance node `pending` when the class throws real dice showing `faces`, and
    the faces as read: ``(outcome, faces)``. `outcomes` are the node's outcomes in the game's order
    (used by ``pick:`` nodes only).

    * Dice (``roll:`` nodes): as many dice as the node rolls ([6.6], [6.8] and the Case of the roll);
      the outcome is ``Roll(total, faces)``.
    * A die shared among equal options in solitaire (``pick:`` nodes, [15.4], [15.6]): one die; its
      faces are shared equally among the options in the order the game lists them, and a spare face
      (4 or 5 options) is rolled again, as the engine's odds assume (docs/RULINGS.md, [15.4], [15.6]).
    * A counter drawn at random (``draw:`` nodes, [9.0], [13.3]) is not a die: refused.
    """
    from dodnb.rules.vocab import Side

    if pending is None or pending.side != Side.CHANCE:
        raise InputError("no dice are thrown now: a player decides here")
    if pending.kind.is_draw:
        raise RuleViolation(pending.case, "chance.draw_not_dice")
    faces = parse_faces(faces)
    if pending.kind.is_roll:
        if len(faces) != pending.dice:
            raise RuleViolation(pending.case, "chance.dice_count", dice=pending.dice, n=len(faces))
        return Roll(sum(faces), faces), faces
    if len(faces) != 1:
        raise RuleViolation(pending.case, "chance.one_die", n=len(faces))
    shares = attacked_count_faces(len(outcomes))  # option k (1..n) -> its faces, shared equally
    for k, fs in shares.items():
        if faces[0] in fs:
            return outcomes[k - 1], faces
    if not any(shares.values()):  # more options than faces: one die cannot share them
        raise RuleViolation(pending.case, "chance.too_many_options", n=len(outcomes))
    raise RuleViolation(pending.case, "chance.roll_again", face=faces[0], n=len(outcomes))
