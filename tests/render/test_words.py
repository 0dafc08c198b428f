"""Learner words: panels and captions name squares, not coordinates, and reasons, not codes [6.3], [6.4]."""

from __future__ import annotations

import re

import pytest

import dodnb
from dodnb.board.sight import line_of_sight
from dodnb.render.sight_overlay import caption_lines, sight_picture
from dodnb.render.words import REASON_TITLES, culprit_words, door_words, why

CODES = re.compile(r"\b(" + "|".join(c for c in REASON_TITLES if "_" in c) + r")\b|\(\d+, ?\d+\)|\d+,\d+\)-\(|Fraction")


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


# (shooter, target, options, expected words): one example of every reason the rules give [6.3], [6.4]
EXAMPLES = [
    ("024", "082", {}, "the glass door between 062 and 099, which is a side of neither 024 nor 082"),
    ("098", "079", {}, "the wall corner where 054, 079, 088 and 098 meet"),
    ("066", "070", {}, "crosses the wall between 065 and 064"),
    ("016", "099", {}, "two doors, the solid door between 016 and 082 and the glass door between 062 and 099"),
    ("167", "170", {"occupied": ["168"]}, "A piece in 168, between 167 and 170"),
    ("016", "082", {"door_states": {"S08": "closed"}}, "The solid door between 016 and 082 is closed"),
    ("024", "188", {}, "the wall between 024 and 162"),
]


@pytest.mark.parametrize("a, b, kw, words", EXAMPLES, ids=[f"{a}-{b}" for a, b, _, _ in EXAMPLES])
def test_why_names_squares_and_the_case(board, a, b, kw, words):
    sight = line_of_sight(board, a, b, **kw)
    text = why(board, sight, door_states=kw.get("door_states"))
    assert words in text
    assert text.endswith(sight.case)
    assert not CODES.search(text), text
    caption = " ".join(t for t, _ in caption_lines(board, sight, kw.get("door_states")))
    assert words in caption and not CODES.search(caption), caption


def test_every_obstacle_is_named_in_words(board):
    """Every blocked pair from a sample of shooters: each obstacle's culprit is named by squares."""
    for a in ("024", "066", "098", "016", "177"):
        for b in board.ids[::7]:
            sight = line_of_sight(board, a, b)
            for o in sight.obstacles:
                words = culprit_words(board, sight, o)
                assert re.search(r"\b\d{3}\b", words) or "outer wall" in words, (a, b, o, words)
                assert not CODES.search(words), words


def test_door_words(board):
    assert door_words(board, "G14") == "the glass door between 062 and 099"
    assert door_words(board, "S08", {"S08": "closed"}, state=True) == "the solid door between 016 and 082 (closed)"
    assert door_words(board, "G14", {"G14": "destroyed"}, state=True).endswith("(broken)")


def test_sight_picture_alt_text_is_the_caption(board):
    pic = sight_picture(board, "024", "082", crop=True)
    assert pic.alt.splitlines()[0] == "Line of sight from 024 to 082"
    assert "024 \u2192 082: NOT in sight" in pic.alt and not CODES.search(pic.alt)
