"""Exact odds of the coming zombie turn [15.0] — the one zombie-turn odds API.

Everything between the end of a Human Player-Turn and the start of the next one is a chance process
once the zombie side's decisions follow a fixed rule: the Hidden Zombie Table [15.2], the berserk
checks [10.0], [15.4], the free-movement die [7.0], the reaction fire and panic of the characters
under attack [6.9], [8.1], the attacks [8.8], the attack-count die [15.6], the Zombie Entrance Table
and the units drawn [13.0], the super-zombie rolls [11.0]. :func:`zombie_turn` walks every chance
node of the rules engine (``engine.chance_outcomes`` / ``engine.apply``) and gives the **exact**
distribution of

* each character's status when the next Human Player-Turn begins (or the game ends),
* the number of zombies destroyed during the turn (units and super zombies eliminated [6.0], [11.3]),
* the number of units that entered the map during the turn (a hidden zombie [15.2], [9.0], or a unit
  drawn at a main door [13.0]),
* the winner, if the game ends during that zombie turn [14.1], [14.2].

**The question answered** is carried by the result (:attr:`ZombieTurnOdds.question`). In a
solitaire game the zombies *are* the automaton of [15.5] (:mod:`dodnb.rules.solitaire`). In a
two-player game the zombie player decides; the odds then answer "if the zombies played by the
solitaire rules" (ruling Z3 in docs/rulings/solitaire.md): the [15.5] automaton moves them, a die
picks the unit checked for berserk among the nearest [15.4] and the number of characters attacked
[15.6], hidden zombies come out only when they must [9.4]; every other rule is the two-player game's.

**Shortcuts** (rulings Z1, Z2; each proven equal to the plain walk of the engine's chance nodes by
tests/prob/zombieturn/test_zombie_turn_odds.py): equal positions merge wherever they are reached (the walk
is over a graph of positions, not a tree of dice sequences); once no zombie can move any more in the
turn (Attack and Generation Phases) a position is put in a canonical form (units renamed in a fixed
order, the movement bookkeeping dropped, units that can no longer attack, block an entrance or be
shot reduced to one; the pool's values forgotten while nobody stands where a unit may still be
drawn), units drawn from a pool are grouped into classes of interchangeable units drawn with their
multiplicity, a Zombie Entrance Table roll that brings units only where nobody stands ends the turn
with the number entered, the free movement (no chance node) is followed at once to its end with the
automaton's choices shared between the die's faces, and rolls are grouped by the result they give;
in the Zombie Generation Phase what stands in the square of a character still to roll for a super
zombie is held back with the probability until that roll, the walk going in stages. In the humans'
answer (ruling K1), the urn of unseen values rides with the probability after movement and is given
back where the next value is drawn, a stage of the walk ending there: what follows a draw is
followed once for every urn it was drawn from (proven equal to the walk that keeps the urn in the
position and to the plain walk in tests/prob/zombieturn/test_zombie_turn_knowledge.py).
Outside their proofs (custom policies) the walk is the plain one.

The work is bounded (``max_seconds``, ``max_states``). Beyond the bound it either raises
:class:`~dodnb.prob.enumerate.TooBig` (``fallback=None``) or plays the same turn ``n`` times with
seeded dice and says so: ``odds.exact`` is False, ``odds.kind`` is "montecarlo", and every
probability comes with a 95 % Wilson interval (:meth:`ZombieTurnOdds.interval`) and the number of
games played.

    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.search.humans import sensible_human
    from dodnb.prob import zombie_turn
    g = Game(seed=3, solitaire=True, human=sensible_human, zombie=zombie_policy)
    g.step_phase()                      # the first Human Player-Turn
    odds = zombie_turn(g)               # what the zombies will do next, exactly
    odds.status("Fran").p("normal")     # a Fraction
    odds.rows()                         # per character: what each number is the probability of

**Where it lives** (one module per seam; ``import dodnb.prob.zombieturn`` gives every public name):

* :mod:`~dodnb.prob.zombieturn.odds` — the answer: :func:`zombie_turn`, :class:`ZombieTurnOdds` (its
  statistics and ``_repr_html_``), :class:`CharacterOdds`;
* :mod:`~dodnb.prob.zombieturn.exact` — the exact walk: the graph of positions explored once, the
  probability flowing through it in stages (:func:`walk_exact`, :func:`exact_turn`);
* :mod:`~dodnb.prob.zombieturn.montecarlo` — the Monte Carlo fallback (:func:`walk_once`,
  :func:`sample_zombie_turn`);
* :mod:`~dodnb.prob.zombieturn.walker` — the public walker :class:`ZombieTurnWalk` (the branches and
  children of a position: the chance process), and :func:`start_position`;
* its parts: :mod:`~dodnb.prob.zombieturn.canonical` (the canonical forms after movement, the
  statuses carried and the parts held, ruling Z1), :mod:`~dodnb.prob.zombieturn.movement` (the
  reaction and free movement followed at once, ruling Z1, Z2), :mod:`~dodnb.prob.zombieturn.nameless`
  (counters nameless in movement, ruling Z1), :mod:`~dodnb.prob.zombieturn.attacks` (an attack
  followed once, the Zombie Entrance Table's rolls summed, ruling Z1);
* :mod:`~dodnb.prob.zombieturn.common` — what they share (:class:`TurnOutcome`, one engine step
  counted);
* the Wilson interval is :func:`dodnb.prob.stats.wilson` (stated once, re-exported here).
"""

from dodnb.prob.enumerate import TooBig
from dodnb.prob.stats import wilson
from dodnb.prob.zombieturn.common import TurnOutcome
from dodnb.prob.zombieturn.exact import exact_turn, walk_exact
from dodnb.prob.zombieturn.montecarlo import sample_zombie_turn, walk_once
from dodnb.prob.zombieturn.odds import (
    SOLITAIRE_QUESTION, STATUSES, TWO_PLAYER_QUESTION, CharacterOdds, ZombieTurnOdds, zombie_turn,
)
from dodnb.prob.zombieturn.walker import ZombieTurnWalk, start_position

__all__ = [
    "zombie_turn", "ZombieTurnOdds", "TurnOutcome", "CharacterOdds", "sample_zombie_turn", "TooBig",
    "wilson", "SOLITAIRE_QUESTION", "TWO_PLAYER_QUESTION", "STATUSES",
    "ZombieTurnWalk", "start_position", "walk_exact", "walk_once", "exact_turn",
]
