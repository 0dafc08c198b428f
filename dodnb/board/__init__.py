"""The mall: exact geometry, the board model and loader [2.1], line of sight [6.4] and what a shot
passes [6.7] (its modifiers, read from the tables, are :func:`dodnb.rules.modifiers.shot_modifiers`)."""

from dodnb.board.model import Board, Door, MapError, Square, UnknownSquare, load_board
from dodnb.board.sight import NotInSight, distance, line_of_sight, shot_geometry
from dodnb.board.sighttable import sight_table, visible_from

__all__ = [
    "Board", "Square", "Door", "MapError", "UnknownSquare", "load_board",
    "line_of_sight", "distance", "shot_geometry", "sight_table", "visible_from", "NotInSight",
]
