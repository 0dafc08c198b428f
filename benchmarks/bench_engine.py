"""Speed of the rules engine (prints figures; not a test).

* complete random-legal games per second on one core, two-player and solitaire (target >= 20, aim
  100), decisions per second, median game length in actions and Game-Turns;
* the cost of the pieces a widget calls: legal_actions, apply, save/load;
* one exact zombie-turn distribution from a mid-game position: every chance node of the Zombie
  Player-Turn enumerated with equal states merged (zombie decisions by the first legal action).

    python benchmarks/bench_engine.py            # about a minute
    python benchmarks/bench_engine.py --quick
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.prob.enumerate import TooBig, outcomes  # noqa: E402
from dodnb.rules import engine  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402

TARGET_GAMES_PER_S = 20


def games(n: int, solitaire: bool) -> dict:
    lengths, turns = [], []
    t0 = time.perf_counter()
    for seed in range(n):
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        g.play()
        lengths.append(len(g.actions))
        turns.append(g.state.turn)
    dt = time.perf_counter() - t0
    return {"games/s": n / dt, "actions/s": sum(lengths) / dt, "median actions": statistics.median(lengths), "median turns": statistics.median(turns)}


def pieces() -> dict:
    g = Game(seed=3, human="random", zombie="random")
    for _ in range(150):
        g.step()
    reps = 300
    t0 = time.perf_counter()
    for _ in range(reps):
        g.legal_actions()
    legal_ms = (time.perf_counter() - t0) / reps * 1e3
    t0 = time.perf_counter()
    for _ in range(reps):
        engine.apply(g.state, g.ctx, g.decide() if not isinstance(g.decide(), tuple) else g.decide()[0])
    apply_ms = (time.perf_counter() - t0) / reps * 1e3
    text = g.save()
    t0 = time.perf_counter()
    Game.load(text)
    load_ms = (time.perf_counter() - t0) * 1e3
    return {"legal_actions ms": legal_ms, "apply ms": apply_ms, f"load+replay of {len(g.actions)} actions ms": load_ms}


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
    print(f"dodnb rules engine, one core, {n} random-legal games per mode")
    for mode, sol in (("two-player", False), ("solitaire", True)):
        r = games(n, sol)
        ok = "meets" if r["games/s"] >= TARGET_GAMES_PER_S else "below"
        print(f"  {mode:10s}: {r['games/s']:6.1f} games/s ({ok} the target of {TARGET_GAMES_PER_S}), {r['actions/s']:7.0f} decisions+rolls/s,"
              f" median {r['median actions']:.0f} actions, {r['median turns']:.0f} Game-Turns")
    for k, v in pieces().items():
        print(f"  {k}: {v:.2f}")
    for k, v in zombie_turn_exact(budget=10.0 if args.quick else 60.0).items():
        print(f"  {k}: {v if not isinstance(v, float) else round(v, 2)}")


if __name__ == "__main__":
    main()
