"""best_play from what the humans know (ruling K1; ruling B2): a value nobody knows is a chance node
where its unit shows or is read, drawn from the counters nobody has seen. Proven against a plain walk of
every line that draws there too, against ``prob.shoot`` for a shot at a face-down unit, and by swaps no
player can notice (tests/oracle/swaps.py) — with the onlooker's answer (the values under the counters)
caught by the same swaps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dodnb import Position
from dodnb.prob import shoot
from dodnb.prob.bestplay import best_play, goals, _horizon
from dodnb.rules import engine
from dodnb.rules.actions import Shoot
from dodnb.rules.knowledge import conceal, reveal_needed, reveal_outcomes
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.vocab import Side
from tests.oracle.swaps import pairs, swap


def plain(s, ctx, test, reach, stop) -> Fraction:
    """Every line of play one by one (tests/prob/test_bestplay.py's plain walk), a value nobody knows
    drawn as soon as its unit shows or is read."""
    met = test(s)
    if reach and met:
        return Fraction(1)
    if not reach and not met:
        return Fraction(0)
    if s.result is not None or s.pending is None or stop(s):
        return Fraction(0 if reach else 1)
    i = reveal_needed(s)
    if i is not None:
        return sum((q * plain(t, ctx, test, reach, stop) for t, q in reveal_outcomes(s, i)), Fraction(0))
    side = s.pending.side
    if side == Side.HUMAN:
        return max(plain(engine.apply(s, ctx, a)[0], ctx, test, reach, stop) for a in engine.legal_actions(s, ctx))
    if side == Side.ZOMBIE:
        return plain(engine.apply(s, ctx, zombie_policy(s, engine.legal_actions(s, ctx))[0])[0], ctx, test, reach, stop)
    return sum((q * plain(engine.apply(s, ctx, a)[0], ctx, test, reach, stop) for a, q in engine.chance_outcomes(s, ctx)),
               Fraction(0))


def two_face_down(values=(2, 6)):
    """An infected Fran (Fire Rate 1) about to act in 115 beside a face-down unit in 113, a second
    face-down unit in 099: neither ever seen."""
    return Position(characters={"Fran": {"square": "115", "status": "infected"}},
                    units={"113": values[0], "099": values[1]}, solitaire=True, actor="Fran")


GOAL = goals.unit_destroyed("113")


@pytest.mark.parametrize("values", [(2, 6), (6, 2), (3, 3)])
def test_k1_best_play_equals_the_plain_walk_drawing_at_the_reveal(values):
    p = two_face_down(values)
    st = p.state()
    ctx = engine.context(st.board)
    stop = _horizon(st, "player-turn")[0]
    c = conceal(st)
    args = (ctx, GOAL.make(c), True, stop)
    r = best_play(p, GOAL, "player-turn")
    assert r.value == plain(c, *args)
    assert r.values() == {a: plain(engine.apply(c, ctx, a)[0], *args) for a in engine.legal_actions(c, ctx)}


def test_k1_a_shot_at_a_face_down_unit_has_the_odds_of_prob_shoot():
    """The issue's case: the shot's value is prob.shoot's kill chance for a unit "unknown — from the
    counters" (here a 2 or a 6), not the chance against the value under the counter."""
    p = two_face_down()
    r = best_play(p, GOAL, "player-turn")
    kill = shoot(p.state(), "Fran", "113").p(lambda o: o.killed)
    assert r.values()[Shoot(("Fran",), "113")] == kill
    onlooker = best_play(p, GOAL, "player-turn", knowledge="onlooker").values()[Shoot(("Fran",), "113")]
    assert onlooker != kill  # the value under the counter: a number no player can know


def test_k1_a_swap_no_player_can_notice_changes_no_best_play():
    st = two_face_down().state()
    (a, b), = pairs(st, "map", 1)
    other = swap(st, a, b)
    for goal in (GOAL, goals.nobody_hurt()):
        assert best_play(other, goal, "player-turn").values() == best_play(st, goal, "player-turn").values()


def test_k1_the_swap_catches_the_onlooker_answer():
    """The leak put back: the onlooker's answer (ruling B2 as it was) changes under the same swap."""
    st = two_face_down().state()
    (a, b), = pairs(st, "map", 1)
    other = swap(st, a, b)
    assert best_play(other, GOAL, "player-turn", knowledge="onlooker").values() != best_play(st, GOAL, "player-turn", knowledge="onlooker").values()
