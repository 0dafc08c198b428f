"""The base of dodnb's errors, below the message catalogues (:mod:`dodnb.i18n`) and :mod:`dodnb.errors`.

:class:`DodnbError` (every error dodnb raises on purpose), :class:`InputError` (input that is not a
rules matter), the one format of a Case number, and :class:`Readable`, the mark of a value that
writes itself in a language (a keyed refusal, a part of one). Split from :mod:`dodnb.errors` so that
the catalogues may raise an InputError and recognise a refusal while :mod:`dodnb.errors` reads its
sentences from the catalogues: imports point one way (errorbase <- i18n <- errors). Import these names
from :mod:`dodnb.errors`, which re-exports them.
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




class Readable:
    """A value that writes itself in a language: ``text(lang)`` ('en', 'fr' or None for the
    package's). :mod:`dodnb.i18n` writes such a parameter of a sentence in the sentence's language."""

    __slots__ = ()

    def text(self, lang: str | None = None) -> str:
        raise NotImplementedError


class InputError(DodnbError):
    """Malformed input (file, id, argument) that is not a rules matter; ``case`` may be None."""

    def __init__(self, detail: str, case: object = None):
        super().__init__(case, detail)


__all__ = ["DodnbError", "InputError", "Readable", "normalise_case"]
