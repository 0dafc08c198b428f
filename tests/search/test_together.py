"""Keeping the four together (search.humans.together_human) and the search player's shot search
(search.player.ShotSearch) [5.0], [5.2], [6.0], [6.8], [15.0]."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dodnb import Position
from dodnb.rules import engine
from dodnb.rules.actions import Activate, EndTurn, Move, Shoot
from dodnb.search.humans import GOOD_ODDS, kill_estimate, together_human
from dodnb.rules.vocab import Phase, Side
from dodnb.search.heuristic import WIN
from dodnb.search.player import PANIC_COST, ShotSearch

FOUR = ("Peter", "Roger", "Steve", "Fran")


def _state(pos: Position):
    g = pos.game(human="ask", zombie="ask")
    return g.state, g.ctx


def test_a_group_that_may_not_all_move_waits_a_turn():
    """[5.0], [5.2]: Steve and Fran moved last turn, so only Peter and Roger may move now; the four
    stand in one square, so nobody moves this turn and the whole group may move together next turn."""
    pos = Position(characters={"Peter": "115", "Roger": "115", "Steve": {"square": "115", "moved_last_turn": True},
                               "Fran": {"square": "115", "moved_last_turn": True}}, units={"030": 4}, solitaire=True)
    st, ctx = _state(pos)
    assert any(isinstance(a, Activate) for a in engine.legal_actions(st, ctx))  # moving was possible
    a, note = together_human(st, engine.legal_actions(st, ctx), random.Random(0))
    assert a == EndTurn() and note.key == "human.wait"


def test_the_whole_group_moves_as_one_stack():
    """[5.2]: everyone eligible in the square is activated together (the biggest stack)."""
    pos = Position(characters={n: "115" for n in FOUR}, units={"030": 4}, solitaire=True)
    st, ctx = _state(pos)
    a, note = together_human(st, engine.legal_actions(st, ctx), random.Random(0))
    assert isinstance(a, Activate) and set(a.stack) == set(FOUR) and not a.carrier
    assert note.key == "human.together"


def test_a_character_apart_goes_to_the_group_first():
    """[5.2]: Peter is alone in 113, the other three in 115: Peter is activated and walks to them,
    and stops there (he does not walk on toward a goal without them)."""
    pos = Position(characters={"Peter": "113", "Roger": "115", "Steve": "115", "Fran": "115"}, units={"030": 4},
                   solitaire=True)
    st, ctx = _state(pos)
    rng = random.Random(0)
    a, note = together_human(st, engine.legal_actions(st, ctx), rng)
    assert a == Activate(("Peter",)) and note.key == "human.join"
    for _ in range(10):
        st = engine.apply(st, ctx, a)[0]
        if st.phase != Phase.HUMAN:
            break
        a, note = together_human(st, engine.legal_actions(st, ctx), rng)
        assert isinstance(a, (Move, EndTurn))
    assert st.character("Peter").square == "115"


def test_together_plays_whole_games_through_the_experiments():
    from dodnb.experiments import run

    res = run(2, "together", seed=3, executor="serial", progress=False, max_turns=4)
    assert res.n == 2 and all(r.policy == "together" for r in res.records)


# --------------------------------------------------------------------------- the shot search


def _acting(st) -> bool:
    p = st.pending
    return st.result is None and p is not None and st.phase == Phase.HUMAN and p.side == Side.HUMAN and p.kind == "act"


def _leaf(st) -> float:
    if st.result is not None:
        return WIN if st.result.winner == "human" else -WIN
    left = sum(1 for z in st.zombies if z.square is not None) + len(st.super_squares())
    return -left - (PANIC_COST * len(st.activation.panicked) if st.activation is not None else 0.0)


def _good_shots(st, ctx):
    sq = st.character(st.activation.stack[0]).square
    return [a for a in engine.legal_actions(st, ctx)
            if isinstance(a, Shoot) and kill_estimate(st, ctx, a.shooters, sq, a.target) >= GOOD_ODDS]


def _plain_value(st, ctx, turn) -> Fraction | float:
    """The plain expectimax: every outcome of every die followed one by one (no merging, no runs of
    totals), every good shot tried at every decision, stopping allowed."""
    if not (_acting(st) and st.turn == turn and st.activation is not None):
        return _leaf(st)
    best = _leaf(st)
    for a in _good_shots(st, ctx):
        best = max(best, _plain_after(engine.apply(st, ctx, a)[0], ctx, turn))
    return best


def _plain_after(st, ctx, turn) -> float:
    if st.result is None and st.phase == Phase.HUMAN and st.turn == turn and st.pending.side == Side.CHANCE:
        return sum(float(q) * _plain_after(engine.apply(st, ctx, o)[0], ctx, turn) for o, q in engine.chance_outcomes(st, ctx))
    return _plain_value(st, ctx, turn)


@pytest.mark.parametrize("characters, units, stack", [
    # Peter between two units in sight, one die roll of two dice per shot, three shots [6.1], [6.7]
    ({"Peter": "115", "Roger": "030", "Steve": "030", "Fran": "030"}, {"116": 4, "114": 3}, ("Peter",)),
    # Steve in a unit's square: each shot needs a panic check first [6.5] (a panic ends his shooting)
    ({"Peter": "030", "Roger": "030", "Steve": "115", "Fran": "030"}, {"115": 3, "116": 2}, ("Steve",)),
    # Steve and Fran: together (two dice) or apart (one die each) [6.8]
    ({"Peter": "030", "Roger": "030", "Steve": "115", "Fran": "115"}, {"116": 3, "114": 2}, ("Steve", "Fran")),
])
def test_the_shot_search_gives_the_plain_expectimax(characters, units, stack):
    """[6.0], [6.5], [6.8]: the shot search's value of each good shot (equal states merged, runs of
    dice totals taken in halves) equals the plain expectimax over the engine's chance nodes, and
    the shot it fires is one of the best (or none, when stopping is worth as much)."""
    st, ctx = _state(Position(characters=characters, units=units, solitaire=True))
    st = engine.apply(st, ctx, Activate(stack))[0]
    shots = _good_shots(st, ctx)
    assert shots
    search = ShotSearch(st, ctx, 10**9)
    shot, value, stop, depth = search.best_shot(max_depth=12)
    assert depth >= 1 and not search.cut  # the whole turn was searched
    plain = {a: _plain_after(engine.apply(st, ctx, a)[0], ctx, st.turn) for a in shots}
    best = max(plain.values())
    assert stop == pytest.approx(_leaf(st), abs=1e-12)
    assert value == pytest.approx(best, abs=1e-9)
    if best > stop + 1e-9:
        assert shot is not None and plain[shot] == pytest.approx(best, abs=1e-9)
    else:
        assert shot is None


def test_the_default_search_player_keeps_the_group_and_searches_the_shots():
    """The experiments' search player (plan "together"): where it may shoot, it fires the shot
    search's choice; elsewhere it does what together_human does."""
    from dodnb.search import search_human

    pos = Position(characters={n: "115" for n in FOUR}, units={"116": 4, "114": 3}, solitaire=True)
    st, ctx = _state(pos)
    legal = engine.legal_actions(st, ctx)
    assert search_human(st, legal, random.Random(0)) == together_human(st, legal, random.Random(0))
    st = engine.apply(st, ctx, Activate(FOUR))[0]
    shot = ShotSearch(st, ctx, search_human.shot_nodes).best_shot()[0]
    assert shot is not None and search_human(st, engine.legal_actions(st, ctx), random.Random(0)) == shot


def test_the_shot_search_still_shoots_when_one_shot_ahead_passes_its_budget():
    """[6.0], [6.8], ruling K1: with several face-down units in sight, each shot's look one shot ahead
    branches on every value the target may show, and a small budget runs out before every shot is
    valued; the search then compares the shots it valued (the likeliest kills first) instead of
    giving up shooting — the player kept firing and stopped winning games before it did."""
    from dodnb.rules.knowledge import conceal

    pos = Position(characters={n: "115" for n in FOUR}, units={"116": 4, "114": 3, "117": 2, "113": 5}, solitaire=True)
    st, ctx = _state(pos)
    st = conceal(engine.apply(st, ctx, Activate(FOUR))[0])
    shots = ShotSearch(st, ctx, 10**9).shots(st)
    assert len(shots) >= 2
    # the likeliest kills first
    ests = [kill_estimate(st, ctx, a.shooters, "115", a.target) for a in shots]
    assert ests == sorted(ests, reverse=True)
    small = ShotSearch(st, ctx, 30)
    shot, value, stop, depth = small.best_shot()
    assert small.nodes > 30 and depth == 1  # the budget ran out one shot ahead ...
    assert shot == shots[0] and value > stop  # ... and it still shoots: the likeliest kill, valued alone
    wider = ShotSearch(st, ctx, 200)
    shot, value, stop, depth = wider.best_shot()
    assert depth == 1 and shot in shots and value > stop  # several valued, the best of them fired
