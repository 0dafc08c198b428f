"""Search for the human player in solitaire games [15.0] (layer: above rules and prob).

* :data:`search_human` / :class:`SearchPlayer` — a `Game` policy ``(state, legal, rng) -> action``.
  By default (``plan="together"``) it keeps the four characters in one square and walks them to
  the rifles and the main doors, then hunts (:func:`dodnb.search.humans.together_human`), and
  chooses each shot by an exact expectimax over the turn's remaining shots (:class:`ShotSearch`);
  ``plan="turn"`` is the earlier turn planner: for each stack the best square to go to and what to
  do there, looked ahead through the current Human Player-Turn and scored by a hand-tuned heuristic
  (:mod:`dodnb.search.player`, :mod:`dodnb.search.heuristic`). The policy "search" of
  :func:`dodnb.experiments.run`;
* :func:`evaluate` — for each choice at a human decision, the estimated chance that nobody is
  killed, infected or made a super zombie before the humans' next turn, with its count and 95 %
  interval (:mod:`dodnb.search.evaluate`): the stepper's hint in full games.

Layer: builds on :mod:`dodnb.rules` and :mod:`dodnb.prob` and sits with them (tests/test_layers.py);
it imports no rendering or widget code.
"""

from dodnb.search.evaluate import WHAT, ChoiceValue, evaluate
from dodnb.search.player import SearchPlayer, ShotSearch, search_human

__all__ = ["SearchPlayer", "ShotSearch", "search_human", "evaluate", "ChoiceValue", "WHAT"]
