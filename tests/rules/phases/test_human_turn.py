"""Set-up [3.1]-[3.3], the sequence of play [4.0] and the Human Player-Turn [5.0]-[6.9], [12.0]-[12.3]:
one test (at least) per Case, each illegal action refused with its Case and the state untouched."""

from __future__ import annotations


import pytest

from dodnb.errors import RuleViolation
from dodnb.rules.actions import (
    Activate, CloseMainDoor, Door, Drop, EndTurn, Move, Roll, Shoot, TakeRifle,
)
from dodnb.rules.game import Game
from dodnb.rules.setup import check_hidden_squares, hidden_square_allowed
from dodnb.rules.setup import initial_state

from tests.rules.helpers import build, human_game, refused, texts

SEEN4 = {"square": "113", "value": 4, "seen": True}


# ------------------------------------------------------------------------------- set-up [3.x]


def test_3_1_hidden_squares_follow_every_restriction():
    """[3.1] 45 units on the zombie symbols, five hidden squares: no hall square, not on or next to a
    character symbol (unless walled off), never two in one square, at most one in Edwin's."""
    st = initial_state(seed=5)
    b = st.board
    assert len([z for z in st.zombies if z.square]) == 45 and sum(z.pool == "hidden" for z in st.zombies) == 5
    assert len(st.hidden_squares) == 5 and all(hidden_square_allowed(b, s) is None for s in st.hidden_squares)
    hall = next(s for s in b.ids if b.square(s).is_hall)
    with pytest.raises(RuleViolation, match=r"^\[3.1\] 1\."):
        check_hidden_squares(b, [hall, "016", "027", "178", "208"])
    with pytest.raises(RuleViolation, match=r"^\[3.1\] 2\."):
        check_hidden_squares(b, [b.character_symbol_squares[0], "016", "027", "178", "208"])
    with pytest.raises(RuleViolation, match=r"^\[3.1\] 3\."):
        check_hidden_squares(b, ["016", "016", "027", "178", "208"])
    edwins = [s for s in b.store_squares("Edwin's Sports Centre") if hidden_square_allowed(b, s) is None]
    with pytest.raises(RuleViolation, match=r"^\[3.1\] 4\."):
        check_hidden_squares(b, edwins[:2] + ["016", "027", "208"])
    # a square next to a character symbol but walled off from it is allowed
    walled = [
        s for s in b.ids
        if not b.square(s).is_hall and not b.square(s).character_symbol
        and any(b.square(n).character_symbol for n in b.neighbours(s))
        and all(not b.passable(s, n) for n in b.neighbours(s) if b.square(n).character_symbol)
    ]
    for s in walled:
        assert hidden_square_allowed(b, s) is None


def test_3_2_characters_on_symbols_and_rifles_in_177():
    """[3.2] four characters on character symbols, at most two per square; two rifles in 177."""
    g = Game(seed=3)
    st = g.state
    assert {c.square for c in st.characters} <= set(st.board.character_symbol_squares)
    assert st.rifles_left == 2 and not any(c.rifle for c in st.characters)


def test_3_3_all_doors_open_at_start():
    """[3.3] all doors are open at the start of play."""
    assert Game(seed=3).state.door_states == ()


# ------------------------------------------------------------------------------- [4.0]


def test_4_0_a_game_turn_runs_the_phases_in_order():
    """[4.0] Human Player-Turn, then the Zombie Player-Turn's phases A to E, then the next Game-Turn."""
    g = Game(seed=11, human="random", zombie="random")
    while g.state.turn == 1 and not g.over:
        g.step()
    phases = [e.data["phase"] for e in g.log if e.key == "phase"]
    assert phases == ["berserk", "reaction", "free", "attack", "generation"]  # Phase values: the catalogues name them
    assert [e.key for e in g.log if e.key in ("end_turn", "turn")] == ["end_turn", "turn"] and g.state.phase == "human"


# ------------------------------------------------------------------------------- [5.x] movement


def test_5_0_a_character_moved_last_turn_or_stunned_may_not_be_moved():
    """[5.0] not moved in the previous Human Player-Turn and not stunned [8.3]."""
    g = human_game({"Peter": {"square": "115", "moved_last_turn": True}, "Roger": {"square": "110", "status": "stunned"}, "Steve": "112"})
    refused(g, Activate(("Peter",)), "5.0")
    refused(g, Activate(("Roger",)), "8.3")
    assert Activate(("Steve",)) in g.legal_actions()
    assert not any(isinstance(a, Activate) and ("Peter" in a.stack or "Roger" in a.stack) for a in g.legal_actions())


def test_5_0_only_one_character_or_stack_per_turn_and_moving_costs_one():
    """[5.0] one character or stack per turn; entering a square costs one Movement Point."""
    g = human_game({"Peter": "115", "Steve": "112"})
    g.apply(Activate(("Peter",)))
    refused(g, Activate(("Steve",)), "5.0")
    g.apply(Move("114"))
    assert g.state.activation.spent == 1 and g.state.character("Peter").square == "114"
    g.apply(EndTurn())
    assert g.state.character("Peter").moved_last_turn and not g.state.character("Steve").moved_last_turn


def test_5_1_movement_allowance_is_never_exceeded():
    """[5.1] Peter (Movement Allowance 6) may enter six empty squares, not a seventh."""
    g = human_game({"Peter": "115"})
    g.apply(Activate(("Peter",)))
    path = ["114", "113", "109", "108", "107", "069"]
    for sq in path:
        g.apply(Move(sq))
    assert g.state.activation.left == 0
    assert not any(isinstance(a, Move) for a in g.legal_actions())
    refused(g, Move("068"), "5.1")


def test_5_2_a_stack_moves_together_at_the_lowest_allowance():
    """[5.2] characters beginning in one square may move as a stack, at the lowest Movement Allowance,
    staying together; characters in different squares may not stack."""
    g = human_game({"Peter": "115", "Steve": "115", "Roger": "114"})
    refused(g, Activate(("Peter", "Roger")), "5.2")
    g.apply(Activate(("Peter", "Steve")))
    assert g.state.activation.allowance == min(g.ctx.side(g.state.character(n)).movement for n in ("Peter", "Steve"))
    g.apply(Move("110"))
    assert g.state.character("Peter").square == g.state.character("Steve").square == "110"


def test_5_3_no_moving_through_walls_closed_doors_or_out_of_the_mall():
    """[5.3] 114 and 149 share a walled side; a closed glass door blocks; the main door is no exit."""
    g = human_game({"Peter": "115", "Roger": "004"}, doors={"G24": "closed"})
    g.apply(Activate(("Peter",)))
    refused(g, Move("150"), "5.3")  # closed glass door G24
    g.apply(Move("114"))
    refused(g, Move("149"), "5.3")  # wall
    refused(g, Move("113x"), "2.1")
    g2 = human_game({"Roger": "004"})
    g2.apply(Activate(("Roger",)))
    assert {a.to for a in g2.legal_actions() if isinstance(a, Move)} == set(g2.board.neighbours("004"))
    assert all(g2.check(Move(n)) is None for n in g2.board.moves_from("004"))


def test_5_4_entering_reveals_and_leaving_costs_the_value_plus_one():
    """[5.4] a unit is flipped when a character enters its square, stays face up while he is there,
    and leaving costs its Zombie Value plus one; afterwards it is flipped back."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "114", "value": 4}])
    g.apply(Activate(("Peter",)))
    assert not g.state.zombie_in("114").face_up
    ev = g.apply(Move("114"))
    assert g.state.zombie_in("114").face_up and "value 4 revealed" in texts(ev)
    assert g.state.activation.left == 5
    ev = g.apply(Move("113"))
    assert g.state.activation.spent == 1 + 5  # 1 to enter 114, then 4 + 1 to leave it
    z = g.state.zombie_in("114")
    assert not z.face_up and z.seen


def test_5_4_too_few_points_to_leave_a_zombie_square():
    """[5.4], [5.1] with fewer Movement Points left than value + 1, the character is stuck."""
    g = human_game({"Steve": "115"}, zombies=[{"square": "114", "value": 4}])
    g.apply(Activate(("Steve",)))
    g.apply(Move("114"))  # Steve has 5: 4 left, needs 5 to leave
    refused(g, Move("113"), "5.1")


def test_5_5_doors_cost_two_and_not_in_a_zombie_square():
    """[5.5] opening or closing a glass or solid door costs 2; not while in a zombie-occupied square."""
    g = human_game({"Peter": "115"})
    g.apply(Activate(("Peter",)))
    g.apply(Door("G24", close=True))
    assert g.state.door_state("G24") == "closed" and g.state.activation.spent == 2
    refused(g, Door("G24", close=True), "5.5")
    g.apply(Door("G24", close=False))
    assert g.state.door_state("G24") == "open" and g.state.activation.spent == 4
    refused(g, Door("G23", close=True), "5.5")  # not a side of 115
    g2 = human_game({"Peter": "115"}, zombies=[{"square": "115", "value": 1}])
    g2.apply(Activate(("Peter",)))
    refused(g2, Door("G24", close=True), "5.5")


def test_5_5_main_door_takes_the_whole_allowance_and_never_reopens():
    """[5.5] a main door is closed by a character who begins the turn in its square, spending his entire
    Movement Allowance; once closed it may not be opened. Shooting stays possible [6.1], [6.2] (ruling)."""
    g = human_game({"Peter": "004"}, zombies=[{"square": "012", "value": 2, "seen": True}])
    g.apply(Activate(("Peter",)))
    refused(g, Door("N", close=True), "5.5")
    g.apply(CloseMainDoor("N"))
    assert g.state.door_state("N") == "closed" and g.state.activation.left == 0
    assert Shoot(("Peter",), "012") in g.legal_actions()
    refused(g, Door("N", close=False), "5.5")
    g2 = human_game({"Peter": "012"})
    g2.apply(Activate(("Peter",)))
    g2.apply(Move("004"))
    refused(g2, CloseMainDoor("N"), "5.5")  # did not begin the turn there


def test_5_6_carrying_costs_extra_and_forbids_everything_but_movement():
    """[5.6] the carrier pays 1 + his carry cost per square; neither shoots; carrying may stop at any
    point; the carried character need not be eligible (here: stunned)."""
    g = human_game({"Peter": "115", "Fran": {"square": "115", "status": "stunned"}}, zombies=[{"square": "113", "value": 2, "seen": True}])
    g.apply(Activate(("Peter",), "Peter", "Fran"))
    refused(g, Door("G24", close=True), "5.6")
    g.apply(Move("114"))
    assert g.state.activation.spent == 1 + 2 and g.state.character("Fran").square == "114"
    refused(g, Shoot(("Peter",), "113"), "5.6")
    g.apply(Drop())
    g.apply(Move("115"))
    assert g.state.character("Fran").square == "114" and g.state.character("Peter").square == "115"
    assert g.state.character("Fran").status == "stunned"  # being carried does not wake her (ruling)


def test_5_6_infected_characters_may_not_carry():
    """[5.9] note c: an infected character may not carry another character."""
    g = human_game({"Peter": {"square": "115", "status": "infected"}, "Roger": "115"})
    refused(g, Activate(("Peter",), "Peter", "Roger"), "5.9")


def test_5_9_fran_can_carry_one_square_not_two():
    """[5.9] the chart's Fran row: 1 + 4 per square; with her allowance of 5 she carries one square."""
    g = human_game({"Fran": "115", "Steve": "115"})
    g.apply(Activate(("Fran",), "Fran", "Steve"))
    g.apply(Move("114"))
    assert g.state.activation.spent == 5
    refused(g, Move("113"), "5.1")


def test_5_7_every_action_is_recorded_for_reaction():
    """[5.7], [7.3] moving, shooting, doors and rifles all count: squares entered and acted in."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "113", "value": 11, "seen": True}])
    g.apply(Activate(("Peter",)))
    g.apply(Door("G24", close=True))
    g.apply(Move("114"))
    assert g.state.record.entered == ("114",) and g.state.record.acted == ("115",)


# ------------------------------------------------------------------------------- [6.x] shooting


def test_6_0_a_shot_destroys_when_the_result_reaches_the_value():
    """[6.0] dice total minus the modifier, compared with the Zombie Value; destroyed units go to the
    eliminated pool [13.3]; the target is flipped to show its value either way."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "113", "value": 4}])
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "113"))  # a plain unit in another square: no panic check [6.5]
    assert g.pending.kind == "roll:shot" and g.pending.dice == 2
    g.undo()
    g.apply(Shoot(("Peter",), "113"))
    ev = g.apply(Roll(5))  # 5 - 2 = 3 < 4
    assert g.state.zombie_in("113").seen and "not affected" in texts(ev)
    g.apply(Shoot(("Peter",), "113"))
    ev = g.apply(Roll(6))  # 6 - 2 = 4 >= 4
    assert g.state.zombie_in("113") is None and g.state.unit("Z01").pool == "eliminated"


def test_6_1_fire_rate_limits_shots():
    """[6.1] a character shoots at most his Fire Rate times per turn, moving or not."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "113", "value": 11, "seen": True}])
    g.apply(Activate(("Peter",)))
    for _ in range(3):
        g.apply(Shoot(("Peter",), "113"))
        g.apply(Roll(2))
    refused(g, Shoot(("Peter",), "113"), "6.1")
    assert g.check(Move("114")) is None  # he may still spend Movement Points


def test_6_2_a_character_not_being_moved_may_not_shoot():
    """[6.2] only the active character or stack shoots; shooting without moving is allowed."""
    g = human_game({"Peter": "115", "Roger": "110"}, zombies=[SEEN4])
    refused(g, Shoot(("Peter",), "113"), "6.2")
    g.apply(Activate(("Peter",)))
    refused(g, Shoot(("Roger",), "113"), "6.2")
    g.apply(Shoot(("Peter",), "113"))
    assert g.state.record.acted == ("115",)


def test_6_3_no_shot_into_another_characters_square_or_out_of_a_zombie_square():
    """[6.3] never at a unit in another character's square; from a zombie square only at that unit;
    never through a square with a piece in it."""
    g = human_game({"Peter": "115", "Roger": "113"}, zombies=[SEEN4])
    g.apply(Activate(("Peter",)))
    refused(g, Shoot(("Peter",), "113"), "6.3")
    g2 = human_game({"Peter": "115"}, zombies=[{"square": "115", "value": 2, "seen": True}, {"square": "113", "value": 3, "seen": True, "uid": "Z02"}])
    g2.apply(Activate(("Peter",)))
    refused(g2, Shoot(("Peter",), "113"), "6.3")
    assert g2.check(Shoot(("Peter",), "115")) is None
    g3 = human_game({"Peter": "115"}, zombies=[{"square": "114", "value": 2, "seen": True}, {"square": "113", "value": 3, "seen": True, "uid": "Z02"}])
    g3.apply(Activate(("Peter",)))
    refused(g3, Shoot(("Peter",), "113"), "6.3")  # 114 is in the way


def test_6_4_no_shot_out_of_sight():
    """[6.4] a unit out of sight may not be shot at."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "198", "value": 2, "seen": True}])
    g.apply(Activate(("Peter",)))
    err = refused(g, Shoot(("Peter",), "198"), "6.4")
    assert "not within sight" in err.detail


def test_6_5_panic_stops_the_stack_but_not_the_others_shooting():
    """[6.5] a panicked character may not shoot, and his stack's Movement Allowance is expended; the
    others may still shoot unless they panic too."""
    g = human_game({"Peter": "115", "Roger": "115"}, zombies=[{"square": "115", "value": 11, "seen": True}])
    g.apply(Activate(("Peter", "Roger")))
    g.apply(Shoot(("Peter",), "115"))
    assert g.pending.kind == "roll:panic" and g.pending.who == "Peter" and g.pending.dice == 2
    ev = g.apply(Roll(2))  # <= Panic Level 3
    assert "panics" in texts(ev) and g.state.activation.left == 0 and g.state.shot is None
    refused(g, Shoot(("Peter",), "115"), "6.5")
    g.apply(Shoot(("Roger",), "115"))
    assert g.pending.kind == "roll:panic" and g.pending.who == "Roger"


def test_6_5_panic_checks_depend_on_the_target():
    """[6.5] a plain unit elsewhere: no check; berserk elsewhere: check at +0; same square +0;
    berserk in the same square +1 [10.6]; super zombie +1 / +3 [11.5]."""
    cases = [
        ({"square": "113", "value": 3}, "115", None),
        ({"square": "113", "value": 3, "berserk": True}, "115", 0),
        ({"square": "115", "value": 3}, "115", 0),
        ({"square": "115", "value": 3, "berserk": True}, "115", 1),
    ]
    for unit, target, inc in cases:
        g = human_game({"Peter": "115"}, zombies=[unit])
        g.apply(Activate(("Peter",)))
        g.apply(Shoot(("Peter",), unit["square"]))
        assert g.state.shot.increase == inc, unit
        assert (g.pending.kind == "roll:panic") == (inc is not None)
    g = human_game({"Peter": "115", "Steve": {"square": "113", "status": "super"}})
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "113"))
    assert g.state.shot.increase == 1
    g = human_game({"Peter": "115", "Steve": {"square": "115", "status": "super"}})
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "115"))
    assert g.state.shot.increase == 3


def test_6_6_dice_per_character_and_rifle():
    """[6.6] Peter and Roger roll two dice, Steve and Fran one, two with a hunting rifle [12.0]."""
    for name, rifle, n in (("Peter", False, 2), ("Steve", False, 1), ("Fran", True, 2)):
        g = human_game({name: {"square": "115", "rifle": rifle}}, zombies=[{"square": "113", "value": 3}])
        g.apply(Activate((name,)))
        g.apply(Shoot((name,), "113"))
        assert g.pending.dice == n, name


def test_6_7_modifiers_distance_and_closed_glass_door_destroyed():
    """[6.7] one per square away (115 to 113: 2); through a closed glass door -3 and the door is
    destroyed [10.5]."""
    g = human_game({"Peter": "115"}, zombies=[{"square": "113", "value": 2}])
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "113"))
    assert g.state.shot.modifier == 2
    g2 = human_game({"Peter": "150"}, zombies=[{"square": "115", "value": 12}], doors={"G24": "closed"})
    g2.apply(Activate(("Peter",)))
    g2.apply(Shoot(("Peter",), "115"))
    assert g2.state.shot.modifier == 1 + 3 and g2.state.shot.doors == ("G24",)
    ev = g2.apply(Roll(12))
    assert g2.state.door_state("G24") == "destroyed" and "destroyed" in texts(ev)


def test_6_8_shooting_together_pools_dice_capped_at_three_modifier_per_gun():
    """[6.8] Steve and Peter roll three dice; Peter and Roger three, not four; two guns in 115 at 113
    lose 2 each."""
    g = human_game({"Peter": "115", "Steve": "115"}, zombies=[{"square": "113", "value": 8}])
    g.apply(Activate(("Peter", "Steve")))
    g.apply(Shoot(("Peter", "Steve"), "113"))
    assert g.pending.dice == 3
    ev = g.apply(Roll(11))  # 11 - 4 = 7 < 8
    assert "− 4 = 7" in texts(ev) and g.state.zombie_in("113") is not None
    g2 = human_game({"Peter": "115", "Roger": "115"}, zombies=[{"square": "113", "value": 8}])
    g2.apply(Activate(("Peter", "Roger")))
    g2.apply(Shoot(("Peter", "Roger"), "113"))
    assert g2.pending.dice == 3


# ------------------------------------------------------------------------------- [12.x] rifles


def test_12_0_12_2_taking_a_rifle_in_177():
    """[12.0], [12.2] an eligible character who begins the turn in 177 spends his whole allowance to
    take a rifle; 177 must be free of zombies; then two dice per shot."""
    g = human_game({"Steve": "177"})
    g.apply(Activate(("Steve",)))
    ev = g.apply(TakeRifle("Steve"))
    assert g.state.character("Steve").rifle and g.state.rifles_left == 1 and g.state.activation.left == 0
    assert g.state.record.acted == ("177",) and "[12.2]" in texts(ev)
    g2 = human_game({"Steve": "173"})
    g2.apply(Activate(("Steve",)))
    g2.apply(Move("177"))
    refused(g2, TakeRifle("Steve"), "12.2")  # did not begin the turn in 177
    g3 = human_game({"Fran": "177"}, zombies=[{"square": "177", "value": 1}])
    g3.apply(Activate(("Fran",)))
    refused(g3, TakeRifle("Fran"), "12.2")


def test_12_1_only_steve_and_fran_one_rifle_each():
    """[12.1] Peter and Roger may never take a rifle; no one takes two."""
    g = human_game({"Peter": "177", "Fran": {"square": "177", "rifle": True}})
    g.apply(Activate(("Peter", "Fran")))
    refused(g, TakeRifle("Peter"), "12.1")
    refused(g, TakeRifle("Fran"), "12.1")


def test_12_3_the_rifle_goes_when_its_owner_is_killed_or_turns():
    """[12.3] a killed character's or a new super zombie's rifle is removed from play."""
    with pytest.raises(RuleViolation, match=r"^\[12.3\]"):
        build({"Fran": {"square": None, "status": "killed", "rifle": True}})


def test_5_8_the_engine_charges_what_the_cost_chart_says():
    """[5.8], [5.9] every Movement Point the engine charges comes from the chart's data (tables.json):
    entering, leaving a zombie square, doors, carrying for each carrier."""
    t = Game(seed=1).ctx.tables
    g = human_game({"Roger": "115", "Peter": "115"})
    g.apply(Activate(("Roger",), "Roger", "Peter"))
    g.apply(Move("114"))
    assert g.state.activation.spent == t.enter_cost() + t.carry_cost("Roger")
    g2 = human_game({"Steve": "115"})
    g2.apply(Activate(("Steve",)))
    g2.apply(Door("G24", close=True))
    assert g2.state.activation.spent == t.door_cost()
