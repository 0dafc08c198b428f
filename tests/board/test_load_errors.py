"""dodnb.load_board() rejects broken map files with a message naming the culprit."""

import copy
import json
from importlib import resources

import pytest

import dodnb
from dodnb.board.model import MapError


@pytest.fixture(scope="module")
def shipped():
    return json.loads(resources.files("dodnb.data").joinpath("mall.json").read_text())


def write(tmp_path, data, name="map.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def broken(shipped, fn):
    data = copy.deepcopy(shipped)
    fn(data)
    return data


def sq(data, sid):
    return next(s for s in data["squares"] if s["id"] == sid)


CASES = {
    "overlap": (lambda d: sq(d, "024").__setitem__("rect", [57, 12, 59, 14]), r"squares \d{3} and \d{3} overlap"),
    "duplicate id": (lambda d: sq(d, "025").__setitem__("id", "024"), "duplicate square id 024"),
    "bad id": (lambda d: sq(d, "024").__setitem__("id", "24"), "'24' must be three digits"),
    "empty rect": (lambda d: sq(d, "024").__setitem__("rect", [58, 12, 58, 14]), "square 024 has an empty rectangle"),
    "bad kind": (lambda d: sq(d, "024").__setitem__("kind", "kitchen"), "square 024 has kind 'kitchen'"),
    "unknown store": (lambda d: sq(d, "062").__setitem__("store", "Sears"), "square 062 names store 'Sears'"),
    "door off boundary": (
        lambda d: next(x for x in d["doors"] if x["id"] == "G01").__setitem__("seg", [3, 9, 5, 9]),
        r"door G01 at \(3,9\)-\(5,9\) does not lie on a square side",
    ),
    "door diagonal": (
        lambda d: next(x for x in d["doors"] if x["id"] == "G01").__setitem__("seg", [0, 0, 2, 2]),
        "door G01: segment .* is not horizontal or vertical",
    ),
    "three main doors": (lambda d: d["doors"].remove(next(x for x in d["doors"] if x["id"] == "W")), "exactly 4 main doors .* has 3"),
    "five main doors": (
        lambda d: d["doors"].append({"id": "X", "seg": [0, 10, 0, 12], "kind": "main", "side": "W"}),
        "exactly 4 main doors .* has 5",
    ),
    "main door wrong label": (
        lambda d: next(x for x in d["doors"] if x["id"] == "E").__setitem__("side", "W"),
        "main door E is on the E side of square 093 but is labelled side W",
    ),
    "inner door on outer wall": (
        lambda d: d["doors"].append({"id": "G99", "seg": [0, 22, 0, 24], "kind": "glass"}),
        "glass door G99 .* lies on the outer wall",
    ),
    "wall over door": (lambda d: d["walls"].append([40, 0, 42, 0]), r"wall \(40,0\)-\(42,0\) .* runs over door N"),
    "wall off boundary": (lambda d: d["walls"].append([1, 1, 1, 3]), r"wall \(1,1\)-\(1,3\) .* does not lie on square sides"),
    "unknown rifle square": (lambda d: d.__setitem__("rifle_square", "999"), "'rifle_square' names square '999'"),
    "too few zombie symbols": (lambda d: sq(d, next(s["id"] for s in d["squares"] if s.get("zombie"))).pop("zombie"), r"45 Zombie Placement Symbols \[3.1\]; it has 44"),
    "wrong format": (lambda d: d.__setitem__("format", "tiled"), "not a dodnb map"),
    "future version": (lambda d: d.__setitem__("version", 9), "unsupported map version 9"),
    "no squares list": (lambda d: d.pop("squares"), "no list 'squares'"),
    "overlapping doors": (
        lambda d: d["doors"].append({"id": "G98", "seg": [41, 0, 43, 0], "kind": "glass"}),
        "(doors N and G98 overlap|glass door G98)",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_map_is_rejected_naming_the_culprit(tmp_path, shipped, case):
    fn, pattern = CASES[case]
    path = write(tmp_path, broken(shipped, fn))
    with pytest.raises(MapError, match=pattern):
        dodnb.load_board(path)


def test_not_json(tmp_path):
    with pytest.raises(MapError, match=r"not valid JSON: .* line 1"):
        dodnb.load_board(write(tmp_path, "{ squares: oops"))


def test_missing_file(tmp_path):
    with pytest.raises(MapError, match="map file not found"):
        dodnb.load_board(tmp_path / "nope.json")


def test_binary_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(MapError, match="not UTF-8"):
        dodnb.load_board(p)


def test_users_valid_copy_loads(tmp_path, shipped):
    """A user's own transcription in the same format loads like the shipped one."""
    b = dodnb.load_board(write(tmp_path, shipped))
    assert len(b) == len(dodnb.load_board()) and b.source.endswith("map.json")
