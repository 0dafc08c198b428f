"""Jupyter widgets: a thin shell over dodnb.board, dodnb.rules and dodnb.prob (DESIGN.md)."""

from dodnb.widgets.calculators import AttackCalculator, ShotCalculator
from dodnb.widgets.los import LOSExplorer
from dodnb.widgets.mapview import MapView
from dodnb.widgets.stepper import GameStepper
from dodnb.widgets.editor import PositionEditor

__all__ = ["MapView", "LOSExplorer", "ShotCalculator", "AttackCalculator", "GameStepper", "PositionEditor"]
