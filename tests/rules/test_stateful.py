"""A hypothesis state machine drives `Game` with random legal and illegal actions: every illegal one
raises RuleViolation naming its Case and leaves the serialised state exactly as it was; every legal
one applies; undo/redo restore states exactly; the invariants hold throughout (`tests.oracle.invariants`)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from dodnb.errors import RuleViolation
from dodnb.rules.actions import (
    Activate, AttackCount, BerserkCheck, BreakDoor, ChooseTargets, CloseMainDoor, Door, Draw, Drop, EndPhase, EndTurn,
    Move, ReactionFire, Reveal, Roll, Shoot, SuperMove, TakeRifle, ZMove,
)
from dodnb.rules.game import Game
from tests.oracle.invariants import state_problems

NAMES = st.sampled_from(["Peter", "Roger", "Steve", "Fran", "Bob"])
SQUARES = st.sampled_from(["004", "010", "011", "013", "024", "113", "114", "115", "150", "177", "212", "999"])
UIDS = st.sampled_from([f"Z{i:02d}" for i in range(1, 51)] + ["Q1"])
DOORS = st.sampled_from(["G24", "S23", "N", "E", "S", "W", "G14", "nope"])

ANY_ACTION = st.one_of(
    st.builds(Activate, st.lists(NAMES, min_size=1, max_size=3).map(tuple)),
    st.builds(Move, SQUARES),
    st.builds(Shoot, st.lists(NAMES, min_size=1, max_size=2).map(tuple), SQUARES),
    st.builds(Door, DOORS, st.booleans()),
    st.builds(CloseMainDoor, DOORS),
    st.builds(TakeRifle, NAMES),
    st.just(Drop()), st.just(EndTurn()), st.just(EndPhase()),
    st.builds(ReactionFire, st.lists(NAMES, max_size=2).map(tuple)),
    st.builds(ChooseTargets, st.lists(NAMES, min_size=1, max_size=2).map(tuple)),
    st.builds(AttackCount, st.integers(-1, 5)),
    st.builds(BerserkCheck, UIDS),
    st.builds(ZMove, UIDS, st.lists(SQUARES, max_size=3).map(tuple)),
    st.builds(SuperMove, NAMES, st.lists(SQUARES, min_size=1, max_size=4).map(tuple), st.booleans()),
    st.builds(BreakDoor, UIDS, DOORS),
    st.builds(Reveal, SQUARES),
    st.builds(Roll, st.integers(-3, 20)),
    st.builds(Draw, UIDS),
)


def _snap(g: Game) -> str:
    return json.dumps(g.state.to_dict(), sort_keys=True)


class GameMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 10_000), solitaire=st.booleans())
    def start(self, seed, solitaire):
        self.g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)

    @precondition(lambda self: not self.g.over)
    @rule(pick=st.integers(0, 10_000))
    def legal(self, pick):
        legal = self.g.legal_actions()
        assert legal, self.g.pending
        self.g.apply(legal[pick % len(legal)])

    @rule(action=ANY_ACTION)
    def anything(self, action):
        before = _snap(self.g)
        n = len(self.g.actions)
        why = self.g.check(action)
        try:
            self.g.apply(action)
        except RuleViolation as err:
            assert why is not None and err.case == why.case and err.case  # a Case in one format
            assert _snap(self.g) == before and len(self.g.actions) == n
        else:
            assert why is None

    @precondition(lambda self: len(self.g.actions) > 0)
    @rule()
    def undo_redo(self):
        after = self.g.state
        self.g.undo()
        before = self.g.state
        self.g.redo()
        assert self.g.state == after and self.g.history[-2] == before

    @invariant()
    def holds(self):
        if hasattr(self, "g"):
            assert state_problems(self.g.state) == []


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(max_examples=25, stateful_step_count=30, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])
