"""dodnb.prob.bestplay: exact best play, proven against a plain walk of every line of play and
against the shot [6.0]-[6.8] and attack [8.0], [8.1], [15.6] odds of dodnb.prob."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from dodnb import Position, load_board
from dodnb.prob import shoot, zombie_attack
from dodnb.prob.bestplay import Budget, BudgetExceeded, best_play, goals, horizon_stop
from dodnb.prob.errors import ProbError
from dodnb.rules import engine
from dodnb.rules.actions import ReactionFire, Shoot
from dodnb.rules.knowledge import reveal_needed, reveal_outcomes
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.vocab import Side

BOARD = load_board()
MAIN_CLOSED = {d.id: "closed" for d in BOARD.main_doors.values()}


def plain(s, ctx, test, reach: bool, stop, worst: bool) -> Fraction:
    """Every line of play, one by one: no merging of equal positions, no pruning, no canonical key.
    A value nobody knows (in a concealed state, ruling K1) is drawn as soon as its unit shows. Humans take the best legal action; zombies the [15.5] automaton's (solitaire games) or the worst
    legal one; every chance outcome of the engine with its probability."""
    met = test(s)
    if reach and met:
        return Fraction(1)
    if not reach and not met:
        return Fraction(0)
    if s.result is not None or s.pending is None or stop(s):
        return Fraction(0 if reach else 1)
    i = reveal_needed(s)  # ruling K1: a value nobody knows (a concealed state only) is drawn where its unit shows
    if i is not None:
        return sum((q * plain(t, ctx, test, reach, stop, worst) for t, q in reveal_outcomes(s, i)), Fraction(0))
    side = s.pending.side
    if side == Side.HUMAN:
        return max(plain(engine.apply(s, ctx, a)[0], ctx, test, reach, stop, worst) for a in engine.legal_actions(s, ctx))
    if side == Side.ZOMBIE:
        legal = engine.legal_actions(s, ctx)
        if worst:
            return min(plain(engine.apply(s, ctx, a)[0], ctx, test, reach, stop, worst) for a in legal)
        a = zombie_policy(s, legal)[0]
        return plain(engine.apply(s, ctx, a)[0], ctx, test, reach, stop, worst)
    return sum((q * plain(engine.apply(s, ctx, a)[0], ctx, test, reach, stop, worst)
                for a, q in engine.chance_outcomes(s, ctx)), Fraction(0))


def plain_choices(p: Position, goal, horizon, zombies):
    st = p.state()
    ctx = engine.context(st.board)
    stop = horizon_stop(st, horizon)[0]
    test = goal.make(st)
    args = (ctx, test, goal.kind == "reach", stop, zombies == "worst")
    whole = plain(st, *args)
    each = {a: plain(engine.apply(st, ctx, a)[0], *args) for a in engine.legal_actions(st, ctx)} if st.pending.side == Side.HUMAN else {}
    return whole, each


# small positions: (position, goal, horizon, zombies); the plain walk of each takes well under a second
SMALL = {
    # [8.1] fire first or hold fire, then the attack [8.0] and the Generation Phase [13.0]
    "reaction fire (solitaire)": (Position(characters={"Peter": "115"}, units={"115": 3}, start="attack", solitaire=True),
                                  goals.nobody_hurt(), "game-turn", "solitaire"),
    # an infected Fran [8.4] (Fire Rate 1, Movement Allowance 3) about to act [5.0]: shoot, move, close doors...
    "one shot, moves (human turn)": (Position(characters={"Fran": {"square": "115", "status": "infected"}},
                                              units={"113": {"value": 2, "seen": True}}, solitaire=True, actor="Fran"),
                                     goals.unit_destroyed("113"), "player-turn", "solitaire"),
    # the free move [7.0] 2 of a unit between two characters, then their attack
    "free move (two players, worst)": (Position(characters={"Peter": "113", "Fran": "115"}, units={"114": 4}, start="free",
                                                doors=MAIN_CLOSED), goals.nobody_hurt(), "player-turn", "worst"),
    "free move (solitaire automaton)": (Position(characters={"Peter": "113", "Fran": "115"}, units={"114": 4}, start="free",
                                                 doors=MAIN_CLOSED, solitaire=True), goals.nobody_hurt(), "player-turn", "solitaire"),
    "free move (solitaire, worst)": (Position(characters={"Peter": "113", "Fran": "115"}, units={"114": 4}, start="free",
                                              doors=MAIN_CLOSED, solitaire=True), goals.square_cleared("114"), 1, "worst"),
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_equal_to_the_plain_walk_of_every_line(name):
    p, goal, horizon, zombies = SMALL[name]
    whole, each = plain_choices(p, goal, horizon, zombies)
    r = best_play(p, goal, horizon, zombies)
    assert r.value == whole
    assert r.values() == each
    assert (r.best is None) == (not each)
    if each:
        assert r.best.value == max(each.values())
    assert r.nodes > 0 and r.merged >= 0


def test_the_merged_search_is_smaller_and_equal():
    """Ruling B2: the canonical key (squares entered as a set; dropped when the horizon ends with this
    Human Player-Turn of a solitaire game) changes no value and merges positions the plain key does not."""
    p = Position(characters={"Peter": {"square": "115", "status": "infected"}}, units={"113": {"value": 6, "seen": True}},
                 solitaire=True, actor="Peter")
    merged = best_play(p, goals.unit_destroyed("113"))
    unmerged = best_play(p, goals.unit_destroyed("113"), merge=False)
    assert merged.values() == unmerged.values() and merged.value == unmerged.value
    assert merged.nodes < unmerged.nodes
    assert Fraction(0) < merged.value < 1


def test_shot_value_is_the_shot_odds():
    """Where the position leaves one decision: an infected Fran (Fire Rate 1 [8.4], [6.1]) has one
    shot; its value is exactly dodnb.prob's kill chance, panic included [6.0], [6.5]."""
    p, goal, horizon, zombies = SMALL["one shot, moves (human turn)"]
    r = best_play(p, goal, horizon, zombies)
    kill = shoot(p.state(), "Fran", "113").p(lambda o: o.killed)
    assert r.values()[Shoot(("Fran",), "113")] == kill
    assert 0 < kill < 1


@pytest.mark.parametrize("fire", [True, False])
def test_attack_values_are_the_attack_odds(fire):
    """[8.1] fire or hold fire, then the attack [8.0] with the solitaire count [15.6]: each choice's
    value is exactly dodnb.prob's chance that nobody is infected or killed."""
    p = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack", solitaire=True,
                 doors=MAIN_CLOSED)
    r = best_play(p, goals.nobody_hurt(), "player-turn")
    odds = zombie_attack(p.state(), "115", solitaire=True, reaction_fire=fire)
    ok = odds.p(lambda o: all(s not in ("infected", "killed") for _, s in o.statuses))
    assert r.values()[ReactionFire(("Peter", "Roger") if fire else ())] == ok


def test_worst_case_is_no_better_than_the_automaton():
    """Ruling B1: the worst the zombie player can force is at most what the automaton gives."""
    p = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 4}, start="attack", doors=MAIN_CLOSED)
    worst = best_play(p, goals.nobody_hurt(), "player-turn", "worst")
    auto = best_play(p, goals.nobody_hurt(), "player-turn", "solitaire")
    assert worst.value <= auto.value and worst.value < 1


def test_game_gamestate_and_position_agree():
    p, goal, horizon, zombies = SMALL["reaction fire (solitaire)"]
    a = best_play(p, goal, horizon, zombies)
    b = best_play(p.state(), goal, horizon, zombies)
    c = best_play(p.game(seed=1), goal, horizon, zombies)
    assert a.value == b.value == c.value and a.values() == b.values() == c.values()


def test_best_line_starts_with_the_best_choice_and_keeps_its_value():
    p, goal, horizon, zombies = SMALL["reaction fire (solitaire)"]
    r = best_play(p, goal, horizon, zombies)
    assert r.line[0].action == r.best.action and r.line[0].value == r.value
    assert all(s.side in ("human", "zombie", "chance") for s in r.line)


def test_budget_error_is_clear():
    p, goal, horizon, zombies = SMALL["one shot, moves (human turn)"]
    with pytest.raises(BudgetExceeded, match=r"more than 10 positions") as err:
        best_play(p, goal, horizon, zombies, budget=10)
    assert err.value.nodes == 10 and err.value.case == "4.0"
    with pytest.raises(BudgetExceeded, match=r"budget of 0 s"):
        best_play(p, goal, horizon, zombies, budget=Budget(nodes=None, seconds=0))
    with pytest.raises(ProbError, match="budget is"):
        best_play(p, goal, horizon, zombies, budget="lots")


def test_bad_arguments_name_what_is_wrong():
    p, goal, _, _ = SMALL["reaction fire (solitaire)"]
    with pytest.raises(ProbError, match="zombies is"):
        best_play(p, goal, zombies="kind")
    with pytest.raises(ProbError, match="horizon is"):
        best_play(p, goal, horizon=0)
    with pytest.raises(ProbError, match="goal is a Goal"):
        best_play(p, lambda s: True)
    with pytest.raises(ProbError, match=r"\[6.0\] no zombie unit in square 031"):
        best_play(p, goals.unit_destroyed("031"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_number_says_what_it_is_the_probability_of(lang):
    p, goal, horizon, zombies = SMALL["reaction fire (solitaire)"]
    r = best_play(p, goal, horizon, zombies)
    q = r.question_words(lang)
    assert ("chance that nobody is killed or infected before the next Human Player-Turn begins" in q) == (lang == "en")
    assert ("probabilité que personne ne soit tué ni infecté" in q) == (lang == "fr")
    for g in (goals.unit_destroyed("113"), goals.square_cleared("113"), goals.door_closed("D1"), goals.reaches("Fran", "177"),
              goals.win(), goals.nobody_hurt()):
        w = g.words(lang)
        assert w and "{" not in w and "_" not in w
    assert "Fran" in goals.custom(lambda s: True, "Fran is safe").words(lang)


def test_reach_goal_met_on_the_way_counts():
    """A reach goal is met as soon as it holds (ruling B3): a character already standing in the square."""
    p = Position(characters={"Peter": "115"}, solitaire=True)
    r = best_play(p, goals.reaches("Peter", "115"))
    assert r.value == 1 and r.nodes == 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


def test_the_order_of_squares_entered_changes_nothing_the_engine_does():
    """Ruling B2, the shortcut of the canonical key for longer horizons: [7.0] 1 reads the squares
    entered and acted in as a set. Two positions that differ only in their order end the Human
    Player-Turn and play the whole zombie turn to the same odds (the engine's own walk)."""
    from dataclasses import replace as dc_replace

    from dodnb.prob.bestplay import canonical
    from dodnb.prob.zombieturn import exact_turn
    from dodnb.rules.actions import Activate, EndTurn, Move

    p = Position(characters={"Peter": "115"}, units={"110": 3, "073": 2}, solitaire=True, doors=MAIN_CLOSED)
    st = p.state()
    ctx = engine.context(st.board)
    for a in (Activate(("Peter",)), Move("114"), Move("113")):
        st = engine.apply(st, ctx, a)[0]
    entered = st.record.entered
    assert len(entered) >= 2 and tuple(sorted(entered)) != entered  # the walk entered 114, then 113
    other = st.evolve(record=dc_replace(st.record, entered=tuple(reversed(entered))))
    assert canonical(st, False) == canonical(other, False) and st != other
    ends = [engine.apply(s, ctx, EndTurn())[0] for s in (st, other)]
    odds = [exact_turn(e, ctx, shortcuts=False, max_seconds=60) for e in ends]
    assert odds[0] == odds[1] and len(odds[0]) > 1
