"""Exact dice odds of three other zombie games, for comparison with Dawn of the Dead.

* :mod:`~dodnb.prob.othergames.atz` -- All Things Zombie (Two Hour Wargames): Reputation tests,
  reaction tests, ranged fire, melee, zombie generation, running out of ammunition.
* :mod:`~dodnb.prob.othergames.dead_dice` -- Dead Dice (Studio Gobz'Ink): pools counting even
  faces, melee vs firearms, horde attacks, a horde fight as an exact Markov chain.
* :mod:`~dodnb.prob.othergames.zombies` -- Zombies!!! (Twilight Creations): the 4+ combat roll,
  life and bullet tokens, the optimal bullet-spending rule by dynamic programming.

Citations name each game's own rulebook sections ([ATZ 8.1], [Dead Dice, Round des morts],
[Zombies!!!, Règles de Combat]); the sources are the French texts in /work/shared/seeds.
Every function returns a :class:`dodnb.prob.Dist` (with ``explain()``) or an exact Fraction;
bad input raises :class:`OtherGameInputError` (a ValueError) naming the rule and the value.
"""

from dodnb.prob.othergames import atz, chart, dead_dice, zombies
from dodnb.prob.othergames._common import OtherGameInputError

__all__ = ["atz", "dead_dice", "zombies", "chart", "OtherGameInputError"]
