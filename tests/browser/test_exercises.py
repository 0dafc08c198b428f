"""Real-browser tests of issue 35's "Must show": pupils answer exercises by clicking, in JupyterLab and
in Voilà, and a class plays its own dice in the stepper.

- `test_lesson_answered_right_and_wrong_in_lab`: notebook 09 (English, then its French twin) in
  JupyterLab at 1400x900, Run All; on the pupils' page exercise 1 is answered right and exercise 7
  wrong by clicking an option and **Check my answer**; the page must then show the mark (✓ / ✗ and
  its words), the answer, the rule with its Case and the exact number, each as the engine words it:
  the expected texts come from the notebook's own lesson cell run here (`Exercise.reveal`,
  `Exercise.check`), never typed into this file.
- `test_pupils_page_in_voila`: notebook 09 served by Voilà (no code on the page), an exercise
  answered, the reveal checked the same way.
- `test_stepper_plays_dice_thrown_in_class`: a GameStepper in JupyterLab; at the first roll the class
  types a 7 (refused: the message line says why, with its Case [2.5], and the game stays put), then
  good faces ("Rolled in class" in the log); Step plays on with the seeded dice to the Hidden Zombie
  Table, whose first die comes from the seed and whose second the class throws (typed, undone, typed
  again), then Step again. Each click's log is compared with the same game played here in Python.

Screenshots go to pytest's temporary folder; their paths and the timings are printed at the end
(`browser_summary`).
"""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import nbformat
import pytest

from tests.browser.conftest import KERNEL_READY_JS, RUN_ALL_JS, stop_server, start_voila

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = {"en": "notebooks/09_exercises.ipynb", "fr": "notebooks/fr/09_exercises.ipynb"}
VIEWPORT = {"width": 1400, "height": 900}
STEP_MS = 90_000  # page load, kernel start, run-all of notebook 09 (about 5 s here)
ANSWER_MS = 15_000  # a click's answer: one round trip to the kernel (a picture drawn at most)
RIGHT_EXERCISE, WRONG_EXERCISE = 0, 6  # a sight question (no number) and a likelier one (an exact number)




def _plain(text: str) -> str:
    """Text as compared: no-break spaces as spaces, runs of white space as one."""
    return re.sub(r"\s+", " ", text.replace("\u202f", " ").replace("\xa0", " ")).strip()


def lesson_sheet(lang: str):
    """The lesson exactly as notebook 09 makes it: its own cell run here (the same one-liners, so
    the same engine answers)."""
    nb = nbformat.read(REPO / LESSON[lang], as_version=4)
    source = next(c.source for c in nb.cells if c.cell_type == "code" and "lesson = ex.Sheet(" in c.source)
    space: dict = {}
    exec("import dodnb.exercises as ex\nfrom dodnb import Position\nfrom dodnb.prob import goals\n" + source, space)  # noqa: S102
    return space["lesson"]


def _wrong(ex) -> int:
    return next(i for i in range(len(ex.options)) if i not in ex.right)


class Pupil:
    """One pupil's page (`.dodnb-exercise`, the first on the page) driven by clicks."""

    def __init__(self, page, sheet, lang, shots, name):
        self.page, self.sheet, self.lang, self.shots, self.name = page, sheet, lang, shots, name
        self.root = page.locator(".dodnb-exercise").first
        self.right = self.done = 0  # this pupil's score so far

    def _button(self, label):
        return self.root.get_by_role("button", name=label, exact=True)

    def title(self) -> str:
        return self.root.locator("h4").first.inner_text()

    def go_to(self, i: int) -> None:
        from dodnb.i18n import tr

        want = tr("ex.w.title", self.lang, i=i + 1, n=len(self.sheet))
        nxt = self._button(tr("ex.w.next", self.lang))
        while (now := self.title()) != want:
            k = int(re.search(r"\d+", now).group())
            assert k < i + 1, (now, want)
            nxt.click()
            deadline = time.monotonic() + ANSWER_MS / 1000
            while self.title() == now:  # the title is drawn again (a new element) for the next exercise
                assert time.monotonic() < deadline, f"Next did not leave {now!r}"
                self.page.wait_for_timeout(30)

    def answer(self, i: int, response: int) -> tuple[str, float]:
        """Click option `response` of exercise `i`, then Check; return the reveal's text and the
        time from the Check click to the reveal on the page (ms)."""
        from dodnb.i18n import tr

        self.go_to(i)
        ex = self.sheet[i]
        label = ex.option_texts(self.lang)[response]
        self._button(label).click()
        # the options are drawn again, the one picked highlighted (new buttons: wait on the page)
        self.root.locator("button.widget-button.mod-info", has_text=label).first.wait_for(state="visible", timeout=ANSWER_MS)
        t0 = time.monotonic()
        self._button(tr("ex.w.check", self.lang)).click()
        reveal = self.root.locator(".dodnb-ex-reveal")
        reveal.wait_for(state="visible", timeout=ANSWER_MS)
        ms = (time.monotonic() - t0) * 1000
        self.done += 1
        self.right += ex.check(response).right
        score = _plain(tr("ex.w.score", self.lang, right=self.right, done=self.done))
        deadline = time.monotonic() + ANSWER_MS / 1000
        while score not in _plain(self.root.inner_text()):  # the score line comes with the same answer
            assert time.monotonic() < deadline, f"score {score!r} not shown"
            self.page.wait_for_timeout(30)
        reveal.scroll_into_view_if_needed()
        return reveal.inner_text(), ms

    def check_reveal(self, i: int, response: int, text: str) -> None:
        """The page says what the engine says: the mark (✓/✗ and its words), the answer, every rule
        line (with its Case), the exact number when there is one; the buttons coloured right/wrong."""
        ex = self.sheet[i]
        mark = ex.check(response)
        sign = "✓" if mark.right else "✗"
        got = _plain(text)
        assert got.startswith(_plain(f"{sign} {mark.text(ex, self.lang)}")), (got, mark.text(ex, self.lang))
        lines = ex.reveal(self.lang)
        for line in lines:
            assert _plain(line) in got, (line, got)
        assert ex.case.split(",")[0] in got
        if ex.exact is not None:
            assert _plain(ex.exact_text(self.lang)) in got and ex.exact_text(self.lang) == lines[-1]
        buttons = self.root.locator(".widget-vbox button.widget-button")
        styles = [b.get_attribute("class") for b in buttons.all()][: len(ex.options)]
        for k, cls in enumerate(styles):
            if k in ex.right:
                assert "mod-success" in cls, (k, styles)
            elif k == response:
                assert "mod-danger" in cls, (k, styles)

    def shot(self, name: str) -> str:
        path = self.shots / f"{self.name}-{name}.png"
        self.page.screenshot(path=str(path))
        return str(path)


# ---------------------------------------------------------------------------------------------
# 1. notebook 09 in JupyterLab, English and French


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lesson_answered_right_and_wrong_in_lab(lang, lab_server, browser, browser_summary, tmp_path_factory):
    sheet = lesson_sheet(lang)
    right_ex, wrong_ex = sheet[RIGHT_EXERCISE], sheet[WRONG_EXERCISE]
    assert wrong_ex.exact is not None and right_ex.exact is None  # the two kinds of reveal this test is about
    shots = tmp_path_factory.mktemp(f"screens-exercises-{lang}")
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    t0 = time.monotonic()
    laps = {}
    pupil = Pupil(page, sheet, lang, shots, f"lab-{lang}")
    try:
        nb = LESSON[lang]
        page.goto(f"{lab_server.url}/lab/workspaces/x{uuid.uuid4().hex[:12]}/tree/{nb}")
        page.evaluate(KERNEL_READY_JS, [nb, STEP_MS])
        laps["kernel ready"] = time.monotonic() - t0
        got = page.evaluate(RUN_ALL_JS, nb)
        assert not got["errors"] and not got["unrun"], got
        pupil.root.wait_for(state="visible", timeout=STEP_MS)
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        laps["run all"] = time.monotonic() - t0
        right = min(right_ex.right)
        text, ms_right = pupil.answer(RIGHT_EXERCISE, right)
        pupil.check_reveal(RIGHT_EXERCISE, right, text)
        shot_right = pupil.shot("right")
        wrong = _wrong(wrong_ex)
        text, ms_wrong = pupil.answer(WRONG_EXERCISE, wrong)
        pupil.check_reveal(WRONG_EXERCISE, wrong, text)
        shot_wrong = pupil.shot("wrong")
        assert (pupil.right, pupil.done) == (1, 2)
        laps["answered"] = time.monotonic() - t0
    except Exception:
        pupil.shot("failed")
        raise
    finally:
        context.close()
    assert errors == [], errors
    browser_summary.append(
        f"  09 exercises ({lang}) in Lab: kernel {laps['kernel ready']:.1f} s, run all {laps['run all']:.1f} s, "
        f"answered {laps['answered']:.1f} s; Check -> reveal {ms_right:.0f} ms (right), {ms_wrong:.0f} ms (wrong); "
        f"screenshots {shot_right} {shot_wrong}")


# ---------------------------------------------------------------------------------------------
# 2. notebook 09 as the pupils' page in Voilà


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory):
    """Voilà serving notebook 09 on 127.0.0.1 from a copy of notebooks/ (its own HOME); stopped by its pid."""
    import shutil

    base = tmp_path_factory.mktemp("voila")
    root = base / "root"
    shutil.copytree(REPO / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    home = base / "home"
    home.mkdir()
    log = base / "voila.log"
    proc, url, started = start_voila(LESSON["en"], root, home, log)
    try:
        yield url, started, log
    finally:
        stop_server(proc)


def test_pupils_page_in_voila(voila_server, browser, browser_summary, tmp_path_factory):
    url, started, log = voila_server
    sheet = lesson_sheet("en")
    shots = tmp_path_factory.mktemp("screens-voila")
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    pupil = Pupil(page, sheet, "en", shots, "voila")
    t0 = time.monotonic()
    try:
        page.goto(url + "/")
        pupil.root.wait_for(state="visible", timeout=STEP_MS)
        shown = time.monotonic() - t0
        body = page.locator("body").inner_text()
        assert "lesson = ex.Sheet(" not in body and "import dodnb.exercises" not in body  # a page without code
        first = pupil.shot("question")
        wrong = _wrong(sheet[RIGHT_EXERCISE])
        text, ms = pupil.answer(RIGHT_EXERCISE, wrong)
        pupil.check_reveal(RIGHT_EXERCISE, wrong, text)
        answered = pupil.shot("wrong")
        right = min(sheet[WRONG_EXERCISE].right)
        text, ms2 = pupil.answer(WRONG_EXERCISE, right)
        pupil.check_reveal(WRONG_EXERCISE, right, text)
        second = pupil.shot("right")
    except Exception:
        pupil.shot("failed")
        print(log.read_text(errors="replace")[-3000:])
        raise
    finally:
        context.close()
    assert errors == [], errors
    browser_summary.append(
        f"  09 in Voilà: server up {started:.1f} s, page with the exercise {shown:.1f} s; Check -> reveal {ms:.0f} ms (wrong), "
        f"{ms2:.0f} ms (right); screenshots {first} {answered} {second}")


# ---------------------------------------------------------------------------------------------
# 3. dice thrown in class, typed into the stepper

STEPPER_CELLS = [
    "from dodnb import Game\nfrom dodnb.rules.solitaire import zombie_policy\nfrom dodnb.widgets import GameStepper",
    "stepper = GameStepper(Game(seed=2, solitaire=True, human='random', zombie=zombie_policy))\nstepper",
]


def _roll_node(g) -> bool:
    p = g.pending
    return p is not None and p.side == "chance" and p.kind.is_roll


def test_stepper_plays_dice_thrown_in_class(lab_server, browser, browser_summary, tmp_path_factory):
    from dodnb.i18n import tr

    # the same game in Python: what each click must show
    space: dict = {}
    exec("\n".join(STEPPER_CELLS), space)  # noqa: S102
    twin = space["stepper"]
    steps_to_roll = 0
    while not _roll_node(twin.game):
        twin.step()
        steps_to_roll += 1
    n = twin.game.pending.dice
    twin.class_dice.value = " ".join(["7"] * n)  # what Enter in the box does
    refused = twin.message
    assert "[2.5]" in refused and "7" in refused
    faces = " ".join(str(f) for f in range(6, 6 - n, -1))
    twin.class_dice.value = faces
    typed_log = twin.log_lines()
    assert any(line.startswith("Rolled in class") for line in typed_log[-n - 2:])
    # then seeded Steps up to the next roll (the Hidden Zombie Table's two dice [15.2]): its first die
    # from the seed (Step), its second thrown in class, taken back (Undo) and typed again, one more Step
    script = []  # (what, faces, the log's last line after it)

    def do(what, faces=None):
        if what == "step":
            twin.step()
        elif what == "undo":
            twin.undo()
        else:
            twin.class_dice.value = faces
        script.append((what, faces, twin.log_lines()[-1]))

    while not _roll_node(twin.game):
        do("step")
    do("step")
    assert _roll_node(twin.game), "seed 2: the Hidden Zombie Table's second die comes next"
    second = " ".join(["4"] * twin.game.pending.dice)
    do("type", second)
    do("undo")
    do("type", second)
    do("step")
    assert sum("Rolled in class" in line for line in twin.log_lines()) == 2

    nb_path = lab_server.root / "class_dice.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in STEPPER_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}  # no kernel dialog
    nbformat.write(nb, nb_path)
    shots = tmp_path_factory.mktemp("screens-class-dice")
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    t0 = time.monotonic()

    def shot(name):
        path = shots / f"class-dice-{name}.png"
        page.screenshot(path=str(path))
        return str(path)

    try:
        page.goto(f"{lab_server.url}/lab/workspaces/d{uuid.uuid4().hex[:12]}/tree/{nb_path.name}")
        page.evaluate(KERNEL_READY_JS, [nb_path.name, STEP_MS])
        got = page.evaluate(RUN_ALL_JS, nb_path.name)
        assert not got["errors"] and not got["unrun"], got
        root = page.locator(".dodnb-stepper")
        root.wait_for(state="visible", timeout=STEP_MS)
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        ready = time.monotonic() - t0
        step = root.get_by_role("button", name=tr("stepper.step", "en"), exact=True)
        box = root.locator(".dodnb-class-dice input")
        play = root.locator(".dodnb-class-roll")
        log = root.locator(".dodnb-log")
        message = root.locator(".dodnb-message")

        def log_text():
            return _plain(log.text_content() or "")

        def wait_for(check, what):
            deadline = time.monotonic() + ANSWER_MS / 1000
            while not check():
                if time.monotonic() > deadline:
                    pytest.fail(f"{what}; log now: {log_text()[-400:]!r}; message {message.inner_text()!r}; screenshot {shot('failed')}")
                page.wait_for_timeout(50)

        assert box.is_disabled()  # no dice are thrown before the first roll
        for k in range(steps_to_roll):
            step.click()
        wait_for(lambda: box.is_enabled(), "the dice box is not enabled at the first roll")
        assert box.get_attribute("placeholder") == tr("stepper.class_dice_hint", "en", n=n)
        root.scroll_into_view_if_needed()
        before = log_text()
        t1 = time.monotonic()
        box.fill(" ".join(["7"] * n))
        box.press("Enter")
        wait_for(lambda: _plain(refused) in _plain(message.inner_text()), f"the refusal {refused!r} not in the message line")
        refused_ms = (time.monotonic() - t1) * 1000
        assert log_text() == before and box.is_enabled()  # refused: the game stays where it was
        shot_refused = shot("refused")
        t1 = time.monotonic()
        box.fill(faces)
        play.click()
        wait_for(lambda: _plain(typed_log[-1]) in log_text()[-300:], f"the typed roll's line {typed_log[-1]!r} not in the log")
        typed_ms = (time.monotonic() - t1) * 1000
        assert "Rolled in class" in log_text() and refused not in message.inner_text()
        shot_typed = shot("typed")
        undo = root.locator("button.widget-button", has_text=re.compile(rf"^\s*{tr('stepper.undo', 'en')}\s*$"))  # beside its icon
        for what, typed, line in script:  # seeded Steps and a die thrown in class, mixed in one roll
            if what == "step":
                step.click()
            elif what == "undo":
                undo.click()
            else:
                box.fill(typed)
                box.press("Enter")
            wait_for(lambda line=line: log_text().endswith(_plain(line)), f"after {what} the log should end with {line!r}")
        assert log_text().count("Rolled in class") == 2  # the seeded dice are not marked
        shot_mixed = shot("mixed")
    finally:
        context.close()
    assert errors == [], errors
    browser_summary.append(
        f"  class dice in the stepper: ready {ready:.1f} s; a {n}-dice roll: 7 refused in {refused_ms:.0f} ms "
        f"({refused!r}), '{faces}' played in {typed_ms:.0f} ms, then {sum(w == 'step' for w, _, _ in script)} seeded Steps and "
        f"'{second}' typed, undone and typed again; "
        f"screenshots {shot_refused} {shot_typed} {shot_mixed}")
