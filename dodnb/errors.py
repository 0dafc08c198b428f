"""The one family of errors dodnb raises (DESIGN.md, "Rules engine").

* :class:`RuleViolation` — something the rules of *Dawn of the Dead* forbid: an illegal action, an
  impossible position, a question the rules cannot ask. ``.case`` is the Case number in one format
  (``"5.4"``, no brackets), ``.detail`` the sentence for the learner without the Case; ``str(err)``
  is ``"[5.4] detail"``. Re-raise another error's text with ``RuleViolation(err.case, err.detail)``,
  never by cutting its message.
* :class:`InputError` — its sibling for input that is not a rules matter: a malformed map, save or
  data file, an unknown id typed by a learner. ``.case`` may be None.

Both are ``ValueError`` subclasses, so older code catching ``ValueError`` still works. This module
sits below every layer (data ← board ← rules ← prob ← render ← widgets) and imports nothing.
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


class RuleViolation(DodnbError):
    """An action or position the rules forbid; ``case`` names the Case (required)."""

    def __init__(self, case: object, detail: str):
        if case is None:
            raise TypeError("a RuleViolation must name its Case")
        super().__init__(case, detail)


class InputError(DodnbError):
    """Malformed input (file, id, argument) that is not a rules matter; ``case`` may be None."""

    def __init__(self, detail: str, case: object = None):
        super().__init__(case, detail)


__all__ = ["DodnbError", "RuleViolation", "InputError", "normalise_case"]
