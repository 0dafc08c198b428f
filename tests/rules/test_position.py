"""dodnb.Position: study positions set up in one line, play starting at the beginning of a phase
(issue 16 items 9-10). Each start is checked against the same position reached by playing, so the
bookkeeping a Position derives is the engine's own."""

from __future__ import annotations

import json

import pytest

import dodnb
from dodnb import Game, Position
from dodnb.board.model import load_board
from dodnb.errors import InputError, RuleViolation
from dodnb.rules import engine
from dodnb.rules.actions import Activate, BerserkCheck, EndTurn, Move, ReactionFire, Roll
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase

BOARD = load_board()
MAIN_CLOSED = {d.id: "closed" for d in BOARD.main_doors.values()}


def kinds(g: Game) -> str:
    return g.pending.kind if g.pending else ""


def played(p: Position, actor: str, path, *then) -> Game:
    """`p` from its Human Player-Turn: `actor` activates, moves along `path` and ends the turn;
    then the actions `then` (rolls, zombie decisions)."""
    g = p.game(zombie="ask")
    g.apply(Activate((actor,)))
    for sq in path:
        g.apply(Move(sq))
    g.apply(EndTurn())
    for a in then:
        g.apply(a)
    return g


# =============================================================================================
# issue 16 item 9: where play starts — every step of the phase happens [4.0]


def test_exported_from_dodnb():
    assert dodnb.Position is Position and "Position" in dodnb.__all__


def test_attack_start_runs_the_attack_8_0():
    """[8.0] 'the Attack Phase begins' with Peter and Roger in the bank and a value-5 unit among them:
    the attack happens (the old phase='attack' skipped it), the characters may shoot first [8.1]."""
    p = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack")
    g = p.game(zombie="ask")
    assert g.phase == Phase.ATTACK and kinds(g) == PendingKind.REACTION_FIRE and g.pending.who == "115"
    assert [e.key for e in g.log] == ["phase", "attack_begins"]
    g.apply(ReactionFire(()))  # no shot: the zombie player says how many are attacked [8.0] 2
    assert kinds(g) == PendingKind.ATTACK_COUNT


def test_attack_start_attacks_every_square_in_turn_8_0():
    """[8.0] each square holding characters and a zombie is attacked; one without a zombie is not."""
    p = Position(characters={"Peter": "115", "Steve": "031", "Fran": "100"}, units={"115": 3, "031": 2, "099": 4}, start="attack")
    g = p.game(zombie="ask", human="ask")
    seen = []
    for _ in range(60):
        if g.over or g.phase != Phase.ATTACK:
            break
        if g.pending.kind == PendingKind.REACTION_FIRE:
            seen.append(g.pending.who)
            g.apply(ReactionFire(()))
        elif g.pending.side == "chance":
            g.step()
        else:
            g.apply(g.legal_actions()[0])
    assert seen == ["031", "115"]


def test_reaction_start_moves_units_7_0():
    """[7.0] 1 'the Reaction Phase after Peter entered 031': the units in sight of 031 move towards him
    (the old phase='reaction' moved nothing), nearest first."""
    p = Position(characters={"Peter": "031"}, units={"085": 2, "053": 3}, start="reaction", actors="Peter", entered=["031"])
    g = p.game(zombie="ask")
    moves = [(e.data["uid"], e.data.get("to")) for e in g.log if e.key.startswith("react")]
    assert g.state.unit("Z02").square == "031" and g.state.unit("Z01").square == "053", g.log  # 053 then 085
    assert moves and kinds(g) == PendingKind.ROLL_FREE


def test_reaction_start_is_the_played_reaction_phase_7_0():
    """[7.0] 1, [7.3] the derived TurnRecord and reaction queue are the engine's own: the position
    equals the game played to the same point (Peter moves 109 -> 113, nobody goes berserk)."""
    base = Position(characters={"Peter": "109", "Roger": "115"}, units={"074": 3, "150": 2})
    g = played(base, "Peter", ["113"], BerserkCheck(""))
    start = Position(characters={"Peter": "113", "Roger": "115"}, units={"074": 3, "150": 2}, start="reaction", actors="Peter", entered=["113"])
    assert start.state() == g.state


def test_berserk_start_checks_berserk_units_10_0():
    """[10.0] 'the Berserk Phase': each berserk unit checks whether it stays berserk (the old
    phase='berserk' re-checked nothing) — issue 16's reproduction of item 1 (Peter 109 -> 113,
    Roger in 115, a berserk value-3 unit in 074) equals the game played there."""
    base = Position(characters={"Peter": "109", "Roger": "115"}, units={"074": {"value": 3, "berserk": True}})
    g = played(base, "Peter", ["113"])
    start = Position(characters={"Peter": "113", "Roger": "115"}, units={"074": {"value": 3, "berserk": True}},
                     start="berserk", actors="Peter", entered=["113"])
    assert kinds(g) == PendingKind.ROLL_BERSERK_STAY and g.pending.who == "Z01"
    assert start.state() == g.state
    st = start.state()
    assert st.character("Peter").moved_last_turn and not st.character("Roger").moved_last_turn  # [5.0]


def test_berserk_start_without_berserk_units_asks_for_the_new_check_10_0():
    """[10.0] no berserk unit: the zombie player picks one unit to check (two-player)."""
    g = Position(characters={"Peter": "031"}, units={"053": 3}, start="berserk").game(zombie="ask")
    assert kinds(g) == PendingKind.BERSERK_PICK


def test_hidden_start_solitaire_consults_the_table_15_2():
    """[15.2] the solitaire Zombie Player-Turn begins with the Hidden Zombie Table; two-player refuses it."""
    g = Position(characters={"Peter": "031"}, solitaire=True, start="hidden", eliminated=[2, 3]).game()
    assert g.phase == Phase.HIDDEN and kinds(g) == PendingKind.ROLL_COLUMN
    with pytest.raises(RuleViolation) as err:
        Position(characters={"Peter": "031"}, start="hidden")
    assert err.value.case == "15.2" and "start" in str(err.value)


def test_free_start_rolls_the_free_moves_7_0():
    """[7.0] 2 the Free Movement Phase begins with its die — issue 16's reproduction of item 2
    (Peter in 099, hidden units of value 3 and 4 in 037 and 059)."""
    p = Position(characters={"Peter": "099"}, hidden=["037", "059"], hidden_box=[3, 4], start="free")
    g = p.game(zombie="ask")
    assert g.phase == Phase.FREE and kinds(g) == PendingKind.ROLL_FREE
    assert g.state.hidden_squares == ("037", "059")


def test_generation_start_rolls_the_entrance_13_0():
    """[13.0] the Generation Phase begins with the Zombie Entrance Table; [11.0] an infected
    character infected earlier rolls for becoming a super zombie after it."""
    p = Position(characters={"Peter": {"square": "031", "status": "infected"}}, eliminated=[2], start="generation", turn=3)
    st = p.state()
    assert st.phase == Phase.GENERATION and st.pending.kind == PendingKind.ROLL_ENTRANCE
    assert st.zturn.super_rolls == ("Peter",)
    closed = Position(characters={"Peter": "031"}, doors=MAIN_CLOSED, units={"053": 2}, start="generation")
    assert [e.key for e in closed.game().log][:2] == ["phase", "entrance_skipped"]  # [13.2]


def test_generation_start_is_the_played_generation_phase_13_0():
    """The derived generation bookkeeping equals the engine's, reached through the attack phase."""
    base = Position(characters={"Peter": "031"}, units={"150": 2}, start="attack", eliminated=[4])
    assert base.state() == Position(characters={"Peter": "031"}, units={"150": 2}, start="generation", eliminated=[4]).state()


def test_human_start_with_a_character_about_to_act_5_0():
    """[5.0] 'the Human Player-Turn, Peter about to act': Peter is activated with his allowance."""
    g = Position(characters={"Peter": "031", "Roger": "031"}, actor="Peter").game()
    a = g.state.activation
    assert a.stack == ("Peter",) and a.left == 6 and kinds(g) == PendingKind.ACT
    stack = Position(characters={"Peter": "031", "Roger": "031"}, actor="Peter+Roger")
    assert stack.state().activation.stack == ("Peter", "Roger")
    with pytest.raises(RuleViolation) as err:  # [8.3] a stunned character may not be moved
        Position(characters={"Peter": {"square": "031", "status": "stunned"}}, actor="Peter").state()
    assert err.value.case == "8.3" and "actor" in str(err.value)


def test_every_start_saves_and_loads_4_0():
    """A game started from a position saves and loads to the same state (the saved start settles to
    itself: its bookkeeping leads to the decision it says is pending)."""
    common = dict(characters={"Peter": "031", "Roger": "115", "Fran": "113"}, units={"053": 3, "115": 4, "074": {"value": 2, "berserk": True}}, eliminated=[2, 5])
    for start in ("human", "berserk", "reaction", "free", "attack", "generation"):
        extra = {} if start == "human" else {"actors": ["Peter"], "entered": ["031"]}
        g = Position(start=start, **common, **extra).game(seed=4, zombie="random")
        assert Game.load(g.save()).state == g.state, start
        for _ in range(15):
            if g.over or (g.pending.side == "human"):
                break
            g.step()
        assert Game.load(g.save()).state == g.state, start


def test_opening_events_name_the_phase_4_0():
    g = Position(characters={"Peter": "031"}, start="free").game()
    assert g.log[0].text() == "C Zombie Free Movement Phase [4.0]"


def test_game_takes_position_keyword():
    p = Position(characters={"Peter": "031"}, units={"053": 2})
    assert Game(position=p, seed=3).state == p.game(seed=3).state == p.state()
    with pytest.raises(InputError):
        Game(position=p, solitaire=True)
    with pytest.raises(InputError):
        Game(position={"Peter": "031"})


# =============================================================================================
# every key and value checked, naming the piece and the field


@pytest.mark.parametrize("kw, case, words", [
    (dict(units={"031": {"valeu": 3}}), None, ["unit in 031", "'valeu'"]),
    (dict(units={"031": {"value": 0}}), "2.3", ["unit in 031", "value"]),
    (dict(units={"031": {"value": True}}), "2.3", ["unit in 031", "value"]),
    (dict(units={"031": {"berserk": "yes", "value": 2}}), None, ["unit in 031", "berserk"]),
    (dict(units={"031": {}}), "2.3", ["unit in 031", "value"]),
    (dict(units={"999": 3}), None, ["unit in '999'", "square"]),
    (dict(units=[{"square": "031", "value": 2}, {"square": "31", "value": 3}]), "7.6", ["unit in 031", "square"]),
    (dict(characters={"Petr": "031"}), "2.3", ["characters['Petr']", "name"]),
    (dict(characters={"Peter": {"sqare": "031"}}), None, ["character Peter", "'sqare'"]),
    (dict(characters={"Peter": {"square": "031", "status": "asleep"}}), "2.3", ["character Peter", "status"]),
    (dict(characters={"Peter": {"square": "031", "rifle": True}}), "12.1", ["character Peter", "rifle"]),
    (dict(characters={"Peter": {"square": "031", "rifle": 1}}), None, ["character Peter", "rifle"]),
    (dict(characters={"Peter": {"status": "killed", "square": "031"}}), "8.5", ["character Peter", "square"]),
    (dict(characters={"Peter": None}), None, ["character Peter", "square"]),
    (dict(characters={"Peter": "031"}, supers={"Peter": "053"}), "11.0", ["super zombie Peter", "name"]),
    (dict(characters={"Peter": "031"}, doors={"X99": "closed"}), "3.3", ["door 'X99'", "id"]),
    (dict(characters={"Peter": "031"}, doors={"N": "ajar"}), "5.5", ["door 'N'", "state"]),
    (dict(characters={"Peter": "031"}, start="lunch"), "4.0", ["start", "phase"]),
    (dict(characters={"Peter": "031"}, entered=["031"]), "4.0", ["start", "entered"]),
    (dict(characters={"Peter": "031"}, start="free", actor="Peter"), "4.0", ["start", "actor"]),
    (dict(characters={"Peter": "031"}, start="free", actors="Roger"), "5.0", ["start", "actors"]),
    (dict(characters={"Peter": {"square": "031", "moved_last_turn": True}}, start="free"), "5.0", ["character Peter", "moved_last_turn"]),
    (dict(characters={"Peter": "031"}, turn=0), "4.0", ["the game", "turn"]),
    (dict(characters={"Peter": "031"}, victory_check="no"), None, ["the game", "victory_check"]),
    (dict(characters={"Fran": {"square": "031", "rifle": True}}, rifles_left=2), "3.2", ["the game", "rifles_left"]),
    (dict(characters={"Peter": "031"}, eliminated=[3, "4"]), "2.3", ["eliminated", "value"]),
    (dict(characters={"Peter": "031"}, hidden=["037"], hidden_box=[]), "9.0", ["hidden_box", "count"]),
    (dict(characters={"Peter": "031"}, hidden=["037"], hidden_box=[3], solitaire=True), "15.1", ["hidden", "solitaire"]),
])
def test_bad_keys_and_values_name_piece_and_field(kw, case, words):
    """Every key and value is checked; the error names the piece and the field (never a bare
    TypeError); rules matters are RuleViolations citing their Case, the rest InputErrors."""
    with pytest.raises((InputError, RuleViolation)) as err:
        Position(**kw)
    assert err.value.case == case, err.value
    assert isinstance(err.value, RuleViolation if case else InputError)
    for w in words:
        assert w in str(err.value), (w, str(err.value))


def test_replace_refuses_an_unknown_field():
    with pytest.raises(InputError) as err:
        Position(characters={"Peter": "031"}).replace(unit={"053": 2})
    assert "'unit'" in str(err.value)


# =============================================================================================
# set-up restrictions [3.1]-[3.3]


def test_hidden_squares_forbidden_by_3_1_are_refused():
    """[3.1] 1 hall squares, 2 placement-symbol squares and their open neighbours, 3 twice the same
    square, 4 two in Edwin's Sports Centre: hidden squares are assigned at set-up, so a position
    in any phase holds only squares [3.1] allows."""
    from dodnb.rules.setup import hidden_square_allowed

    hall = next(s for s in BOARD.ids if BOARD.square(s).is_hall)
    symbol = BOARD.character_symbol_squares[0]
    edwin = [s for s in BOARD.ids if BOARD.square(s).store == BOARD.square("177").store and hidden_square_allowed(BOARD, s) is None]
    for bad, words in (([hall], "1. "), ([symbol], "2. "), (["037", "037"], "3. "), (edwin[:2], "4. ")):
        with pytest.raises(RuleViolation) as err:
            Position(characters={"Peter": "099"}, hidden=bad, hidden_box=[1, 2])
        assert err.value.case == "3.1" and words in str(err.value) and "hidden" in str(err.value), bad


def test_a_setup_claims_all_of_3_1_to_3_3():
    """setup=True: exactly five hidden squares [3.1]; characters at normal status on Character
    Placement Symbols, one or two per square, rifles in 177 [3.2]; doors open [3.3]."""
    import random

    from dodnb.rules.setup import random_hidden_squares

    sym = BOARD.character_symbol_squares
    five = list(random_hidden_squares(BOARD, random.Random(2)))
    good = dict(characters={"Peter": sym[0], "Roger": sym[0], "Steve": sym[1], "Fran": sym[1]}, hidden=five, hidden_box=[1, 2, 3, 4, 5], setup=True)
    p = Position(**good)
    assert p.state().pending.kind == PendingKind.ACT
    bad = [
        (dict(hidden=five[:4]), "3.1"),
        (dict(characters={**good["characters"], "Fran": "099"}), "3.2"),
        (dict(characters={"Peter": sym[0], "Roger": sym[0], "Steve": sym[0]}), "3.2"),
        (dict(characters={**good["characters"], "Fran": {"square": sym[1], "rifle": True}}), "3.2"),
        (dict(characters={**good["characters"], "Fran": {"square": sym[1], "status": "stunned"}}), "3.2"),
        (dict(doors={"N": "closed"}), "3.3"),
        (dict(start="free"), "4.0"),
    ]
    for change, case in bad:
        with pytest.raises(RuleViolation) as err:
            Position(**{**good, **change})
        assert err.value.case == case, (change, err.value)
    # the same pieces not claimed as a set-up: Fran may stand anywhere
    assert Position(**{**good, "setup": False, "characters": {**good["characters"], "Fran": "099"}})


# =============================================================================================
# the literal: repr round-trips, and the position draws itself


POSITIONS = [
    Position(),
    Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack"),
    Position(characters={"Peter": "031", "Fran": {"square": "113", "rifle": True, "status": "infected", "infected_turn": 2}},
             supers={"Steve": "150"}, units={"053": {"value": 3, "berserk": True, "seen": True}, "150": 2},
             hidden=["037", "059"], hidden_box=[3, 4], eliminated=[1, 6], doors={"N": "closed", "G07": "destroyed"} if "G07" in BOARD.doors else {"N": "closed"},
             turn=4, start="reaction", actors=["Fran"], entered=["113"], acted=["113"], victory_check=False, rifles_left=0),
    Position(characters={"Peter": "031", "Roger": "031"}, actor=("Peter", "Roger"), solitaire=True, eliminated=[2]),
    Position(characters={"Roger": {"status": "killed"}, "Steve": "100"}, fran_counts_two=True, start="generation"),
]


@pytest.mark.parametrize("p", POSITIONS, ids=range(len(POSITIONS)))
def test_repr_round_trips(p):
    text = repr(p)
    assert text.startswith("Position(") and "\n" not in text
    q = eval(text, {"Position": Position})
    assert q == p and hash(q) == hash(p) and repr(q) == text
    assert q.state() == p.state()


def test_repr_is_short_and_equality_is_by_value():
    p = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack")
    assert repr(p) == "Position(characters={'Peter': '115', 'Roger': '115'}, units={'115': 5}, start='attack')"
    assert Position(characters={"peter": 115, "Roger": "115"}, units=[{"square": 115, "value": 5}], start="Attack") == p
    assert p != p.replace(units={"115": 4})
    listed = Position(characters={"Roger": "115", "Peter": "115"}, units={"115": 5, "150": 2}, doors={"N": "closed", "E": "closed"}, eliminated=[3, 1])
    assert listed == Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5, "150": 2}, doors={"E": "closed", "N": "closed"}, eliminated=[1, 3])
    # units are numbered in the order listed, which can break ties (ruling E10): the order is kept
    assert Position(units={"150": 2, "115": 5}) != Position(units={"115": 5, "150": 2})
    assert Position(units={"150": 2, "115": 5}).raw_state().unit("Z01").square == "150"
    with pytest.raises(AttributeError):
        p.start = "human"


def test_position_draws_itself():
    p = POSITIONS[2]
    svg = p._repr_svg_()
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:200]
    from dodnb.render.picture import png_available

    if png_available():
        assert p._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_prob_accepts_a_position():
    """dodnb.prob's state-aware functions read a position's pieces as given [6.0], [8.0]."""
    from dodnb.prob.stateaware import shoot, zombie_attack

    p = Position(characters={"Peter": "031"}, units={"053": 3})
    assert shoot(p, "Peter", "053") == shoot(p.raw_state(), "Peter", "053")
    q = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5})
    assert zombie_attack(q, "115") == zombie_attack(q.raw_state(), "115")


def test_zombie_turn_odds_from_a_position_game():
    """dodnb.prob.zombie_turn takes what Position.game() gives (solitaire [15.0])."""
    from dodnb.prob import zombie_turn

    p = Position(characters={"Peter": "115"}, units={"115": 1}, solitaire=True, doors=MAIN_CLOSED)
    odds = zombie_turn(p.game(), max_seconds=30)
    assert odds is not None


# =============================================================================================
# issue 16 item 10: victory in study positions [14.0]-[14.2]


def test_victory_check_off_is_a_drill_14_0():
    """[14.0] a drill: with the victory check off, neither [14.2] (doors closed, no zombie) nor [14.1]
    (three characters lost) ends the game; the flag survives save/load and to_dict/from_dict."""
    won = Position(characters={"Peter": "031", "Steve": {"square": "100", "rifle": True}}, doors=MAIN_CLOSED)
    assert won.game().result.winner == "human"
    drill = won.replace(victory_check=False)
    g = drill.game()
    assert not g.over and kinds(g) == PendingKind.ACT and g.state.victory_check is False
    assert Game.load(g.save()).state.victory_check is False
    d = g.state.to_dict()
    assert d["victory_check"] is False and GameState.from_dict(json.loads(json.dumps(d))) == g.state
    with pytest.raises(InputError):
        GameState.from_dict({**d, "victory_check": "no"})
    lost = dict(characters={"Peter": {"status": "killed"}, "Roger": {"status": "killed"}, "Steve": {"status": "killed"}, "Fran": "031"}, units={"053": 2})
    assert Position(**lost).game().result.case == "14.1"
    assert not Position(**lost, victory_check=False).game().over
    assert engine.victory(drill.raw_state()) is None


def Game_log_line(game) -> str:
    """The game-over line of a game's log, in English."""
    return next(e.text("en") for e in game.log if e.key == "game_over")


def test_victory_message_names_the_conditions_that_hold_14_2():
    """[14.2] 2 the rifle is asked only of Steve and Fran when each is in the game, not killed, not
    a super zombie: the message says so instead of naming rifles nobody holds."""
    only_peter = Position(characters={"Peter": "031"}, doors=MAIN_CLOSED).game()
    r = only_peter.result
    assert r.winner == "human" and r.case == "14.2"
    assert r.reason == "humans_none"  # a message key: no rifle asked of Steve nor Fran, neither in the game
    assert "rifle" not in Game_log_line(only_peter) or "no hunting rifle asked" in Game_log_line(only_peter)
    steve = Position(characters={"Peter": "031", "Steve": {"square": "100", "rifle": True}, "Fran": {"status": "killed"}}, doors=MAIN_CLOSED).game()
    assert steve.result.reason == "humans_steve"
    assert "Steve armed with a hunting rifle (none asked of Fran" in Game_log_line(steve)
    both = Position(characters={"Steve": {"square": "100", "rifle": True}, "Fran": {"square": "100", "rifle": True}}, doors=MAIN_CLOSED).game()
    assert both.result.reason == "humans"
    assert "Steve and Fran armed with hunting rifles" in Game_log_line(both)
    unarmed = Position(characters={"Peter": "031", "Fran": "100"}, doors=MAIN_CLOSED).game()
    assert not unarmed.over  # [14.2] 2 applies to Fran, infected or not


def test_victory_message_reads_in_french():
    from dodnb import i18n

    g = Position(characters={"Peter": "031", "Steve": {"square": "100", "rifle": True}}, doors=MAIN_CLOSED).game()
    fr = i18n.term("victory", g.result.reason, "fr")
    assert fr.startswith("les quatre portes principales fermées, Steve armé d'un fusil de chasse") and "aucun demandé à Fran" in fr
