"""Exact odds of the coming zombie turn in a solitaire game [15.0].

In the solitaire game the zombies are an automaton (:mod:`dodnb.rules.solitaire`), so everything
between the end of a Human Player-Turn and the start of the next one is a pure chance process: the
Hidden Zombie Table [15.2], the berserk checks [10.0], [15.4], the free-movement die [7.0], the
reaction fire and panic of the characters under attack [6.9], [8.1], the attacks [8.8], the
attack-count die [15.6], the Zombie Entrance Table and the units drawn [13.0], the super-zombie
rolls [11.0]. :func:`zombie_turn` walks every one of those chance nodes with the rules engine
(:func:`dodnb.prob.enumerate.outcomes`, equal states merged) and gives the **exact** distribution of

* each character's status when the next Human Player-Turn begins (or the game ends),
* the number of zombie units (and super zombies) destroyed, and of units that entered the map,
* the winner, if the game ends during that zombie turn.

The work is bounded (``max_seconds``, ``max_states``). Beyond the bound it either raises
:class:`~dodnb.prob.enumerate.TooBig` (``fallback=None``) or plays the same turn ``n`` times with
seeded dice and says so: ``odds.exact`` is False, ``odds.method`` reads "Monte Carlo (n = ...)"
and every probability has a standard error (:meth:`ZombieTurnOdds.stderr`).

    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy, sensible_human
    from dodnb.prob import zombie_turn
    g = Game(seed=3, solitaire=True, human=sensible_human, zombie=zombie_policy)
    g.step_phase()                      # the first Human Player-Turn
    odds = zombie_turn(g)               # what the zombies will do next, exactly
    odds.status("Fran").p("normal")     # a Fraction
"""

from __future__ import annotations

import html
import math
import random
import time
from fractions import Fraction
from typing import Any, Callable, NamedTuple, Optional

from dodnb.prob.dist import Dist, fmt_fraction, fmt_percent
from dodnb.prob.enumerate import TooBig, outcomes, play_once
from dodnb.prob.errors import ProbError
from dodnb.rules import engine
from dodnb.rules.actions import EndTurn
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Phase, Side

__all__ = ["zombie_turn", "ZombieTurnOdds", "TurnOutcome", "sample_zombie_turn", "TooBig"]


class TurnOutcome(NamedTuple):
    """What one zombie turn did. ``statuses``: (name, status) for every character, in game order;
    ``destroyed``: zombie units and super zombies on the map at the start and gone at the end;
    ``entered``: units on the map at the end that were not at the start (a hidden zombie [15.2] or an
    entering unit [13.0]; one that came and was shot in the same turn counts in neither);
    ``winner``: '' or who won during the turn [14.1], [14.2]."""

    statuses: tuple
    destroyed: int
    entered: int
    winner: str = ""


def _strip(policy):
    """enumerate wants an action; Game policies may return (action, note)."""

    def pol(state, legal, rng):
        got = policy(state, legal, rng)
        return got[0] if isinstance(got, tuple) else got

    return pol


def _start(game_or_state) -> tuple[GameState, Any]:
    if isinstance(game_or_state, GameState):
        st = game_or_state
        ctx = engine.context(st.board)
    else:
        st = game_or_state.state
        ctx = game_or_state.ctx
    if st.result is not None:
        raise ProbError("14.0", "the game is over: there is no coming zombie turn")
    if not st.solitaire:
        raise ProbError("15.0", "exact zombie-turn odds need the solitaire zombies (a game with solitaire=True): a human zombie player's choices are not chance")
    if st.phase == Phase.HUMAN:
        if st.pending is None or st.pending.side != Side.HUMAN or st.pending.kind != "act":
            raise ProbError("4.0", f"finish the human decision in progress first ({st.pending.purpose if st.pending else 'none'})")
        st, _ = engine.apply(st, ctx, EndTurn())  # the human player ends the turn as it stands
    return st, ctx


def _key_fn(st0: GameState) -> Callable[[GameState], TurnOutcome]:
    on_map = {z.uid for z in st0.zombies if z.square is not None}
    supers = {c.name for c in st0.characters if c.is_super}

    def key(s: GameState) -> TurnOutcome:
        now = {z.uid for z in s.zombies if z.square is not None}
        gone = len(on_map - now) + sum(1 for c in s.characters if c.name in supers and c.square is None)
        statuses = tuple((c.name, c.status) for c in s.characters)
        return TurnOutcome(statuses, gone, len(now - on_map), s.result.winner if s.result else "")

    return key


def _stop_fn(turn: int) -> Callable[[GameState], bool]:
    return lambda s: s.result is not None or (s.phase == Phase.HUMAN and s.turn > turn)


def _policies(zombie, human):
    from dodnb.rules import solitaire

    return {Side.ZOMBIE.value: _strip(zombie or solitaire.zombie_policy), Side.HUMAN.value: _strip(human or solitaire.sensible_human)}


def sample_zombie_turn(game_or_state, rng: random.Random, *, zombie=None, human=None) -> TurnOutcome:
    """One zombie turn played with dice drawn from `rng` (the Monte Carlo counterpart): each chance
    node's outcome is drawn with its exact probability, decisions by the same policies."""
    st, ctx = _start(game_or_state)
    end = play_once(st, stop=_stop_fn(st.turn), rng=rng, policies=_policies(zombie, human), ctx=ctx)
    return _key_fn(st)(end)


def collapsible_draw(s: GameState) -> bool:
    """Ruling Z1 (exact): at a draw from the eliminated pool in the Zombie Generation Phase [13.3],
    *which* unit is drawn changes nothing the outcome counts (statuses, units destroyed or entered,
    winner) when no character stands in the entrance square of this door or of any door still to be
    served: the unit then attacks nobody this turn [13.4], and nothing after it in the turn (other
    draws, super-zombie rolls [11.0]) reads its value. Such a draw is followed once (the first unit of
    the pool, probability 1) instead of once per unit. Draws in the Hidden Zombie step [15.2], or with
    a character at an entrance still to be served, are followed unit by unit."""
    p = s.pending
    if p is None or p.kind != "draw:eliminated" or s.phase != Phase.GENERATION:
        return False
    squares = [s.zturn.drawing] + [s.board.main_doors[c].squares[0] for c in s.zturn.entering[1:]]
    return not any(s.characters_in(sq) for sq in squares)


def exact_turn(st: GameState, ctx, *, key, policies, max_states: int = 300_000, max_seconds: Optional[float] = None,
               collapse: bool = True) -> Dist:
    """`dodnb.prob.enumerate.outcomes` for one zombie turn, with equal states merged layer by layer,
    plus the collapse of draws that cannot matter (:func:`collapsible_draw`, ruling Z1).
    ``collapse=False`` is exactly `enumerate.outcomes` (the tests check both agree)."""

    def prune(s: GameState, outs: list) -> list:
        return [(outs[0][0], Fraction(1))] if collapsible_draw(s) else outs

    return outcomes(st, stop=_stop_fn(st.turn), key=key, policies=policies, ctx=ctx, max_states=max_states,
                    max_seconds=max_seconds, title="the coming zombie turn", prune=prune if collapse else None)


class ZombieTurnOdds:
    """The distribution of a zombie turn's outcome (:class:`TurnOutcome`), exact or sampled."""

    def __init__(self, dist: Dist, exact: bool, method: str, seconds: float, n: int = 0, names=()):
        self.dist = dist
        self.exact = exact
        self.method = method
        self.seconds = seconds
        self.n = n
        self.names = tuple(names)

    def status(self, name: str) -> Dist:
        """Dist of one character's status after the turn [8.3]-[8.5], [11.0]."""
        return self.dist.map(lambda o: dict(o.statuses)[name], title=f"{name} after the zombie turn")

    @property
    def destroyed(self) -> Dist:
        return self.dist.map(lambda o: o.destroyed, title="zombies destroyed")

    @property
    def entered(self) -> Dist:
        return self.dist.map(lambda o: o.entered, title="units entering")

    @property
    def winner(self) -> Dist:
        return self.dist.map(lambda o: o.winner or "nobody yet", title="game over?")

    def p(self, event) -> Fraction:
        return self.dist.p(event)

    def stderr(self, p: Fraction) -> float:
        """Standard error of a probability read from these odds: 0 when exact, sqrt(p(1-p)/n) sampled."""
        return 0.0 if self.exact else math.sqrt(float(p) * (1 - float(p)) / self.n)

    def table(self) -> list[tuple[str, dict]]:
        """Rows (character, {status: probability}) for the statuses that occur."""
        return [(n, dict(self.status(n).items())) for n in self.names]

    def __repr__(self) -> str:
        return f"<ZombieTurnOdds {self.method}: {len(self.dist)} outcomes, {self.seconds:.2f} s>"

    def __str__(self) -> str:
        lines = [f"Coming zombie turn — {self.method}"]
        for n, row in self.table():
            lines.append(f"  {n:6} " + ", ".join(f"{s} {fmt_percent(p)}" for s, p in row.items()))
        lines.append("  destroyed " + ", ".join(f"{k}: {fmt_percent(p)}" for k, p in self.destroyed.items()))
        lines.append("  entering  " + ", ".join(f"{k}: {fmt_percent(p)}" for k, p in self.entered.items()))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        statuses = ("normal", "stunned", "infected", "killed", "super")
        out = [f"<table><caption style='text-align:left'><b>Coming zombie turn</b> — {html.escape(self.method)}</caption>",
               "<tr><th></th>" + "".join(f"<th>{s}</th>" for s in statuses) + "</tr>"]
        for n, row in self.table():
            cells = []
            for s in statuses:
                p = row.get(s, Fraction(0))
                txt = "" if not p else (f"{fmt_percent(p)}<br><small>{fmt_fraction(p)}</small>" if self.exact else f"{fmt_percent(p)} ± {100 * self.stderr(p):.1f}%")
                cells.append(f"<td style='text-align:right'>{txt}</td>")
            out.append(f"<tr><th>{html.escape(n)}</th>{''.join(cells)}</tr>")
        return "".join(out) + "</table>"


def zombie_turn(
    game_or_state,
    *,
    max_seconds: Optional[float] = 20.0,
    max_states: int = 300_000,
    fallback: Optional[str] = "montecarlo",
    n: int = 2000,
    seed: int = 0,
    zombie=None,
    human=None,
) -> ZombieTurnOdds:
    """Exact distribution of what the coming zombie turn does ([15.0]; see the module).

    From a Human Player-Turn the human player is taken to end the turn as it stands. `human` decides
    the characters' choices during the zombie turn (reaction fire [8.1], who is attacked [8.0] 3;
    default :func:`dodnb.rules.solitaire.sensible_human`: everyone fires, normal-status characters
    named first); `zombie` defaults to the solitaire automaton. Both must be deterministic.

    Past ``max_seconds`` or ``max_states``: ``fallback="montecarlo"`` plays the turn `n` times with
    dice seeded by `seed` (the result says "Monte Carlo" and carries standard errors);
    ``fallback=None`` raises :class:`TooBig`."""
    st, ctx = _start(game_or_state)
    names = [c.name for c in st.characters]
    t0 = time.perf_counter()
    try:
        dist = exact_turn(st, ctx, key=_key_fn(st), policies=_policies(zombie, human),
                          max_states=max_states, max_seconds=max_seconds)
        return ZombieTurnOdds(dist, True, "exact (every chance node followed)", time.perf_counter() - t0, names=names)
    except TooBig as exc:
        if fallback is None:
            raise
        if fallback != "montecarlo":
            raise ProbError("15.0", f"fallback is 'montecarlo' or None, not {fallback!r}") from exc
        why = exc.detail
    rng = random.Random(seed)
    counts: dict[TurnOutcome, int] = {}
    for _ in range(n):
        o = sample_zombie_turn(st, rng, zombie=zombie, human=human)
        counts[o] = counts.get(o, 0) + 1
    dist = Dist({o: Fraction(c, n) for o, c in counts.items()}, title="the coming zombie turn (sampled)")
    return ZombieTurnOdds(dist, False, f"Monte Carlo (n = {n}, seed {seed}) — exact enumeration stopped: {why}",
                          time.perf_counter() - t0, n=n, names=names)
