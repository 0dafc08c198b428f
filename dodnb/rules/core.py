"""The atomic rules, each stated once. The engine's resolvers, `dodnb.prob`, the solitaire
automaton, the search's heuristic and the Monte Carlo counterparts all call these (DESIGN.md: "A rule
that lives in two places will drift"); the numbers of the printed tables are read through
:class:`dodnb.rules.tables.Tables` (the game's context holds one)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from dodnb.errors import RuleViolation
from dodnb.rules.vocab import CHARACTER_STATUSES, HARMED, Status

#: No more than three dice may ever be rolled for a single shot [6.8].
MAX_DICE = 3


@lru_cache(maxsize=None)
def ways(n: int) -> dict[int, int]:
    """How many of the 6**n face combinations of n six-sided dice give each total."""
    acc = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for s, c in acc.items():
            for f in range(1, 7):
                nxt[s + f] = nxt.get(s + f, 0) + c
        acc = nxt
    return acc


def roll_outcomes(n: int) -> list[tuple[int, Fraction]]:
    """Every total of n dice with its exact probability (a chance node's outcomes)."""
    return list(_roll_outcomes(n))


@lru_cache(maxsize=None)
def _roll_outcomes(n: int) -> tuple[tuple[int, Fraction], ...]:
    den = 6**n
    return tuple((t, Fraction(c, den)) for t, c in sorted(ways(n).items()))


def hit(status: str, result: str) -> str:
    """A character's status after one Zombie Attack Table result [8.2]-[8.5].

    'none' changes nothing; 'stunned' or 'infected' on a normal character applies [8.3], [8.4];
    on a character already stunned or infected either kills him [8.5]. 'killed' kills."""
    status, result = str(status), str(result)
    if result == "none":
        return status
    if result not in (Status.STUNNED, Status.INFECTED, Status.KILLED):
        raise RuleViolation("8.2", "attack.unknown_result", result=repr(result))
    if status not in CHARACTER_STATUSES:
        raise RuleViolation("8.5", "attack.out", status=status)
    if result == Status.KILLED or status in HARMED:
        return Status.KILLED.value  # [8.5]
    return result


def panic_limit(level: int, increase: int) -> int:
    """[6.5] the highest panic roll that panics: the Panic Level adjusted by the target's increase."""
    return level + increase


def panics(total: int, level: int, increase: int) -> bool:
    """[6.5] the character panics if the panic roll is less than or equal to his adjusted Panic Level."""
    return total <= panic_limit(level, increase)


def kill_threshold(reduction: int, value: int) -> int:
    """[6.0] step 5: the lowest dice total that destroys a target of this Zombie Value (combined with
    super zombies [11.3]) when the shot modifiers of the guns firing [6.7], [6.8] subtract `reduction`."""
    return value + reduction


def destroys(total: int, reduction: int, value: int) -> bool:
    """[6.0] step 5: the shot result (dice total minus the shot modifiers) destroys the target when it
    is equal to or greater than the Zombie Value (combined with super zombies [11.3])."""
    return total >= kill_threshold(reduction, value)


def strength(value: int, k: int) -> int:
    """[8.0] step 4: the Zombie Value divided by the number of characters attacked, rounded down."""
    if k < 1:
        raise RuleViolation("8.0", "attack.nobody")
    return value // k


def pooled_dice(dice: list[int] | tuple[int, ...]) -> int:
    """[6.8] characters shooting together roll their dice together, never more than three."""
    return min(MAX_DICE, sum(dice))


#: The faces of the one die that decides how many characters are attacked in solitaire [15.6].
ATTACK_COUNT_FACES = 6


@lru_cache(maxsize=None)
def attacked_count_faces(n: int) -> dict[int, tuple[int, ...]]:
    """[15.6] die faces for each possible number k = 1..n of characters attacked, shared equally; the
    spare faces (n = 4 or 5) name nobody and are rolled again (ruling in docs/RULINGS.md). Read only.
    The same sharing picks among n equally near units in [15.4] when a class throws a real die
    (:func:`dodnb.rules.dice.class_roll`)."""
    per = ATTACK_COUNT_FACES // n if n >= 1 else 0
    return {k: tuple(range((k - 1) * per + 1, k * per + 1)) for k in range(1, n + 1)}


@lru_cache(maxsize=None)
def attacked_count_odds(n: int) -> tuple[tuple[int, Fraction], ...]:
    """[15.6] each number k = 1..n of characters attacked with its exact chance: its share of the
    faces that name someone (spare faces are rolled again, so each k is equally likely)."""
    faces = attacked_count_faces(n)
    named = sum(len(f) for f in faces.values())
    return tuple((k, Fraction(len(f), named)) for k, f in faces.items())
