"""Swaps no player can notice (ruling K1 in docs/RULINGS.md): the values of two counters nobody at the
table has seen exchanged. Every answer and every decision the project gives from the humans' point of
view must come out the same; the metamorphic tests (tests/rules/test_knowledge.py,
tests/prob/zombieturn/test_zombie_turn_knowledge.py, tests/prob/test_bestplay_knowledge.py,
tests/search/test_knowledge_players.py) check it on positions from seeded solitaire games and
hand-built ones, and check that each kind of swap catches a leak put back on purpose.

Kinds of swap:

* ``map``: two never-seen units on the map;
* ``pool``: a never-seen unit on the map and a never-seen counter in the eliminated pool (a solitaire
  hidden zombie still to come [15.1]);
* ``drawn``: a unit drawn face down from the pool that nobody has seen (its candidates stay what the
  humans know) and another never-seen counter, on the map or in the pool — a swap across draws."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from dodnb.rules.knowledge import never_seen
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Pool

KINDS = ("map", "pool", "drawn")


def swap(st: GameState, a: str, b: str) -> GameState:
    """`st` with the values of units `a` and `b` exchanged (nothing else changes)."""
    va, vb = st.unit(a).value, st.unit(b).value
    zs = tuple(z if z.uid not in (a, b) else _valued(z, vb if z.uid == a else va) for z in st.zombies)
    return st.evolve(zombies=zs)


def _valued(z, v):
    from dataclasses import replace

    return replace(z, value=v)


def _groups(st: GameState) -> dict:
    blind = [z for z in st.zombies if never_seen(z)]
    return {
        "map": [z for z in blind if z.square is not None and not z.candidates],
        "pool": [z for z in blind if z.pool == Pool.ELIMINATED],
        "drawn": [z for z in blind if z.square is not None and z.candidates],
    }


def pairs(st: GameState, kind: str, n: int = 3) -> list[tuple[str, str]]:
    """Up to `n` pairs (a, b) of units of this kind of swap whose values differ, nearest the
    characters first for map units (the swaps most likely to matter)."""
    from dodnb.rules.solitaire import steps_from

    g = _groups(st)
    dists = [steps_from(st, st.ctx, c.square) for c in st.characters if c.in_play]

    def near(z) -> int:
        if z.square is None or not dists:
            return 99
        return min(d.get(z.square, 99) for d in dists)

    if kind == "map":
        first, second = g["map"], g["map"]
    elif kind == "pool":
        first, second = g["map"], g["pool"]
    else:
        first, second = g["drawn"], g["map"] + g["pool"]
    first = sorted(first, key=lambda z: (near(z), z.uid))
    out = []
    for a in first:
        for b in sorted(second, key=lambda z: (near(z), z.uid)):
            if a.uid != b.uid and a.value != b.value and (b.uid, a.uid) not in out:
                out.append((a.uid, b.uid))
                break
        if len(out) >= n:
            break
    return out


def swapped(st: GameState, kinds=KINDS, n: int = 3) -> Iterator[tuple[str, GameState]]:
    """(kind, `st` with one swap of that kind), for up to `n` swaps of each kind."""
    for kind in kinds:
        for a, b in pairs(st, kind, n):
            yield kind, swap(st, a, b)


@lru_cache(maxsize=None)
def turn_starts(seeds: tuple, turns: tuple = (2, 3, 4, 5), human: str = "together") -> tuple:
    """((seed, state)) at the start of each Human Player-Turn in `turns` of seeded solitaire games (the
    [15.5] automaton against the together player, or the sensible one): the humans about to act."""
    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.search.humans import sensible_human, together_human

    pol = together_human if human == "together" else sensible_human
    out = []
    for seed in seeds:
        g = Game(seed=seed, solitaire=True, human=pol, zombie=zombie_policy)
        seen = set()
        while not g.over and g.state.turn <= max(turns):
            st = g.state
            if (st.turn in turns and st.turn not in seen and st.phase == "human" and st.pending is not None
                    and st.pending.kind == PendingKind.ACT and st.activation is None):
                seen.add(st.turn)
                out.append((seed, st))
            g.step()
    return tuple(out)
