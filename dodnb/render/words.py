"""Learner words for what the sight rules found: squares, not coordinates; reasons, not codes.

`dodnb.board.sight` reports an obstacle as a reason code ('door_not_side'), a culprit (a wall
segment, a corner point, a door id) and a message in grid coordinates, which is what tests and code
need. A learner looking at the map needs "the wall between 066 and 070", "the glass door between 062
and 099", "the corner where 054, 079 and 098 meet", followed by the Case. This module writes those
sentences; the explorer's panel and the static pictures' captions both use it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Optional

from dodnb.board.model import Board
from dodnb.i18n import catalogue, names, term, tr

__all__ = ["REASON_TITLES", "door_words", "door_state_words", "why", "culprit_words", "and_list", "square_words", "reason_title"]

#: One-line titles of the reasons sight is blocked [6.3], [6.4] (the catalogue's "sight" terms, English).
REASON_TITLES = dict(catalogue("en")["terms"]["sight"])

_EPS = Fraction(1, 1000)


def reason_title(reason: str, lang: Optional[str] = None) -> str:
    """The one-line title of a sight reason in `lang` (never the raw key): [6.3], [6.4]."""
    if reason in catalogue("en")["terms"]["sight"]:
        return term("sight", reason, lang)
    return tr("sight.in_the_way", lang)


def and_list(items, lang: Optional[str] = None) -> str:
    items = list(items)
    return names(items, lang) if items else ""


def square_words(board: Board, sid: str, lang: Optional[str] = None) -> str:
    """'Square 001 (service corridor)', « Case 001 (couloir de service) »: a square for a list."""
    return board.square(sid).describe(lang)


def door_words(board: Board, door_id: str, door_states: Optional[Mapping[str, str]] = None, state: bool = False, lang: Optional[str] = None) -> str:
    """'the glass door between 062 and 099' (with ' (closed)' when `state`)."""
    door = board.doors[door_id]
    squares = [s for s in door.squares if s]
    if len(squares) == 2:
        text = tr("sight.door", lang, kind=door.kind, a=squares[0], b=squares[1])
    elif squares:
        text = tr("sight.door_of", lang, kind=door.kind, a=squares[0])
    else:
        text = tr("sight.door_alone", lang, kind=door.kind)
    if state:
        text += f" ({door_state_words(door_id, door_states, lang)})"
    return text


def door_state_words(door_id: str, door_states: Optional[Mapping[str, str]] = None, lang: Optional[str] = None) -> str:
    """'open', 'closed' or 'broken' (a destroyed glass door [10.5]) in `lang`."""
    return term("door_seen", (door_states or {}).get(door_id, "open"), lang)
def _square_at(board: Board, x, y, among=None) -> Optional[str]:
    """The square whose interior holds (x, y), looked for `among` these ids (default: every square)."""
    for sq in (board.squares.values() if among is None else (board.squares[s] for s in among)):
        r = sq.rect
        if r.x0 < x < r.x1 and r.y0 < y < r.y1:
            return sq.id
    return None


def _point_at(sight, at) -> tuple[Fraction, Fraction]:
    (x0, y0), (x1, y1) = sight.start, sight.end
    t = Fraction(at)
    return x0 + t * (x1 - x0), y0 + t * (y1 - y0)


def _wall_sides(board: Board, sight, at) -> tuple[Optional[str], Optional[str]]:
    """The squares the line is in just before and just after it meets the wall at `at`."""
    (x0, y0), (x1, y1) = sight.start, sight.end
    length = max(abs(x1 - x0), abs(y1 - y0)) or 1
    t = Fraction(at)
    d = _EPS / length
    before = _point_at(sight, max(Fraction(0), t - d))
    after = _point_at(sight, min(Fraction(1), t + d))
    # a point of the line inside a square's interior means the line passes that square: only the
    # squares the walker listed can hold it (a speed-up that changes no answer)
    return _square_at(board, *before, sight.squares), _square_at(board, *after, sight.squares)


def _corner_squares(board: Board, point) -> list[str]:
    x, y = Fraction(point[0]), Fraction(point[1])
    return sorted(sq.id for sq in board.squares.values() if sq.rect.x0 <= x <= sq.rect.x1 and sq.rect.y0 <= y <= sq.rect.y1)


def culprit_words(board: Board, sight, obstacle, door_states: Optional[Mapping[str, str]] = None, lang: Optional[str] = None) -> str:
    """What blocks, named by squares: 'the wall between 066 and 070', 'a piece in 168', ..."""
    reason, culprit = obstacle.reason, obstacle.culprit
    if reason == "wall":
        a, b = _wall_sides(board, sight, obstacle.at)
        if a and b:
            return tr("sight.wall_between", lang, a=a, b=b)
        inside = a or b
        return tr("sight.outer_wall_near", lang, a=inside) if inside else tr("sight.outer_wall", lang)
    if reason == "wall_corner":
        squares = _corner_squares(board, culprit)
        return tr("sight.corner_of", lang, squares=tuple(squares)) if len(squares) > 1 else tr("sight.corner", lang)
    if reason in ("closed_door", "door_not_side", "main_door") and culprit in board.doors:
        return door_words(board, culprit, lang=lang)
    if reason == "two_doors":
        return and_list([door_words(board, d, lang=lang) for d in sight.doors], lang)
    if reason == "token":
        return tr("sight.piece_in", lang, square=culprit)
    return str(culprit)


def why(board: Board, sight, obstacle=None, door_states: Optional[Mapping[str, str]] = None, lang: Optional[str] = None) -> str:
    """The reason `obstacle` (default: the reported one) blocks the sight, in plain words, with its Case."""
    if obstacle is None:
        obstacle = next((o for o in sight.obstacles if o.reason == sight.reason and o.culprit == sight.culprit), None)
        if obstacle is None:
            return ""
    what = culprit_words(board, sight, obstacle, door_states, lang)
    key = f"sight.why.{obstacle.reason}"
    if key in catalogue("en")["messages"]:
        text = tr(key, lang, a=sight.a, b=sight.b, what=what)
    else:
        text = reason_title(obstacle.reason, lang)
    return f"{text[0].upper()}{text[1:]} {obstacle.case}"


def _door_places(board: Board, ids: str, lang: Optional[str]) -> str:
    """'G14+G15' as the squares each door separates ('between 062 and 099')."""
    out = []
    for did in ids.split("+"):
        door = board.doors.get(did)
        out.append(tr("los.between", lang, a=door.squares[0], b=door.squares[1]) if door and len(door.squares) == 2 else did)
    return names(out, lang)


def modifier_words(board: Board, line, lang: Optional[str] = None) -> tuple[str, str]:
    """One line of the Shot Modifier Chart [6.7] (a `ModifierLine`) as (label, note) in `lang`,
    doors named by the squares they separate. The rules write the line; this only words it."""
    import re

    label, note = line.label, line.note
    doors = re.search(r"\(([A-Z]\d{2}(?:\+[A-Z]\d{2})*)", label)
    where = _door_places(board, doors.group(1), lang) if doors else ""
    away = re.match(r"(\d+) squares? away", label)
    if label == "same square":
        return tr("mod.same_square", lang), tr("mod.same_square_note", lang)
    if away:
        return tr("mod.away", lang, n=int(away.group(1))), note
    if label.startswith("through a closed glass door"):
        gone = re.search(r"the door ([A-Z0-9+]+) is destroyed", note or "")
        return tr("mod.closed_glass", lang, doors=where), (tr("mod.closed_glass_note", lang, doors=_door_places(board, gone.group(1), lang)) if gone else note)
    if label.startswith("through an open door"):
        key = "mod.broken_door" if "destroyed glass door" in label else "mod.open_door"
        return tr(key, lang, doors=where), note
    return label, note
