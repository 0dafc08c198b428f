"""dodnb — Dawn of the Dead (SPI, 1978) for Jupyter: the mall, line of sight, rules and exact odds.

Case numbers in brackets ([6.4], [8.8] ...) refer to the English SPI rules (Cases 1.0-15.8).
"""

__version__ = "0.1.0"


def load_board(path=None):
    """Load and validate a mall map: the shipped reconstruction, or a user's own file [2.1]."""
    from dodnb.board.model import load_board as _load

    return _load(path)


__all__ = ["load_board", "__version__"]
