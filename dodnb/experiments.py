"""Many solitaire games at once: is *Dawn of the Dead* balanced? [15.0]

    from dodnb.experiments import run
    res = run(200, "sensible", seed=1)          # a process pool on this machine
    res.summary()                               # win rate with its 95 % interval, length, causes...
    res.games                                   # one row per game (pandas DataFrame)

Every game has its own seed, derived from ``seed`` and the game's number, so the results do not
depend on how the games are spread over workers: one process, two, or a cluster.
``executor=`` takes any :class:`concurrent.futures.Executor`:

* ``None`` (default): a :class:`~concurrent.futures.ProcessPoolExecutor` with ``workers`` processes
  (default: every core);
* ``"serial"``: play in this process (no pool; handy in tests and notebooks);
* a cluster's executor, e.g. Dask: ``from dask.distributed import Client;
  run(10_000, "sensible", seed=1, executor=Client("tcp://scheduler:8786").get_executor())``,
  or ``LocalCluster(n_workers=2)`` on one machine; Ray's ``ray.util`` executors work the same way.
  The workers need dodnb installed (the same version).

The zombies are the solitaire automaton (:func:`dodnb.rules.solitaire.zombie_policy`); the human
policy is "sensible", "random", "search" (the search player, :mod:`dodnb.search`), or any picklable
function ``(state, legal, rng) -> action``.
A game that reaches ``max_turns`` without a winner is counted as "turn limit" (not a win).
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import Counter
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence, Union

from dodnb.i18n import Readable, Words, tr
from dodnb.prob.stats import two_proportions, wilson
from dodnb.rules.vocab import LOST, Side

__all__ = ["run", "play_one", "game_seed", "wilson", "two_proportions", "ExperimentResult", "GameRecord"]

MAIN = ("N", "E", "S", "W")


def game_seed(seed: int, i: int) -> int:
    """The seed of game `i` of an experiment: a hash of (seed, i), the same wherever it is played."""
    return int.from_bytes(hashlib.sha256(f"dodnb-experiment/{seed}/{i}".encode()).digest()[:4], "big")


@dataclass(frozen=True)
class GameRecord:
    """One game's result. cause: the [14.1] reason, "human victory [14.2]" or "turn limit"."""

    index: int
    seed: int
    policy: str
    winner: str  # "human" | "zombie" | "" (turn limit)
    cause: str
    turns: int
    actions: int
    fran: str  # Fran's status at the end
    fran_survives: bool  # not killed and not a super zombie [14.1]
    lost: int  # characters killed or super zombies
    main_closed: tuple = ()  # main doors closed at the end (compass letters)
    doors_closed: int = 0  # glass and solid doors closed at the end [5.5]
    rifles: int = 0  # hunting rifles held at the end [12.0]
    zombies_left: int = 0


def _policy(policy: Union[str, Callable]):
    """(name, function) of a human policy: "random", "sensible" and "together" (:mod:`dodnb.search.humans`),
    "search" (the search player of :mod:`dodnb.search`, imported only when asked for), or a function."""
    from dodnb.search.humans import HUMAN_POLICIES

    if isinstance(policy, str):
        if policy == "search":
            from dodnb.search import search_human

            return policy, search_human
        if policy not in HUMAN_POLICIES:
            from dodnb.errors import InputError

            names = sorted([*HUMAN_POLICIES, "search"])
            raise InputError(f"unknown human policy {policy!r}: use {', '.join(names)} or a function")
        return policy, HUMAN_POLICIES[policy]
    return getattr(policy, "__name__", "custom"), policy


#: How a game ended, by message key: a record's ``cause`` is the English sentence (a
#: :class:`dodnb.i18n.Words`, as stored in docs/data/fairness.json); :func:`cause_words` writes it in
#: the reader's language.
CAUSES = {"fran": "exp.cause.fran", "three": "exp.cause.three", "human": "exp.cause.human", "limit": "exp.cause.limit"}


def _cause(reason: str) -> str:
    if reason.startswith("fran"):
        return Words(CAUSES["fran"])
    if reason.startswith("three"):
        return Words(CAUSES["three"])
    return reason


def cause_words(cause: str, lang: Optional[str] = None) -> str:
    """A game's end (a record's ``cause``, or its English sentence read back from a file) in `lang`."""
    if isinstance(cause, Readable):
        return cause.text(lang)
    for key in CAUSES.values():
        if tr(key, "en") == cause:
            return tr(key, lang)
    return str(cause)


#: The columns of :meth:`ExperimentResult.summary_row` by message key ("door N closed" and
#: "cause: ..." are written with their door and cause).
COLUMNS = {
    "policy": "exp.col.policy", "games": "exp.col.games", "human wins": "exp.col.wins", "win rate": "exp.col.rate",
    "95% CI low": "exp.col.ci_low", "95% CI high": "exp.col.ci_high", "median turns": "exp.col.median",
    "mean turns": "exp.col.mean", "Fran survives": "exp.col.fran", "rifles held (mean)": "exp.col.rifles",
}


def column_words(column: str, lang: Optional[str] = None) -> str:
    """A column of :func:`compare`'s table in `lang`: ``table.rename(columns=column_words)``."""
    if column in COLUMNS:
        return tr(COLUMNS[column], lang)
    if column.startswith("door ") and column.endswith(" closed") and column[5:-7] in MAIN:
        return tr("exp.col.door", lang, door=column[5:-7])
    if column.startswith("cause: "):
        return tr("exp.col.cause", lang, cause=cause_words(column[7:], lang))
    return column


def play_one(i: int, seed: int, policy: Union[str, Callable] = "sensible", max_turns: int = 100) -> GameRecord:
    """Play game `i` of an experiment with seed `seed` (its own seed is :func:`game_seed`)."""
    from dodnb.rules.actions import policy_action
    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy

    name, pol = _policy(policy)
    s = game_seed(seed, i)
    g = Game(seed=s, solitaire=True, human=pol, zombie=zombie_policy)
    n = 0
    while not g.over and g.state.turn <= max_turns:
        g.apply(policy_action(g.decide()))
        n += 1
    st = g.state
    fran = next(c for c in st.characters if c.name == "Fran")
    if st.result is None:
        winner, cause = "", Words(CAUSES["limit"])
    elif st.result.winner == Side.HUMAN:
        winner, cause = "human", Words(CAUSES["human"])
    else:
        winner, cause = "zombie", _cause(st.result.reason)
    board = st.board
    main_closed = tuple(c for c in MAIN if st.door_state(board.main_doors[c].id) == "closed")
    others = sum(1 for d, s_ in st.door_states if s_ == "closed" and board.doors[d].kind != "main")
    return GameRecord(
        index=i, seed=s, policy=name, winner=winner, cause=cause, turns=min(st.turn, max_turns), actions=n,
        fran=fran.status, fran_survives=fran.status not in LOST,
        lost=sum(1 for c in st.characters if c.status in LOST),
        main_closed=main_closed, doors_closed=others, rifles=sum(1 for c in st.characters if c.rifle),
        zombies_left=sum(1 for z in st.zombies if z.square is not None),
    )


def _play_chunk(indices: Sequence[int], seed: int, policy, max_turns: int) -> list[GameRecord]:
    return [play_one(i, seed, policy, max_turns) for i in indices]


@dataclass
class ExperimentResult:
    """The games of one experiment (`records`), with a table per game and a summary."""

    policy: str
    seed: int
    records: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.records if r.winner == Side.HUMAN)

    @property
    def win_rate(self) -> Fraction:
        return Fraction(self.wins, self.n) if self.n else Fraction(0)

    @property
    def ci(self) -> tuple[float, float]:
        """95 % Wilson interval of the human win rate."""
        return wilson(self.wins, self.n)

    @property
    def games(self):
        """One row per game (pandas DataFrame)."""
        import pandas as pd

        rows = []
        for r in self.records:
            d = asdict(r)
            d["main_closed"] = "".join(r.main_closed) or "-"
            rows.append(d)
        return pd.DataFrame(rows).set_index("index")

    def causes(self) -> dict[str, int]:
        return dict(Counter(r.cause for r in self.records).most_common())

    def doors(self) -> dict[str, float]:
        """Share of games in which each main door was closed at the end [5.5]."""
        return {c: sum(c in r.main_closed for r in self.records) / self.n for c in MAIN}

    def summary_row(self) -> dict[str, Any]:
        lo, hi = self.ci
        turns = sorted(r.turns for r in self.records)
        row = {
            "policy": self.policy, "games": self.n, "human wins": self.wins,
            "win rate": float(self.win_rate), "95% CI low": lo, "95% CI high": hi,
            "median turns": _median(turns), "mean turns": sum(turns) / self.n if self.n else 0.0,
            "Fran survives": sum(r.fran_survives for r in self.records) / self.n if self.n else 0.0,
            "rifles held (mean)": sum(r.rifles for r in self.records) / self.n if self.n else 0.0,
        }
        for c, share in self.doors().items():
            row[f"door {c} closed"] = share
        for cause, k in self.causes().items():
            row[f"cause: {cause}"] = k / self.n
        return row

    def summary(self):
        """One-row pandas DataFrame: win rate and its interval, length, Fran, doors, causes."""
        import pandas as pd

        return pd.DataFrame([self.summary_row()]).set_index("policy")

    def __repr__(self) -> str:
        lo, hi = self.ci
        return (f"<ExperimentResult {self.policy}: {self.wins}/{self.n} human wins "
                f"(95% CI {lo:.1%}-{hi:.1%}), median {_median(sorted(r.turns for r in self.records))} turns>")


def _median(xs: Sequence[int]) -> float:
    if not xs:
        return 0.0
    m = len(xs) // 2
    return float(xs[m]) if len(xs) % 2 else (xs[m - 1] + xs[m]) / 2


def run(
    n_games: int,
    policy: Union[str, Callable] = "sensible",
    seed: int = 0,
    *,
    max_turns: int = 100,
    executor: Union[Executor, str, None] = None,
    workers: Optional[int] = None,
    chunk: Optional[int] = None,
    progress: bool = True,
    first: int = 0,
) -> ExperimentResult:
    """Play `n_games` solitaire games with the human `policy` and the [15.5] zombies (see module).

    `chunk` games go to a worker at a time (default: about four chunks per worker). The result is
    the same for any executor, worker count or chunk size: each game's seed is :func:`game_seed`.
    `first`: the games played are numbers ``first`` to ``first + n_games - 1`` of the experiment, so
    a long experiment can be played in slices (and stopped between them)."""
    from tqdm.auto import tqdm

    name, _ = _policy(policy)  # fail early on an unknown name
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        from dodnb.errors import InputError

        raise InputError(f"n_games must be a whole number ≥ 1, got {n_games!r}")
    own = None
    if executor is None:
        own = executor = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
    nw = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    chunk = chunk or max(1, math.ceil(n_games / (4 * nw)))
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        from dodnb.errors import InputError

        raise InputError(f"first must be a whole number ≥ 0, got {first!r}")
    end = first + n_games
    chunks = [list(range(a, min(end, a + chunk))) for a in range(first, end, chunk)]
    records: list[GameRecord] = []
    bar = tqdm(total=n_games, desc=f"{name} games", disable=not progress, leave=False)
    try:
        if executor == "serial":
            for c in chunks:
                records += _play_chunk(c, seed, policy, max_turns)
                bar.update(len(c))
        else:
            from concurrent.futures import as_completed

            futures = [executor.submit(_play_chunk, c, seed, policy, max_turns) for c in chunks]  # type: ignore[union-attr]
            for f in as_completed(futures):
                got = f.result()
                records += got
                bar.update(len(got))
    finally:
        bar.close()
        if own is not None:
            own.shutdown()
    records.sort(key=lambda r: r.index)
    return ExperimentResult(name, seed, records)


def compare(n_games: int, policies: Sequence[Union[str, Callable]] = ("random", "sensible"), seed: int = 0, **kw):
    """`run` for each policy; a pandas DataFrame with one summary row per policy."""
    import pandas as pd

    results = [run(n_games, p, seed, **kw) for p in policies]
    return pd.DataFrame([r.summary_row() for r in results]).set_index("policy"), results


__all__ += ["compare"]
