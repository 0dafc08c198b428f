"""Static SVG: the board and any scene, readable on GitHub, nbviewer and in print.

The writer itself lives with the shapes (`dodnb.render.shapes.scene_to_svg`); this module adds the
board picture. Imports point one way: svg -> scene -> shapes.
"""

from __future__ import annotations

from dodnb.render.scene import board_scene
from dodnb.render.shapes import scene_to_svg

__all__ = ["scene_to_svg", "board_svg"]


def board_svg(board, scale: float = 12.0) -> str:
    return scene_to_svg(board_scene(board, scale=scale))
