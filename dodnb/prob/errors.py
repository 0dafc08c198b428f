"""Errors raised by dodnb.prob: ValueError subclasses whose message starts with the Case."""

from __future__ import annotations

from dodnb.prob.dist import DistError


class ProbError(DistError):
    """A probability question the rules cannot ask (0 dice, 4 dice in one shot [6.8], ...).

    ``case`` is the Case number (e.g. ``"6.8"``); the message starts with ``[6.8]``.
    """

    def __init__(self, case: str, message: str):
        self.case = case
        super().__init__(f"[{case}] {message}")
