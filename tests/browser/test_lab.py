"""Real-browser test: JupyterLab + headless Chromium run a notebook, the map is painted, a click answers.

For each case the notebook is opened in a fresh Lab workspace, the kernel is awaited through
`window.jupyterapp` (Lab's "Idle" is not "ready": run-all sent too early is dropped), every cell is run,
and then, from the page itself:
- the canvas pixels are read with getImageData: enough of it painted, with known colours;
- the canvas is clicked on a square and the widget with CSS class `dodnb-info` must then name it,
  "Square " followed by the three-digit id (the contract of dodnb.widgets.MapView in the tour);
- the page is reloaded (the notebook saved first): the kernel keeps running, the canvases come back
  empty, and the notebook must redraw them on client ready; same picture, same answers;
- screenshots are written under pytest's temporary folder; their paths are printed at the end.

Cases: the fixture notebook (tests/browser/fixture_canvas.ipynb, known squares and colours) always;
notebooks/01_tour.ipynb as soon as it exists, and then it must pass: a tour that does not draw or
does not answer a click fails this test, it is not skipped. The tour's expected colours, canvas size
and square positions are computed from dodnb itself (palette, board, frame), see `tour_case`.
"""

from __future__ import annotations

import re
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]

CELL_TIMEOUT_MS = 240_000  # run-all of a whole notebook
STEP_TIMEOUT_MS = 90_000  # page load, kernel start
PAINT_TIMEOUT_MS = 30_000  # from the end of run-all (or a reload) to a painted canvas
ANSWER_TIMEOUT_S = 8.0  # a click's answer: one round trip to the kernel


@dataclass(frozen=True)
class Case:
    notebook: str
    # exact (r, g, b) colours, opaque, each expected on at least `min_colour_pixels` pixels
    colours: tuple[tuple[int, int, int], ...] = ()
    min_colour_pixels: int = 300
    # distinct opaque colours each covering >= 0.5 % of the canvas (floors, stores, walls...)
    min_distinct_colours: int = 3
    # share of the canvas' pixels that must be painted (alpha > 0)
    min_painted: float = 0.2
    # canvas size in pixels, if known
    size: tuple[int, int] | None = None
    # clicks: (canvas pixel, regex the .dodnb-info text must then match); consecutive answers differ
    clicks: tuple[tuple[tuple[float, float], str], ...] = ()


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


FIXTURE = Case(
    notebook="fixture_canvas.ipynb",
    colours=((240, 230, 210), (200, 30, 30), (30, 90, 200)),
    min_colour_pixels=5000,
    min_painted=0.99,
    size=(440, 200),
    clicks=(((120, 100), r"Square 123\b"), ((320, 100), r"Square 456\b")),
)

TOUR_NOTEBOOK = "01_tour.ipynb"
TOUR_SQUARES = ("177", "004", "204")  # Edwin's Sports Centre, North main door, a service corridor


def tour_case() -> Case:
    """What the tour's `MapView(board)` must show, computed from the library itself (default scale):
    the palette's floor and wall colours, the canvas size of the board scene, and the pixel centre of
    a few squares, each of which a click must name."""
    import dodnb
    from dodnb.render.scene import STYLE, board_scene, frame_for

    board = dodnb.load_board()
    scene, frame = board_scene(board), frame_for(board)
    clicks = []
    for sid in TOUR_SQUARES:
        r = board.square(sid).rect
        clicks.append((frame.point(((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2)), rf"Square {sid}\b"))
    return Case(
        notebook=TOUR_NOTEBOOK,
        colours=tuple(_hex(STYLE[k]) for k in ("hall", "service", "anchor", "wall")),
        min_painted=0.5,
        size=(round(scene.width), round(scene.height)),
        clicks=tuple(clicks),
    )


# The tour joins as soon as the notebook exists; from then on it must pass (never skipped).
CASES = [FIXTURE.notebook] + ([TOUR_NOTEBOOK] if (REPO / "notebooks" / TOUR_NOTEBOOK).exists() else [])


# ---------------------------------------------------------------------------------------------
# JavaScript run in the page

FIND_PANEL_JS = """(path) => {
  const app = window.jupyterapp;
  if (!app) return false;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.sessionContext) return true;
  }
  return false;
}"""

# Await the notebook's context and session, then the kernel's info reply: only then is run-all safe.
KERNEL_READY_JS = """async ([path, ms]) => {
  const app = window.jupyterapp;
  const work = (async () => {
    await app.started; await app.restored;
    let panel = null;
    for (const w of app.shell.widgets('main')) if (w.context && w.context.path === path) panel = w;
    app.shell.activateById(panel.id);
    await panel.context.ready;
    await panel.sessionContext.ready;
    let kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    while (!kernel) {
      await new Promise(r => setTimeout(r, 100));
      kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    }
    const info = await kernel.info;
    while (kernel.connectionStatus !== 'connected' || kernel.status !== 'idle') {
      await new Promise(r => setTimeout(r, 100));
    }
    return {kernel: kernel.name, language: info.language_info.name, version: info.language_info.version};
  })();
  const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('kernel not ready after ' + ms + ' ms')), ms));
  return await Promise.race([work, timeout]);
}"""

RUN_ALL_JS = """async ([path, ms]) => {
  const app = window.jupyterapp;
  let panel = null;
  for (const w of app.shell.widgets('main')) if (w.context && w.context.path === path) panel = w;
  app.shell.activateById(panel.id);
  const run = app.commands.execute('notebook:run-all-cells');
  const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('run-all not finished after ' + ms + ' ms')), ms));
  const ok = await Promise.race([run, timeout]);
  const kernel = panel.sessionContext.session.kernel;
  while (kernel.status !== 'idle') await new Promise(r => setTimeout(r, 100));
  const errors = [], unrun = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    if (cell.model.sharedModel.getSource().trim() === '') return;
    if (cell.model.executionCount === null) unrun.push(i);
    for (const o of cell.model.outputs.toJSON()) {
      if (o.output_type === 'error') errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
    }
  });
  return {ok, errors, unrun, cells: panel.content.widgets.length};
}"""

CANVAS_SELECTOR = ".jp-OutputArea-output canvas"

# Per canvas of the outputs: size, painted pixels and the most common opaque colours.
CANVAS_STATS_JS = """(selector) => {
  const out = [];
  document.querySelectorAll(selector).forEach((c, index) => {
    const entry = {index, width: c.width, height: c.height, painted: 0, colours: [], error: null};
    out.push(entry);
    if (!c.width || !c.height) return;
    let data;
    try { data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; }
    catch (e) { entry.error = String(e); return; }
    const counts = new Map();
    let painted = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      painted++;
      if (data[i + 3] !== 255) continue;
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    entry.painted = painted;
    entry.colours = Array.from(counts.entries()).sort((a, b) => b[1] - a[1]).slice(0, 40)
        .map(([k, n]) => [[(k >> 16) & 255, (k >> 8) & 255, k & 255], n]);
  });
  return out;
}"""

ANY_PAINTED_JS = """(selector) => {
  for (const c of document.querySelectorAll(selector)) {
    if (!c.width || !c.height) continue;
    try {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) return true;
    } catch (e) { /* not a 2d canvas */ }
  }
  return false;
}"""

INFO_TEXTS_JS = """() => Array.from(document.querySelectorAll('.dodnb-info')).map(e => e.innerText)"""


# ---------------------------------------------------------------------------------------------


def _canvas_stats(page):
    return page.evaluate(CANVAS_STATS_JS, CANVAS_SELECTOR)


def _main_canvas(page):
    """Stats of the most painted canvas, once two reads 0.5 s apart agree (drawing has settled)."""
    previous = None
    deadline = time.monotonic() + PAINT_TIMEOUT_MS / 1000
    while True:
        stats = _canvas_stats(page)
        if stats and stats == previous:
            return max(stats, key=lambda s: s["painted"]), stats
        if time.monotonic() > deadline:
            return (max(stats, key=lambda s: s["painted"]) if stats else None), stats
        previous = stats
        page.wait_for_timeout(500)


def _picture_changes(before, after, share=0.01, tolerance=0.05):
    """Colours covering >= `share` of either picture whose pixel counts differ by more than
    `tolerance` (relative): a redraw must give back the same picture, small overlays aside."""
    area = before["width"] * before["height"]
    if (after["width"], after["height"]) != (before["width"], before["height"]):
        return {"size": ((before["width"], before["height"]), (after["width"], after["height"]))}
    b = {tuple(rgb): n for rgb, n in before["colours"]}
    a = {tuple(rgb): n for rgb, n in after["colours"]}
    return {
        rgb: (b.get(rgb, 0), a.get(rgb, 0))
        for rgb in set(b) | set(a)
        if max(b.get(rgb, 0), a.get(rgb, 0)) >= share * area
        and abs(b.get(rgb, 0) - a.get(rgb, 0)) > tolerance * max(b.get(rgb, 0), a.get(rgb, 0))
    }


def _click_and_read(page, canvas, point, pattern):
    """Click the canvas at `point` (canvas pixels) and return the new text of a `.dodnb-info` box:
    the one matching `pattern` if any, else whatever changed; None if nothing changed in time."""
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    size = canvas.evaluate("c => [c.width, c.height]")
    css = {"x": point[0] * box["width"] / size[0], "y": point[1] * box["height"] / size[1]}
    before = page.evaluate(INFO_TEXTS_JS)
    canvas.click(position=css)  # fails if another element would receive the click
    deadline = time.monotonic() + ANSWER_TIMEOUT_S
    texts = before
    while time.monotonic() < deadline:
        texts = page.evaluate(INFO_TEXTS_JS)
        changed = [t for i, t in enumerate(texts) if i >= len(before) or t != before[i]]
        for text in changed:
            if re.search(pattern, text):
                return text
        if changed:  # the view answered, with something else ("no square here"...)
            return changed[0]
        page.wait_for_timeout(100)
    return None


SAVE_JS = """async (path) => {
  const app = window.jupyterapp;
  for (const w of app.shell.widgets('main')) if (w.context && w.context.path === path) await w.context.save();
}"""


class _Run:
    """One notebook in one browser page, with the diagnostics a failure message needs."""

    def __init__(self, case, page, server, shots):
        self.case, self.page, self.server, self.shots = case, page, server, shots
        self.console: list[str] = []
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}") if m.type == "error" else None)

    def diagnostics(self):
        log = "\n".join(self.console[-20:]) or "(none)"
        return (
            f"\nbrowser console errors:\n{log}\nserver log tail:\n{self.server.log_tail(25)}"
            f"\nscreenshots: {self.shots}"
        )

    def screenshot(self, name):
        path = self.shots / f"{name}.png"
        try:
            self.page.screenshot(path=str(path))
        except Exception as e:  # a screenshot must never hide the real failure
            return f"(screenshot failed: {e})"
        return str(path)

    def wait_kernel(self):
        nb = self.case.notebook
        self.page.wait_for_function(FIND_PANEL_JS, arg=nb, timeout=STEP_TIMEOUT_MS)
        kernel = self.page.evaluate(KERNEL_READY_JS, [nb, STEP_TIMEOUT_MS])
        assert kernel["language"] == "python", kernel

    def run_all(self):
        nb = self.case.notebook
        result = self.page.evaluate(RUN_ALL_JS, [nb, CELL_TIMEOUT_MS])
        assert not result["errors"], f"{nb}: cells raised {result['errors']}" + self.diagnostics()
        assert not result["unrun"], f"{nb}: cells not run: {result['unrun']}" + self.diagnostics()
        assert result["ok"], f"{nb}: run-all reported failure {result}" + self.diagnostics()

    def painted_canvas(self, when):
        """Wait for a painted canvas, check its pixels; return (stats, locator, summary line)."""
        case, page = self.case, self.page
        try:
            page.wait_for_function(ANY_PAINTED_JS, arg=CANVAS_SELECTOR, timeout=PAINT_TIMEOUT_MS)
        except Exception:
            pytest.fail(
                f"{case.notebook} ({when}): no painted <canvas> in the outputs after {PAINT_TIMEOUT_MS} ms; "
                f"screenshot {self.screenshot('no-canvas-' + when)}" + self.diagnostics()
            )
        main, _ = _main_canvas(page)
        canvas = page.locator(CANVAS_SELECTOR).nth(main["index"])
        area = main["width"] * main["height"]
        summary = (
            f"{case.notebook} ({when}): canvas {main['width']}x{main['height']}, "
            f"{main['painted'] / area:.0%} painted, top colours {main['colours'][:6]}"
        )
        if case.size:
            assert (main["width"], main["height"]) == case.size, (
                f"canvas size, expected {case.size}; " + summary + self.diagnostics()
            )
        assert main["painted"] >= case.min_painted * area, summary + self.diagnostics()
        counts = {tuple(rgb): n for rgb, n in main["colours"]}
        for rgb in case.colours:
            assert counts.get(rgb, 0) >= case.min_colour_pixels, (
                f"colour {rgb} missing or too rare; " + summary + self.diagnostics()
            )
        big = [tuple(rgb) for rgb, n in main["colours"] if n >= 0.005 * area]
        assert len(big) >= case.min_distinct_colours, (
            f"only {len(big)} colours cover >= 0.5 % of the canvas; " + summary + self.diagnostics()
        )
        return main, canvas, summary

    def click(self, canvas, point, pattern):
        text = _click_and_read(self.page, canvas, point, pattern)
        assert text and re.search(pattern, text), (
            f"click at {point} on {self.case.notebook}: expected {pattern!r} in .dodnb-info, got {text!r}; "
            f"screenshot {self.screenshot('click-failed')}" + self.diagnostics()
        )
        return text


@pytest.mark.parametrize("notebook", CASES)
def test_notebook_paints_map_and_answers_click(notebook, lab_server, browser, browser_summary, tmp_path_factory):
    case = FIXTURE if notebook == FIXTURE.notebook else tour_case()
    shots = tmp_path_factory.mktemp("screens-" + case.notebook.replace(".ipynb", ""))
    timings: dict[str, float] = {}
    t0 = last = time.monotonic()

    def lap(name):
        nonlocal last
        now = time.monotonic()
        timings[name] = now - last
        last = now

    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    run = _Run(case, page, lab_server, shots)
    try:
        workspace = "t" + uuid.uuid4().hex[:12]  # fresh workspace: no restored tabs
        page.goto(f"{lab_server.url}/lab/workspaces/{workspace}/tree/{case.notebook}")
        run.wait_kernel()
        lap("kernel")
        run.run_all()
        lap("run-all")
        main, canvas, summary = run.painted_canvas("after run-all")
        lap("paint")
        canvas.scroll_into_view_if_needed()
        canvas.screenshot(path=str(shots / "canvas.png"))
        page_shot = run.screenshot("page")

        answers = [run.click(canvas, point, pattern) for point, pattern in case.clicks]
        lap("clicks")
        after_shot = run.screenshot("after-clicks")

        # A browser that connects later (page reload, second tab) gets empty canvases unless the
        # notebook redraws on client ready (ipycanvas keeps no drawing history): save, reload, check
        # the same picture and the same answers without running anything again.
        page.mouse.move(0, 0)  # no hover highlight in the picture compared
        page.wait_for_timeout(300)
        before, _ = _main_canvas(page)
        page.evaluate(SAVE_JS, case.notebook)
        page.reload()
        run.wait_kernel()
        main2, canvas2, summary2 = run.painted_canvas("after reload")
        changed = _picture_changes(before, main2)
        assert not changed, (
            f"after reload the picture differs (colour: before, after): {changed}; {summary2}" + run.diagnostics()
        )
        # same order: the box still shows the last answer, so the first click must change it
        answers2 = [run.click(canvas2, point, pattern) for point, pattern in case.clicks]
        lap("reload")
        reload_shot = run.screenshot("after-reload")
    finally:
        context.close()

    total = time.monotonic() - t0
    browser_summary.append(
        f"{case.notebook}: {total:.1f} s ("
        + ", ".join(f"{k} {v:.1f}" for k, v in timings.items())
        + f"); answers {answers}, after reload {answers2}"
    )
    browser_summary.append(f"  {summary}")
    browser_summary.append(f"  screenshots: {page_shot} {shots / 'canvas.png'} {after_shot} {reload_shot}")
