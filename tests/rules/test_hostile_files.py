"""Hostile files: damaged saved games and map files give one clear dodnb error naming the problem —
never a traceback from deep inside, never a half-loaded game (truncated, wrong types, huge numbers,
unknown ids, duplicated units, a save from a future version, a save that contradicts its map)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dodnb.board.model import board_from_dict, load_board
from dodnb.errors import DodnbError
from dodnb.rules.game import Game

GAME = Game(seed=12, human="random", zombie="random")
for _ in range(120):
    GAME.step()
SAVE = json.loads(GAME.save())
MAP = json.loads((__import__("importlib").resources.files("dodnb.data") / "mall.json").read_text(encoding="utf-8"))


def _load(data) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(DodnbError) as err:
        Game.load(text)
    assert str(err.value) and "Traceback" not in str(err.value)


def test_a_good_save_loads_to_the_same_game():
    assert Game.load(json.dumps(SAVE)).state == GAME.state


@pytest.mark.parametrize("cut", [0, 1, 10, 100, 1000, -10, -1])
def test_truncated_saves(cut):
    text = json.dumps(SAVE)
    _load(text[:cut] if cut > 0 else text[:cut])


@pytest.mark.parametrize("mutate,expect", [
    (lambda d: d.update(version=99), "newer dodnb"),
    (lambda d: d.update(version="1"), "version"),
    (lambda d: d.update(format="chess"), "not a dodnb saved game"),
    (lambda d: d.update(seed="abc"), "seed"),
    (lambda d: d.update(board="another mall"), "saved on the map"),
    (lambda d: d.update(actions="many"), "no list of actions"),
    (lambda d: d["actions"].append(["Move", "999"]), "not legal"),
    (lambda d: d["actions"].append(["Teleport", "024"]), "unknown action"),
    (lambda d: d["actions"].insert(3, ["Roll", 10 ** 30, []]), "not legal"),
    (lambda d: d["actions"].insert(3, ["Draw", "Q99"]), "not legal"),
    (lambda d: d["start"].update(turn="one"), ""),
    (lambda d: d["start"].update(version=99), "version"),
    (lambda d: d["start"]["zombies"].append(copy.deepcopy(d["start"]["zombies"][0])), "appears twice"),
    (lambda d: d["start"]["zombies"][0].update(value=-3), "Zombie Value"),
    (lambda d: d["start"]["zombies"][0].update(value=True), "Zombie Value"),
    (lambda d: d["start"]["zombies"][0].update(square="999", pool="map"), "not a square of this map"),
    (lambda d: d["start"]["zombies"][0].update(uid=["x"]), "wrong type"),
    (lambda d: d["start"]["characters"][0].update(name="Bob"), "unknown character"),
    (lambda d: d["start"]["characters"][0].update(square="777"), "not a square of this map"),
    (lambda d: d["start"]["characters"].pop(), ""),
    (lambda d: d["start"].update(door_states=[["G99", "closed"]]), "no door"),
    (lambda d: d["start"].update(door_states=[["S01", "destroyed"]]), "only glass doors"),
    (lambda d: d["start"].update(phase="lunch"), "unknown phase"),
    (lambda d: d["start"].update(pending={"side": "martian", "kind": "act"}), "unknown side"),
    (lambda d: d["start"].update(pending={"side": "zombie", "kind": "free", "case": "7.0", "purpose": "", "dice": 0, "who": ""}), "inconsistent"),
    (lambda d: d["start"].update(rifles_left=10 ** 12), "hunting rifles"),
    (lambda d: d["start"].update(characters="nobody"), ""),
    (lambda d: d.pop("start"), ""),
])
def test_damaged_saves_say_what_is_wrong(mutate, expect):
    data = copy.deepcopy(SAVE)
    mutate(data)
    with pytest.raises(DodnbError) as err:
        Game.load(json.dumps(data))
    assert expect.lower() in str(err.value).lower(), str(err.value)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_random_damage_to_a_save_is_refused_cleanly_or_harmless(data):
    """Any one value anywhere in the file replaced by junk: either the game still loads (the change was
    harmless, e.g. a policy name) or a dodnb error says why — nothing else escapes."""
    d = copy.deepcopy(SAVE)
    paths = []

    def walk(x, path):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, path + (k,))
        elif isinstance(x, list):
            for i, v in enumerate(x[:6]):
                walk(v, path + (i,))
        paths.append(path)

    walk(d, ())
    path = data.draw(st.sampled_from([p for p in paths if p]))
    junk = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=5),
                               st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)))
    target = d
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = junk
    try:
        g = Game.load(json.dumps(d))
    except DodnbError as err:
        assert str(err)
    else:
        assert isinstance(g, Game)


@pytest.mark.parametrize("cut", [0, 5, 500, 5000, -3])
def test_truncated_maps(tmp_path, cut):
    text = json.dumps(MAP)
    p = tmp_path / "mall.json"
    p.write_text(text[:cut])
    with pytest.raises(DodnbError):
        load_board(p)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_random_damage_to_a_map_is_refused_cleanly(data):
    """[2.1] one value of the map file replaced by junk: a loaded board, or a MapError naming it."""
    d = copy.deepcopy(MAP)
    paths = []

    def walk(x, path, depth=0):
        if depth > 4:
            return
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, path + (k,), depth + 1)
        elif isinstance(x, list):
            for i, v in enumerate(x[:4]):
                walk(v, path + (i,), depth + 1)
        paths.append(path)

    walk(d, ())
    path = data.draw(st.sampled_from([p for p in paths if p]))
    junk = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-10**40, 10**40), st.text(max_size=4),
                               st.lists(st.integers(-5, 500), max_size=5), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)))
    target = d
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = junk
    try:
        board_from_dict(d, source="fuzz")
    except DodnbError as err:
        assert str(err)
