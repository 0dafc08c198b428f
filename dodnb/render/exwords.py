"""Words for the things :mod:`dodnb.exercises` cannot word itself (it sits under this layer): a legal
action (:func:`dodnb.render.narrate.action_words`), why a line of sight is blocked
(:func:`dodnb.render.words.why`) and a line of the Shot Modifier Chart
(:func:`dodnb.render.words.modifier_words`). The package facade installs :func:`word` in
:func:`dodnb.display.install_words`."""

from __future__ import annotations

from typing import Any, Optional

from dodnb.i18n import tr
from dodnb.render.narrate import action_words
from dodnb.render.words import modifier_words, why

__all__ = ["word"]


def word(what: str, payload: Any, lang: Optional[str]) -> Optional[str]:
    """`payload` in words in `lang`: "action" (action, state), "why" (board, sight, door states),
    "modifier" (board, ModifierLine); None for anything else."""
    if what == "action":
        action, state = payload
        return action_words(action, lang, state)
    if what == "why":
        board, sight, doors = payload
        return why(board, sight, door_states=doors, lang=lang)
    if what == "modifier":
        board, line = payload
        label, note = modifier_words(board, line, lang)
        value = f"{line.value:+d}".replace("+0", "0").replace("-", "\u2212")
        text = tr("mod.line", lang, label=label, value=value, case=line.case)
        return f"{text} ({note})" if note else text
    return None
