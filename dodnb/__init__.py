"""dodnb — Dawn of the Dead (SPI, 1978) for Jupyter: the mall, line of sight, rules and exact odds.

Case numbers in brackets ([6.4], [8.8] ...) refer to the English SPI rules (Cases 1.0-15.8).
"""

__version__ = "0.1.0"

from dodnb import display as _display


def _paint(obj, mime):
    """The core's notebook pictures (a board, a best-play search), drawn by the render layer: installed
    in dodnb.display so that no core module imports render; render is imported at the first picture."""
    from dodnb.render.notebook import paint

    return paint(obj, mime)


_display.install(_paint)


def load_board(path=None):
    """Load and validate a mall map: the shipped reconstruction, or a user's own file [2.1]."""
    from dodnb.board.model import load_board as _load

    return _load(path)


def set_language(lang):
    """The language of the widgets built afterwards: 'en' (default) or 'fr' (labels, panels, the
    game log; the catalogues are in dodnb/data/i18n/). Each widget also has its own switch."""
    from dodnb.i18n import set_language as _set

    _set(lang)


def __getattr__(name):
    """`dodnb.Game` (the rules engine) and `dodnb.Position` (a study position) are imported on first use, so `import dodnb` stays light."""
    if name == "Game":
        from dodnb.rules.game import Game

        return Game
    if name == "Position":
        from dodnb.rules.position import Position

        return Position
    raise AttributeError(f"module 'dodnb' has no attribute {name!r}")


__all__ = ["load_board", "Game", "Position", "set_language", "__version__"]
