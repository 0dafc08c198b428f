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
sits below every layer (data ← board ← rules ← prob ← render ← widgets) and imports nothing at load
time (a keyed refusal reads its sentence from :mod:`dodnb.i18n` when it is made).
"""

from __future__ import annotations

import re

_CASE = re.compile(r"^\d+(\.\d+)?$")


def normalise_case(case: object) -> str | None:
    """'[5.4]' / ' 5.4 ' / 5.4 -> '5.4'; None stays None. Anything else is a programming error."""
    if case is None:
        return None
    text = str(case).strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1].strip()
    if not _CASE.match(text):
        raise TypeError(f"a Case number looks like '5.4', got {case!r}")
    return text


class DodnbError(ValueError):
    """Base of every error dodnb raises on purpose."""

    def __init__(self, case: object, detail: str):
        self.case = normalise_case(case)
        self.detail = str(detail)
        super().__init__(f"[{self.case}] {self.detail}" if self.case else self.detail)

    @property
    def cite(self) -> str:
        """'[5.4]' or '' — for narration."""
        return f"[{self.case}]" if self.case else ""


_KEY = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")


class RuleViolation(DodnbError):
    """An action or position the rules forbid; ``case`` names the Case (required).

    ``detail`` is a message key of the catalogues' ``refusals`` ("door.closed") with its parameters
    as keywords, or (outside the rules) a plain sentence; ``key`` is None for a sentence."""

    def __init__(self, case: object, detail: str, /, **params: object):
        if case is None:
            raise TypeError("a RuleViolation must name its Case")
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
        return f"[{self.case}] {self.detail}"

    def text(self, lang: str | None = None) -> str:
        """The sentence (without its Case) in `lang`: 'en' or 'fr' (default: the package's)."""
        if self.key is None:
            return self.detail
        from dodnb import i18n

        return i18n.refusal(self.key, self.params, lang)


class Words:
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
        from dodnb import i18n

        return i18n.refusal(self.key, self.params, lang)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Words({self.key!r}" + "".join(f", {k}={v!r}" for k, v in self.params.items()) + ")"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and (self.key, self.params) == (other.key, other.params)

    __hash__ = None  # type: ignore[assignment]


class InputError(DodnbError):
    """Malformed input (file, id, argument) that is not a rules matter; ``case`` may be None."""

    def __init__(self, detail: str, case: object = None):
        super().__init__(case, detail)


__all__ = ["DodnbError", "RuleViolation", "Words", "InputError", "normalise_case"]
