"""Errors raised by dodnb.prob: a :class:`ProbError` is a rule violation whose message starts with the Case."""

from __future__ import annotations

from dodnb.errors import RuleViolation


class ProbError(RuleViolation):
    """A probability question the rules cannot ask (0 dice, 4 dice in one shot [6.8], ...).

    A :class:`~dodnb.errors.RuleViolation`: ``ProbError("6.8", "...")``; ``.case`` is the Case
    number (``"6.8"``), ``.detail`` the sentence, and the message starts with ``[6.8]``.  Re-raise
    another dodnb error as ``ProbError(exc.case, exc.detail)``, never by cutting its message.
    (Until issue 8 it derived from :class:`~dodnb.prob.dist.DistError`; that is now an
    :class:`~dodnb.errors.InputError`, its sibling: catch :class:`~dodnb.errors.DodnbError` for both.)
    """
