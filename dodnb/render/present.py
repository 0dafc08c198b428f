"""The presenter, gathered: the narration (:mod:`dodnb.render.narrate`: events, choices, pending
decisions and refusals in learner words) and the stepper's panels (:mod:`dodnb.render.panels`: HTML
and styles), under the one name the notebooks and older code import. Nothing is stated here; the
hint and the zombie threat are computed in :mod:`dodnb.search.hint`.
"""

from __future__ import annotations

from dodnb.render.narrate import *  # noqa: F401,F403
from dodnb.render.narrate import __all__ as _narrate
from dodnb.render.panels import *  # noqa: F401,F403
from dodnb.render.panels import __all__ as _panels

__all__ = [*_narrate, *_panels]
