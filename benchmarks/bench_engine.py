"""Speed of the rules engine (prints figures; not a test).

* complete random-legal games per second on one core, two-player and solitaire (issue 15's targets of
  100 and 150 are withdrawn: immutable states, events and per-move seeded dice are worth their cost;
  the rule now is that no step gets slower, so compare these figures with an earlier commit's, run
  alternately on the same machine), decisions per second, median game length in actions and Game-Turns; timed in
  CPU seconds of this process (the machine is shared: wall-clock figures are printed beside them);
* the cost of the pieces a widget calls: `legal_actions`, and `apply` timed one call at a time over
  every action of a few random games (median; issue 15 asked for <= 0.05 ms) — checked in full as for any caller,
  and for an action `legal_actions` just listed for that state (the path `Game.step` takes);
  save/load;
* one exact zombie-turn distribution from a mid-game position: every chance node of the Zombie
  Player-Turn enumerated with equal states merged (zombie decisions by the first legal action).

    python benchmarks/bench_engine.py            # about a minute
    python benchmarks/bench_engine.py --quick
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.prob.enumerate import TooBig, outcomes  # noqa: E402
from dodnb.rules import engine  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402

TARGETS = {"two-player": 100, "solitaire": 150}  # games per second on one core (issue 15; withdrawn, kept for the step budget of bench_engine_steps)


def games(n: int, solitaire: bool) -> dict:
    Game(seed=10_000, human="random", zombie="random", solitaire=solitaire).play()  # warm the board caches
    lengths, turns = [], []
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(n):
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        g.play()
        lengths.append(len(g.actions))
        turns.append(g.state.turn)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    return {"games/s": n / cpu, "games/s wall": n / wall, "actions/s": sum(lengths) / cpu,
            "median actions": statistics.median(lengths), "median turns": statistics.median(turns)}


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1e3


def pieces(seeds: range = range(3)) -> dict:
    """Each call timed alone (CPU time) over every position of a few random two-player games."""
    checked, listed, legal = [], [], []
    ctx = None
    for seed in seeds:
        g = Game(seed=seed, human="random", zombie="random")
        g.play()
        ctx = g.ctx
        for st, a in zip(g.history, g.actions):
            c0 = time.process_time()
            engine.apply(st, ctx, a)  # not listed for this state: checked in full
            checked.append(time.process_time() - c0)
            c0 = time.process_time()
            options = engine.legal_actions(st, ctx) if st.pending.side != "chance" else [o for o, _ in engine.chance_outcomes(st, ctx)]
            legal.append(time.process_time() - c0)
            a = next((o for o in options if o == a), a)  # the listed object (a die roll is never listed)
            c0 = time.process_time()
            engine.apply(st, ctx, a)
            listed.append(time.process_time() - c0)
    g = Game(seed=3, human="random", zombie="random")
    for _ in range(150):
        g.step()
    text = g.save()
    t0 = time.process_time()
    Game.load(text)
    load_ms = (time.process_time() - t0) * 1e3
    return {"apply median ms (checked in full)": _median_ms(checked), "apply median ms (action just listed)": _median_ms(listed),
            "legal_actions (or chance outcomes) median ms": _median_ms(legal), f"load+replay of {len(g.actions)} actions ms": load_ms}


def greedy_zombies(st, legal, rng):
    """A deterministic zombie player for exact enumeration: check the first unit for berserk, move every
    unit that can into a character's square [15.5] 1, attack everybody, otherwise the first choice."""
    from dodnb.rules.actions import BerserkCheck, SuperMove, ZMove

    humans = st.human_squares()
    if st.pending.kind == "berserk_pick":
        return next((a for a in legal if isinstance(a, BerserkCheck) and a.uid), legal[0])
    if st.pending.kind == "free":
        return next((a for a in legal if isinstance(a, (ZMove, SuperMove)) and a.path and a.path[-1] in humans), legal[0])
    return legal[0]


def _contact(st) -> int:
    """Zombie units in or next to a character's square (a position where the zombie turn matters)."""
    near = set()
    for c in st.characters:
        if c.in_play:
            near |= {c.square, *st.board.neighbours(c.square)}
    return sum(1 for z in st.zombies if z.square in near)


def zombie_turn_exact(budget: float = 60.0, want: int = 2) -> dict:
    """The first mid-game position (seeds 0, 1, ...) where at least `want` units are in or next to a
    character's square at the start of the Zombie Player-Turn; every chance node enumerated."""
    for seed in range(200):
        g = Game(seed=seed, human="random", zombie="random")
        while not g.over and g.state.turn < 12:
            if g.state.phase == "berserk" and g.state.turn >= 3 and _contact(g.state) >= want:
                break
            g.step()
        else:
            continue
        start = g.state
        turn = start.turn
        t0 = time.perf_counter()
        try:
            d = outcomes(start, stop=lambda s: s.turn > turn, key=lambda s: tuple((c.name, c.status) for c in s.characters),
                         policies={"zombie": greedy_zombies}, max_seconds=budget, max_states=2_000_000)
        except TooBig as exc:
            return {"position": f"seed {seed}, turn {turn}", "exact zombie turn": f"over budget ({exc.detail})"}
        return {"position": f"seed {seed}, turn {turn}, {_contact(start)} units in or next to a character's square",
                "exact zombie turn s": time.perf_counter() - t0, "distinct status outcomes": len(d)}
    return {"exact zombie turn": "no suitable position found"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    n = 40 if args.quick else 200
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"dodnb rules engine, one core, {n} random-legal games per mode (CPU time; load average {load:.1f} on {os.cpu_count()} cores)")
    for mode, sol in (("two-player", False), ("solitaire", True)):
        r = games(n, sol)
        print(f"  {mode:10s}: {r['games/s']:6.1f} games/s ({r['games/s wall']:.1f} by the wall clock),"
              f" {r['actions/s']:7.0f} decisions+rolls/s, median {r['median actions']:.0f} actions, {r['median turns']:.0f} Game-Turns")
    for k, v in pieces().items():
        print(f"  {k}: {v:.3f}")
    for k, v in zombie_turn_exact(budget=10.0 if args.quick else 60.0).items():
        print(f"  {k}: {v if not isinstance(v, float) else round(v, 2)}")


if __name__ == "__main__":
    main()
