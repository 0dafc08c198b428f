"""SightAtlas: every ordered pair's line of sight kept, and an update walks again only the lines a
door or a piece can change, with the same answers as walking everything again [6.4], [6.3]."""

from __future__ import annotations

import pytest

from dodnb.board.model import load_board
from dodnb.board.sight import line_of_sight
from dodnb.board.sightdata import SightAtlas


def facts(s):
    return (s.visible, s.reason, s.culprit, s.squares, s.doors, s.distance)


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_every_pair_is_the_walkers_answer(board):
    atlas = SightAtlas(board, keep=facts)
    ids = atlas.ids
    for i in range(0, len(ids), 9):
        for j in range(0, len(ids), 7):
            if i != j:
                assert atlas.pair(i, j) == facts(line_of_sight(board, ids[i], ids[j])), (ids[i], ids[j])


def test_an_update_walks_few_lines_and_equals_a_fresh_atlas(board):
    solid = sorted(d for d, door in board.doors.items() if door.kind == "solid")[:2]
    glass = sorted(d for d, door in board.doors.items() if door.kind == "glass")[:1]
    states = {solid[0]: "closed", solid[1]: "closed", glass[0]: "destroyed"}
    pieces = ["099", "168"]
    atlas = SightAtlas(board, keep=facts)
    walked = atlas.walks
    changed = atlas.update(door_states=states, occupied=pieces)
    assert 0 < len(changed) < walked // 5 and atlas.walks == walked + len(changed)
    fresh = SightAtlas(board, door_states=states, occupied=pieces, keep=facts)
    n = len(atlas.ids)
    differ = [(i, j) for i in range(n) for j in range(n) if i != j and atlas.pair(i, j) != fresh.pair(i, j)]
    assert differ == []
    # and the change did change answers: a closed solid door blocks [6.4], a piece blocks [6.3]
    assert any(fresh.pair(i, j)[1] == "closed_door" for i, j in changed)
    assert any(fresh.pair(i, j)[1] == "token" for i, j in changed)


def test_a_bad_door_state_is_refused_and_changes_nothing(board):
    atlas = SightAtlas(board, keep=facts)
    solid = next(d for d, door in board.doors.items() if door.kind == "solid")
    before = dict(atlas.door_states)
    with pytest.raises(ValueError, match=r"\[10\.4\]"):
        atlas.update(door_states={solid: "destroyed"})
    assert atlas.door_states == before
