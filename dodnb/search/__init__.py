"""Search for the human player in solitaire games [15.0] (layer: above rules and prob).

* :data:`search_human` / :class:`SearchPlayer` — a `Game` policy that looks ahead through the
  current Human Player-Turn (expectimax over the engine's exact dice) and scores where the turn
  ends with a hand-tuned heuristic (:mod:`dodnb.search.player`, :mod:`dodnb.search.heuristic`);
* :func:`evaluate` — for each choice at a human decision, the estimated chance the humans come
  through with it, with its interval (:mod:`dodnb.search.evaluate`).
"""

from dodnb.search.evaluate import WHAT, ChoiceValue, evaluate
from dodnb.search.player import SearchPlayer, search_human

__all__ = ["SearchPlayer", "search_human", "evaluate", "ChoiceValue", "WHAT"]
