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


def _words(what, payload, lang):
    """The render layer's words for an action, a blocked sight or a modifier line (dodnb.exercises
    asks dodnb.display.words, as the core asks for pictures); render is imported at the first use."""
    from dodnb.render.exwords import word

    return word(what, payload, lang)


_display.install_words(_words)


def load_board(path=None):
    """Load and validate a mall map: the shipped reconstruction, or a user's own file [2.1]."""
    from dodnb.board.model import load_board as _load

    return _load(path)


def set_language(lang):
    """The language of the widgets built afterwards: 'en' (default) or 'fr' (labels, panels, the
    game log; the catalogues are in dodnb/data/i18n/). Each widget also has its own switch."""
    from dodnb.i18n import set_language as _set

    _set(lang)


def projector(on=True):
    """Projector mode for a class at the back of the room: every widget built and every picture
    drawn afterwards follows it (square numbers >= 14 px tall on a 1400-px screen with the file
    browser closed, pieces >= 24 px, bigger door labels and legend, calculators in two columns, the
    stepper's panels without small scroll boxes). `dodnb.projector(False)` goes back to the normal
    size. The sizes are in one place, dodnb/render/style.py."""
    from dodnb.render.style import use_projector

    use_projector(bool(on))


def __getattr__(name):
    """`dodnb.Game` (the rules engine) and `dodnb.Position` (a study position) are imported on first use, so `import dodnb` stays light."""
    if name == "Game":
        from dodnb.rules.game import Game

        return Game
    if name == "Position":
        from dodnb.rules.position import Position

        return Position
    raise AttributeError(f"module 'dodnb' has no attribute {name!r}")


__all__ = ["load_board", "Game", "Position", "set_language", "projector", "__version__"]
