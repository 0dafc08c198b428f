"""Best play (issue 18): figures printed, not tested.

Sections (each helper owns one; they are merged in this one script):

1. **exact best play** (:func:`exact_solves`, `dodnb.prob.best_play`, issue 18 item 1): study
   positions of growing size — one decision under attack, a stack, a character about to act, a whole
   Human Player-Turn of one and of two characters, the zombie player's worst case, a Human
   Player-Turn followed by the zombie turn — each with the positions searched, those merged, the CPU
   time of this one process (one core; CPU time, so other work on a shared machine does not inflate
   it) and the load average; the budget is the search's wall clock; a position past its budget is
   reported with how far the search got.
2. **search player** (:func:`search_player`, `dodnb.search`, issue 18 item 3): decisions per second of
   the search player (the human decisions it searches: with plan "together" those where the active
   stack may shoot, with plan "turn" those of a Human Player-Turn it looks ahead for; timed alone),
   whole solitaire games per second with it on one core, and the time of one `evaluate()` (the
   stepper's hint in a full game). CPU time is reported beside the wall clock, with the load average:
   the machine is shared.

    python benchmarks/bench_best_play.py            # budget 120 s per position; 12 games
    python benchmarks/bench_best_play.py --quick    # budget 20 s; 3 games
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb import Position, load_board  # noqa: E402
from dodnb.experiments import game_seed  # noqa: E402
from dodnb.prob.bestplay import Budget, BudgetExceeded, best_play, goals  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402


# ============================================================================================
# 1. exact best play (dodnb.prob.best_play)


MAIN_CLOSED = {d.id: "closed" for d in load_board().main_doors.values()}
INFECTED = "infected"


def study_positions() -> list[tuple[str, Position, object, object, str]]:
    """(label, position, goal, horizon, zombies), smallest first."""
    return [
        ("attack on one character: fire or hold [8.1]",
         Position(characters={"Peter": "115"}, units={"115": 3}, start="attack", solitaire=True),
         goals.nobody_hurt(), "game-turn", "solitaire"),
        ("attack on a stack of two [8.1], [15.6]",
         Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack", solitaire=True),
         goals.nobody_hurt(), "game-turn", "solitaire"),
        ("free move, stack, two players, worst case",
         Position(characters={"Peter": "115", "Roger": "115"}, units={"114": 5, "110": 3}, start="free", doors=MAIN_CLOSED),
         goals.nobody_hurt(), "player-turn", "worst"),
        ("infected Fran about to act (3 MP, 1 shot)",
         Position(characters={"Fran": {"square": "115", "status": INFECTED}}, units={"113": {"value": 2, "seen": True}},
                  solitaire=True, actor="Fran"),
         goals.unit_destroyed("113"), "player-turn", "solitaire"),
        ("Human Player-Turn, infected Peter (4 MP)",
         Position(characters={"Peter": {"square": "115", "status": INFECTED}}, units={"113": {"value": 6, "seen": True}},
                  solitaire=True),
         goals.unit_destroyed("113"), "player-turn", "solitaire"),
        ("Human Player-Turn, Peter (6 MP, 3 shots)",
         Position(characters={"Peter": "115"}, units={"113": {"value": 6, "seen": True}}, solitaire=True),
         goals.unit_destroyed("113"), "player-turn", "solitaire"),
        ("Human Player-Turn, Peter and Roger",
         Position(characters={"Peter": "115", "Roger": "115"}, units={"113": {"value": 6, "seen": True}}, solitaire=True),
         goals.unit_destroyed("113"), "player-turn", "solitaire"),
        ("Fran's turn, then the zombie turn",
         Position(characters={"Fran": {"square": "115", "status": INFECTED}}, units={"113": {"value": 2, "seen": True}},
                  solitaire=True, actor="Fran"),
         goals.nobody_hurt(), "game-turn", "solitaire"),
    ]


def exact_solves(args) -> None:
    """Section "exact best play": solve times of study positions of growing size."""
    print("== Exact best play (dodnb.prob.best_play) on study positions of growing size ==")
    print(f"budget {args.budget:g} s (wall clock of the search) and {args.nodes} positions per position; CPU time of one core shown; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'position':46} {'zombies':10} {'positions':>9} {'merged':>8} {'CPU s':>7}  value")
    for label, pos, goal, horizon, zombies in study_positions():
        t0 = time.process_time()
        try:
            r = best_play(pos, goal, horizon, zombies, Budget(nodes=args.nodes, seconds=args.budget))
        except BudgetExceeded as exc:
            cpu = time.process_time() - t0
            print(f"{label:46} {zombies:10} {exc.nodes:>9} {'':>8} {cpu:7.2f}  budget passed (not solved)")
            continue
        cpu = time.process_time() - t0
        print(f"{label:46} {zombies:10} {r.nodes:>9} {r.merged:>8} {cpu:7.2f}  {float(r.value):.4f} ({len(r.choices)} choices)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


# ============================================================================================
# 2. the search player (dodnb.search)


class _Timed:
    """The search player, its calls counted and timed (CPU and wall)."""

    def __init__(self, player):
        self.player = player
        self.calls = self.searched = 0
        self.cpu = self.wall = 0.0

    def __call__(self, state, legal, rng):
        t, c = time.perf_counter(), time.process_time()
        got = self.player(state, legal, rng)
        self.cpu += time.process_time() - c
        self.wall += time.perf_counter() - t
        self.calls += 1
        if getattr(self.player, "plan", "turn") == "together":  # the shot search runs where the stack may shoot
            self.searched += state.pending.kind == "act" and state.activation is not None and \
                any(type(a).__name__ == "Shoot" for a in legal)
        else:
            self.searched += state.pending.kind == "act" and len(legal) > 1
        return got


def search_player(n_games: int) -> None:
    from dodnb.search import evaluate, search_human

    print(f"== Search player ({search_human!r}) ==")
    print(f"load average: {os.getloadavg()}")
    timed = _Timed(search_human)
    turns, cpu_games, wall_games = [], 0.0, 0.0
    eval_state = None
    for i in range(n_games):
        g = Game(seed=game_seed(99, i), solitaire=True, human=timed, zombie=zombie_policy)
        t, c = time.perf_counter(), time.process_time()
        while not g.over and g.state.turn <= 100:
            g.step()
            p = g.pending
            if eval_state is None and g.state.turn >= 3 and p is not None and p.side == "human" and p.kind == "act" \
                    and g.state.activation is None and len(g.legal_actions()) > 2:
                eval_state = g.state
        cpu_games += time.process_time() - c
        wall_games += time.perf_counter() - t
        turns.append(min(g.state.turn, 100))
    print(f"decisions      : {timed.searched} searched decisions ({timed.calls} human decisions in all) in {timed.cpu:.1f} s CPU "
          f"-> {timed.searched / timed.cpu:.0f} decisions/s CPU ({timed.searched / timed.wall:.0f}/s wall), "
          f"{1000 * timed.cpu / max(1, timed.searched):.1f} ms CPU each")
    print(f"games          : {n_games} solitaire games, median {statistics.median(turns)} Game-Turns, in {cpu_games:.1f} s CPU "
          f"-> {n_games / cpu_games:.2f} games/s CPU ({n_games / wall_games:.2f}/s wall); "
          f"{cpu_games / sum(turns) * 1000:.0f} ms CPU per Game-Turn (the zombies' automaton included)")
    if eval_state is not None:
        for budget in (24, 96):
            t, c = time.perf_counter(), time.process_time()
            vals = evaluate(eval_state, budget=budget, seed=1)
            print(f"evaluate()     : budget {budget:3} play-outs, {len(vals)} choices ({vals[0].n} play-outs each): "
                  f"{time.process_time() - c:.2f} s CPU, {time.perf_counter() - t:.2f} s wall")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a budget of 20 s per position, 3 games")
    ap.add_argument("--budget", type=float, default=None, help="seconds per position (wall clock of the search)")
    ap.add_argument("--nodes", type=int, default=400_000, help="positions per position searched at most")
    args = ap.parse_args(argv)
    if args.budget is None:
        args.budget = 20.0 if args.quick else 120.0
    exact_solves(args)
    print()
    search_player(3 if args.quick else 12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
