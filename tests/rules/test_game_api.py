"""The Game API (DESIGN.md, "Rules engine"): actions print and paste back, scripted dice, the
state-aware odds accept a Game, observation never shows a face-down value [7.7], narration cites Cases."""

from __future__ import annotations

import dodnb
import dodnb.prob as P
from dodnb.rules import actions as A
from dodnb.rules.actions import Activate, EndTurn, Roll, Shoot
from dodnb.rules.game import DecisionNeeded, Game, ScriptedPolicy

from .helpers import human_game


def test_every_action_has_a_readable_string_and_a_repr_that_pastes_back():
    g = Game(seed=21, human="random", zombie="random")
    seen = set()
    ns = {name: getattr(A, name) for name in A.ACTION_TYPES}
    while not g.over and len(seen) < 14 and len(g.actions) < 3000:
        for a in g.legal_actions():
            if type(a) not in seen:
                seen.add(type(a))
                assert eval(repr(a), ns) == a and str(a) and "(" not in str(a)[:3]
        g.step()
    assert len(seen) >= 10


def test_scripted_dice_and_scripted_decisions():
    """[6.6] teaching: the dice a teacher wants, then the seed; a scripted player."""
    g = human_game({"Peter": "115"}, [{"square": "113", "value": 5}])
    g.dice_script = [(3, 4)]
    g.apply(Activate(("Peter",)))
    g.apply(Shoot(("Peter",), "113"))
    ev = g.step()
    assert g.actions[-1] == Roll(7) and g.actions[-1].faces == (3, 4) and ev[0].dice == (3, 4)
    assert g.state.zombie_in("113") is None  # 7 - 2 >= 5
    g.undo()
    g.step()
    assert g.actions[-1].faces == (3, 4)  # undo keeps to the script
    s = Game(seed=2, human=ScriptedPolicy([Activate(("Peter",)), EndTurn()]), zombie="random")
    s.step(); s.step()
    assert s.state.phase != "human"


def test_step_at_the_users_decision_says_so():
    g = Game(seed=1)  # the human side is "ask" by default
    try:
        g.step()
    except DecisionNeeded as err:
        assert "legal_actions" in str(err) and g.actions == []
    else:
        raise AssertionError("step() decided for the user")


def test_state_aware_odds_accept_a_game():
    g = human_game({"Peter": "115", "Roger": "115"}, [{"square": "113", "value": 4, "seen": True}])
    assert P.shoot(g, ["Peter", "Roger"], "113") == P.shoot(g.state, ["Peter", "Roger"], "113")


def test_7_7_the_observation_shows_no_face_down_value():
    """[7.7] only face-up or remembered values [2.3]; face-down units show what they could be."""
    g = Game(seed=5, human="random", zombie="random")
    for _ in range(300):
        if g.over:
            break
        obs = g.observation()
        for u in obs["units"]:
            z = g.state.unit(u["uid"])
            if not (z.face_up or z.seen):
                assert u["value"] is None and len(u["could_be"]) >= 1
        g.step()


def test_narration_reads_as_a_story_with_cases():
    g = human_game({"Steve": "115"}, [{"square": "115", "value": 3}])
    g.apply(Activate(("Steve",)))
    g.apply(Shoot(("Steve",), "115"))
    ev = g.apply(Roll(2))
    text = "\n".join(e.text() for e in ev)
    assert "Steve panics (rolled 2 ≤ Panic Level 2) [6.5]" in text
    assert dodnb.Game is Game
