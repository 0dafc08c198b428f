"""`Game` keeps one timeline of plies and a cursor in it (undo, redo, the history slider), and
previews an action without applying it (the stepper's labels) [5.1], [5.4], [5.5], [5.9], [12.2]."""

from __future__ import annotations

import pytest

from dodnb.errors import InputError, RuleViolation
from dodnb.rules.actions import Activate, CloseMainDoor, Door, EndTurn, Move, Shoot, TakeRifle
from dodnb.rules.game import Game, Ply, Preview
from dodnb.rules.solitaire import zombie_policy

from .helpers import human_game, snapshot


def _views_agree(g: Game) -> None:
    plies = g.plies
    assert plies == g.timeline[: g.cursor] and len(plies) == g.cursor
    assert g.history == [g.start] + [p.state for p in plies]
    assert g.actions == [p.action for p in plies] and g.events == [list(p.events) for p in plies]
    assert g.state == g.history[-1] and g.log == g.opening_events + [e for p in plies for e in p.events]
    assert g.can_undo == (g.cursor > 0) and g.can_redo == (g.cursor < len(g.timeline))
    if plies:
        assert g.ply() == plies[-1] and g.ply(0) == plies[0] and g.ply(-len(plies)) == plies[0]
    for k in (len(plies), -len(plies) - 1):
        with pytest.raises(InputError):
            g.ply(k)


def test_one_timeline_and_a_cursor():
    g = Game(seed=4, human="random", zombie="random")
    g.play(max_steps=60)
    _views_agree(g)
    assert all(isinstance(p, Ply) for p in g.timeline) and len(g.timeline) == 60
    states = g.history
    g.goto(10)
    _views_agree(g)
    assert g.state == states[10] and len(g.timeline) == 60 and g.can_redo
    g.goto(0)
    assert g.state == g.start and not g.can_undo
    g.goto(60)
    assert g.state == states[60] and not g.can_redo
    g.undo(5)
    assert g.cursor == 55 and g.state == states[55]
    g.redo(2)
    assert g.cursor == 57 and g.state == states[57]
    _views_agree(g)
    for bad in (-1, 61, 2.0, True, "3"):
        with pytest.raises(InputError):
            g.goto(bad)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="only 3"):
        g.redo(4)
    with pytest.raises(InputError):
        g.undo(-1)
    assert g.cursor == 57  # a refused jump moves nothing


def test_a_new_action_replaces_the_plies_undone():
    g = human_game({"Peter": "115"})
    g.apply(Activate(("Peter",)))
    g.apply(Move("114"))
    g.undo()
    assert len(g.timeline) == 2 and g.can_redo
    g.apply(Move("110"))
    assert [p.action for p in g.timeline] == [Activate(("Peter",)), Move("110")] and not g.can_redo
    with pytest.raises(InputError, match="nothing to redo"):
        g.redo()
    g.undo(2)
    with pytest.raises(InputError, match="nothing to undo"):
        g.undo()


def test_redo_gives_back_the_same_plies_notes_included():
    """A policy's note ("[15.5] priority ...") is kept in its ply and comes back with redo."""
    g = Game(seed=3, solitaire=True, human="random", zombie=zombie_policy)
    g.play(max_steps=200)
    noted = [p for p in g.plies if p.note]
    assert noted and all(p.events[0].key == "policy_choice" and p.events[0].data["why"] == p.note for p in noted)
    before = g.timeline
    g.goto(0)
    g.redo(len(before))
    assert g.timeline == before and g.plies == before


def test_save_writes_the_played_plies_only():
    g = Game(seed=6, human="random", zombie="random")
    g.play(max_steps=40)
    g.undo(15)
    back = Game.load(g.save())
    assert back.actions == g.actions and back.state == g.state and len(back.timeline) == 25


def test_preview_applies_nothing_and_gives_the_movement_point_cost():
    """[5.4] leaving a zombie square costs its value plus one; [5.9] 1 to enter a square."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "114", "value": 4}])
    g.apply(Activate(("Peter",)))
    before, n = snapshot(g), len(g.timeline)
    pv = g.preview(Move("114"))
    allowance = g.state.activation.allowance
    assert isinstance(pv, Preview) and pv.cost == 1 and pv.left == allowance - 1
    assert snapshot(g) == before and len(g.timeline) == n
    ev = g.apply(Move("114"))
    assert ev == list(pv.events) and g.state == pv.state
    pv = g.preview(Move("113"))
    move = next(e for e in pv.events if e.key == "move")
    assert pv.cost == 5 == move.data["cost"] and pv.left == allowance - 6


def test_preview_of_doors_rifles_and_main_doors_5_5_12_2():
    """[5.5] a door costs 2, a main door the whole allowance; [12.2] a rifle the whole allowance."""
    g = human_game({"Peter": "115"})
    g.apply(Activate(("Peter",)))
    pv = g.preview(Door("G24", close=True))
    assert pv.cost == 2 == next(e for e in pv.events if e.key == "door").data["cost"] and pv.left == g.state.activation.left - 2
    g = human_game({"Peter": "004"})
    g.apply(Activate(("Peter",)))
    pv = g.preview(CloseMainDoor("N"))
    assert pv.cost == g.state.activation.allowance > 2 and pv.left == 0
    g = human_game({"Steve": "177"})
    g.apply(Activate(("Steve",)))
    pv = g.preview(TakeRifle("Steve"))
    assert pv.cost == g.state.activation.allowance > 2 and pv.left == 0 and pv.state.character("Steve").rifle and not g.state.character("Steve").rifle


def test_preview_of_what_spends_no_movement_points_6_2():
    """[6.2] shooting costs no Movement Points; activating and ending the turn spend none either."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "113", "value": 2, "seen": True}])
    pv = g.preview(Activate(("Peter",)))
    assert pv.cost == 0 and pv.left == pv.state.activation.allowance > 0
    g.apply(Activate(("Peter",)))
    assert g.preview(Shoot(("Peter",), "113")).cost == 0
    pv = g.preview(EndTurn())
    assert pv.cost == 0 and pv.left is None and pv.state.phase != "human"


def test_preview_of_an_illegal_action_is_its_rule_violation_5_1():
    g = human_game({"Steve": "115"}, zombies=[{"square": "114", "value": 4}])
    g.apply(Activate(("Steve",)))
    g.apply(Move("114"))
    before, n = snapshot(g), len(g.timeline)
    with pytest.raises(RuleViolation) as err:
        g.preview(Move("113"))
    assert err.value.case == "5.1" and snapshot(g) == before and len(g.timeline) == n
