"""Best play (issue 18): prints figures, asserts nothing about time.

Section "exact best play" (:func:`exact_solves`): `dodnb.prob.best_play` on study positions of growing
size — one decision under attack, a stack, a character about to act, a whole Human Player-Turn of one
and of two characters, the zombie player's worst case, a Human Player-Turn followed by the zombie turn
— each with the positions searched, those merged, the CPU time of this one process (one core; CPU
time, so other work on a shared machine does not inflate it) and the load average; the budget is
the search's wall clock; a position past its budget is reported with how far the search got.

The search player's own section (decisions per second, games per second) is a separate function of
this file, added by its author.

    python benchmarks/bench_best_play.py            # budget 120 s per position (wall clock)
    python benchmarks/bench_best_play.py --quick    # budget 20 s
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb import Position, load_board  # noqa: E402
from dodnb.prob.bestplay import Budget, BudgetExceeded, best_play, goals  # noqa: E402

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


#: The sections this script prints, in order; each is a function of the parsed arguments.
SECTIONS = [exact_solves]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a budget of 20 s per position")
    ap.add_argument("--budget", type=float, default=None, help="seconds per position (wall clock of the search)")
    ap.add_argument("--nodes", type=int, default=400_000, help="positions per position searched at most")
    args = ap.parse_args()
    if args.budget is None:
        args.budget = 20.0 if args.quick else 120.0
    for section in SECTIONS:
        section(args)
        print()


if __name__ == "__main__":
    main()
