"""Game-state snapshots: set-up [3.1]-[3.3] and impossible positions rejected with their Case."""

import pytest

from dodnb.board.model import UnknownSquare
from dodnb.rules.counters import load_counters
from dodnb.rules.observe import unseen_values
from dodnb.rules.setup import initial_state
from dodnb.rules.state import StateError
from tests.rules.helpers import state_from_pieces as build


def test_3_1_setup_places_45_units_and_keeps_5_hidden():
    """[3.1] 45 units face down on the 45 zombie symbols, 5 in the Hidden Zombie box."""
    s = initial_state(seed=7)
    on_map = [z for z in s.zombies if z.square]
    assert len(on_map) == 45 and {z.square for z in on_map} == set(s.board.zombie_symbol_squares)
    assert sum(z.pool == "hidden" for z in s.zombies) == 5
    assert not any(z.face_up or z.seen for z in s.zombies)
    assert sorted(z.value for z in s.zombies) == sorted(load_counters().zombie_values())


def test_3_1_setup_is_reproducible_from_seed():
    a, b, c = initial_state(seed=3), initial_state(seed=3), initial_state(seed=4)
    assert a == b and a != c


def test_3_2_characters_on_symbols_at_most_two_per_square():
    """[3.2] the four characters start on character symbols, one or two per square."""
    s = initial_state(seed=1)
    syms = set(s.board.character_symbol_squares)
    assert {c.square for c in s.characters} <= syms
    with pytest.raises(StateError, match=r"\[3.2\] only one or two"):
        sq = s.board.character_symbol_squares[0]
        initial_state(placement={"Peter": sq, "Roger": sq, "Steve": sq, "Fran": s.board.character_symbol_squares[1]})
    with pytest.raises(StateError, match=r"\[3.2\] .* Character Placement Symbol"):
        initial_state(placement={"Peter": "024", "Roger": "010", "Steve": "011", "Fran": "011"})


def test_3_3_all_doors_open_at_start():
    """[3.3] all doors are open at the start of play."""
    s = initial_state(seed=1)
    assert s.doors == {}


def test_12_1_only_steve_and_fran_carry_rifles():
    """[12.1] Peter and Roger may never acquire a hunting rifle."""
    with pytest.raises(StateError, match=r"\[12.1\]"):
        build(characters={"Roger": {"square": "115", "rifle": True}})


def test_7_6_never_two_units_in_one_square():
    """[7.6] a zombie unit may never end its move in a zombie-occupied square."""
    with pytest.raises(StateError, match=r"\[7.6\]"):
        build(zombies=[{"square": "024", "value": 3}, {"square": "024", "value": 2}])


def test_10_4_only_glass_doors_destroyed():
    """[10.4] a solid or main door may not be destroyed."""
    with pytest.raises(StateError, match=r"\[10.4\]"):
        build(doors={"S01": "destroyed"})
    assert build(doors={"G01": "destroyed"}).doors == {"G01": "destroyed"}


def test_transitions_leave_the_original_untouched():
    s = build(characters={"Peter": "115"}, zombies=[{"square": "113", "value": 4}])
    t = s.with_character("peter", square="114")
    assert s.character("Peter").square == "115" and t.character("Peter").square == "114"
    with pytest.raises(UnknownSquare):
        s.with_character("Peter", square="999")
    assert s.character("Peter").square == "115"


def test_6_3_occupied_squares_and_unseen_values():
    """[6.3] squares with pieces block sight; [7.7] unseen values are those never face up."""
    s = build(
        characters={"Peter": "115"},
        zombies=[{"square": "113", "value": 4}, {"square": "024", "value": 6, "seen": True}, {"value": 2}],
    )
    assert s.occupied() == {"115", "113", "024"}
    assert unseen_values(s) == [2, 4]


def test_7_7_face_up_unit_counts_as_seen():
    """[5.4], [7.7] a unit built face up has been seen: its value is no longer unknown."""
    s = build(zombies=[{"square": "113", "value": 4, "face_up": True}, {"square": "024", "value": 6}])
    assert s.zombie_in("113").seen and unseen_values(s) == [6]

