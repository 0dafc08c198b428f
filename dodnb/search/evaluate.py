"""The value of each choice at a human decision, as a learner reads it (for the stepper's hint).

:func:`evaluate` answers, for every legal action at a decision of the human player:

    "the chance that no character is killed, infected or turned into a super zombie from now until
    the humans' next turn begins (a human win on the way counts as coming through, a zombie win
    does not), if the humans play on with the search player and the zombies follow the solitaire
    rules [15.0]"

It is an estimate: each choice is played out ``n`` times, the dice drawn with their exact odds
(``engine.chance_outcomes``, one seeded draw each), the rest of the Human Player-Turn by the
search player (:mod:`dodnb.search.player`), the Zombie Player-Turn by the solitaire automaton
(:func:`dodnb.rules.solitaire.zombie_policy`). Each value comes with the count it stands on and a
95 % Wilson interval (:func:`dodnb.prob.stats.wilson`), with the search player's own score of
the choice (its look-ahead through this turn; a hand-tuned score, not a probability), and with whether
it is the choice the search player itself makes here (``chosen``): with a few play-outs per choice
many values tie, and a strong player's own choice is a better suggestion than the first of the ties.

The same seed gives the same numbers: every play-out has its own seed derived from ``seed``, the
choice and the play-out's number.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass
from typing import Optional

from dodnb.errors import InputError
from dodnb.prob.enumerate import draw
from dodnb.prob.stats import wilson
from dodnb.rules import engine
from dodnb.rules.knowledge import public_world
from dodnb.rules.actions import Action, policy_action
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Side
from dodnb.search.player import SearchPlayer

__all__ = ["ChoiceValue", "evaluate", "WHAT"]

#: What the value is the probability of (plain words, for a learner).
WHAT = ("chance that no character is killed, infected or turned into a super zombie before the humans' "
        "next turn, if the humans play on with the search player and the zombies follow the solitaire rules")

_HARM = ("infected", "killed", "super")


@dataclass(frozen=True)
class ChoiceValue:
    """One choice and its estimated value (see module).

    action: the legal action; value: the estimated probability (successes / n); low, high: its 95 %
    Wilson interval; successes, n: the play-outs it stands on; score: the search player's
    look-ahead score of the choice (None when the search did not consider it); chosen: the search
    player makes this choice itself here; what: what the value is the probability of, in words."""

    action: Action
    value: float
    low: float
    high: float
    successes: int
    n: int
    score: Optional[float] = None
    what: str = WHAT
    chosen: bool = False

    @property
    def interval(self) -> tuple[float, float]:
        return (self.low, self.high)


def _seed(seed: int, i: int, k: int) -> int:
    return int.from_bytes(hashlib.sha256(f"dodnb-evaluate/{seed}/{i}/{k}".encode()).digest()[:8], "big")


def _harmed(st: GameState) -> frozenset:
    return frozenset(c.name for c in st.characters if c.status in _HARM)


def _play_out(st: GameState, ctx, action: Action, rng: random.Random, player, max_steps: int = 5000) -> bool:
    """Play `action`, then on to the start of the humans' next turn; True if nobody was newly harmed.
    Played in a deal of the values nobody knows made by `rng` (ruling K1: `knowledge.public_world`),
    never on the values under the counters."""
    before = _harmed(st)
    turn = st.turn
    st = engine.apply(public_world(st, rng), ctx, action)[0]
    for _ in range(max_steps):
        if st.result is not None:
            return st.result.winner == Side.HUMAN
        p = st.pending
        if st.turn > turn and p.side == Side.HUMAN and p.kind == PendingKind.ACT:
            break
        if p.side == Side.CHANCE:
            a = draw(engine.chance_outcomes(st, ctx), rng)
        else:
            legal = engine.legal_actions(st, ctx)
            a = policy_action((player if p.side == Side.HUMAN else zombie_policy)(st, legal, rng))
        st = engine.apply(st, ctx, a)[0]
    return _harmed(st) <= before


def evaluate(state: GameState, *, budget: int = 48, seed: int = 0, player: Optional[SearchPlayer] = None,
             scores: bool = True, seconds: Optional[float] = None) -> list:
    """For each legal action at a human decision of a solitaire game, a :class:`ChoiceValue`: the
    estimated chance that nobody is killed, infected or made a super zombie before the humans'
    next turn (see module), in the engine's order of the actions.

    budget: play-outs in all, shared equally among the choices (at least one each); seed: the
    play-outs' dice (same seed, same values); player: the search player playing on (default the
    experiments' one); scores: also the search player's look-ahead score of each choice (its
    ``score``; off, None — the hint shows no score and saves that look-ahead); seconds: stop once a
    round of play-outs (one more for every choice) ends after this much wall time, so every choice
    still stands on as many play-outs as the others, at least one (None: the whole budget). Each
    play-out has its own seed, so a round stopped early gives the first values the whole budget
    would have had."""
    p = state.pending
    if state.result is not None or p is None or p.side != Side.HUMAN:
        raise InputError("evaluate() values the choices of a human decision: this position waits for none")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise InputError(f"budget must be a whole number of play-outs ≥ 1, got {budget!r}")
    t0 = time.perf_counter()
    player = player or SearchPlayer()
    ctx = state.ctx
    legal = engine.legal_actions(state, ctx)
    got: dict = {}
    if scores and p.kind == PendingKind.ACT and len(legal) > 1:
        got = player.action_values(state, legal, ctx)
    own = policy_action(player(state, legal, random.Random(_seed(seed, -1, 0))))
    wins = [0] * len(legal)
    n = 0
    for k in range(max(1, budget // len(legal))):
        if k and seconds is not None and time.perf_counter() - t0 > seconds:
            break
        for i, a in enumerate(legal):
            wins[i] += _play_out(state, ctx, a, random.Random(_seed(seed, i, k)), player)
        n += 1
    out = []
    for i, a in enumerate(legal):
        lo, hi = wilson(wins[i], n)
        out.append(ChoiceValue(a, wins[i] / n, lo, hi, wins[i], n, got.get(a), chosen=a == own))
    return out
