"""The search player (dodnb.search) and its evaluation of choices [5.0], [15.0]."""

from __future__ import annotations

import pickle
import random

import pytest

from dodnb import Position
from dodnb.errors import InputError
from dodnb.rules import engine
from dodnb.rules.actions import policy_action
from dodnb.search import WHAT, ChoiceValue, SearchPlayer, evaluate, search_human

SMALL = Position(characters={"Peter": "115", "Roger": "115", "Fran": "177", "Steve": "177"}, units={"116": 5}, solitaire=True)


def small_state():
    return SMALL.game(human="ask", zombie="ask").state


def test_policy_returns_a_listed_legal_action_and_is_deterministic():
    st = small_state()
    legal = engine.legal_actions(st)
    a = policy_action(search_human(st, legal, random.Random(1)))  # (action, note): the note goes to the log
    assert a in legal
    assert policy_action(search_human(st, legal, random.Random(2))) == a  # the rng is not used: same choice
    assert pickle.loads(pickle.dumps(search_human)) == search_human  # sent to worker processes


def test_evaluate_gives_one_value_per_legal_action_with_its_interval():
    st = small_state()
    legal = engine.legal_actions(st)
    got = evaluate(st, budget=len(legal), seed=3)
    assert [cv.action for cv in got] == legal
    for cv in got:
        assert isinstance(cv, ChoiceValue) and cv.what == WHAT
        assert cv.n == 1 and cv.successes in (0, 1) and cv.value == cv.successes / cv.n
        assert 0.0 <= cv.low <= cv.value <= cv.high <= 1.0
    assert evaluate(st, budget=len(legal), seed=3) == got  # same seed, same values


def test_evaluate_in_rounds_stopped_by_time_gives_the_first_rounds_of_the_whole_budget():
    """The hint's estimate in rounds: stopped after its time (here at once), every choice stands on one
    play-out, and those are the play-outs the whole budget starts with (each has its own seed); the
    look-ahead scores left out change no value."""
    st = small_state()
    legal = engine.legal_actions(st)
    whole = evaluate(st, budget=3 * len(legal), seed=5)
    assert all(cv.n == 3 for cv in whole)
    cut = evaluate(st, budget=3 * len(legal), seed=5, seconds=0.0)
    first = evaluate(st, budget=len(legal), seed=5)
    assert all(cv.n == 1 for cv in cut) and cut == first
    bare = evaluate(st, budget=len(legal), seed=5, scores=False)
    assert all(cv.score is None for cv in bare) and any(cv.score is not None for cv in first)
    assert [(cv.action, cv.successes, cv.chosen) for cv in bare] == [(cv.action, cv.successes, cv.chosen) for cv in first]


def test_evaluate_refuses_a_position_without_a_human_decision():
    st = Position(characters={"Peter": "115"}, units={"116": 5}, solitaire=True, start="free").game(human="ask", zombie="ask").state
    with pytest.raises(InputError):
        evaluate(st)
    with pytest.raises(InputError):
        evaluate(small_state(), budget=0)


# --------------------------------------------------------------------------- whole games


#: The turn planner (plan "turn", the earlier default), and its look-ahead all game long, the hunt
#: too (plan "turn" otherwise hunts as the sensible policy once the four main doors are closed).
TURN = SearchPlayer(plan="turn")
LOOKING = SearchPlayer(plan="turn", hunt_sensible=False)


def play(position, max_steps=400, seed=0, player=search_human):
    """Play a study position to its end: humans by the search player, zombies by the automaton.
    The dice are seeded, so a run is the same every time."""
    from dodnb.rules.solitaire import zombie_policy

    g = position.game(seed=seed, human=player, zombie=zombie_policy)
    chosen = []
    for _ in range(max_steps):
        if g.over:
            break
        p = g.pending
        legal = g.legal_actions()
        a = policy_action(g.decide())
        if p.side == "human":
            assert a in legal  # only ever a listed legal action
            chosen.append(a)
        g.apply(a)
    return g, chosen


CLOSED = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}
ARMED = {"Steve": {"square": "177", "rifle": True}, "Fran": {"square": "177", "rifle": True}}


def test_shooting_the_last_unit_wins_and_the_search_takes_that_shot():
    """[14.2]: the main doors closed, Steve and Fran armed, one unit left, of value 3, in Peter and
    Roger's own square: their shot (3 dice [6.8], at least 3) destroys it and wins the game; walking
    away or ending the turn does not. The look-ahead (the player with hunt_sensible=False: with the
    four doors closed the default player hunts as the sensible policy) activates them and shoots at
    once, whatever the dice then say: the shot misses with chance (2/6)**3 = 1/27, so several seeded
    games are played and, where the shot hits, the game is won there and then."""
    pos = Position(characters={"Peter": "115", "Roger": "115", **ARMED}, units={"115": 3}, doors=CLOSED,
                   solitaire=True, rifles_left=0)
    won_at_once = 0
    for seed in range(6):
        g, chosen = play(pos, seed=seed, player=LOOKING)
        names = [type(a).__name__ for a in chosen]
        assert names[:2] == ["Activate", "Shoot"], seed
        assert set(chosen[0].stack) == {"Peter", "Roger"} and chosen[1].target == "115"
        if names == ["Activate", "Shoot"]:  # the shot hit: nothing more was asked of the humans
            assert g.result is not None and g.result.winner == "human" and g.state.turn == 1
            won_at_once += 1
    assert won_at_once >= 1


def test_closing_the_last_main_door_wins_and_the_search_closes_it():
    """[5.5], [14.2]: Peter begins the turn in 004, the square of the only open main door (N); no unit
    is left and Steve and Fran are armed, so closing it wins. The search activates Peter and closes it."""
    doors = {k: v for k, v in CLOSED.items() if k != "N"}
    pos = Position(characters={"Peter": "004", "Roger": "177", **ARMED}, doors=doors, solitaire=True, rifles_left=0)
    g, chosen = play(pos)
    assert g.result is not None and g.result.winner == "human" and g.state.turn == 1
    assert [type(a).__name__ for a in chosen] == ["Activate", "CloseMainDoor"]
    assert chosen[0].stack == ("Peter",)


def test_the_search_plays_short_games_to_the_end():
    """Small solitaire games, played out by the search player and the [15.5] automaton: the four
    doors closed, by the turn planner's look-ahead all along and by the turn planner (which hunts as
    the sensible policy); the North door open, by the turn planner's look-ahead, then its hunt; and
    both by the default player (plan "together")."""
    for units in ({"116": 4, "030": 7}, {"075": 5, "110": 9, "177": 3}):
        for doors, player in ((CLOSED, LOOKING), (CLOSED, TURN), ({**CLOSED, "N": "open"}, TURN), (CLOSED, search_human),
                              ({**CLOSED, "N": "open"}, search_human)):
            pos = Position(characters={"Peter": "115", "Roger": "115", "Steve": "177", "Fran": "177"}, units=units,
                           doors=doors, solitaire=True)
            g, chosen = play(pos, max_steps=3000, player=player)
            assert g.over and chosen


def test_experiments_run_the_search_policy():
    from dodnb.experiments import run

    res = run(2, "search", seed=5, executor="serial", progress=False, max_turns=3)
    assert res.policy == "search" and res.n == 2
    assert all(r.policy == "search" and r.turns <= 3 for r in res.records)
    again = run(2, "search", seed=5, executor="serial", progress=False, max_turns=3, chunk=1)
    assert again.records == res.records  # deterministic for a seed, however the games are chunked


# --------------------------------------------------------------------------- the dice shortcut


def plain_children(st, ctx, action):
    """The plain walk: every outcome of every chance node of this turn applied, equal states merged."""
    from dodnb.rules.vocab import Phase, Side

    out, todo, steps = {}, [(engine.apply(st, ctx, action)[0], 1.0)], 1
    while todo:
        s, p = todo.pop()
        if s.result is None and s.phase == Phase.HUMAN and s.turn == st.turn and s.pending is not None and s.pending.side == Side.CHANCE:
            outs = engine.chance_outcomes(s, ctx)
            steps += len(outs)
            todo += [(engine.apply(s, ctx, o)[0], p * float(q)) for o, q in outs]
        else:
            out[s] = out.get(s, 0.0) + p
    return out, steps


def test_dice_totals_split_in_halves_give_the_plain_walk():
    """The search's shortcut at a roll (a run of totals whose lowest and highest lead to one state is
    applied twice, not once per total) gives exactly the states and chances of the plain walk, for
    every shot and every other action of the human turns of two seeded solitaire games."""
    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.search.humans import sensible_human
    from dodnb.search.player import TurnSearch

    checked = saved = 0
    for seed in (3, 8):
        g = Game(seed=seed, solitaire=True, human=sensible_human, zombie=zombie_policy)
        while not g.over and g.state.turn <= 4:
            st = g.state
            if st.pending.side == "human" and st.pending.kind == "act" and st.activation is not None:
                for a in g.legal_actions():
                    ts = TurnSearch(st, g.ctx, 10**9)
                    got, cost = ts._expand(st, a)
                    want, steps = plain_children(st, g.ctx, a)
                    assert dict(got).keys() == want.keys()
                    for s, p in got:
                        assert p == pytest.approx(want[s], abs=1e-12)
                    checked += 1
                    saved += cost < steps
            g.step()
    assert checked > 20 and saved > 5  # the shortcut was taken, and gave the plain walk each time


def _split_every_total(ts, s):
    """The halves as first written: every total the split visits applied (one engine step each)."""
    ctx = ts.ctx
    outs = sorted(engine.chance_outcomes(s, ctx), key=lambda t: t[0].total)
    got, cost, merged = {}, [0], {}

    def at(i):
        if i not in got:
            cost[0] += 1
            got[i] = engine.apply(s, ctx, outs[i][0])[0]
        return got[i]

    def run(lo, hi):
        a, b = at(lo), at(hi)
        if a == b:
            merged[a] = merged.get(a, 0.0) + sum(float(outs[i][1]) for i in range(lo, hi + 1))
            return
        if hi - lo == 1:
            merged[a] = merged.get(a, 0.0) + float(outs[lo][1])
            merged[b] = merged.get(b, 0.0) + float(outs[hi][1])
            return
        mid = (lo + hi) // 2
        run(lo, mid)
        run(mid + 1, hi)

    run(0, len(outs) - 1)
    return list(merged.items()), cost[0]


def test_the_halves_read_by_classes_of_totals_give_every_state_chance_and_cost_of_the_plain_halves():
    """[6.0], [6.5]: the search applies one total per class of totals (`engine.roll_classes`) where the
    halves visit several of one class; the states, their chances (to the last bit) and the engine steps
    charged to the budget are those of the halves applying every total they visit, so every choice of
    the search player is unchanged — checked at every roll of the human turns of two seeded games."""
    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.search.humans import sensible_human
    from dodnb.search.player import TurnSearch

    checked = fewer = 0
    for seed in (3, 8):
        g = Game(seed=seed, solitaire=True, human=sensible_human, zombie=zombie_policy)
        while not g.over and g.state.turn <= 5:
            st = g.state
            if st.pending.side == "chance" and st.pending.kind.is_roll and len(g.chance_outcomes()) > 3:
                ts = TurnSearch(st, g.ctx, 10**9)
                ts._cost = 0
                got = ts._outcomes(st)
                want, cost = _split_every_total(ts, st)
                assert got == want and ts._cost == cost
                checked += 1
                fewer += len(engine.roll_classes(st, g.ctx) or ()) < cost
            g.step()
    assert checked > 10 and fewer > 5  # the classes were read, and saved engine steps each time


def test_experiments_play_slices_of_the_same_games():
    """run(first=k) plays games k, k+1...: the slices of an experiment are its games."""
    from dodnb.experiments import run

    whole = run(3, "random", seed=4, executor="serial", progress=False, max_turns=2)
    parts = [run(1, "random", seed=4, executor="serial", progress=False, max_turns=2, first=k) for k in range(3)]
    assert [r for p in parts for r in p.records] == whole.records
    with pytest.raises(InputError):
        run(1, "random", executor="serial", progress=False, first=-1)


# --------------------------------------------------------------------------- the score and the hunt


def test_the_score_rewards_each_square_walked_toward_a_far_main_door():
    """[14.2] 1, [5.5]: with N, S and W closed, the East door (square 093) is 17 squares from 010.
    The score counts the walk through every open main door in full (no cap), so Peter and Roger one
    square nearer score more; with the old shaping (capped at 8 squares) both scored the same."""
    from dodnb.rules.solitaire import steps_from
    from dodnb.search.heuristic import Weights, score

    doors = {"N": "closed", "S": "closed", "W": "closed"}
    far = Position(characters={"Peter": "010", "Roger": "010", "Steve": "177", "Fran": "177"}, doors=doors, solitaire=True)
    near = Position(characters={"Peter": "011", "Roger": "011", "Steve": "177", "Fran": "177"}, doors=doors, solitaire=True)
    a, b = (p.game(human="ask", zombie="ask").state for p in (far, near))
    ctx = engine.context(a.board)
    d = steps_from(a, ctx, "093")
    assert d["010"] == 17 and d["011"] == 16 and d["177"] > 17
    w = Weights()
    assert score(b, ctx, w) - score(a, ctx, w) == pytest.approx(w.door_step)
    capped = Weights(tour=False)
    assert score(b, ctx, capped) == score(a, ctx, capped)


def test_the_walk_through_the_open_main_doors_is_the_shortest_order():
    """The door term's walk (heuristic._tails): from each open main door's square, the shortest walk
    through all the others, checked against every order written out."""
    from itertools import permutations

    from dodnb.rules.solitaire import steps_from
    from dodnb.search.heuristic import _tails

    st = small_state()
    ctx = engine.context(st.board)
    doors = tuple(sorted(d.squares[0] for d in st.board.main_doors.values()))
    got = _tails(st, ctx, doors)
    for first in doors:
        rest = [d for d in doors if d != first]
        walks = [sum(steps_from(st, ctx, b)[a] for a, b in zip((first,) + p, p)) for p in permutations(rest)]
        assert got[first] == min(walks)
    assert len(set(got.values())) > 1  # the doors are not all alike


def test_once_the_four_main_doors_are_closed_the_turn_planner_hunts_as_the_sensible_policy():
    """[14.2]: the four main doors closed, what is left is the rifles and every unit; the turn
    planner then plays the sensible policy's plan (rifles, then the nearest unit), decision by decision."""
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.search.humans import sensible_human

    pos = Position(characters={"Peter": "115", "Roger": "115", "Steve": "030", "Fran": "030"},
                   units={"075": 5, "110": 9}, doors=CLOSED, solitaire=True)
    g = pos.game(seed=1, human=TURN, zombie=zombie_policy)
    asked = 0
    for _ in range(300):
        if g.over:
            break
        st, legal = g.state, g.legal_actions()
        if st.pending.side == "human":
            assert TURN(st, legal, random.Random(0)) == sensible_human(st, legal, random.Random(0))
            asked += 1
        g.step()
    assert asked > 10
