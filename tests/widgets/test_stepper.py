"""The game stepper widget: a thin shell over the rules engine (no browser: the state, the panels,
the map's scene; pixels are checked by tests/browser)."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from dodnb import i18n
from dodnb.rules.actions import Activate, EndTurn, Move, Shoot
from dodnb.rules.game import Game
from dodnb.widgets.stepper import GameStepper, choice_label, zombie_threat

from tests.rules.helpers import build  # noqa: E402

INTERNAL = re.compile(r"roll:|draw:|pick:|attack_targets|reaction_fire|berserk_pick|\bpending\.|\bchoice\.|\bphase\.|\bstepper\.|\{[a-z_]+\}")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def lit(stepper) -> str:
    m = re.search(r"dodnb-phase-on'[^>]*>([^<]+)<", stepper.track.value)
    return m.group(1) if m else ""


def token_squares(stepper, name: str) -> set[str]:
    """Squares whose token discs carry this piece's tag, from the scene the map draws."""
    st = stepper.map.state
    frame = stepper.map.frame
    out = set()
    for sh in stepper.map.token_shapes({}):
        if getattr(sh, "tag", "") == name and hasattr(sh, "cx"):
            sid = stepper.map.square_at(sh.cx, sh.cy)
            if sid:
                out.add(sid)
    return out


def test_new_stepper_lists_only_legal_choices_in_learner_words():
    s = GameStepper(seed=5)
    assert lit(s) == "Human"
    assert s.choices == s.game.legal_actions() and len(s.choice_list.options) == len(s.choices)
    assert s.step_button.disabled  # the learner decides: Step does not decide for him
    assert s.undo_button.disabled and s.redo_button.disabled
    for label, _ in s.choice_list.options:
        assert not INTERNAL.search(label), label
    assert "[5.0]" in s.decision.value


def test_click_activates_moves_and_refuses_with_the_case():
    s = GameStepper(seed=5)
    peter = s.game.state.character("Peter").square
    s.click(peter)
    assert isinstance(s.game.actions[-1], Activate) and s.game.actions[-1].stack == ("Peter",)
    moves = [a for a in s.choices if isinstance(a, Move)]
    assert moves, "Peter has somewhere to go"
    before = s.game.state
    n = len(s.game.history)
    far = "001" if "001" not in {m.to for m in moves} else "200"
    s.click(far)  # not adjacent: refused by the engine, with its Case, nothing applied
    assert re.search(r"Not allowed: .*\[2\.1\]", s.message), s.message
    assert s.game.state == before and len(s.game.history) == n
    to = moves[0].to
    assert token_squares(s, "Peter") == {peter}
    s.click(to)
    assert s.game.state.character("Peter").square == to
    assert token_squares(s, "Peter") == {to}  # the map shows the token there
    s.undo()
    assert s.game.state == before and token_squares(s, "Peter") == {peter}
    s.redo()
    assert s.game.state.character("Peter").square == to


def test_move_choices_say_cost_left_and_reacting_zombies():
    s = GameStepper(seed=5)
    s.click(s.game.state.character("Peter").square)
    for a in s.choices:
        if isinstance(a, Move):
            label = choice_label(s.game, a)
            assert re.search(r"Move to \d{3}: 1 MP, 5 left — (no new zombie reacts|zombies that will react: the units? in \d{3}( and \d{3}| ?, \d{3})*)", label), label


def _game_with_a_shot(seed=3):
    from dodnb.rules import solitaire

    g = Game(seed=seed, solitaire=True, human="ask", zombie=solitaire.zombie_policy)
    rng = random.Random(1)
    for _ in range(600):
        if g.over:
            break
        if g.pending.side == "human":
            legal = g.legal_actions()
            if any(isinstance(a, Shoot) for a in legal):
                return g
            g.apply(rng.choice(legal))
        else:
            g.step()
    pytest.fail("no shot found in the seeded game")


def test_shot_choice_gives_the_kill_chance_of_prob():
    from dodnb.prob import shoot
    from dodnb.prob.dist import fmt_percent

    g = _game_with_a_shot()
    s = GameStepper(g)
    shots = [a for a in s.choices if isinstance(a, Shoot)]
    assert shots
    for a in shots:
        p = shoot(g.state, a.shooters, a.target).p(lambda o: o.killed)
        label = choice_label(g, a)
        assert f"chance the shot destroys the unit: {fmt_percent(p)} ({p.numerator}/{p.denominator}), panic included" in label, label


def test_step_and_step_phase_advance_the_phase_track_and_the_log():
    s = GameStepper(seed=2, play="none")
    assert lit(s) == "Human" and not s.step_button.disabled
    seen = [lit(s)]
    for _ in range(12):
        s.step_phase()
        if lit(s) != seen[-1]:
            seen.append(lit(s))
    assert seen[:2] == ["Human", "A Berserk"] and "C Free Movement" in seen, seen
    assert s.history.value == len(s.game.actions) and s.history.max == len(s.game.actions)
    lines = s.log_lines()
    assert any(re.search(r"\[\d+\.\d+\]$", ln) for ln in lines)
    assert not any(INTERNAL.search(ln) for ln in lines)
    # the history slider undoes and redoes
    n = len(s.game.actions)
    state_3 = s.game.history[3]
    s.history.value = 3
    assert len(s.game.actions) == 3 and s.game.state == state_3
    s.history.value = n
    assert len(s.game.actions) == n


def test_dice_tray_shows_the_faces_of_the_last_rolls():
    s = GameStepper(seed=2, play="none")
    s.step_phase()
    s.step_phase()
    rolled = [e for evs in s.game.events for e in evs if e.dice]
    assert rolled
    last = rolled[-1]
    faces = re.findall(r">(\d)</span>", s.dice.value)
    assert faces[: len(last.dice)] == [str(f) for f in last.dice]


def test_french_switch_changes_labels_panels_and_log():
    s = GameStepper(seed=2, play="none")
    s.step_phase()
    english_log = s.log_lines()
    s.set_language("fr")
    assert s.step_button.description == "Pas" and s.undo_button.description == "Annuler"
    assert lit(s) == "A Berserk" and "Tour de jeu 1" in s.track.value
    assert s.language.value == "fr"
    french_log = s.log_lines()
    assert len(french_log) == len(english_log) and french_log != english_log
    assert "Le tour des Humains se termine [4.0]" in french_log
    assert not any(INTERNAL.search(ln) for ln in french_log)
    assert not INTERNAL.search(s.text)
    s.language.value = "en"  # the toggle on the widget
    assert s.step_button.description == "Step" and s.log_lines() == english_log


def test_package_default_language_applies_to_new_widgets():
    import dodnb

    dodnb.set_language("fr")
    s = GameStepper(seed=5)
    assert s.step_button.description == "Pas" and lit(s) == "Humains"
    s.click("001")
    assert s.message.startswith("Interdit") or "Cliquez" in s.message, s.message


def test_illegal_click_in_french_keeps_the_case():
    s = GameStepper(seed=5, lang="fr")
    s.click(s.game.state.character("Peter").square)
    s.click("001")
    assert re.search(r"^Interdit : .*ne partagent pas de côté.*\[2\.1\]$", s.message), s.message


def test_zombie_threat_exact_on_a_small_position():
    from dodnb.rules import solitaire

    st = build({"Peter": "010", "Roger": "010", "Steve": "060", "Fran": "060"}, [{"square": "009", "value": 4}], solitaire=True)
    g = Game(state=st, human="ask", zombie=solitaire.zombie_policy)
    s = GameStepper(g)
    odds = s.ask_zombies()
    assert odds.exact
    for name, now, dist in odds.rows:
        assert sum(dist.values()) == 1
    peter = dict((n, d) for n, _, d in odds.rows)["Peter"]
    assert Fraction(0) < peter["stunned"] < Fraction(1, 10)  # the unit next door may come in and attack
    assert "Exact" in s.threat_box.value and "±" not in s.threat_box.value


def test_zombie_threat_monte_carlo_is_labelled_with_its_interval():
    """Issue 17: an estimate shows its 95 % Wilson interval and how many games, never "± 0.0"; a
    two-player game answers the stated question "if the zombies played by the solitaire rules [15.5]"."""
    g = Game(seed=5, human="ask", zombie="random")
    odds = zombie_threat(g, max_seconds=0, n=60)  # no time for the exact count: the estimate
    assert not odds.exact and odds.n == 60 and odds.why == "two_player_solitaire_rules"
    for name, now, dist in odds.rows:
        assert sum(dist.values()) == 1
        for status, p in dist.items():
            lo, hi = odds.intervals[name][status]
            assert lo <= float(p) <= hi and hi - lo > 0  # an interval, even at 0 % or 100 %
    s = GameStepper(g)
    s._threat_cache[g.state] = odds
    s.ask_zombies()
    box = s.threat_box.value
    assert "Monte Carlo" in box and "60" in box and "95 %" in box and "±" not in box
    assert "solitaire rules [15.5]" in box


def test_zombie_threat_exact_in_a_two_player_game():
    """Ruling Z3: the two-player question is answered exactly when the count fits the budget."""
    g = Game(seed=5, human="ask", zombie="random")
    odds = zombie_threat(g, max_seconds=60)
    assert odds.exact and odds.why == "two_player_solitaire_rules"
    assert all(sum(d.values()) == 1 for _, _, d in odds.rows)


def test_save_and_load_round_trip():
    s = GameStepper(seed=2, play="none")
    s.step_phase()
    text = s.save()
    state = s.game.state
    s.new_game(seed=9)
    assert s.game.state != state
    s.load(text)
    assert s.game.state == state and s.game.seed == 2
    s.save_text.value = "not a game"
    s.load_button.click()
    assert "not a saved game" in s.message or "JSON" in s.message


def test_still_picture_for_untrusted_notebooks():
    s = GameStepper(seed=5)
    pic = s.picture()
    assert pic.png[:8] == b"\x89PNG\r\n\x1a\n" and pic.width > 500
    assert pic.png_base64() in s.still_html()


def test_refresh_sends_one_batched_message_per_change():
    """A click that moves a token: the tokens and overlay layers are redrawn in one canvas message."""
    import ipycanvas.canvas as cv

    s = GameStepper(seed=5)
    s.click(s.game.state.character("Peter").square)
    sent = []
    orig = cv._CANVAS_MANAGER._send_custom
    cv._CANVAS_MANAGER._send_custom = lambda commands, buffers=[]: sent.append(len(commands))
    try:
        s.click([a for a in s.choices if isinstance(a, Move)][0].to)
    finally:
        cv._CANVAS_MANAGER._send_custom = orig
    assert len(sent) == 1 and sent[0] > 10


def test_log_reads_in_time_order_with_each_phase_heading_above_its_events():
    """Issue 19: oldest first; the heading of a phase comes before the events of that phase."""
    from dodnb.render.present import log_entries

    s = GameStepper(seed=2, play="none")
    for _ in range(8):
        s.step_phase()
    entries = log_entries(s.game, "en")
    keys = [e.key for e in entries]
    heads = [i for i, e in enumerate(entries) if e.heading]
    assert heads and all(entries[i].key in ("turn", "phase", "game_over") for i in heads)
    free = next(i for i, e in enumerate(entries) if e.key == "phase" and "Free Movement" in e.text)
    attack = next(i for i, e in enumerate(entries) if e.key == "phase" and "Attack Phase" in e.text)
    assert free < keys.index("free_roll") < attack  # the free-movement roll sits under its own heading
    assert [e.text for e in entries] == s.log_lines()
    html_log = s.log_box.value
    assert html_log.index("C Zombie Free Movement Phase") < html_log.index("The zombie player may move")


def test_greyed_step_says_why_and_nothing_appears_or_vanishes():
    """Issue 19: Step is greyed while the learner decides, and a line says why; the choice list, Play
    and End-turn buttons stay in place (disabled, not hidden) so the layout does not jump."""
    s = GameStepper(seed=5)
    assert s.step_button.disabled and "decision is yours" in s.step_why.value and s.step_button.tooltip
    parts = (s.choice_box, s.play_button, s.end_button, s.threat_button, s.decision, s.dice)
    before = [(w.layout.display, w.layout.height) for w in parts]
    s.click(s.game.state.character("Peter").square)
    s.end_button.click()
    while not s.game.over and s.step_button.disabled is False and s.game.state.phase != "human":
        s.step()
    assert [(w.layout.display, w.layout.height) for w in parts] == before
    w = GameStepper(seed=5, play="none")
    assert not w.step_button.disabled and w.step_why.value == ""
    assert w.play_button.disabled and w.end_button.disabled  # shown, greyed: nothing to choose


def test_french_stepper_refusal_log_and_map_words():
    s = GameStepper(seed=5, lang="fr")
    s.click(s.game.state.character("Peter").square)
    assert any("activé" in ln for ln in s.log_lines())
    s.click("200")
    assert s.message.startswith("Interdit") and "[2.1]" in s.message


def test_hint_button_shows_the_best_choice_and_on_request_every_value():
    """Issue 18: Hint gives the best choice now with its value and what it is the probability of;
    the toggle adds every choice's value; exact in a small study position."""
    from dodnb import Position
    from dodnb.rules import solitaire
    from dodnb.rules.actions import ReactionFire

    p = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack", solitaire=True)
    s = GameStepper(p.game(seed=1, human=None, zombie=solitaire.zombie_policy))
    assert not s.hint_button.disabled and s.hint_button.description == "Hint"
    h = s.ask_hint()
    assert h.exact and h.best.action == ReactionFire(("Peter", "Roger"))
    assert s.tabs.selected_index == s.HINT_TAB and s.tabs.titles[s.HINT_TAB] == "Hint"
    # the key line (the one suggestion and its number after what it measures) sits outside the tabs
    assert "Best choice" in s.hint_key.value and "Chance that nobody is killed or infected before your next turn: 99.0%" in s.hint_key.value
    assert s.hint_key in s.left.children and "Best choice" not in s.hint_box.value
    assert "dodnb-hint-values" not in s.hint_box.value
    s.hint_others.value = True
    assert s.hint_box.value.count("<tr") == 1 + len(s.choices)
    assert s.hint_box.value.startswith("<table") and "Each value is the chance that nobody" in s.hint_box.value
    s.set_language("fr")
    assert "Chaque valeur est la probabilité" in s.hint_box.value and s.hint_button.description == "Indice"
    s.hint_others.value = False
    assert "Meilleur choix" in s.hint_key.value and "<table" not in s.hint_box.value
    assert not INTERNAL.search(s.text)
    s.choose(ReactionFire(()))  # the position moves on: the hint of the old one is not shown
    assert "Meilleur choix" not in s.hint_key.value


def test_refresh_keeps_an_unchanged_choice_list_and_its_selection():
    """The choice list is replaced only when its labels change (no flicker): a refresh that lists the
    same choices (a redraw, the zombies' odds or the hint asked for) keeps the options and the
    learner's selection, and sends nothing; a new decision lists its own choices, none selected."""
    s = GameStepper(seed=5)
    s.choice_list.index = 2
    sent: list[str] = []
    s.choice_list.observe(lambda change: sent.append(change["name"]), names=["options", "index"])
    s._refresh(redraw=False)
    assert s.choice_list.index == 2 and sent == []
    first = [o for o in s.choice_list.options]
    s.choose(next(a for a in s.choices if isinstance(a, Activate)))
    assert s.choice_list.index is None and [o for o in s.choice_list.options] != first
    assert [label for label, _ in s.choice_list.options] == [choice_label(s.game, a) for a in s.choices]


# ----- issue 35 item 3: dice thrown in class -----------------------------------------------------


def test_2_5_dice_thrown_in_class_typed_into_the_stepper():
    """[2.5] The class types the faces its dice show: a 7 is refused with its Case and the game is
    untouched; good faces are played (the log says "Rolled in class"), Undo takes them back; seeded
    Steps and typed dice mix in one game."""
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.widgets import GameStepper

    game = Game(seed=2, solitaire=True, human="random", zombie=zombie_policy)
    s = GameStepper(game)
    while not (s.game.pending.side == "chance" and s.game.pending.kind.is_roll):
        s.step()
    assert not s.class_dice.disabled and s.class_dice.placeholder
    n = s.game.pending.dice
    before, cursor = s.game.state, s.game.cursor
    s.class_dice.value = "7" * n  # Enter in the box
    assert "[2.5]" in s.message and s.game.state is before and s.game.cursor == cursor
    s.class_dice.value = " ".join(["6"] * n)
    assert s.game.cursor == cursor + 1 and s.class_dice.value == ""
    assert any("Rolled in class: 6" in line for line in s.log_lines())
    s.class_roll_button.click()  # the empty box: nothing happens
    assert s.game.cursor == cursor + 1
    s.undo()
    assert s.game.state == before
    s.step()  # the seeded dice instead
    assert not any("Rolled in class" in line for line in s.log_lines()[-3:])
    fresh = GameStepper(Game(seed=2, solitaire=True, zombie=zombie_policy))  # the humans' decision: no dice now
    assert fresh.class_dice.disabled and fresh.class_roll_button.disabled
    at = fresh.game.cursor
    fresh.roll_in_class("3")
    assert fresh.message and fresh.game.cursor == at
