"""Jupyter widgets: a thin shell over dodnb.board, dodnb.rules and dodnb.prob (DESIGN.md)."""

from dodnb.widgets.mapview import MapView

__all__ = ["MapView"]
