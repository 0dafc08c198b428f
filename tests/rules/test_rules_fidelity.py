"""Issue 16 — rules fidelity, second pass: each engine bug and each rewritten ruling, on the
reproduction the issue gives and on a position of our own, named for its Case."""

from __future__ import annotations

from dataclasses import replace

import pytest

import dodnb.prob as P
from dodnb.prob.enumerate import outcomes
from dodnb.rules import engine
from dodnb.rules.actions import (
    Activate, AttackCount, BerserkCheck, BreakDoor, EndPhase, EndTurn, Move, ReactionFire, Reveal, Roll, SuperMove, ZMove,
)
from dodnb.rules.game import Game
from dodnb.rules.state import TurnRecord, ZombieTurn

from .helpers import attack_game, build, free_game, human_game, refused, zombie_game
from .test_engine_vs_prob import _as_played


# ----------------------------------------------------------------------------- 1. [7.5] berserk reaction


def test_7_5_berserk_unit_in_reaction_moves_two_squares_when_it_can():
    """[7.5] a berserk unit "must move two squares (if possible)": the issue's reproduction (Peter 109
    -> 113, Roger in 115, a berserk unit in 074) offers no one-square move into Roger's square 115."""
    g = human_game({"Peter": "109", "Roger": "115"}, [{"square": "074", "value": 3, "berserk": True}])
    for a in (Activate(("Peter",)), Move("113"), EndTurn(), Roll(1)):
        g.apply(a)
    assert g.pending.kind == "reaction"
    legal = g.legal_actions()
    assert ZMove("Z01", ("115",)) not in legal
    assert legal and all(isinstance(a, ZMove) and len(a.path) == 2 for a in legal)


def test_7_5_berserk_unit_moves_one_square_only_when_no_two_square_move_exists():
    """[7.5], [7.6] own position: the only nearer square is a character's square, where the move ends."""
    # Peter in 001, Roger in 002; the unit in 003 sees 001 and its only nearer square is Roger's 002
    g = zombie_game({"Peter": "001", "Roger": "002"}, [{"square": "003", "value": 3, "berserk": True}],
                    actors=("Peter",), entered=("001",), zturn=ZombieTurn(step="berserk_check"))
    assert g.state.unit("Z01").square == "002"  # moved one square, automatically: no two-square move existed


# ----------------------------------------------------------------------------- 2. [9.4] every hidden zombie


def _empty_map_free_phase():
    st = build({"Peter": "099"}, [], hidden_box=(3, 4))
    st = replace(st, hidden_squares=("037", "059"), phase="free", zturn=ZombieTurn(step="free_moves", moves_left=1),
                 record=TurnRecord(("Peter",)))
    return Game(state=st, human="ask", zombie="ask")


def test_9_4_every_remaining_hidden_zombie_is_revealed_once_the_map_is_empty():
    """[9.4] "reveal all his remaining hidden zombies at the earliest possible opportunity": after the
    first reveal the phase may still not end while 059 is hidden (the issue's reproduction)."""
    g = _empty_map_free_phase()
    refused(g, EndPhase(), "9.4")
    g.apply(Reveal("037"))
    g.apply(g.chance_outcomes()[0][0])
    assert g.state.hidden_squares == ("059",)
    assert g.legal_actions() == [Reveal("059")]
    refused(g, EndPhase(), "9.4")
    g.apply(Reveal("059"))
    g.apply(g.chance_outcomes()[0][0])
    assert not g.state.hidden_squares and g.check(EndPhase()) is None


def test_9_4_the_random_policy_never_meets_an_end_it_may_not_take():
    """[9.4] legal_actions offers exactly what check accepts at a forced reveal (EndPhase is not listed)."""
    g = _empty_map_free_phase()
    for a in g.legal_actions():
        assert g.check(a) is None


# ----------------------------------------------------------------------------- 3. E16 [8.1], [6.9] separate reaction fire


def _fire_alone_in_order(order):
    """Human policy: the characters fire at the attacker one at a time, in `order`; the zombie attacks all."""
    def human(s, legal, rng):
        if s.pending.kind == "reaction_fire":
            left = [n for n in order if ReactionFire((n,)) in legal]
            return ReactionFire((left[0],)) if left else ReactionFire(())
        return legal[0]

    def zombie(s, legal, rng):
        if s.pending.kind == "attack_count":
            return AttackCount(len(s.characters_in(s.attack.square)))
        return legal[0]

    return {"human": human, "zombie": zombie}


SEPARATE = [
    ({"Peter": "114", "Roger": "114"}, 7),
    ({"Peter": "114", "Steve": "114"}, 5),
    ({"Steve": "114", "Fran": {"square": "114", "rifle": True}}, 6),
    ({"Peter": "114", "Roger": "114", "Steve": "114"}, 9),
    ({"Roger": {"square": "114", "status": "infected"}, "Fran": "114"}, 4),
]


@pytest.mark.parametrize("chars,value", SEPARATE)
def test_8_1_engine_separate_reaction_fire_equals_prob_square_attack(chars, value):
    """[8.1], [6.9] (ruling E16): characters under attack may shoot separately, one shot after another,
    each with its own panic check; the engine's chance tree equals dodnb.prob.square_attack(together=False)."""
    zombies = [{"square": "114", "value": value}]
    g = attack_game(chars, zombies)
    order = [c.name for c in g.state.characters_in("114")]
    key = lambda s: tuple(sorted((n, s.character(n).status) for n in order))
    exact = outcomes(g.state, stop=lambda s: s.attack is None and s.shot is None, key=key, policies=_fire_alone_in_order(order))
    here = {n: g.state.character(n).status for n in order}
    rifles = [n for n in order if g.state.character(n).rifle]
    ref = P.square_attack(here, value, shooters=order, together=False, rifles=rifles)
    assert exact == ref.map(_as_played(chars, zombies))


def test_8_1_four_characters_shooting_in_two_pairs_kill_more_often_than_one_capped_shot():
    """[6.8], [8.1] the issue's example: four characters against a value-9 unit; Peter+Roger then
    Steve+Fran kill it more often than Peter and Roger's one shot capped at three dice (today's only
    option before this ruling was one pooled shot)."""
    chars = {n: "114" for n in ("Peter", "Roger", "Steve", "Fran")}
    g = attack_game(chars, [{"square": "114", "value": 9}])

    def pairs(s, legal, rng):
        for group in (("Peter", "Roger"), ("Steve", "Fran")):
            if ReactionFire(group) in legal:
                return ReactionFire(group)
        return ReactionFire(())

    def pooled(s, legal, rng):
        return ReactionFire(("Peter", "Roger")) if ReactionFire(("Peter", "Roger")) in legal else ReactionFire(())

    stop = lambda s: s.shot is None and (s.attack is None or s.attack.step != "fire")
    kill = lambda pol: outcomes(g.state, stop=stop, key=lambda s: s.zombie_in("114") is None,
                                policies={"human": pol}).p(True)
    assert kill(pairs) > kill(pooled)


def test_6_9_a_character_shoots_once_at_an_attacker():
    """[6.9] after his shot the character may not shoot the same attacker again (ruling E16)."""
    g = attack_game({"Peter": "114", "Roger": "114"}, [{"square": "114", "value": 12}])
    g.apply(ReactionFire(("Peter",)))
    while g.pending.side == "chance":
        g.apply(g.chance_outcomes()[0][0])  # panic check (1: panics) or the lowest shot: the unit survives
    assert g.pending.kind == "reaction_fire"
    assert set(g.legal_actions()) == {ReactionFire(("Roger",)), ReactionFire(())}
    refused(g, ReactionFire(("Peter",)), "6.9")


# ----------------------------------------------------------------------------- 4. E10 [7.2] 3 contested square


def _contested():
    # Peter stands in 191; 165 is one step nearer for both 140 and 141 (both in sight), and their only one
    return zombie_game({"Peter": "191"}, [{"square": "140", "value": 2}, {"square": "141", "value": 3}],
                       actors=("Peter",), entered=("191",))


def test_7_2_3_the_zombie_player_chooses_which_unit_takes_a_contested_square():
    """[7.2] 3 "only one unit (of the zombie player's choice) is moved" (ruling E10)."""
    g = _contested()
    assert g.pending.side == "zombie" and g.pending.kind == "reaction"
    assert set(g.legal_actions()) == {ZMove("Z01", ("165",)), ZMove("Z02", ("165",))}
    g.apply(ZMove("Z02", ("165",)))  # not the first in line, by the zombie player's choice
    assert g.state.unit("Z02").square == "165" and g.state.unit("Z01").square == "140"
    assert "Z01" in g.state.zturn.reacted  # exempt [7.2] 3, and not moved in Free Movement [7.4]


def test_7_2_3_the_solitaire_automaton_keeps_its_written_order():
    """[15.5] ruling S-R1/E10: the automaton moves the unit nearest the characters first (by id on a tie)."""
    from dodnb.rules import solitaire

    g = _contested()
    action, note = solitaire.zombie_policy(g.state, g.legal_actions())
    assert action == ZMove(g.state.zturn.queue[0], ("165",))


# ----------------------------------------------------------------------------- 5. E13 [9.2] reveal in reaction


def _reveal_in_reaction(doors):
    st = build({"Peter": "114"}, [], hidden_box=(3,), doors=doors)
    st = replace(st, hidden_squares=("048",), phase="berserk", zturn=ZombieTurn(step="berserk_check"),
                 record=TurnRecord(("Peter",), ("114",)))
    return Game(state=st, human="ask", zombie="ask")


def test_9_2_a_hidden_zombie_is_revealed_in_reaction_only_if_it_could_then_react():
    """[9.2] "only if it would be eligible to be moved in reaction once placed": 048 sees 114 through its
    glass door G03; with G03 open it could step into 073 and may be revealed; with G03 closed it would be
    exempt [7.2] 2, so it may not (ruling E13)."""
    open_ = _reveal_in_reaction(None)
    assert open_.pending.kind == "reveal" and Reveal("048") in open_.legal_actions()
    closed = _reveal_in_reaction({"G03": "closed"})
    assert closed.pending.kind != "reveal"  # nothing may be revealed: the step is passed
    assert closed.state.hidden_squares == ("048",)
    from dodnb.rules.phases import hidden

    at_reveal = replace(open_.state, door_states=(("G03", "closed"),))  # the reveal step, G03 closed
    assert hidden.reveal_options(at_reveal, engine.context(at_reveal.board)) == []


# ----------------------------------------------------------------------------- 6. E15 units stacked with a super zombie


def test_7_2_4_a_unit_stacked_with_a_super_zombie_may_move_alone_in_free_movement():
    """[7.2] 4, [4.0] C, [11.4] (ruling E15): the unit may move alone, one square, not counting
    against the die; or with the super zombie, three squares [11.2]."""
    st = build({"Peter": "114", "Steve": {"square": "198", "status": "super"}}, [{"square": "198", "value": 2}],
               phase="free", record=TurnRecord(("Peter",)), zturn=ZombieTurn(step="free_moves", moves_left=0, stacks=(("Steve", "Z01"),)))
    g = Game(state=st, human="ask", zombie="ask")
    alone = [a for a in g.legal_actions() if isinstance(a, ZMove) and a.uid == "Z01"]
    assert alone and all(len(a.path) == 1 for a in alone)
    g.apply(alone[0])
    assert g.state.zturn.moves_left == 0 and g.state.unit("Z01").square == alone[0].path[0]


def test_7_2_4_a_unit_stacked_with_a_super_zombie_may_but_need_not_react():
    """[7.2] 4 "may, but is not required to, move in reaction" (ruling E15): offered, with ending the phase."""
    g = zombie_game({"Peter": "114", "Steve": {"square": "113", "status": "super"}}, [{"square": "113", "value": 2}],
                    actors=("Peter",), entered=("114",), zturn=ZombieTurn(step="berserk_check", stacks=(("Steve", "Z01"),)))
    assert g.pending.kind == "reaction_super"
    legal = g.legal_actions()
    assert EndPhase() in legal and any(isinstance(a, ZMove) and a.uid == "Z01" for a in legal)


# ----------------------------------------------------------------------------- 7. [11.6] smash in reaction


def test_11_6_a_super_zombie_stack_blocked_by_a_closed_glass_door_may_smash_it_in_reaction():
    """[11.6] -> [10.4] "(reaction or free)": 048's only way towards 114 is its glass door G03, closed."""
    g = zombie_game({"Peter": "114", "Steve": {"square": "048", "status": "super"}}, [{"square": "048", "value": 2}],
                    actors=("Peter",), entered=("114",), doors={"G03": "closed"},
                    zturn=ZombieTurn(step="berserk_check", stacks=(("Steve", "Z01"),)))
    assert g.pending.kind == "reaction_super"
    assert BreakDoor("Steve", "G03") in g.legal_actions()
    g.apply(BreakDoor("Steve", "G03"))
    assert g.state.door_state("G03") == "destroyed"
    assert {"Steve", "Z01"} <= set(g.state.zturn.reacted)  # their move [11.6], [11.4]


# ----------------------------------------------------------------------------- 8. refusals


def test_4_0_an_action_out_of_turn_cites_the_sequence_of_play():
    """[4.0] a Move before Activate, or a zombie move while the free-move die is due, is not that decision now."""
    g = human_game({"Peter": "114"})
    why = refused(g, Move("113"), "4.0")
    assert "activate" in str(why)
    f = zombie_game({"Peter": "114"}, [{"square": "110", "value": 2}], phase="free", zturn=ZombieTurn(step="free_roll"))
    assert f.pending.kind == "roll:free"
    refused(f, ZMove("Z01", ("111",)), "4.0")


def test_10_4_a_glass_door_attack_refusal_names_the_condition_that_fails():
    """[10.4] each failing condition is named: not berserk; not a glass door; not closed; no character
    in sight through it; [7.4] after reacting."""
    g = free_game({"Peter": "114"}, [{"square": "048", "value": 5}], moves=1, doors={"G03": "closed"})
    assert "not berserk" in str(refused(g, BreakDoor("Z01", "G03"), "10.4"))
    g = free_game({"Peter": "114"}, [{"square": "048", "value": 5, "berserk": True}], moves=1)
    assert "open" in str(refused(g, BreakDoor("Z01", "G03"), "10.4"))
    g = free_game({"Peter": "114"}, [{"square": "048", "value": 5, "berserk": True}], moves=1, doors={"G03": "closed"})
    assert "not on a side" in str(refused(g, BreakDoor("Z01", "G01"), "10.4"))


def test_11_7_berserk_check_on_a_super_zombie_cites_11_7():
    g = zombie_game({"Peter": "114", "Steve": {"square": "198", "status": "super"}}, [{"square": "199", "value": 2}], zturn=ZombieTurn())
    refused(g, BerserkCheck("Steve"), "11.7")


def test_narration_cites_each_case_once():
    """No line of the log doubles a Case ("... in the way [7.2] 2 [7.2]")."""
    import re

    for seed in range(6):
        g = Game(seed=seed, human="random", zombie="random")
        for _ in range(300):
            if g.over:
                break
            g.step()
        for e in g.log:
            line = e.text()
            cases = re.findall(r"\[(\d+\.\d+)\]", line)
            assert len(cases) == len(set(cases)), line
