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
from dodnb.i18n import catalogue

__all__ = ["REASON_TITLES", "door_words", "door_state_words", "why", "culprit_words", "and_list"]

#: One-line titles of the reasons sight is blocked [6.3], [6.4] (the catalogue's "sight" terms).
REASON_TITLES = dict(catalogue("en")["terms"]["sight"])

_EPS = Fraction(1, 1000)


def and_list(items) -> str:
    items = list(items)
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def door_words(board: Board, door_id: str, door_states: Optional[Mapping[str, str]] = None, state: bool = False) -> str:
    """'the glass door between 062 and 099' (with ', closed' when `state` and it is not open)."""
    door = board.doors[door_id]
    kind = {"glass": "glass door", "solid": "solid door", "main": "main door"}.get(door.kind, f"{door.kind} door")
    squares = [s for s in door.squares if s]
    where = f" between {squares[0]} and {squares[1]}" if len(squares) == 2 else (f" of {squares[0]}" if squares else "")
    text = f"the {kind}{where}"
    if state:
        text += f" ({door_state_words(door_id, door_states)})"
    return text


def door_state_words(door_id: str, door_states: Optional[Mapping[str, str]] = None) -> str:
    return {"destroyed": "broken"}.get((door_states or {}).get(door_id, "open"), (door_states or {}).get(door_id, "open"))


def _square_at(board: Board, x, y) -> Optional[str]:
    for sq in board.squares.values():
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
    return _square_at(board, *before), _square_at(board, *after)


def _corner_squares(board: Board, point) -> list[str]:
    x, y = Fraction(point[0]), Fraction(point[1])
    return sorted(sq.id for sq in board.squares.values() if sq.rect.x0 <= x <= sq.rect.x1 and sq.rect.y0 <= y <= sq.rect.y1)


def culprit_words(board: Board, sight, obstacle, door_states: Optional[Mapping[str, str]] = None) -> str:
    """What blocks, named by squares: 'the wall between 066 and 070', 'a piece in 168', ..."""
    reason, culprit = obstacle.reason, obstacle.culprit
    if reason == "wall":
        a, b = _wall_sides(board, sight, obstacle.at)
        if a and b:
            return f"the wall between {a} and {b}"
        inside = a or b
        return f"the outer wall of the mall next to {inside}" if inside else "the outer wall of the mall"
    if reason == "wall_corner":
        squares = _corner_squares(board, culprit)
        return f"the wall corner where {and_list(squares)} meet" if len(squares) > 1 else "a wall corner"
    if reason in ("closed_door", "door_not_side", "main_door") and culprit in board.doors:
        return door_words(board, culprit)
    if reason == "two_doors":
        return and_list([door_words(board, d) for d in sight.doors])
    if reason == "token":
        return f"a piece in {culprit}"
    return str(culprit)


def why(board: Board, sight, obstacle=None, door_states: Optional[Mapping[str, str]] = None) -> str:
    """The reason `obstacle` (default: the reported one) blocks the sight, in plain words, with its Case."""
    if obstacle is None:
        obstacle = next((o for o in sight.obstacles if o.reason == sight.reason and o.culprit == sight.culprit), None)
        if obstacle is None:
            return ""
    a, b = sight.a, sight.b
    what = culprit_words(board, sight, obstacle, door_states)
    case = obstacle.case
    reason = obstacle.reason
    if reason == "wall":
        text = f"the line from {a} to {b} crosses {what}: walls block sight"
    elif reason == "wall_corner":
        text = f"the line from {a} to {b} touches the end of a wall, at {what}: even a wall's corner blocks sight"
    elif reason == "closed_door":
        text = f"{what} is closed: a closed solid door blocks sight like a wall"
    elif reason == "door_not_side":
        text = (
            f"the line passes {what}, which is a side of neither {a} nor {b}: sight goes through a door "
            "only when the door is a side of the shooter's or the target's square"
        )
    elif reason == "two_doors":
        text = f"the line passes two doors, {what}: sight may not be traced through two doors"
    elif reason == "token":
        text = f"{what}, between {a} and {b}, holds a character or a zombie unit: no shooting through an occupied square"
    elif reason == "main_door":
        text = f"the line would leave the mall through {what}"
    else:
        text = REASON_TITLES.get(reason, "something is in the way")
    return f"{text[0].upper()}{text[1:]} {case}"
