"""Small helpers shared by the three comparison games (input checks, binomial counts, dice multisets).

Nothing here is a game rule: the rules live in atz.py, dead_dice.py and zombies.py, each citing the
section of its own French rulebook (see README of /work/shared/seeds).
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections import Counter
from fractions import Fraction
from typing import Iterator

from dodnb.errors import InputError
from dodnb.i18n import Words
from dodnb.prob.dist import Dist, fmt_fraction, fmt_percent

__all__ = [
    "OtherGameInputError",
    "whole",
    "flag",
    "binomial",
    "binomial_dist",
    "dice_multisets",
    "fmt_fraction",
    "fmt_percent",
    "pct",
    "short",
    "words_list",
]


class OtherGameInputError(InputError):
    """An argument makes no sense for the rule it was passed to.

    The message names the game, the rule section and the bad value, e.g.
    ``[ATZ 5.3] Rep must be a whole number from 1 to 6, got 7``.  An
    :class:`~dodnb.errors.InputError` with ``.case`` None: ``.case`` holds only Cases of *Dawn of
    the Dead*; the other game's section stays at the front of the text.
    """


def whole(value, name: str, where: str, *, lo: int | None = None, hi: int | None = None) -> int:
    """Check that ``value`` is a whole number within ``[lo, hi]``; return it as an int.

    ``where`` is the citation put in front of the message, e.g. ``"ATZ 5.3"``.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise OtherGameInputError(f"[{where}] {name} must be a whole number, got {value!r}")
    value = int(value)
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise OtherGameInputError(f"[{where}] {name} must be a whole number from {lo} to {hi}, got {value}")
    if lo is not None and value < lo:
        raise OtherGameInputError(f"[{where}] {name} must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise OtherGameInputError(f"[{where}] {name} must be at most {hi}, got {value}")
    return value


def flag(value, name: str, where: str) -> bool:
    """Check a yes/no argument (True or False only, so a stray number is caught)."""
    if not isinstance(value, bool):
        raise OtherGameInputError(f"[{where}] {name} must be True or False, got {value!r}")
    return value


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """P(exactly k of n independent trials succeed), each with probability ``p``: ``{k: prob}``."""
    q = 1 - p
    return {k: math.comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def binomial_dist(n: int, p: Fraction, **kw) -> Dist:
    """Dist of the number of successes among ``n`` trials of probability ``p``."""
    return Dist(binomial(n, p), **kw)


def dice_multisets(n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way ``n`` six-sided dice can fall, ignoring order: ``(faces sorted high to low, ways)``.

    ``ways`` is the number of ordered rolls giving that multiset (n! / product of repeat
    counts!), so the weights add up to 6**n.  Enumerating 462 multisets instead of 46,656
    ordered rolls keeps six-dice shotgun blasts instant; the tests check the result against
    the plain ``itertools.product`` enumeration.
    """
    fact_n = math.factorial(n)
    for combo in itertools.combinations_with_replacement(range(6, 0, -1), n):
        ways = fact_n
        for c in Counter(combo).values():
            ways //= math.factorial(c)
        yield combo, ways


def short(p: Fraction, max_denominator: int = 10000) -> str:
    """The exact fraction when it is short, else a rounded percentage marked with '~' (a
    :class:`~dodnb.i18n.Words`: written in the sentence's language, « ~99,96 % »)."""
    p = Fraction(p)
    if p.denominator <= max_denominator:
        return fmt_fraction(p)
    return Words("og.approx", p=p)


def pct(p: Fraction) -> Words:
    """``"1/2 (50.0%)"``: exact fraction and a rounded percentage, for explanations (a
    :class:`~dodnb.i18n.Words`, so a derivation written in French reads « 1/2 (50,0 %) »)."""
    return Words("og.pct", f=fmt_fraction(p), p=Fraction(p))


def words_list(parts: list) -> Words:
    """Several phrases joined by commas, each written in the sentence's language."""
    out = parts[0]
    for part in parts[1:]:
        out = Words("og.comma", a=out, b=part)
    return out
