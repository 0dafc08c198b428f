"""best_play from what the humans know (ruling K1; ruling B2): a value nobody knows is a chance node
where its unit shows or is read, drawn from the counters nobody has seen. Proven against a plain walk of
every line that draws there too, against ``prob.shoot`` for a shot at a face-down unit, and by swaps no
player can notice (tests/oracle/swaps.py) — with the onlooker's answer (the values under the counters)
caught by the same swaps."""

from __future__ import annotations


import pytest

from dodnb import Position
from dodnb.prob import shoot
from dodnb.prob.bestplay import best_play, goals, horizon_stop
from dodnb.rules import engine
from dodnb.rules.actions import Shoot
from dodnb.rules.knowledge import conceal
from tests.oracle.swaps import pairs, swap
from tests.prob.test_bestplay import plain  # the plain walk, drawing at the reveal in a concealed state


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
    stop = horizon_stop(st, "player-turn")[0]
    c = conceal(st)
    args = (ctx, GOAL.make(c), True, stop, False)
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
