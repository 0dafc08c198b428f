"""Unit ids carry no value (issue 33): a seeded set-up gives the 50 counters ids drawn by the seed,
independent of the values dealt to the squares; old saves (version 1, ids in the order of the values)
load with today's ids, move for move and value for value.

`game_v1.json` is a game saved by dodnb before the change (two players, seed 1, 90 actions: zombie
moves, berserk checks, hidden zombies drawn), `game_v1_end.json` the state that dodnb reached by
replaying it."""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from dodnb.board.model import load_board
from dodnb.errors import InputError
from dodnb.rules.counters import default_counters
from dodnb.rules.game import SAVE_VERSION, Game, upgrade_save
from dodnb.rules.setup import initial_state, unit_ids

HERE = Path(__file__).parent
V1 = (HERE / "game_v1.json").read_text()
V1_END = json.loads((HERE / "game_v1_end.json").read_text())
SEEDS = range(2000)


def _fixed_map() -> dict[str, int]:
    """The ids of dodnb before issue 33: Z01.. in the order of the sorted values."""
    return {f"Z{i:02d}": v for i, v in enumerate(default_counters().zombie_values(), start=1)}


@pytest.fixture(scope="module")
def setups():
    board, counters = load_board(), default_counters()
    return [initial_state(board, counters, seed=s, solitaire=bool(s % 2)) for s in SEEDS]


def test_the_same_seed_gives_the_same_ids():
    """Deterministic per seed [3.1]; two seeds, two orders."""
    a, b = initial_state(seed=7), initial_state(seed=7)
    assert [(z.uid, z.value, z.square) for z in a.zombies] == [(z.uid, z.value, z.square) for z in b.zombies]
    assert unit_ids(7) == unit_ids(7) != unit_ids(8)
    assert sorted(unit_ids(7)) == [f"Z{i:02d}" for i in range(1, 51)]


def test_no_seeded_setup_keeps_the_old_ids(setups):
    fixed = _fixed_map()
    assert all(any(fixed[z.uid] != z.value for z in st.zombies) for st in setups)


def test_every_id_takes_many_values(setups):
    seen: dict[str, set[int]] = {}
    for st in setups:
        for z in st.zombies:
            seen.setdefault(z.uid, set()).add(z.value)
    assert len(seen) == 50
    assert min(len(v) for v in seen.values()) >= 9  # of the 11 values; the three singletons are rare


def test_the_value_given_an_id_is_the_counter_mix(setups):
    """P(value | id) = the counter mix (6 ones in 50, ...): one chi-square over every id and value
    (500 degrees of freedom); the old ids (each id one value) would give about 2000 * 50 * 10."""
    mix = default_counters().value_counts()
    total = sum(mix.values())
    by_id: dict[str, Counter] = {}
    for st in setups:
        for z in st.zombies:
            by_id.setdefault(z.uid, Counter())[z.value] += 1
    chi2 = Fraction(0)
    for counts in by_id.values():
        n = sum(counts.values())
        for v, k in mix.items():
            expected = Fraction(n * k, total)
            chi2 += (counts[v] - expected) ** 2 / expected
    dof = len(by_id) * (len(mix) - 1)
    assert chi2 < dof + 6 * (2 * dof) ** 0.5  # six standard deviations above the mean
    fixed = _fixed_map()
    assert sum(1 for st in setups for z in st.zombies if fixed[z.uid] == z.value) < 0.2 * 50 * len(setups)


def test_ids_change_nothing_else():
    """The values are dealt to the squares as before; only the ids differ (the start of a game saved
    before the change, seed 1)."""
    old = _k1_free(json.loads(V1)["start"])
    new = _k1_free(Game(1).start.to_dict())  # set up and settled
    strip = lambda zs: [{k: v for k, v in z.items() if k != "uid"} for z in zs]  # noqa: E731
    assert strip(old["zombies"]) == strip(new["zombies"])
    assert {k: v for k, v in old.items() if k != "zombies"} == {k: v for k, v in new.items() if k != "zombies"}
    assert [z["uid"] for z in old["zombies"]] != [z["uid"] for z in new["zombies"]]


# --------------------------------------------------------------------------------- old saves


def _k1_free(d):
    """A saved state without what ruling K1 (the information model, issue 33, recorded after the v1
    fixture) added or changed in the bookkeeping: the public urn and lots of the Zombie Player-Turn,
    and a unit's seen flag and candidate record (what the humans know of it)."""
    d = dict(d)
    d["zturn"] = {k: v for k, v in d["zturn"].items() if k not in ("urn", "lots")}
    d["zombies"] = [{k: v for k, v in z.items() if k not in ("seen", "candidates")} for z in d["zombies"]]
    return d


def _relabelled(x, ids):
    if isinstance(x, str):
        return re.sub(r"\bZ\d\d\b", lambda m: ids.get(m.group(0), m.group(0)), x)
    if isinstance(x, list):
        return [_relabelled(v, ids) for v in x]
    if isinstance(x, dict):
        return {k: _relabelled(v, ids) for k, v in x.items()}
    return x


def test_a_version_1_save_loads_with_todays_ids_and_nothing_lost():
    data = json.loads(V1)
    assert data["version"] == 1 and SAVE_VERSION == 2
    g = Game.load(V1)
    assert len(g.actions) == len(data["actions"]) == 90
    # the start is the start a new game of that seed has today
    assert g.start == Game(1).start
    # every unit keeps its value, square, pool and what is known of it; only the ids are new
    ids = {old["uid"]: new.uid for old, new in zip(data["start"]["zombies"], g.start.zombies)}
    assert sorted(ids) == sorted(ids.values()) and any(k != v for k, v in ids.items())
    assert _k1_free(g.state.to_dict()) == _k1_free(_relabelled(V1_END, ids))
    # and the game saved again is version 2, and loads as it is
    again = json.loads(g.save())
    assert again["version"] == 2
    assert Game.load(g.save()).state == g.state


def test_upgrade_leaves_other_saves_alone():
    new = json.loads(Game(3).save())
    assert upgrade_save(new) == new
    # a version 1 game whose ids are not the old fixed ones (a study position, say) keeps them
    data = json.loads(V1)
    data["start"]["zombies"][0], data["start"]["zombies"][1] = (
        {**data["start"]["zombies"][0], "uid": data["start"]["zombies"][1]["uid"]},
        {**data["start"]["zombies"][1], "uid": data["start"]["zombies"][0]["uid"]})
    up = upgrade_save(data)
    assert up["start"] == data["start"] and up["actions"] == data["actions"] and up["version"] == 2


def test_a_damaged_old_save_is_refused_clearly():
    data = json.loads(V1)
    data["actions"][40] = ["ZMove", "Z99", ["001"]]
    with pytest.raises(InputError, match="saved action 41"):
        Game.load(json.dumps(data))
