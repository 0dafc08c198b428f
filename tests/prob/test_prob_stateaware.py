"""State-aware shoot() and zombie_attack(): thin wrappers reading a GameState, checked against the
plain-parameter engine and the rules they read ([5.4], [6.3], [6.4], [6.7], [6.8], [7.7], [8.0], [11.3], [15.6])."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import dodnb.prob as P
from dodnb.prob import Dist, ProbError
from dodnb.rules.state import GameState
from tests.rules.helpers import state_from_pieces


def build(**kw) -> GameState:
    return state_from_pieces(**kw)


def test_shoot_reads_modifiers_per_gun_6_7_6_8():
    """[6.8] two characters in 115 shooting a unit in 113 lose 2 each; [10.6] berserk elsewhere: check at +0."""
    s = build(
        characters={"Peter": "115", "Steve": "115"},
        zombies=[{"square": "113", "value": 5, "berserk": True, "seen": True}, {"square": "024", "value": 3}],
    )
    d = P.shoot(s, ["Peter", "Steve"], 113)
    group = [P.shooter("Peter", modifier=2), P.shooter("Steve", modifier=2)]
    assert d == P.combined_fire(group, 5, "berserk", False)
    assert d.p(lambda o: o.dice == 3 and o.killed) == (1 - P.panic_chance(3, 2)) * (1 - P.panic_chance(2, 1)) * P.kill_chance(3, 4, 5)
    assert "distance 2" in d.explain() and "[6.7]" in d.explain()


def test_shoot_unknown_value_uses_unseen_counters_7_7():
    """[7.7] a face-down unit never seen: its value is any counter the players have not seen."""
    s = build(
        characters={"Roger": "115"},
        zombies=[{"square": "113", "value": 5}, {"square": "024", "value": 9}, {"square": "082", "value": 1, "seen": True}],
    )
    d = P.shoot(s, "Roger", "113")
    assert d == P.combined_fire([P.shooter("Roger", modifier=2)], Dist({5: 1, 9: 1}), "zombie", False)
    assert d.p(lambda o: o.panicked) == 0  # normal zombie in another square: no panic check [6.5]


def test_shoot_same_square_rifle_and_super_zombie_11_3_11_5_12_0():
    """[11.3] the super zombie adds 2 to the unit; [11.5] +3 panic in the same square; [12.0] rifle."""
    s = build(
        characters={"Fran": {"square": "115", "rifle": True}, "Roger": {"square": "115", "status": "super"}},
        zombies=[{"square": "115", "value": 4, "face_up": True}],
    )
    d = P.shoot(s, "Fran", 115)
    assert d == P.combined_fire([P.shooter("Fran", rifle=True)], 6, "super", True)


def test_shoot_refusals_6_3_6_4_6_8_8_3():
    s = build(
        characters={"Peter": "115", "Steve": "024", "Fran": {"square": "113", "status": "stunned"}},
        zombies=[{"square": "113", "value": 5}, {"square": "082", "value": 2}, {"square": "116", "value": 2}],
    )
    with pytest.raises(ProbError, match=r"^\[6.3\]"):
        P.shoot(s, "Peter", "113")  # Fran is in 113
    with pytest.raises(ProbError, match=r"^\[6.8\]"):
        P.shoot(s, ["Peter", "Steve"], "116")
    with pytest.raises(ProbError, match=r"^\[8.3\]"):
        P.shoot(s, "Fran", "113")
    with pytest.raises(ProbError, match=r"^\[6.4\]"):
        P.shoot(s, "Steve", "082")  # DESIGN map example: no sight 24 -> 82
    with pytest.raises(ProbError, match=r"^\[6.0\]"):
        P.shoot(s, "Peter", "114")
    with pytest.raises(ProbError, match=r"^\[2.3\]"):
        P.shoot("not a state", "Peter", "113")


def test_zombie_attack_reads_the_square_8_0_5_4():
    """[8.0] the characters there shoot first, then the (revealed [5.4]) unit attacks them."""
    s = build(
        characters={"Peter": "115", "Fran": {"square": "115", "rifle": True, "status": "stunned"}, "Steve": "024"},
        zombies=[{"square": "115", "value": 6}],
    )
    game = SimpleNamespace(state=s)  # anything with .state works
    d = P.zombie_attack(game, 115)
    assert d == P.square_attack({"Peter": "normal", "Fran": "stunned"}, 6, rifles=["Fran"])
    assert P.zombie_attack(s, "115", ["Fran"]) == P.square_attack({"Peter": "normal", "Fran": "stunned"}, 6, 1, targets=["Fran"])
    assert P.zombie_attack(s, "115", k=1) == P.square_attack({"Peter": "normal", "Fran": "stunned"}, 6, 1)
    assert P.zombie_attack(s, "115", solitaire=True) == P.solitaire_attack({"Peter": "normal", "Fran": "stunned"}, 6)


def test_zombie_attack_by_super_zombie_alone_11_8():
    """[11.8] a super zombie in a character's square attacks with value 2 [11.3]."""
    s = build(characters={"Peter": "115", "Roger": {"square": "115", "status": "super"}})
    assert P.zombie_attack(s, "115") == P.square_attack(["Peter"], None, super_zombies=1)


def test_zombie_attack_refusals_8_0_15_6():
    s = build(characters={"Peter": "115"}, zombies=[{"square": "113", "value": 3}])
    with pytest.raises(ProbError, match=r"^\[8.0\]"):
        P.zombie_attack(s, "113")
    with pytest.raises(ProbError, match=r"^\[8.0\]"):
        P.zombie_attack(s, "115")
    s2 = build(characters={"Peter": "113"}, zombies=[{"square": "113", "value": 3}])
    with pytest.raises(ProbError, match=r"^\[15.6\]"):
        P.zombie_attack(s2, "113", ["Peter"], solitaire=True)
