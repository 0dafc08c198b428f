"""The answer of :mod:`dodnb.prob.zombieturn`: :func:`zombie_turn` (exact, or estimated past its
budget), the odds object :class:`ZombieTurnOdds` a panel formats (its rows, intervals, text and HTML)
and :class:`CharacterOdds`, one character's row."""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional

from dodnb.i18n import Words
from dodnb.prob.dist import Dist, fmt_percent
from dodnb.prob.enumerate import TooBig
from dodnb.prob.errors import ProbError
from dodnb.prob.stats import wilson
from dodnb.prob.zombieturn.exact import walk_exact
from dodnb.prob.zombieturn.montecarlo import estimate
from dodnb.prob.zombieturn.walker import ZombieTurnWalk, start_position
from dodnb.rules.knowledge import KNOWLEDGE, conceal
from dodnb.rules.state import GameState
from dodnb.rules.vocab import CHARACTER_STATUSES, Status

__all__ = ["zombie_turn", "ZombieTurnOdds", "CharacterOdds", "SOLITAIRE_QUESTION", "TWO_PLAYER_QUESTION", "STATUSES"]

#: the columns of the odds table: the statuses in play [8.5], then the two ways a character is lost [14.1]
STATUSES = tuple(s.value for s in (*CHARACTER_STATUSES, Status.KILLED, Status.SUPER))

#: The question the odds answer, in plain words (for a panel to show).
SOLITAIRE_QUESTION = ("If the human player ends the turn now: what can the zombies do to the characters "
                      "in the coming zombie turn (solitaire zombies [15.0])?")
TWO_PLAYER_QUESTION = ("If the human player ends the turn now, and if the zombies played by the solitaire "
                       "rules [15.5]: what could they do to the characters in the coming zombie turn?")


@dataclass(frozen=True)
class CharacterOdds:
    """One character's row: the chance of each status when the next Human Player-Turn begins.

    ``probs[status]`` is the probability that `name` is `status` then (Fractions summing to 1);
    ``intervals[status]``: (low, high), a 95 % Wilson interval for a Monte Carlo estimate, or
    (p, p) when exact; ``what[status]``: that sentence in plain words."""

    name: str
    now: str
    probs: dict
    intervals: dict
    what: dict
    in_play: bool = True  # on the map as a human character now (a panel may show only these)


class ZombieTurnOdds:
    """The distribution of a zombie turn's outcome (:class:`TurnOutcome`), exact or estimated.

    For a panel: :attr:`question` (what is asked, in plain words) and :attr:`question_id`,
    :attr:`exact`, :attr:`kind` ('exact' | 'montecarlo'), :attr:`method` (a one-line label),
    :attr:`method_text` (plain words), :attr:`n` (games played, 0 when exact), :meth:`rows` (per
    character: what each number is the probability of, with its interval), :meth:`interval`,
    :attr:`seconds`."""

    def __init__(self, dist: Dist, exact: bool, method: str, seconds: float, n: int = 0, names=(), *,
                 question: str = SOLITAIRE_QUESTION, counts: Optional[dict] = None, why: str = "",
                 now: Optional[dict] = None, two_player: bool = False, in_play=None):
        self.dist = dist
        self.exact = exact
        self.method = method  # "exact (every chance node followed)" | "Monte Carlo (n = ..., seed ...) — ..."
        self.kind = "exact" if exact else "montecarlo"
        self.seconds = seconds
        self.n = n
        self.names = tuple(names)
        self.question = question
        self.counts = counts or {}
        self.why = why  # why the exact enumeration stopped (Monte Carlo only)
        self.now = dict(now or {})
        self.two_player = two_player
        self.in_play = frozenset(in_play if in_play is not None else names)

    @property
    def question_id(self) -> str:
        """'solitaire' or 'two_player_solitaire_rules' (ruling Z3): for a translated panel title."""
        return "two_player_solitaire_rules" if self.two_player else "solitaire"

    @property
    def method_text(self) -> str:
        if self.exact:
            return "exact: every roll of the dice and every draw followed"
        return f"estimate from {self.n} simulated zombie turns (95% intervals); the exact count was too big ({self.why})"

    def status(self, name: str) -> Dist:
        """Dist of one character's status after the turn [8.3]-[8.5], [11.0]."""
        return self.dist.map(lambda o: dict(o.statuses)[name], title=f"{name} when the next Human Player-Turn begins")

    @property
    def destroyed(self) -> Dist:
        return self.dist.map(lambda o: o.destroyed, title="zombies destroyed during the zombie turn")

    @property
    def entered(self) -> Dist:
        return self.dist.map(lambda o: o.entered, title="units entering the map during the zombie turn")

    @property
    def winner(self) -> Dist:
        return self.dist.map(lambda o: o.winner or "nobody yet", title="who has won when the zombie turn ends")

    def p(self, event) -> Fraction:
        return self.dist.p(event)

    def interval(self, p: Fraction) -> tuple[float, float]:
        """95 % interval of a probability read from these odds: (p, p) when exact; for a Monte Carlo
        estimate the Wilson interval of its count out of :attr:`n` (never zero width)."""
        if self.exact:
            return (float(p), float(p))
        return wilson(round(p * self.n), self.n)

    def stderr(self, p: Fraction) -> float:
        """Half the width of :meth:`interval` divided by 1.96 (0 when exact); kept for old callers."""
        lo, hi = self.interval(p)
        return (hi - lo) / (2 * 1.959963984540054)

    def rows(self) -> list[CharacterOdds]:
        """Per character, in game order: status now, and the chance of each status when the next
        Human Player-Turn begins, with what each number is the probability of."""
        out = []
        for n in self.names:
            probs = dict(self.status(n).items())
            what = {s: f"the chance that {n} is {_word(s)} when the next Human Player-Turn begins" for s in probs}
            now = self.now.get(n, "")
            out.append(CharacterOdds(n, now, probs, {s: self.interval(p) for s, p in probs.items()}, what,
                                     in_play=n in self.in_play))
        return out

    def table(self) -> list[tuple[str, dict]]:
        """Rows (character, {status: probability}) for the statuses that occur."""
        return [(r.name, r.probs) for r in self.rows()]

    def __repr__(self) -> str:
        return f"<ZombieTurnOdds {self.method}: {len(self.dist)} outcomes, {self.seconds:.2f} s>"

    def _cell(self, p: Fraction) -> str:
        if self.exact:
            return fmt_percent(p)
        lo, hi = self.interval(p)
        return f"{fmt_percent(p)} ({100 * lo:.1f}–{100 * hi:.1f}%)"

    def __str__(self) -> str:
        lines = [self.question, f"  ({self.method_text})"]
        for r in self.rows():
            lines.append(f"  {r.name:6} " + ", ".join(f"{s} {self._cell(p)}" for s, p in r.probs.items()))
        lines.append("  destroyed " + ", ".join(f"{k}: {self._cell(p)}" for k, p in self.destroyed.items()))
        lines.append("  entering  " + ", ".join(f"{k}: {self._cell(p)}" for k, p in self.entered.items()))
        return "\n".join(lines)

    def _repr_html_(self) -> Optional[str]:
        """The odds as a table in the reader's words (drawn by the render layer: dodnb.display)."""
        from dodnb.display import show

        return show(self, "text/html")


def _word(status: str) -> str:
    return {"normal": "unharmed (normal status)", "super": "a super zombie"}.get(status, status)


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
    clock: Callable[[], float] = time.perf_counter,
    knowledge: str = "humans",
) -> ZombieTurnOdds:
    """Exact distribution of what the coming zombie turn does ([15.0]; see the module).

    From a Human Player-Turn the human player is taken to end the turn as it stands; a hand-built
    position with nothing pending is first settled by the engine's automatic steps. `human` decides
    the characters' choices during the zombie turn (reaction fire [8.1], who is attacked [8.0] 3;
    default :func:`dodnb.search.humans.sensible_human`: everyone fires, normal-status characters
    named first); `zombie` defaults to the solitaire automaton. Both must be deterministic. A
    two-player game is answered for solitaire-rules zombies (ruling Z3; ``odds.question`` says so).

    Past ``max_seconds`` or ``max_states``: ``fallback="montecarlo"`` plays the turn `n` times with
    dice seeded by `seed` (``kind`` "montecarlo", ``method`` "Monte Carlo (n = ..., seed ...)", with
    Wilson intervals and `n`);
    ``fallback=None`` raises :class:`TooBig`. ``clock``: what ``max_seconds`` is measured with (the
    wall clock; ``time.process_time`` for this process's CPU time, as the benchmark does).

    ``knowledge="humans"`` (the default) answers from what the humans at the table know (ruling K1):
    the value of a unit nobody has seen is drawn from the counters nobody has seen when it is revealed
    (entering a character's square [5.4], shot at [6.0], trying a glass door [10.5]), a unit drawn
    face down from the pool is one of its candidates [13.3]; swapping the values of two counters
    nobody has seen changes nothing. ``knowledge="onlooker"`` reads the values under the counters (the
    answer of someone who turned them all over: not one a player can know)."""
    if fallback not in (None, "montecarlo"):
        raise ProbError("15.0", f"fallback is 'montecarlo' or None, not {fallback!r}")
    if knowledge not in KNOWLEDGE:
        raise ProbError("2.3", f"knowledge is one of {', '.join(KNOWLEDGE)}, not {knowledge!r}")
    first = game_or_state.state if hasattr(game_or_state, "state") and not isinstance(game_or_state, GameState) else game_or_state
    now = {c.name: c.status for c in first.characters} if isinstance(first, GameState) else {}
    st, ctx = start_position(game_or_state)
    names = [c.name for c in st.characters]
    now = now or {c.name: c.status for c in st.characters}
    in_play = [c.name for c in st.characters if c.in_play]
    question = SOLITAIRE_QUESTION if st.solitaire else TWO_PLAYER_QUESTION
    if knowledge == "humans":
        st = conceal(st)  # ruling K1: values nobody knows are drawn where they are revealed
    walk = ZombieTurnWalk(st, ctx, zombie=zombie, human=human)
    t0 = time.perf_counter()
    common = dict(names=names, question=question, now=now, two_player=not st.solitaire, in_play=in_play)
    try:
        dist = walk_exact(st, walk, max_states=max_states, max_seconds=max_seconds, clock=clock)
        return ZombieTurnOdds(dist, True, Words("zt.method.exact"), time.perf_counter() - t0, **common)
    except TooBig as exc:
        if fallback is None:
            raise
        why, reason = exc.detail, exc
    dist, counts = estimate(st, walk, n, seed)
    return ZombieTurnOdds(dist, False, Words("zt.method.mc", n=n, seed=seed, why=reason),
                          time.perf_counter() - t0, n=n, counts=counts, why=why, **common)
