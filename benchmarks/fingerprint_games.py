"""A fingerprint of many seeded games, to prove a speed change alters nothing (prints hashes; not a test).

For each seeded game (two-player and solitaire; random, sensible-human and [15.5] automaton policies)
every ply's action, events (with their parameters and dice), note and full saved state, and the
result, go into one sha256. Run it before and after a change and compare the printed lines:

    python benchmarks/fingerprint_games.py > before.txt
    ... change the engine ...
    python benchmarks/fingerprint_games.py | diff before.txt -

``--by-slot`` names every zombie unit by its place in the set-up (``#k``: the k-th zombie symbol
square, then the box) instead of its id: the fingerprint of the same play under other unit ids
(issue 33 gave the units seeded ids; ``--by-slot`` printed the same lines before and after where
the play itself did not change).

Also fingerprinted: the exact zombie-turn odds (dodnb.prob.zombie_turn) from a few end-of-human-turn
positions of those games, every Fraction written out.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.rules.actions import EndTurn  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402
from dodnb.search.humans import random_human, sensible_human  # noqa: E402

#: (label, solitaire, human policy, zombie policy, seeds)
KINDS = [
    ("two-player random", False, "random", "random", range(0, 14)),
    ("two-player sensible", False, sensible_human, "random", range(100, 106)),
    ("solitaire random", True, "random", "random", range(0, 10)),
    ("solitaire automaton/random", True, random_human, zombie_policy, range(200, 205)),
    ("solitaire automaton/sensible", True, sensible_human, zombie_policy, range(300, 305)),
]


def game_hash(g: Game, by_slot: bool = False) -> str:
    slot = {z.uid: f"#{k:02d}" for k, z in enumerate(g.start.zombies)}

    def text(s: str) -> bytes:
        return (re.sub(r"\bZ\d\d\b", lambda m: slot.get(m.group(0), m.group(0)), s) if by_slot else s).encode()

    h = hashlib.sha256()
    h.update(text(json.dumps(g.start.to_dict(), sort_keys=True)))
    for p in g.plies:
        h.update(text(repr(p.action)))
        h.update(text(repr(p.events)))
        h.update(text(repr(p.note)))
        h.update(text(json.dumps(p.state.to_dict(), sort_keys=True)))
    h.update(text(repr(g.result)))
    return h.hexdigest()[:20]


def odds_hash(states) -> str:
    from dodnb.prob.zombieturn import TooBig, zombie_turn

    h = hashlib.sha256()
    for st in states:
        try:
            odds = zombie_turn(st, max_seconds=1e9, fallback=None)
            h.update(repr(odds.exact).encode())
            h.update(repr(sorted((repr(o), str(p)) for o, p in odds.dist.items())).encode())
        except TooBig:
            h.update(b"toobig")
    return h.hexdigest()[:20]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--odds", type=int, default=6, help="zombie-turn positions fingerprinted (0: none)")
    ap.add_argument("--by-slot", action="store_true", help="units named by their set-up place, not their id")
    args = ap.parse_args()
    t0 = time.process_time()
    ends = []
    for label, sol, human, zombie, seeds in KINDS:
        for seed in seeds:
            g = Game(seed=seed, solitaire=sol, human=human, zombie=zombie)
            g.play()
            print(f"{label:30s} seed {seed:4d}: {len(g.plies):5d} plies {game_hash(g, args.by_slot)}")
            if sol and len(ends) < args.odds:
                ends += [st for st, a in zip(g.history, g.actions) if isinstance(a, EndTurn) and st.turn in (3, 6)][:1]
    if args.odds:
        print(f"zombie-turn odds over {len(ends)} positions: {odds_hash(ends)}")
    print(f"# {time.process_time() - t0:.1f} s CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
