"""The one family of errors dodnb raises (DESIGN.md, "Rules engine").

* :class:`RuleViolation` — something the rules of *Dawn of the Dead* forbid: an illegal action, an
  impossible position, a question the rules cannot ask. ``.case`` is the Case number in one format
  (``"5.4"``, no brackets), ``.detail`` the sentence for the learner without the Case; ``str(err)``
  is ``"[5.4] detail"``. The rules give a message key and structured parameters, like their events:
  ``RuleViolation("5.5", "door.closed", door="S05")``; ``.key`` and ``.params`` keep them, the
  detail is the English sentence of the catalogues (``dodnb/data/i18n``, section ``refusals``) and
  :meth:`RuleViolation.text` gives any language. Code outside the rules may still pass a sentence.
  Re-raise another error with ``RuleViolation(err.case, err.detail)`` (or its key and params),
  never by cutting its message.
* :class:`InputError` — its sibling for input that is not a rules matter: a malformed map, save or
  data file, an unknown id typed by a learner. ``.case`` may be None.

Both are ``ValueError`` subclasses, so older code catching ``ValueError`` still works. This module
sits below every layer (data ← board ← rules ← prob ← render ← widgets) with the catalogues: the
base classes are in :mod:`dodnb.errorbase` (re-exported here), below :mod:`dodnb.i18n`, which this
module imports for a keyed refusal's sentence (written when first read): errorbase <- i18n <- errors.
"""

from __future__ import annotations

import re

from dodnb import i18n
from dodnb.errorbase import DodnbError, InputError, Readable, normalise_case

_KEY = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")


class RuleViolation(DodnbError, Readable):
    """An action or position the rules forbid; ``case`` names the Case (required).

    ``detail`` is a message key of the catalogues' ``refusals`` ("door.closed") with its parameters
    as keywords, or (outside the rules) a plain sentence; ``key`` is None for a sentence."""

    def __init__(self, case: object, detail: str, /, **params: object):
        if case is None:
            raise TypeError("a RuleViolation must name its Case")
        if isinstance(detail, Words):  # a keyed sentence given whole (e.g. a CounterError's)
            detail, params = detail.key, {**detail.params, **params}
        self.key: str | None = detail if _KEY.match(str(detail)) else None
        self.params = dict(params)
        self.case = normalise_case(case)
        self._detail: str | None = None if self.key else str(detail)
        ValueError.__init__(self, self.case, detail)  # the sentence is written when first read

    @property
    def detail(self) -> str:  # type: ignore[override]
        """The English sentence, without the Case."""
        if self._detail is None:
            self._detail = self.text("en")
        return self._detail

    def __str__(self) -> str:
        """What a learner sees when a notebook prints the error: in the package's language
        (:func:`dodnb.set_language`) for a keyed refusal, as :class:`dodnb.board.model.UnknownSquare`;
        ``.detail`` stays the English."""
        return f"[{self.case}] {self.text()}"

    def text(self, lang: str | None = None) -> str:
        """The sentence (without its Case) in `lang`: 'en' or 'fr' (default: the package's)."""
        if self.key is None:
            return self.detail
        return i18n.refusal(self.key, self.params, lang)


class Words(Readable):
    """A sentence of the catalogues' refusals by key, with its parameters, written in the reader's
    language when read: a part of a refusal (the piece of a study position a rule refuses, and why)
    given as a parameter of another (``RuleViolation(case, "position.field", piece=Words(...),
    detail=Words(...))``). ``str()`` is the English."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object):
        if not _KEY.match(key):
            raise ValueError(f"a message key such as 'position.two_units', got {key!r}")
        self.key, self.params = key, dict(params)

    def text(self, lang: str | None = None) -> str:
        return i18n.refusal(self.key, self.params, lang)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Words({self.key!r}" + "".join(f", {k}={v!r}" for k, v in self.params.items()) + ")"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and (self.key, self.params) == (other.key, other.params)

    __hash__ = None  # type: ignore[assignment]


__all__ = ["DodnbError", "RuleViolation", "Words", "InputError", "Readable", "normalise_case"]
