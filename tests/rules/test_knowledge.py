"""The information model (ruling K1, `dodnb.rules.knowledge`): what the humans know of each unit, the
record of a unit drawn from the pool, the public position — and swaps nobody at the table can notice
(tests/oracle/swaps.py) leave everything the humans may see unchanged: `observation()`, the public
position, the candidates recorded at later draws (a swap made before a draw, the game played on with
the same dice). Each check is shown to catch the old leak put back."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import dodnb.rules.knowledge as knowledge
import dodnb.rules.observe as observe
from dodnb.errors import RuleViolation
from dodnb.rules import engine
from dodnb.rules.actions import Roll
from dodnb.rules.game import Game
from dodnb.rules.knowledge import UNKNOWN, conceal, lot, pool_record, reveal_needed, reveal_outcomes, value_known
from dodnb.rules.observe import observation
from dodnb.rules.phases import generation
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.vocab import PendingKind, Pool
from dodnb.search.humans import together_human
from tests.oracle.swaps import KINDS, swap, swapped, turn_starts
from tests.rules.solitaire_helpers import build


def test_k1_what_a_drawn_unit_could_be():
    """[13.3], [15.1] a pool of a seen 2, a seen 5 and one counter nobody has seen: each a third; the
    unseen third spread over the unseen values (here a 1 and a 9 on the map)."""
    st = build({"Peter": "024"}, [{"square": "099", "value": 1}, {"square": "134", "value": 9}], eliminated=(2, 5, 7))
    from dataclasses import replace

    st = st.evolve(zombies=tuple(replace(z, seen=True) if z.uid in ("E01", "E02") else z for z in st.zombies))
    assert pool_record(st.zombies) == (UNKNOWN, 2, 5)
    unit = replace(st.zombies[0], uid="D01", value=7, square="100", candidates=(UNKNOWN, 2, 5))
    assert not value_known(unit)
    unseen = knowledge.unseen(st.zombies)
    assert unseen == [1, 7, 9]
    assert dict(lot(unit, unseen)) == {1: Fraction(1, 9), 2: Fraction(1, 3), 5: Fraction(1, 3), 7: Fraction(1, 9), 9: Fraction(1, 9)}


def test_k1_a_public_position_draws_a_value_only_where_it_is_read():
    """conceal: unknown values are UNKNOWN and the urn holds the unseen values; a unit face up (a
    character's square [5.4]) or attacking [8.0] is drawn, each unseen value with its count, and the urn
    loses that value; a face-up unit waits for its read when the walk says so (``shown=False``)."""
    from dataclasses import replace

    from dodnb.rules.state import Attack

    st = build({"Peter": "024"}, [{"square": "099", "value": 3}, {"square": "134", "value": 3}, {"square": "100", "value": 8}])
    c = conceal(st)
    assert c.zturn.urn == (3, 3, 8) and all(z.value == UNKNOWN for z in c.zombies)
    assert reveal_needed(c) is None
    up = c.evolve(zombies=(replace(c.zombies[0], face_up=True),) + c.zombies[1:])
    assert reveal_needed(up) == 0 and reveal_needed(up, shown=False) is None
    assert reveal_needed(up.evolve(attack=Attack("099")), shown=False) == 0
    outs = reveal_outcomes(up, 0)
    assert sorted((t.zombies[0].value, t.zturn.urn, q) for t, q in outs) == [(3, (3, 8), Fraction(2, 3)), (8, (3, 3), Fraction(1, 3))]


def test_k2_a_drawn_units_never_seen_candidate_stands_for_nothing_once_every_counter_was_seen():
    """Ruling K2 [13.3], [15.1]: a unit drawn from a pool of a never-seen counter, a seen 2 and a seen 5
    (candidates UNKNOWN, 2, 5), once every counter has been seen (the urn empty): a 2 or a 5, each a
    half — the same odds from every reader (the humans' lot and kill odds, the public walk's reveal,
    the look-ahead's deals), never a value made up and never an error."""
    import random
    from dataclasses import replace

    st = build({"Peter": "024"}, [{"square": "099", "value": 4, "seen": True}], eliminated=(2, 5))
    st = st.evolve(zombies=tuple(replace(z, seen=True) for z in st.zombies))
    unit = replace(st.zombies[0], uid="D01", value=5, square="100", candidates=(UNKNOWN, 2, 5))
    st = st.evolve(zombies=st.zombies + (unit,))
    assert knowledge.unseen(st.zombies) == []  # every counter has been seen
    assert knowledge.live_candidates(unit.candidates, False) == (2, 5)
    assert knowledge.live_candidates(unit.candidates, True) == (UNKNOWN, 2, 5)
    half = {2: Fraction(1, 2), 5: Fraction(1, 2)}
    assert dict(lot(unit, [])) == half
    assert sorted(observe.value_knowledge(st, unit)) == [2, 5]
    c = conceal(st)
    i = next(k for k, z in enumerate(c.zombies) if z.uid == "D01")
    assert c.zturn.urn == () and c.zombies[i].value < UNKNOWN
    shot = c.evolve(zombies=c.zombies[:i] + (replace(c.zombies[i], face_up=True),) + c.zombies[i + 1:])
    assert {t.zombies[i].value: q for t, q in reveal_outcomes(shot, i)} == half
    dealt = Counter(knowledge.public_world(st, random.Random(k)).zombies[-1].value for k in range(400))
    assert set(dealt) == {2, 5} and min(dealt.values()) > 150
    # a counter nobody has seen (a 9 in the pool) that is not D01: its value is its own, none to spare
    more = st.evolve(zombies=st.zombies[:1] + (replace(st.zombies[1], seen=False, value=9),) + st.zombies[2:])
    assert knowledge.unseen(more.zombies) == [9] and not knowledge.has_spare(more)
    assert dict(lot(unit, [9], knowledge.has_spare(more))) == half
    assert sorted(observe.value_knowledge(more, unit)) == [2, 5]
    # D01 itself never seen: the 9 and its own value are unseen, one to spare, and the UNKNOWN is live
    mine = more.evolve(zombies=more.zombies[:-1] + (replace(unit, seen=False),))
    assert knowledge.unseen(mine.zombies) == [5, 9] and knowledge.has_spare(mine)
    assert dict(lot(mine.zombies[-1], [5, 9], True)) == {2: Fraction(1, 3), 5: Fraction(1, 2), 9: Fraction(1, 6)}


def test_k2_a_unit_nobody_has_seen_always_finds_its_value():
    """Ruling K2 [13.3], [7.7]: a public walk that reveals a drawn unit's UNKNOWN entry takes a value
    only the urn can spare, so the units nobody has seen still find theirs — a walk of every reveal
    order, and the look-ahead's deals, never run the urn dry (the search player met a dry urn in
    solitaire games before this)."""
    import random
    from dataclasses import replace

    st = build({"Peter": "024"}, [{"square": "099", "value": 4}], eliminated=(2, 5))
    st = st.evolve(zombies=tuple(replace(z, seen=True) if z.uid in ("E01", "E02") else z for z in st.zombies))
    # D01 drawn when the 4 (never seen) and the seen 2 and 5 were in the pool; the 4 is back on the map
    drawn = replace(st.zombies[1], uid="D01", square="100", pool="map", candidates=(UNKNOWN, 2, 5))
    st = st.evolve(zombies=st.zombies + (drawn,))
    assert knowledge.unseen(st.zombies) == [4] and not knowledge.has_spare(st)
    c = conceal(st)
    d = next(k for k, z in enumerate(c.zombies) if z.uid == "D01")
    z = next(k for k, z in enumerate(c.zombies) if z.uid == "Z01")

    def up(s, i):
        return s.evolve(zombies=s.zombies[:i] + (replace(s.zombies[i], face_up=True),) + s.zombies[i + 1:])

    for first, second in ((d, z), (z, d)):
        total = Fraction(0)
        for t, q in reveal_outcomes(up(c, first), first):
            for u, r in reveal_outcomes(up(t, second), second):
                assert u.zombies[z].value == 4 and u.zombies[d].value in (2, 5)
                total += q * r
        assert total == 1
    assert all(knowledge.public_world(st, random.Random(k)).zombies[0].value == 4 for k in range(50))


def _positions():
    return turn_starts(tuple(range(6)))


def test_k1_swaps_change_nothing_the_humans_may_see():
    """24 positions (Game-Turns 2-5 of six seeded solitaire games, the together player): every kind of
    swap leaves observation() and the public position unchanged."""
    n = Counter()
    for seed, st in _positions():
        obs = observation(st)
        pub = conceal(st)
        for kind, other in swapped(st, n=3):
            assert observation(other) == obs, (seed, st.turn, kind)
            assert conceal(other) == pub, (seed, st.turn, kind)
            n[kind] += 1
    assert min(n[k] for k in KINDS) >= 20, n


def test_k1_observation_catches_the_pool_values_put_back(monkeypatch):
    """The leak put back: observation() listing every value in the eliminated pool (the hidden zombies'
    among them, as it did) changes under a pool swap."""
    monkeypatch.setattr(observe.knowledge, "never_seen", lambda z: False)
    changed = sum(observation(other) != observation(st) for _, st in _positions() for _, other in swapped(st, ("pool",), n=1))
    assert changed > 0


def _draw_points(seeds=range(4), limit=8):
    """(state pending a draw from the pool, the actions played from there to the next Human Player-Turn,
    a pair of never-seen counters of different values: one in the pool, one elsewhere), from seeded
    solitaire games."""
    out = []
    for seed in seeds:
        g = Game(seed=seed, solitaire=True, human=together_human, zombie=zombie_policy)
        while not g.over and g.state.turn <= 6:
            g.step()
        hist, acts = g.history, g.actions
        for i, (st, a) in enumerate(zip(hist, acts)):
            if st.pending is None or st.pending.kind != PendingKind.DRAW_ELIMINATED:
                continue
            pool = [z for z in st.zombies if z.pool == Pool.ELIMINATED and knowledge.never_seen(z)]
            other = [z for z in st.zombies if z.square is not None and knowledge.never_seen(z) and not z.candidates]
            pair = next(((p.uid, o.uid) for p in pool for o in other if p.value != o.value), None)
            if pair is None:
                continue
            j = i
            while j < len(acts) and not (hist[j].phase == "human" and hist[j].turn > st.turn):
                j += 1
            out.append((st, acts[i:j], pair))
            if len(out) >= limit:
                return out
    return out


def _play(st, actions, pair):
    """The positions met playing `actions` from `st`, up to the first where either counter of `pair`
    shows (from there the humans see the swap: a value turned up)."""
    ctx = st.ctx
    out = []
    for a in actions:
        try:
            st, _ = engine.apply(st, ctx, a)
        except RuleViolation:
            st, _ = engine.apply(st, ctx, Roll(a.total))  # a die among equal options: no faces
        if any(value_known(z) for z in st.zombies if z.uid in pair):
            break
        out.append(st)
    return out


def test_k1_a_swap_before_a_draw_changes_nothing_after_it():
    """Across draws: the values of a never-seen counter in the pool and one on the map swapped just
    before a unit is drawn, the game played on with the same actions and dice: what the humans may see
    (observation, the public position) is the same at every step, up to the next Human Player-Turn or
    until either counter is turned up."""
    points = _draw_points()
    steps = 0
    for st, actions, (a, b) in points:
        for after, other in zip(_play(st, actions, (a, b)), _play(swap(st, a, b), actions, (a, b))):
            assert observation(after) == observation(other)
            assert conceal(after) == conceal(other)
            steps += 1
    assert len(points) >= 4 and steps >= 20, (len(points), steps)


def test_k1_a_swap_before_a_draw_catches_the_pool_values_recorded(monkeypatch):
    """The leak put back: the drawn unit recording the real values of the pool as its candidates (as
    it did) changes what the humans see after the draw."""

    def old_record(zombies, uid):
        return zombies, tuple(sorted(z.value for z in zombies if z.pool == Pool.ELIMINATED))

    monkeypatch.setattr(generation, "draw_record", old_record)
    changed = 0
    for st, actions, (a, b) in _draw_points():
        for after, other in zip(_play(st, actions, (a, b)), _play(swap(st, a, b), actions, (a, b))):
            changed += observation(after) != observation(other) or conceal(after) != conceal(other)
    assert changed > 0
