"""The players and the hint from what the humans know (ruling K1): swaps no player can notice
(tests/oracle/swaps.py) change no decision of the search player (shot search and turn planner), the
sensible and together players, no kill estimate and no hint, at the human decisions of seeded solitaire
games (Game-Turns 2-5); and each is shown to catch its old leak put back (the values under the
counters read)."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import importlib

import dodnb.search.humans as humans_module
import dodnb.search.player as player_module
from dodnb.rules import engine
from dodnb.rules.actions import Shoot
from dodnb.rules.game import Game
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.vocab import PendingKind
from dodnb.search.evaluate import evaluate
from dodnb.search.humans import kill_estimate, sensible_human, together_human
from dodnb.search.player import SearchPlayer
from dodnb.rules.knowledge import never_seen
from tests.oracle.swaps import KINDS, swap, swapped

evaluate_module = importlib.import_module("dodnb.search.evaluate")  # (the package exports the function)


@lru_cache(maxsize=None)
def decisions(seeds=tuple(range(6)), turns=(2, 3, 4, 5)) -> tuple:
    """Human decisions (pending act) met in seeded solitaire games played by the search player, in the
    given Game-Turns: the first of each turn and every one where a shot may be fired."""
    out = []
    for seed in seeds:
        g = Game(seed=seed, solitaire=True, human=SearchPlayer(), zombie=zombie_policy)
        first = set()
        while not g.over and g.state.turn <= max(turns):
            st = g.state
            if st.turn in turns and st.pending is not None and st.pending.kind == PendingKind.ACT:
                legal = engine.legal_actions(st, st.ctx)
                if st.turn not in first or any(isinstance(a, Shoot) for a in legal):
                    first.add(st.turn)
                    out.append(st)
            g.step()
    return tuple(out)


def _decide(policy, st):
    a = policy(st, engine.legal_actions(st, st.ctx), random.Random(0))
    return a[0] if isinstance(a, tuple) else a


def _shots(st):
    return {a: kill_estimate(st, st.ctx, a.shooters, st.character(a.shooters[0]).square, a.target)
            for a in engine.legal_actions(st, st.ctx) if isinstance(a, Shoot)}


POLICIES = {
    "search (together, shot search)": SearchPlayer(),
    "search (turn planner)": SearchPlayer(plan="turn"),
    "together": together_human,
    "sensible": sensible_human,
}


def _at_targets(st):
    """Swaps at the shots' targets: each never-seen unit a shot may be fired at, its value exchanged
    with the never-seen counter (map or pool) whose value is farthest from it — kind "drawn" for a
    unit drawn from the pool, else "map" or "pool" by where the other counter is."""
    blind = [z for z in st.zombies if never_seen(z) and (z.square is not None or z.pool == "eliminated")]
    for t in sorted({a.target for a in engine.legal_actions(st, st.ctx) if isinstance(a, Shoot)}):
        z = st.zombie_in(t)
        if z is None or not never_seen(z):
            continue
        others = [o for o in blind if o.uid != z.uid and o.value != z.value and not o.candidates]
        if not others:
            continue
        o = max(others, key=lambda o: (abs(o.value - z.value), o.uid))
        kind = "drawn" if z.candidates else "map" if o.square is not None else "pool"
        yield kind, swap(st, z.uid, o.uid)


def _changes(policy_names=tuple(POLICIES), kinds=KINDS, limit=None):
    """How many (decision, swap) pairs change each answer, and how many were tried."""
    changed = {k: 0 for k in policy_names}
    changed["kill estimates"] = 0
    tried = {k: 0 for k in kinds}
    for st in decisions()[:limit]:
        base = {k: _decide(POLICIES[k], st) for k in policy_names}
        shots = _shots(st)
        for kind, other in list(swapped(st, kinds, n=1)) + list(_at_targets(st)):
            tried[kind] += 1
            for k in policy_names:
                changed[k] += _decide(POLICIES[k], other) != base[k]
            changed["kill estimates"] += _shots(other) != shots
    return changed, tried


def test_k1_swaps_no_player_can_notice_change_no_decision():
    changed, tried = _changes()
    assert all(v == 0 for v in changed.values()), (changed, tried)
    assert sum(tried.values()) >= 60 and min(tried.values()) >= 10, tried


def test_k1_the_search_players_catch_the_values_under_the_counters(monkeypatch):
    """The leak put back: the shot search on the real position and the planner without its deal."""
    monkeypatch.setattr(player_module, "conceal", lambda st: st)
    monkeypatch.setattr(player_module, "public_deal", lambda st: st)
    changed, tried = _changes(("search (together, shot search)", "search (turn planner)"), limit=24)
    assert changed["search (together, shot search)"] > 0 and changed["search (turn planner)"] > 0, (changed, tried)


def test_k1_kill_estimates_and_the_hand_written_players_catch_the_values_under_the_counters(monkeypatch):
    """The leak put back: kill_estimate reading the value under the counter (the sensible and together
    players shoot by it)."""
    monkeypatch.setattr(humans_module, "value_knowledge", lambda st, z: z.value)
    changed, tried = _changes(("together", "sensible"))
    assert changed["kill estimates"] > 0 and changed["together"] + changed["sensible"] > 0, (changed, tried)


def _outs(st, seeds=range(8)):
    """The play-outs of the stepper's estimate (`evaluate`) for each shot: nobody harmed or not, per
    seeded play-out."""
    player = SearchPlayer()
    shots = [a for a in engine.legal_actions(st, st.ctx) if isinstance(a, Shoot)][:1]
    return [evaluate_module._play_out(st, st.ctx, a, random.Random(k), player) for a in shots for k in seeds]


def _shot_positions():
    return [st for st in decisions() if list(_at_targets(st))][:3]


def test_k1_the_hint_estimate_is_unchanged_by_swaps_and_catches_the_old_play_outs(monkeypatch):
    """The stepper's estimate (`evaluate`: play-outs from a deal of the unknown values): each play-out
    the same under swaps at the shots' targets; played out on the values under the counters (as it
    was), some change."""
    sts = _shot_positions()
    assert len(sts) >= 2
    st = sts[0]
    assert [(c.action, c.successes) for c in evaluate(st, budget=8, seed=3)] == \
        [(c.action, c.successes) for c in evaluate(next(_at_targets(st))[1], budget=8, seed=3)]
    for st in sts:
        base = _outs(st)
        for _, other in _at_targets(st):
            assert _outs(other) == base
    monkeypatch.setattr(evaluate_module, "public_world", lambda st, rng: st)
    assert any(_outs(other) != _outs(st) for st in sts for _, other in _at_targets(st))
