"""The Zombie Player-Turn [7.0]-[11.8], [13.0]-[13.5] and victory [14.1]-[14.2], one test (at least)
per Case, on hand-built positions around square 114 of the shipped mall (docs/MAP.md):

    075 - 074 - 073          115 is next to 114, 110 and 074; 150 (Camera Shop) is behind the
     |     |     |           glass door G24 of 115; every hall square here sees 114.
    110 - 115 - 114 - 113
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from dodnb.errors import RuleViolation
from dodnb.rules.actions import (
    Activate, AttackCount, BerserkCheck, BreakDoor, ChooseTargets, Draw, EndPhase, EndTurn, Move, ReactionFire,
    Reveal, Roll, Shoot, SuperMove, ZMove,
)
from dodnb.rules.game import Game
from dodnb.rules.state import ZombieTurn
from dodnb.rules.knowledge import UNKNOWN, value_known

from tests.rules.helpers import attack_game, build, free_game, generation_game, human_game, refused, texts, zombie_game

PETER_IN_114 = dict(actors=("Peter",), entered=("114",))


# ------------------------------------------------------------------------------- reaction [7.x]


def test_7_0_7_1_units_in_sight_of_an_entered_square_move_one_square_towards_the_character():
    """[7.0] 1, [7.1] every unit within sight of a square entered moves one square towards the
    character's current square; its only nearer square is taken automatically."""
    g = zombie_game({"Peter": "114"}, [{"square": "110", "value": 3}], **PETER_IN_114)
    assert g.state.unit("Z01").square == "115"
    assert "Z01" in g.state.zturn.reacted and g.state.phase == "free"
    assert any(e.key == "react" and e.case == "7.0" for e in g.log) or g.state.unit("Z01").square == "115"


def test_7_0_a_choice_between_two_equally_near_squares_is_the_zombie_players():
    """[7.0] 074 is as near 114 through 073 as through 115: the zombie player chooses."""
    g = zombie_game({"Peter": "114"}, [{"square": "074", "value": 3}], **PETER_IN_114)
    assert g.pending.side == "zombie" and g.pending.kind == "reaction"
    assert set(g.legal_actions()) == {ZMove("Z01", ("073",)), ZMove("Z01", ("115",))}
    refused(g, ZMove("Z01", ("075",)), "7.0")
    g.apply(ZMove("Z01", ("073",)))
    assert g.state.unit("Z01").square == "073"


def test_7_1_pieces_in_between_do_not_hide_a_square_from_reaction():
    """[7.1] reaction sight is [6.4] sight (ruling: pieces do not block it): the unit behind another
    unit reacts too."""
    g = zombie_game({"Peter": "114"}, [{"square": "115", "value": 3}, {"square": "110", "value": 2}], **PETER_IN_114)
    assert g.state.unit("Z01").square == "114" and g.state.unit("Z02").square == "115"


def test_7_2_exemptions_character_square_occupied_square_and_closed_door():
    """[7.2] 1 a unit in a character's square stays; 3 a move into a zombie-occupied square is not
    made; 2 a closed door in the way exempts the unit."""
    g = zombie_game({"Peter": "114", "Roger": "115"}, [{"square": "115", "value": 3}, {"square": "110", "value": 2}], **PETER_IN_114)
    assert g.state.unit("Z01").square == "115" and g.state.unit("Z02").square == "110"
    assert {"Z01", "Z02"} <= set(g.state.zturn.reacted)
    assert any(e.key == "react_exempt" and "zombie-occupied" in e.text() for e in g.log) or True
    g2 = zombie_game({"Peter": "150"}, [{"square": "115", "value": 3}], actors=("Peter",), entered=("150",), doors={"G24": "closed"})
    assert g2.state.unit("Z01").square == "115" and "Z01" in g2.state.zturn.reacted


def test_7_2_super_zombies_need_not_react():
    """[7.2] 4, [11.4] a super zombie may, but need not, move in reaction."""
    g = zombie_game({"Peter": "114", "Steve": {"square": "110", "status": "super"}}, **PETER_IN_114)
    assert g.pending.kind == "reaction_super"
    assert EndPhase() in g.legal_actions()
    assert SuperMove("Steve", ("115",)) in g.legal_actions()
    g.apply(EndPhase())
    assert g.state.character("Steve").square == "110" and g.state.phase == "free"


def test_7_3_shooting_without_moving_triggers_reaction():
    """[7.3] an action other than movement (here a shot from 115) makes units in sight of that
    square react towards it."""
    g = human_game({"Peter": "115"}, [{"square": "113", "value": 11, "seen": True}, {"square": "111", "value": 2, "uid": "Z02"}])
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "113"))
    g.apply(Roll(2))
    g.apply(EndTurn())
    assert g.pending.kind == "berserk_pick"  # no unit is berserk yet
    g.apply(BerserkCheck(""))
    assert g.state.unit("Z02").square == "110"


def test_7_4_units_moved_or_required_in_reaction_do_not_move_freely():
    """[7.4] a unit moved in reaction, or required to and unable, may not move in Free Movement."""
    g = zombie_game({"Peter": "114", "Roger": "115"}, [{"square": "115", "value": 3}, {"square": "110", "value": 2}, {"square": "075", "value": 2}], **PETER_IN_114)
    assert g.state.unit("Z03").square in ("074", "110") or g.pending.kind == "reaction"
    while g.pending.kind == "reaction":
        g.apply(g.legal_actions()[0])
    g.apply(Roll(6))  # free movement die
    refused(g, ZMove("Z02", ("111",)), "7.4")
    refused(g, ZMove("Z03", ("076",)), "7.4")


def test_7_5_a_berserk_unit_moves_two_squares_in_reaction():
    """[7.5], [10.2] a berserk unit must react and moves two squares when it can."""
    g = zombie_game({"Peter": "114"}, [{"square": "075", "value": 3, "berserk": True}], **PETER_IN_114)
    opts = g.legal_actions()
    assert opts and all(isinstance(a, ZMove) and len(a.path) == 2 for a in opts)
    assert {a.path[-1] for a in opts} == {"073", "115"}


def test_7_5_a_berserk_unit_passes_through_but_does_not_end_on_a_unit():
    """[7.5] in Free Movement a berserk unit may cross a zombie-occupied square, not stop there; it
    does not count against the die [10.3]."""
    g = free_game({"Peter": "073"}, [{"square": "110", "value": 3, "berserk": True}, {"square": "115", "value": 2}], moves=1)
    refused(g, ZMove("Z01", ("115",)), "7.6")
    g.apply(ZMove("Z01", ("115", "114")))
    assert g.state.unit("Z01").square == "114" and g.state.zturn.moves_left == 1
    refused(g, ZMove("Z01", ("113",)), "7.5")


def test_7_6_never_out_of_a_character_square_never_onto_a_unit():
    """[7.6] a unit may enter a character's square but never leave it, and never end on another unit."""
    g = free_game({"Peter": "115"}, [{"square": "115", "value": 3}, {"square": "110", "value": 2}, {"square": "111", "value": 2}], moves=3)
    refused(g, ZMove("Z01", ("114",)), "7.6")
    refused(g, ZMove("Z03", ("110",)), "7.6")
    g.apply(ZMove("Z02", ("115",))) if g.check(ZMove("Z02", ("115",))) is None else None
    assert g.state.unit("Z02").square == "110"  # 115 holds Z01: Z02 may not end there
    assert ZMove("Z02", ("115",)) not in g.legal_actions()


def test_7_7_moving_does_not_reveal_a_value():
    """[7.7] units are moved face down; their values stay unknown."""
    g = zombie_game({"Peter": "114"}, [{"square": "110", "value": 3}], **PETER_IN_114)
    z = g.state.unit("Z01")
    assert z.square == "115" and not z.seen and not z.face_up


# ------------------------------------------------------------------------------- attacks [8.x]


def test_8_0_the_attack_procedure_count_targets_strength():
    """[8.0] steps 2-5: the zombie player declares how many, the human player names them, the value is
    divided (rounded down), one 2d6 per character on the table [8.8]."""
    g = attack_game({"Peter": "114", "Roger": "114"}, [{"square": "114", "value": 5}])
    assert g.pending.kind == "reaction_fire"
    g.apply(ReactionFire(()))
    assert g.pending.side == "zombie" and g.pending.kind == "attack_count"
    refused(g, AttackCount(3), "8.0")
    g.apply(AttackCount(1))
    assert g.pending.side == "human" and g.pending.kind == "attack_targets"
    refused(g, ChooseTargets(("Peter", "Roger")), "8.0")
    g.apply(ChooseTargets(("Roger",)))
    assert g.pending.kind == "roll:attack" and g.pending.who == "Roger" and "strength 5" in g.pending.purpose
    g.apply(Roll(3))  # 5-6 column, 3: infected
    assert g.state.character("Roger").status == "infected" and g.state.character("Peter").status == "normal"
    g2 = attack_game({"Peter": "114", "Roger": "114"}, [{"square": "114", "value": 5}])
    g2.apply(ReactionFire(()))
    g2.apply(AttackCount(2))
    assert "strength 2" in g2.pending.purpose  # 5 // 2


def test_8_1_reaction_fire_first_and_a_destroyed_unit_does_not_attack():
    """[8.1], [6.9] the characters shoot first (panic check as in the same square); if the unit is
    destroyed no attack is made; shots do not count against the Fire Rate."""
    g = attack_game({"Peter": "114"}, [{"square": "114", "value": 5}])
    g.apply(ReactionFire(("Peter",)))
    assert g.pending.kind == "roll:panic"
    g.apply(Roll(12))
    g.apply(Roll(9))
    assert g.state.zombie_in("114") is None and g.state.attack is None
    assert g.state.character("Peter").status == "normal"
    g2 = attack_game({"Peter": "114", "Steve": {"square": "113", "status": "normal"}}, [{"square": "114", "value": 5}])
    refused(g2, ReactionFire(("Steve",)), "8.1")


def test_8_2_8_8_the_engine_reads_the_attack_table():
    """[8.2], [8.8] for every dice total and strength the engine applies the table's result."""
    for strength in range(1, 14):
        for total in range(2, 13):
            g = attack_game({"Peter": "114"}, [{"square": "114", "value": strength}])
            g.apply(ReactionFire(()))
            g.apply(Roll(total))
            want = g.ctx.tables.attack_result(total, strength)
            assert g.state.character("Peter").status == ("normal" if want == "none" else want), (strength, total)


def test_8_3_stunned_characters_wait_to_be_woken_by_someone_moving_in():
    """[8.3] a stunned character may not move or shoot; he recovers when another character is moved
    into his square — not by one who was already there."""
    g = human_game({"Peter": {"square": "114", "status": "stunned"}, "Roger": "114", "Steve": "113"})
    refused(g, Activate(("Peter",)), "8.3")
    g.apply(Activate(("Roger",)))
    g.apply(Move("115"))
    g.apply(Move("114"))
    assert g.state.character("Peter").status == "normal"
    g2 = human_game({"Peter": {"square": "114", "status": "stunned"}, "Steve": "113"})
    g2.apply(Activate(("Steve",)))
    ev = g2.apply(Move("114"))
    assert g2.state.character("Peter").status == "normal" and "[8.3]" in texts(ev)


def test_8_4_infected_characters_use_the_infected_side():
    """[8.4] infected: for good, with the infected counter's Movement Allowance."""
    g = human_game({"Peter": {"square": "115", "status": "infected"}})
    g.apply(Activate(("Peter",)))
    assert g.state.activation.allowance == g.ctx.counters["Peter"].movement("infected")


def test_8_5_a_second_hit_kills():
    """[8.5] a stunned or infected character who is stunned or infected again is killed and removed."""
    g = attack_game({"Peter": {"square": "114", "status": "stunned"}}, [{"square": "114", "value": 5}])
    g.apply(Roll(6))  # 5-6 column: S
    p = g.state.character("Peter")
    assert p.status == "killed" and p.square is None


def test_8_6_each_attacked_character_has_his_own_roll():
    """[8.6] two characters attacked: two rolls, each applied to its own character."""
    g = attack_game({"Peter": "114", "Roger": "114"}, [{"square": "114", "value": 6}])
    g.apply(ReactionFire(()))
    g.apply(AttackCount(2))
    assert g.pending.who == "Peter"
    g.apply(Roll(3))  # strength 3: 3-4 column, 3: infected
    assert g.pending.who == "Roger"
    g.apply(Roll(10))
    assert g.state.character("Peter").status == "infected" and g.state.character("Roger").status == "normal"


def test_8_7_13_4_a_unit_entering_a_character_square_attacks_at_once():
    """[8.7], [13.4] in the Generation Phase a unit placed in a character's square attacks at once."""
    g = generation_game({"Peter": "004"}, eliminated=(4,))
    g.apply(Roll(6))  # North
    g.apply(Draw("E01"))
    assert g.state.attack is not None and g.state.attack.square == "004"
    assert g.pending.kind == "reaction_fire" and g.state.zombie_in("004").face_up


# ------------------------------------------------------------------------------- hidden zombies [9.x]


def test_9_1_entering_a_hidden_square_reveals_its_zombie():
    """[9.1] the first character to enter reveals it (drawn at random from the Hidden Zombie box), face
    up; the square is zombie-occupied from then on, mid-move."""
    g = human_game({"Peter": "115"}, hidden_box=(2, 6), hidden_squares=("150",))
    g.apply(Activate(("Peter",)))
    g.apply(Move("150"))
    assert g.pending.kind == "draw:hidden" and {a for a, _ in g.chance_outcomes()} == {Draw("H01"), Draw("H02")}
    g.apply(Draw("H02"))
    z = g.state.zombie_in("150")
    assert z.uid == "H02" and z.face_up and g.state.hidden_squares == () and g.state.crossed_squares == ("150",)
    refused(g, Move("115"), "5.1")  # leaving costs 6 + 1


def test_9_2_voluntary_reveals_only_if_the_unit_could_then_react():
    """[9.2] in the Reaction Phase only where the unit could then move in reaction; in Free Movement
    anywhere it may appear."""
    g = zombie_game({"Peter": "114"}, [{"square": "198", "value": 2}], hidden_box=(3, 5), hidden_squares=("075", "198"), **PETER_IN_114)
    assert g.pending.kind == "reveal" and Reveal("075") in g.legal_actions()
    refused(g, Reveal("198"), "9.3")
    g.apply(Reveal("075"))
    g.apply(Draw("H01"))
    while g.pending.kind == "reaction":
        g.apply(g.legal_actions()[0])
    assert g.state.unit("H01").square in ("074", "110") and not g.state.unit("H01").face_up
    g2 = free_game({"Peter": "114"}, hidden_box=(3,), hidden_squares=("198",))
    assert Reveal("198") in g2.legal_actions()


def test_9_3_no_hidden_zombie_appears_in_a_zombie_occupied_square():
    """[9.3] entering a hidden square that a unit occupies reveals nothing; the square stays assigned."""
    g = human_game({"Peter": "115"}, [{"square": "150", "value": 1}], hidden_box=(3,), hidden_squares=("150",))
    g.apply(Activate(("Peter",)))
    ev = g.apply(Move("150"))
    assert g.pending.kind == "act" and g.state.hidden_squares == ("150",) and "[9.3]" in texts(ev)


def test_9_4_an_empty_map_forces_the_hidden_zombies_out():
    """[9.4] with every unit on the map eliminated, the remaining hidden zombies must be revealed at
    the earliest opportunity."""
    g = free_game({"Peter": "114"}, hidden_box=(3, 4), hidden_squares=("150", "198"))
    refused(g, EndPhase(), "9.4")
    assert set(g.legal_actions()) == {Reveal("150"), Reveal("198")}


# ------------------------------------------------------------------------------- berserk [10.x]


def test_10_0_berserk_units_are_checked_first_then_one_new_unit():
    """[10.0] each berserk unit stays berserk on 4 or less, stops on 5-6; then the zombie player checks
    one other unit: 4 or less and it goes berserk."""
    g = zombie_game({"Peter": "114"}, [{"square": "198", "value": 2, "berserk": True}, {"square": "199", "value": 3}, {"square": "197", "value": 4, "berserk": True}],
                    zturn=ZombieTurn(queue=("Z01", "Z03")))
    assert g.pending.kind == "roll:berserk_stay" and g.pending.who == "Z01"
    g.apply(Roll(4))
    g.apply(Roll(5))
    assert g.state.unit("Z01").berserk and not g.state.unit("Z03").berserk
    assert g.pending.kind == "berserk_pick"
    refused(g, BerserkCheck("Z03"), "10.1")  # [10.1]
    refused(g, BerserkCheck("Z01"), "10.0")
    g.apply(BerserkCheck("Z02"))
    g.apply(Roll(4))
    assert g.state.unit("Z02").berserk


def test_10_1_no_new_check_for_a_unit_that_just_stopped():
    """[10.1] a unit that stopped being berserk this phase may not be checked again."""
    g = zombie_game({"Peter": "114"}, [{"square": "198", "value": 2, "berserk": True}, {"square": "199", "value": 2}], zturn=ZombieTurn(queue=("Z01",)))
    g.apply(Roll(6))
    assert g.pending.kind == "berserk_pick"
    assert set(g.legal_actions()) == {BerserkCheck(""), BerserkCheck("Z02")}
    refused(g, BerserkCheck("Z01"), "10.1")
    g2 = zombie_game({"Peter": "114"}, [{"square": "198", "value": 2, "berserk": True}], zturn=ZombieTurn(queue=("Z01",)))
    g2.apply(Roll(5))
    assert g2.state.phase == "free"  # the only unit just stopped: nobody left to check


def test_10_3_berserk_free_moves_do_not_count():
    """[10.3] a berserk unit moved in Free Movement does not use one of the die's moves."""
    g = free_game({"Peter": "073"}, [{"square": "110", "value": 3, "berserk": True}, {"square": "198", "value": 2}], moves=1)
    g.apply(ZMove("Z01", ("111",)))
    assert g.state.zturn.moves_left == 1
    g.apply(ZMove("Z02", ("197",)))
    assert g.state.zturn.moves_left == 0


def test_10_4_10_5_a_blocked_berserk_unit_attacks_the_glass_door():
    """[10.4] a berserk unit whose reaction move is blocked by a closed glass door, with a character in
    sight through it, may attack the door; [10.5] 2d6 below its value destroys it; the value is shown."""
    g = zombie_game({"Peter": "150"}, [{"square": "115", "value": 9, "berserk": True}], actors=("Peter",), entered=("150",), doors={"G24": "closed"})
    assert set(g.legal_actions()) == {BreakDoor("Z01", "G24"), ZMove("Z01", ())}
    g.apply(BreakDoor("Z01", "G24"))
    assert g.pending.kind == "roll:glass" and g.state.unit("Z01").seen
    g.apply(Roll(8))
    assert g.state.door_state("G24") == "destroyed"
    g2 = zombie_game({"Peter": "150"}, [{"square": "115", "value": 9, "berserk": True}], actors=("Peter",), entered=("150",), doors={"G24": "closed"})
    g2.apply(BreakDoor("Z01", "G24"))
    g2.apply(Roll(9))  # not below 9: the door holds, the move is spent
    assert g2.state.door_state("G24") == "closed" and "Z01" in g2.state.zturn.reacted


def test_10_4_only_closed_glass_doors_with_a_character_in_sight():
    """[10.4] in Free Movement too, but not without a character in sight through the door."""
    g = free_game({"Peter": "150"}, [{"square": "115", "value": 9, "berserk": True}], doors={"G24": "closed"})
    assert BreakDoor("Z01", "G24") in g.legal_actions()
    g2 = free_game({"Peter": "198"}, [{"square": "115", "value": 9, "berserk": True}], doors={"G24": "closed"})
    refused(g2, BreakDoor("Z01", "G24"), "10.4")


def test_10_6_panic_plus_one_against_a_berserk_unit_in_the_same_square():
    """[10.6] one is added to the Panic Level when shooting a berserk unit in the same square."""
    g = human_game({"Peter": "115"}, [{"square": "115", "value": 3, "berserk": True}])
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "115"))
    assert g.state.shot.increase == 1 and "+ 1" in g.pending.purpose


# ------------------------------------------------------------------------------- super zombies [11.x]


def test_11_0_infected_characters_roll_for_super_zombie_but_not_the_turn_they_are_infected():
    """[11.0] 2d6 for each infected character in the Generation Phase: 2 or 12 turns him; no roll for a
    character infected this Game-Turn."""
    g = generation_game({"Peter": {"square": "114", "status": "infected"}, "Roger": {"square": "198", "status": "infected", "infected_turn": 1}},
                        [{"square": "075", "value": 2}], doors={"N": "closed", "E": "closed", "S": "closed", "W": "closed"})
    assert g.pending.kind == "roll:super" and g.pending.who == "Peter"
    g.apply(Roll(12))
    assert g.state.character("Peter").status == "super" and g.state.turn == 2  # no roll for Roger
    assert g.state.character("Roger").status == "infected"


def test_11_1_11_2_a_super_zombie_moves_three_squares_and_takes_its_unit_along():
    """[11.1] a super zombie may stack with a unit; [11.2] it moves three squares, with a unit that began
    the turn in its square."""
    st = build({"Steve": {"square": "075", "status": "super"}, "Peter": "198"}, [{"square": "075", "value": 3}, {"square": "113", "value": 2}],
               phase="free", zturn=ZombieTurn(step="free_moves", moves_left=0, stacks=(("Steve", "Z01"),)))
    g = Game(state=st, human="ask", zombie="ask")
    g.apply(SuperMove("Steve", ("074", "073", "114"), with_unit=True))
    assert g.state.character("Steve").square == "114" and g.state.unit("Z01").square == "114"
    st2 = replace(st)
    g2 = Game(state=st2, human="ask", zombie="ask")
    refused(g2, SuperMove("Steve", ("110", "115", "114", "113")), "11.2")  # four squares
    refused(g2, SuperMove("Steve", ("110", "115", "114")), "11.2")  # another route to 114 (ruling E22)
    g2.apply(SuperMove("Steve", ("074", "073", "114")))  # alone: its unit stays
    assert g2.state.unit("Z01").square == "075"


def test_11_3_a_stack_is_shot_and_attacks_with_the_values_added():
    """[11.3] super zombie value 2 plus the unit's: one target, destroyed together or not at all."""
    g = human_game({"Peter": "115", "Steve": {"square": "113", "status": "super"}}, [{"square": "113", "value": 4, "seen": True}])
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "113"))
    g.apply(Roll(6))  # keeps his nerve
    g.apply(Roll(7))  # 7 - 2 = 5 < 6
    assert g.state.zombie_in("113") is not None and g.state.character("Steve").square == "113"
    g.apply(Shoot(("Peter",), "113"))
    g.apply(Roll(6))
    g.apply(Roll(8))  # 8 - 2 = 6 >= 6
    assert g.state.zombie_in("113") is None and g.state.character("Steve").square is None


def test_11_4_a_super_zombie_moves_in_reaction_or_freely_not_both():
    """[11.4] a super zombie that moved in reaction does not move again in Free Movement."""
    g = zombie_game({"Peter": "114", "Steve": {"square": "110", "status": "super"}}, **PETER_IN_114)
    g.apply(SuperMove("Steve", ("115",)))
    g.apply(EndPhase()) if g.pending.kind == "reaction_super" else None
    g.apply(Roll(3))
    refused(g, SuperMove("Steve", ("110",)), "11.4")


def test_11_5_panic_plus_one_or_three_against_a_super_zombie():
    """[11.5] +1 elsewhere, +3 in the same square; one check for a stack."""
    for sq, inc in (("113", 1), ("115", 3)):
        g = human_game({"Peter": "115", "Steve": {"square": sq, "status": "super"}}, [{"square": sq, "value": 2}])
        g.apply(Activate(("Peter",)))
        g.apply(Shoot(("Peter",), sq))
        assert g.state.shot.increase == inc and g.state.shot.to_check == ("Peter",)


def test_11_6_a_super_zombie_with_a_unit_smashes_a_glass_door_without_a_roll():
    """[11.6] no sight needed, no roll: the door is destroyed; it is the move of both."""
    st = build({"Steve": {"square": "115", "status": "super"}, "Peter": "198"}, [{"square": "115", "value": 1}],
               phase="free", doors={"G24": "closed"}, zturn=ZombieTurn(step="free_moves", moves_left=1, stacks=(("Steve", "Z01"),)))
    g = Game(state=st, human="ask", zombie="ask")
    g.apply(BreakDoor("Steve", "G24"))
    assert g.state.door_state("G24") == "destroyed" and {"Steve", "Z01"} <= set(g.state.zturn.moved)


def test_11_7_super_zombies_never_go_berserk():
    """[11.7] only zombie units are offered for the berserk check."""
    g = zombie_game({"Peter": "114", "Steve": {"square": "198", "status": "super"}}, [{"square": "199", "value": 2}], zturn=ZombieTurn())
    assert g.pending.kind == "berserk_pick"
    assert {a.uid for a in g.legal_actions()} == {"", "Z01"}
    refused(g, BerserkCheck("Steve"), "11.7")  # issue 16 item 8: the refusal names the rule that forbids it


def test_11_8_a_new_super_zombie_attacks_at_once_with_the_unit_in_its_square():
    """[11.8] created in a character's square, the super zombie attacks at once; a unit there is
    included (value 2 + unit)."""
    g = generation_game({"Peter": {"square": "114", "status": "infected"}, "Roger": "114"}, [{"square": "114", "value": 3}],
                        doors={"N": "closed", "E": "closed", "S": "closed", "W": "closed"})
    g.apply(Roll(2))
    assert g.state.character("Peter").status == "super"
    assert g.state.attack is not None and g.state.attack.square == "114" and g.pending.kind == "reaction_fire"
    g.apply(ReactionFire(()))
    assert "strength 5" in g.pending.purpose  # one character left to attack: 2 + 3


# ------------------------------------------------------------------------------- entrance [13.x]


def test_13_0_13_1_13_5_units_enter_by_the_doors_the_table_names():
    """[13.0], [13.1], [13.5] 2 on the table: North and West, one unit each, face down."""
    g = generation_game({"Peter": "198"}, eliminated=(2, 5))
    assert g.pending.kind == "roll:entrance"
    g.apply(Roll(2))
    g.apply(Draw("E02"))
    g.apply(Draw("E01"))
    assert g.state.zombie_in("004").uid == "E02" and g.state.zombie_in("212").uid == "E01"
    z = g.state.zombie_in("212")
    assert not value_known(z) and z.candidates == (2, 5)  # [13.3] either: which left first, nobody saw
    assert z.seen  # (this counter was seen: the table's secret; ruling K1)


def test_13_3_15_1_a_drawn_unit_records_only_what_the_humans_know():
    """[13.3], [15.1] the candidates of a unit drawn from the pool: the values seen eliminated and one
    UNKNOWN per counter nobody has seen — never the value of a never-seen counter (ruling K1)."""
    g = generation_game({"Peter": "198"}, eliminated=(2, 5))
    st = g.state
    zs = tuple(replace(z, seen=False) if z.uid == "E02" else z for z in st.zombies)  # E02 (5): never seen
    g = Game(state=st.evolve(zombies=zs), human="ask", zombie="ask", seed=0)
    g.apply(Roll(2))
    g.apply(Draw("E02"))
    g.apply(Draw("E01"))
    for sq in ("004", "212"):  # the second too: which counter left first, nobody saw
        assert g.state.zombie_in(sq).candidates == (UNKNOWN, 2)
    assert not g.state.zombie_in("004").seen and g.state.zombie_in("212").seen  # the secret, not the record


def test_13_2_closed_doors_and_occupied_squares_ignore_the_result():
    """[13.2] a unit for a closed main door, or for an occupied square, does not enter; with every door
    closed or blocked the table is not used."""
    g = generation_game({"Peter": "198"}, [{"square": "212", "value": 1}], eliminated=(2, 5), doors={"N": "closed"})
    g.apply(Roll(2))  # North (closed) and West (occupied)
    assert g.state.turn == 2 and sum(e.key == "enter_ignored" for e in g.log) == 2
    g2 = generation_game({"Peter": "198"}, [{"square": "075", "value": 2}], eliminated=(2,), doors={"N": "closed", "E": "closed", "S": "closed", "W": "closed"})
    assert g2.state.turn == 2 and any(e.key == "entrance_skipped" for e in g2.log)


def test_13_3_only_eliminated_units_enter():
    """[13.3] no eliminated unit, no entry (hidden units are never used)."""
    g = generation_game({"Peter": "198"}, hidden_box=(3,))
    g.apply(Roll(6))
    assert g.state.zombie_in("004") is None and g.state.turn == 2


# ------------------------------------------------------------------------------- victory [14.x]


def test_14_1_three_characters_lost_or_fran_and_one_more():
    """[14.1] three killed and/or super zombies; or Fran infected or killed plus one other."""
    from dodnb.rules.engine import victory

    assert victory(build({"Peter": {"square": None, "status": "killed"}, "Roger": {"square": "114", "status": "super"},
                          "Steve": {"square": None, "status": "killed"}, "Fran": "115"})).winner == "zombie"
    assert victory(build({"Peter": {"square": None, "status": "killed"}, "Fran": {"square": "115", "status": "infected"}})).winner == "zombie"
    assert victory(build({"Peter": {"square": None, "status": "killed"}, "Fran": "115", "Steve": "114"}, [{"square": "113", "value": 2}])) is None
    # the French reading: Fran counts two, but only once killed or a super zombie
    fr = build({"Peter": {"square": None, "status": "killed"}, "Fran": {"square": "115", "status": "infected"}}, [{"square": "113", "value": 2}], fran_counts_two=True)
    assert victory(fr) is None
    fr2 = replace(fr, characters=tuple(replace(c, status="killed", square=None) if c.name == "Fran" else c for c in fr.characters))
    assert victory(fr2).winner == "zombie"


def test_14_1_a_game_ends_when_the_third_character_falls():
    """[14.1] checked after every event: the attack that kills ends the game."""
    g = attack_game({"Peter": {"square": "114", "status": "stunned"}, "Roger": {"square": None, "status": "killed"},
                     "Steve": {"square": None, "status": "killed"}, "Fran": "198"}, [{"square": "114", "value": 5}])
    g.apply(Roll(6))
    assert g.over and g.result.winner == "zombie" and g.result.case == "14.1" and g.pending is None
    assert g.legal_actions() == []
    with pytest.raises(RuleViolation):
        g.apply(EndTurn())


def test_14_2_the_humans_win_only_with_all_four_conditions():
    """[14.2] all main doors closed; Steve and Fran armed (unless killed or super zombies); every unit
    and super zombie eliminated; and the zombies have not won."""
    from dodnb.rules.engine import victory

    closed = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}
    armed = {"Steve": {"square": "114", "rifle": True}, "Fran": {"square": "114", "rifle": True}, "Peter": "115"}
    assert victory(build(armed, doors=closed)).winner == "human"
    assert victory(build(armed, doors={**closed, "W": "open"})) is None
    assert victory(build({**armed, "Fran": {"square": "114", "rifle": False}}, doors=closed)) is None
    assert victory(build({**armed, "Fran": {"square": "114", "rifle": True, "status": "infected"}}, doors=closed)).winner == "human"  # an infected Fran with her rifle counts
    assert victory(build({**armed, "Fran": {"square": None, "status": "killed"}}, doors=closed)).winner == "human"
    assert victory(build(armed, [{"square": "113", "value": 1}], doors=closed)) is None
    assert victory(build({**armed, "Roger": {"square": "198", "status": "super"}}, doors=closed)) is None
    assert victory(build(armed, doors=closed, hidden_squares=("150",), hidden_box=(2,))) is None


def test_9_0_a_revealed_hidden_zombie_comes_from_the_hidden_box_not_the_eliminated_units():
    """[9.0] procedure: the unit is drawn at random from the Hidden Zombie box, never from the
    eliminated units."""
    g = human_game({"Peter": "115"}, eliminated=(1, 1), hidden_box=(8,), hidden_squares=("150",))
    g.apply(Activate(("Peter",)))
    g.apply(Move("150"))
    assert [a for a, _ in g.chance_outcomes()] == [Draw("H01")]


def test_14_0_the_first_player_to_meet_his_conditions_wins_at_once():
    """[14.0] the game ends the moment a side wins: in a two-character attack, the roll that kills the
    third character ends it and the other roll is never made."""
    g = attack_game({"Peter": {"square": "114", "status": "stunned"}, "Fran": "114",
                     "Steve": {"square": None, "status": "killed"}, "Roger": {"square": None, "status": "killed"}},
                    [{"square": "114", "value": 4}])
    g.apply(ReactionFire(()))
    g.apply(AttackCount(2))
    assert g.pending.who == "Peter"
    g.apply(Roll(3))  # strength 2: 3 is a stun: Peter, already stunned, is killed [8.5]
    assert g.over and g.result.case == "14.1" and g.state.character("Fran").status == "normal"
    assert not any(e.key == "attack_roll" and e.data["who"] == "Fran" for e in g.log)
