"""The line-of-sight explorer drawn in the browser (issue 36): hover answers within a frame, with or
without a kernel.

The rules stay in Python. :class:`dodnb.board.sightdata.SightAtlas` walks the line of every ordered
pair of squares with the exact walker ([6.4], [6.3]); this module turns the answers into compact data
(:func:`explorer_data`): each pair's verdict, the reported reason, its Case and the culprit's words
in the learner's language, the doors each line passes, the squares away and the Shot Modifier
Chart's lines ([6.7], from :mod:`dodnb.rules.modifiers`), the kill chances ([6.0], :mod:`dodnb.prob`)
and the catalogue's sentences with their numbers already written (French number formatting included,
``dodnb.i18n``). The browser (``static/sightview.js``, a plain ES module run by anywidget, no build
step) only looks these up and draws: a hover is answered in the page, never by the kernel.

With a kernel, what needs the rules goes through Python: a door opened or closed [3.3], [6.4], [10.5],
a piece placed [6.3], who shoots and at what Zombie Value [6.6], [6.8], [7.7]; the data is then
updated (only the lines the change touches are walked again). Without one (a notebook reopened the
next day, an HTML export with its widget state, a static Voilà page) every hover still answers from
the saved data; the controls that need the rules are shown disabled.

Saved with the notebook: unlike the other widgets, this one's state is kept when the notebook is
saved (``kept`` trait; :mod:`dodnb.labserver` keeps the state of widgets that set it and drops all
other widget state), about 120 kB per explorer: the map and the data travel zlib-compressed
(`pack`; the page inflates them with the browser's DecompressionStream) and the squares a line
passes are worked out in the page from the squares' rectangles (`squares_passed`), checked against
the walker for every line (tests/widgets/test_sightview.py; sizes in docs/BENCHMARKS.md).
"""

from __future__ import annotations

import base64
import html
import json
import zlib
from array import array
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

import anywidget
import traitlets

from dodnb.board.model import Board, UnknownSquare
from dodnb.board.sight import REASON_CASES, REASONS, Sight, SightError, geometry_of
from dodnb.board.sightdata import SightAtlas
from dodnb.errors import InputError
from dodnb.i18n import catalogue, check_language, fmt_percent, tr
from dodnb.prob import kill_chance, unseen_values
from dodnb.prob.dist import fmt_fraction
from dodnb.render.picture import Picture
from dodnb.render.scene import STYLE, WALL_WIDTH, DOOR_WIDTH
from dodnb.render.shapes import CircleShape, LineShape, RectShape, Scene, Shape, TextShape, NARROW_FONT, scene_to_svg
from dodnb.render.sight_overlay import DARK, compose_scene, door_state_shapes, shooter_shapes, sight_shapes
from dodnb.render.style import current as current_style
from dodnb.render.words import culprit_words, door_words, modifier_words, reason_title
from dodnb.rules.modifiers import ShotModifiers, modifiers_of
from dodnb.widgets.los import FIRE_OPTIONS, UNKNOWN
from dodnb.widgets.mapview import DOOR_REACH, canvas_scene
from dodnb.widgets.still import StillMixin

__all__ = ["SightExplorer", "explorer_data", "pack", "unpack", "squares_passed", "renderer_url", "ESM", "EMBED", "SAME", "KEEP_TRAIT"]

#: the browser side: one plain ES module shipped in the package (no build step, no network)
ESM = Path(__file__).resolve().parent / "static" / "sightview.js"
#: an offline widget renderer for HTML exports (static/embed.js; see renderer_url)
EMBED = Path(__file__).resolve().parent / "static" / "embed.js"


def renderer_url() -> str:
    """The offline renderer of HTML exports as a data: URL, for nbconvert::

        jupyter nbconvert --to html NOTEBOOK --HTMLExporter.widget_renderer_url="$(python -c
            'from dodnb.widgets.sightview import renderer_url; print(renderer_url())')"

    The page then draws the explorer from its saved widget state with no network and no kernel
    (nbconvert's default renderer loads from CDNs: fine online, blank on a closed network)."""
    return "data:text/javascript;base64," + base64.b64encode(EMBED.read_bytes()).decode("ascii")
#: the trait that tells dodnb.labserver to keep this widget's state in a saved notebook
KEEP_TRAIT = "kept"
#: `ref` of a square with itself
SAME = 0xFFFF
#: sentinels put where the browser fills a value in (private-use characters: never in a catalogue)
_A, _B, _WHAT, _PATH, _DOORS = "\ue000", "\ue001", "\ue002", "\ue003", "\ue004"


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "\u2212") if n else "0"


def _r(v: float) -> float:
    return round(float(v), 2)


def _shape(s: Shape) -> list:
    """A scene shape as a short list the browser draws (static/sightview.js `paint`)."""
    if isinstance(s, RectShape):
        return ["r", _r(s.x), _r(s.y), _r(s.w), _r(s.h), s.fill or "", s.stroke or "", _r(s.width), _r(s.alpha)]
    if isinstance(s, LineShape):
        return ["l", _r(s.x0), _r(s.y0), _r(s.x1), _r(s.y1), s.stroke, _r(s.width), [_r(d) for d in s.dash]]
    if isinstance(s, CircleShape):
        return ["c", _r(s.cx), _r(s.cy), _r(s.r), s.fill or "", s.stroke or "", _r(s.width), _r(s.alpha)]
    if isinstance(s, TextShape):
        return ["t", _r(s.x), _r(s.y), s.text, _r(s.size), s.fill, s.anchor, s.baseline, int(s.bold), s.family, _r(s.max_width or 0)]
    raise TypeError(f"unknown shape {s!r}")


class _Keeper:
    """What the atlas keeps of each Sight: the few facts the data needs (not the 2-kB Sight)."""

    def __init__(self, board: Board, index: Mapping[str, int], lang: str):
        self.board, self.index, self.lang = board, index, lang

    def __call__(self, s: Sight) -> tuple:
        if s.visible:
            return (True, s.distance, s.passages, s.doors)
        # the words of the culprit (dodnb.render.words), in the learner's language, and where it is
        reported = next(o for o in s.obstacles if o.reason == s.reason and o.culprit == s.culprit)
        what = culprit_words(self.board, s, reported, lang=self.lang)
        culprit = s.culprit
        if s.reason == "wall":
            where: tuple = ("seg", float(culprit.x0), float(culprit.y0), float(culprit.x1), float(culprit.y1))
        elif s.reason == "wall_corner":
            where = ("pt", float(culprit[0]), float(culprit[1]))
        elif s.reason == "token":
            where = ("sq", self.index[culprit])
        else:
            where = ("door", culprit)
        return (False, REASONS.index(s.reason), what, where, s.distance, s.doors)


def pack(header: dict, arrays: Mapping[str, array]) -> str:
    """`header` (JSON) and typed arrays in one zlib stream, base64: what `unpack` and the page
    (static/sightview.js `unpack`, the browser's DecompressionStream) read back.

    Layout before compression: the header's length (Uint32), the header (UTF-8 JSON, with
    ``arrays``: [name, typecode, offset, count] for each array), then each array's bytes
    (little-endian, each starting at an even offset)."""
    blobs, offset, table = [], 0, []
    for name, arr in arrays.items():
        raw = arr.tobytes() if arr.itemsize == 1 or array("H", [1]).tobytes()[0] == 1 else _swapped(arr)
        table.append([name, arr.typecode, offset, len(arr)])
        blobs.append(raw + b"\0" * (len(raw) % 2))
        offset += len(blobs[-1])
    head = json.dumps(dict(header, arrays=table), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    body = len(head).to_bytes(4, "little") + head + b"".join(blobs)
    return base64.b64encode(zlib.compress(body, 9)).decode("ascii")


def _swapped(arr: array) -> bytes:
    copy = array(arr.typecode, arr)
    copy.byteswap()
    return copy.tobytes()


def unpack(text: str) -> dict:
    """The header of `pack` with its arrays (as `array`s) under their names."""
    body = zlib.decompress(base64.b64decode(text))
    size = int.from_bytes(body[:4], "little")
    out = json.loads(body[4:4 + size].decode("utf-8"))
    start = 4 + size
    for name, kind, offset, count in out.pop("arrays"):
        arr = array(kind)
        arr.frombytes(body[start + offset:start + offset + count * arr.itemsize])
        if arr.itemsize > 1 and array("H", [1]).tobytes()[0] != 1:
            arr.byteswap()
        out[name] = arr
    return out


def squares_passed(grid, i: int, j: int) -> list[int]:
    """The squares (numbers) whose interior the line from the centre of square i to the centre of
    square j meets, in order from i (i and j included): the page computes the squares a line
    passes from the squares' rectangles this way (static/sightview.js `squaresPassed`, the same
    arithmetic), instead of shipping them. `grid`: each square's rectangle in doubled grid units
    (integers: the centres are whole, every quotient below is exact to compare). The walker's
    `Sight.squares` is the authority; tests/widgets/test_sightview.py checks this against it for
    every ordered pair."""
    px, py = (grid[4 * i] + grid[4 * i + 2]) // 2, (grid[4 * i + 1] + grid[4 * i + 3]) // 2
    qx, qy = (grid[4 * j] + grid[4 * j + 2]) // 2, (grid[4 * j + 1] + grid[4 * j + 3]) // 2
    dx, dy = qx - px, qy - py
    hits = []
    for k in range(len(grid) // 4):
        lo, hi, inside = 0.0, 1.0, True
        for p, d, low, high in ((px, dx, grid[4 * k], grid[4 * k + 2]), (py, dy, grid[4 * k + 1], grid[4 * k + 3])):
            if d == 0:
                inside = inside and low < p < high
            else:
                t0, t1 = (low - p) / d, (high - p) / d
                lo, hi = max(lo, min(t0, t1)), min(hi, max(t0, t1))
        if inside and lo < hi:
            hits.append((lo, k))
    hits.sort()
    return [k for _, k in hits]


def explorer_data(atlas: SightAtlas, lang: str, frame) -> dict:
    """The data the browser looks up, for the atlas's door states and pieces (see the module):
    ``{"packed": pack(header, arrays)}``, about 40 kB (docs/BENCHMARKS.md). n squares, m = n(n-1)/2
    unordered pairs, u(i, j) = i*n - i*(i+1)/2 + j - i - 1 for i < j.

    ref    (Uint16, n*n) the line from square i to square j at i*n+j: below `ns` in sight, with the
           shot shots[ref]; from `ns` on blocked, by the culprit culprits[ref - ns] (whose first
           field is the reason, REASONS[k]); SAME for i == j;
    dist   (Uint8, m) squares away [6.7] at u(i, j) (255: no chain of shared sides);
    dseq   (Uint16, m) the doors the line from i to j passes, in order from i: seqs[dseq[u]]
           (door numbers, in the order of board_view["doors"]); from j: seqs[rev[dseq[u]]];
    shots  [total per gun, [modifier line numbers], destroys a door (0/1)]; mlines their sentences;
    culprits   [reason number, the culprit's words, where it is drawn];
    dwords     each door's words with its state (the order of board_view["doors"]).
    The squares a line passes are not shipped: see `squares_passed`.
    """
    board = atlas.board
    ids = atlas.ids
    n = len(ids)
    door_ids = sorted(board.doors)
    door_no = {d: k for k, d in enumerate(door_ids)}
    ref = array("H", [SAME]) * (n * n)
    dist = array("B", [0]) * (n * (n - 1) // 2)
    dseq = array("H", [0]) * (n * (n - 1) // 2)
    seqs: dict[tuple, int] = {(): 0}
    rev: dict[int, int] = {0: 0}
    blocked: list[tuple[int, int]] = []
    shots: dict[tuple, int] = {}
    shots_list: list[list] = []
    mlines: dict[str, int] = {}
    culprits: dict[tuple, int] = {}
    states = atlas.door_states
    shown_states = {d: s for d, s in states.items() if s != "open"}

    def shot_of(key: tuple, mods: ShotModifiers) -> int:
        got = shots.get(key)
        if got is None:
            lines = []
            for line in mods.lines:
                label, note = modifier_words(board, line, lang)
                text = tr("mod.line", lang, label=label, value=_minus(line.value), case=line.case) + (f" \u2014 {note}" if note else "")
                lines.append(mlines.setdefault(text, len(mlines)))
            got = shots[key] = len(shots)
            shots_list.append([mods.total, lines, int(bool(mods.destroys_doors))])
        return got

    def doors_of(kept: tuple) -> tuple:
        return kept[3] if kept[0] else kept[5]

    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            kept = atlas.pair(i, j)
            if i < j:
                u = i * n - i * (i + 1) // 2 + j - i - 1
                far = kept[1] if kept[0] else kept[4]
                dist[u] = 255 if far is None else far
                there = seqs.setdefault(tuple(door_no[d] for d in doors_of(kept)), len(seqs))
                back = seqs.setdefault(tuple(door_no[d] for d in doors_of(atlas.pair(j, i))), len(seqs))
                # the data's assumption, checked on every line: one order back per order there
                if rev.setdefault(there, back) != back or rev.setdefault(back, there) != there:
                    raise AssertionError(f"the doors from {ids[j]} to {ids[i]} are not in the one order the data keeps")
                dseq[u] = there
            if kept[0]:
                passages = kept[2]
                key = (kept[1], tuple((p, tuple(states[d] for d in p)) for p in passages))
                sight = _SightFacts(ids[i], ids[j], kept[1], passages)
                ref[i * n + j] = shot_of(key, modifiers_of(geometry_of(board, sight, states)))  # type: ignore[arg-type]
            else:
                blocked.append((i * n + j, culprits.setdefault((kept[1], kept[2], kept[3]), len(culprits))))
    ns = len(shots_list)
    for k, c in blocked:
        ref[k] = ns + c
    same = modifiers_of(geometry_of(board, _SightFacts(ids[0], ids[0], 0, ()), states))  # type: ignore[arg-type]
    same_shot = shot_of(("same",), same)

    def where_px(where: tuple) -> list:
        if where[0] == "seg":
            return ["seg", _r(frame.x(where[1])), _r(frame.y(where[2])), _r(frame.x(where[3])), _r(frame.y(where[4]))]
        if where[0] == "pt":
            return ["pt", _r(frame.x(where[1])), _r(frame.y(where[2]))]
        if where[0] == "sq":
            return ["sq", where[1]]
        seg = board.doors[where[1]].seg
        return ["seg", _r(frame.x(seg.x0)), _r(frame.y(seg.y0)), _r(frame.x(seg.x1)), _r(frame.y(seg.y1))]

    header = {
        "n": n,
        "ns": ns,
        "shots": shots_list,
        "same_shot": same_shot,
        "mlines": list(mlines),
        "culprits": [[r, text, where_px(w)] for (r, text, w) in culprits],
        "seqs": [list(q) for q in seqs],
        "rev": [rev[k] for k in range(len(seqs))],
        "dwords": [door_words(board, d, shown_states, state=True, lang=lang) for d in door_ids],
        "occupied": sorted(atlas.index[s] for s in atlas.occupied),
        "doors": {d: s for d, s in sorted(shown_states.items())},
    }
    # totals: the shots' total modifiers, for the kill chances of `SightExplorer.shot`
    return {"packed": pack(header, {"ref": ref, "dist": dist, "dseq": dseq}), "totals": sorted({s[0] for s in shots_list})}


class _SightFacts:
    """The few fields of a Sight that `geometry_of` reads, for a line the atlas already walked."""

    def __init__(self, a: str, b: str, distance: Optional[int], passages: tuple):
        self.a, self.b, self.distance, self.passages = a, b, distance, passages


def _words(lang: str) -> dict:
    """The catalogue's sentences the browser fills in (its values marked by sentinels), in `lang`."""
    # per reason: the panel's head line and the sentence saying why, with its Case (as render.words.why)
    reasons = {}
    for k, r in enumerate(REASONS):
        reasons[str(k + 1)] = {
            "head": tr("los.not_in_sight", lang, a=_A, b=_B, title=reason_title(r, lang), case=REASON_CASES[r]),
            "why": tr(f"sight.why.{r}", lang, a=_A, b=_B, what=_WHAT),
            "case": REASON_CASES[r],
        }
    return {
        "head_ok": tr("los.in_sight", lang, a=_A, b=_B),
        "reasons": reasons,
        "why": tr("los.why", lang, why=_PATH),
        "passes_doors": tr("los.passes_doors", lang, path=_PATH, doors=_DOORS),
        "passes_no_door": tr("los.passes_no_door", lang, path=_PATH),
        "same_square": tr("los.same_square", lang),
        "comma": catalogue(lang)["grammar"].get("comma", ", "),  # dodnb.i18n.names
        "and": catalogue(lang)["grammar"].get("and", " and "),
        "distance": [tr("los.distance", lang, n=d) for d in range(0, 64)],
        "no_shot": tr("los.no_shot", lang),
        "modifier_head": tr("los.modifier_head", lang),
        "panic_first": tr("los.panic_first", lang),
        "piece_at_target": tr("los.piece_at_target", lang, b=_B),
        "start": tr("los.start", lang),
        "pick_target": tr("los.pick_target", lang, shooter=_A),
        "sentinels": {"a": _A, "b": _B, "what": _WHAT, "path": _PATH, "doors": _DOORS},
        "modes": [[m, tr(f"los.mode.{m}", lang), tr(f"los.tip.{m}", lang)] for m in ("shooter", "target", "piece")],
        "click_sets": tr("los.click_sets", lang),
        "swap": tr("los.swap", lang),
        "open_doors": tr("los.open_doors", lang),
        "click_door": tr("los.click_door", lang),
        "shooting": tr("los.shooting", lang),
        "zombie_value": tr("los.zombie_value", lang),
        "fire": [[key, tr(f"los.fire.{key}", lang)] for key in FIRE_OPTIONS],
        "values": [[UNKNOWN, tr("los.unknown_value", lang)]] + [[str(v), str(v)] for v in unseen_values().outcomes],
        "no_kernel": tr("sightview.no_kernel", lang),
        "title": tr("los.title", lang),
    }


class ExplorerError(InputError):
    """Bad input to the explorer (a square, a door, a state); the message names the value."""


class SightExplorer(StillMixin, anywidget.AnyWidget):
    """Line of sight on the mall, answered in the browser [6.4], [6.3], [6.7], [6.8] (see the module).

    Python side, for code and tests: `shooter`, `target` (square ids or ''), `door_states` (door id
    -> state, only doors not open), `occupied` (square ids holding a piece), `fire` and `value` (who
    shoots, the Zombie Value or 'unknown'), `lines(a, b)` (the panel the browser shows for a hover
    from a to b, read from the same data), `data` (that data), `atlas` (the SightAtlas).
    """

    _esm = ESM
    # Without a kernel the explorer says so in its own words (catalogue "sightview.no_kernel") and
    # still answers: the widgets' generic red "disconnected" mark over it would say it is dead.
    _css = ".jupyter-widgets-disconnected:has(> .dodnb-sight)::before { display: none; }"
    board_view = traitlets.Dict().tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    data = traitlets.Dict().tag(sync=True)
    shot = traitlets.Dict().tag(sync=True)
    shooter = traitlets.Unicode("").tag(sync=True)
    target = traitlets.Unicode("").tag(sync=True)
    fire = traitlets.Unicode("two").tag(sync=True)
    value = traitlets.Unicode(UNKNOWN).tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    kept = traitlets.Bool(True).tag(sync=True)  # dodnb.labserver keeps this widget's state in a saved notebook

    def __init__(
        self,
        board: Optional[Board] = None,
        shooter=None,
        target=None,
        occupied: Iterable = (),
        door_states: Optional[Mapping[str, str]] = None,
        fire: str = "two",
        value: Optional[int] = None,
        scale: float = 12.0,
        lang: Optional[str] = None,
        **kwargs,
    ):
        lang = check_language(lang)
        if board is None:
            from dodnb.board.model import load_board

            board = load_board()
        if fire not in FIRE_OPTIONS:
            raise ExplorerError(f"who shoots must be one of {', '.join(FIRE_OPTIONS)}, not {fire!r} [6.6], [6.8]")
        self.board = board
        self.style = current_style()
        self.scene, self.frame = canvas_scene(board, scale, lang)
        self.atlas = SightAtlas(board, keep=_Keeper(board, {s: i for i, s in enumerate(sorted(board.squares))}, lang))
        self._values = tuple(unseen_values().outcomes)
        self._decoded: Optional[tuple] = None
        super().__init__(lang=lang, fire=fire, value=UNKNOWN if value is None else str(value), **kwargs)
        self._view = self._board_view()
        self.board_view = {"packed": pack(self._view, {})}  # static/sightview.js unpacks it
        self.words = _words(lang)
        if door_states or occupied:
            self.atlas.update(door_states=door_states or {}, occupied=occupied)
        self._refresh()
        self.set_shooter(shooter)
        self.set_target(target)
        self.observe(lambda _ch: self._refresh_shot(), names=["fire", "value"])
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ data
    def _board_view(self) -> dict:
        """The map the page draws and finds squares and doors on (sent packed: see `pack`)."""
        f, board = self.frame, self.board
        ids = self.atlas.ids
        rects = []
        for s in ids:
            x, y, w, h = f.box(board.squares[s].rect)
            rects += [_r(x), _r(y), _r(w), _r(h)]
        doors = []
        for d in sorted(board.doors):
            door = board.doors[d]
            seg = door.seg
            doors.append([d, door.kind, _r(f.x(seg.x0)), _r(f.y(seg.y0)), _r(f.x(seg.x1)), _r(f.y(seg.y1))])
        style = self.style
        return {
            "ids": list(ids),
            "rects": rects,
            "doors": doors,
            "width": _r(self.scene.width),
            "height": _r(self.scene.height),
            "grid": [2 * v for s in ids for v in (lambda r: (r.x0, r.y0, r.x1, r.y1))(board.squares[s].rect)],
            "shapes": [_shape(s) for s in self.scene.shapes],
            "colours": {k: STYLE[k] for k in ("visible", "blocked", "highlight", "culprit", "seen", "glass", "solid", "main")} | {"dark": DARK},
            "wall_width": WALL_WIDTH,
            "door_width": DOOR_WIDTH,
            "door_reach": float(DOOR_REACH) * f.scale,
            "id_size": f.id_px,
            "token_radius": style.canvas_token_radius,
            "panel_font": style.panel_font,
            "projector": style.name == "projector",
            "narrow_font": NARROW_FONT,
        }

    def _refresh(self) -> None:
        """The data for the atlas's doors and pieces, then the shots' kill chances."""
        self.data = explorer_data(self.atlas, self.lang, self.frame)
        self._refresh_shot()

    def _refresh_shot(self) -> None:
        """Kill chances [6.0] for who shoots and the Zombie Value, per total modifier in the data."""
        _, _, dice, guns = FIRE_OPTIONS[self.fire]
        who = tr(f"los.who.{self.fire}", self.lang)
        zombie = None if self.value == UNKNOWN else int(self.value)
        against = tr("los.against_unknown", self.lang) if zombie is None else tr("los.against_value", self.lang, value=zombie)
        out = {}
        for total in self.data["totals"]:
            all_guns = total * guns
            kill = kill_chance(dice, -all_guns, zombie)  # [6.0], [6.8]: the modifier applies to each gun
            odds = f"{fmt_fraction(kill)} = {fmt_percent(kill, 1, self.lang)}" if kill else tr("los.impossible", self.lang)
            total_line = (tr("los.total_guns", self.lang, total=_minus(total), guns=guns, all=_minus(all_guns)) if guns > 1
                          else tr("los.total", self.lang, total=_minus(total)))
            out[str(total)] = [total_line, tr("los.kill", self.lang, who=who, dice=dice, total=_minus(all_guns), against=against, odds=odds)]
        self.shot = out

    # ------------------------------------------------------------------ actions (the rules: Python)
    def _sid(self, value) -> str:
        return "" if value in (None, "") else self.board.square_id(value)

    def set_shooter(self, sid) -> None:
        self.shooter = self._sid(sid)

    def set_target(self, sid) -> None:
        self.target = self._sid(sid)

    @property
    def door_states(self) -> dict[str, str]:
        return {d: s for d, s in self.atlas.door_states.items() if s != "open"}

    @property
    def occupied(self) -> frozenset:
        return self.atlas.occupied

    def set_door(self, door_id: str, state: str) -> None:
        """Open, close or destroy a door [3.3], [6.4], [10.5]; checked like any door state."""
        door = self.board.doors.get(door_id)
        if door is None:
            raise ExplorerError(tr("los.no_door", self.lang, door=repr(door_id)))
        if door.kind == "main":
            raise ExplorerError(tr("los.main_door", self.lang, door=door_id))
        states = dict(self.atlas.door_states)
        states[door_id] = state
        self.atlas.update(door_states=states)  # raises for a bad state, or a solid door "destroyed" [10.4]
        self._refresh()

    def click_door(self, door_id: str) -> None:
        """A click on a door: open -> closed (-> destroyed for glass) -> open."""
        door = self.board.doors.get(door_id)
        if door is None:
            raise ExplorerError(tr("los.no_door", self.lang, door=repr(door_id)))
        cycle = ["open", "closed", "destroyed"] if door.kind == "glass" else ["open", "closed"]
        now = self.atlas.door_states.get(door_id, "open")
        self.set_door(door_id, cycle[(cycle.index(now) + 1) % len(cycle)])

    def open_all_doors(self) -> None:
        self.atlas.update(door_states={})
        self._refresh()

    def set_pieces(self, squares: Iterable) -> None:
        """Squares holding a character or zombie unit: they block lines through them [6.3]."""
        self.atlas.update(occupied=[self.board.square_id(s) for s in squares])
        self._refresh()

    def toggle_piece(self, sid) -> None:
        self.set_pieces(self.atlas.occupied ^ {self.board.square_id(sid)})

    def _on_msg(self, _widget, content, _buffers) -> None:
        """The browser asks for what needs the rules; a bad request is shown, never raised."""
        kind = content.get("kind") if isinstance(content, dict) else None
        try:
            if kind == "ping":
                self.send({"kind": "pong"})
                return
            if kind == "door":
                self.click_door(str(content.get("id")))
            elif kind == "piece":
                self.toggle_piece(str(content.get("square")))
            elif kind == "open_all":
                self.open_all_doors()
            self.error = ""
        except (ExplorerError, SightError, UnknownSquare) as err:
            self.error = str(err)

    # ------------------------------------------------------------------ what the browser shows
    def lines(self, a, b) -> list[tuple[str, str]]:
        """The panel for the line from a to b, read from the data as static/sightview.js reads it
        (kind, text): 'head-ok', 'head-no', 'text' or 'item'. Tests compare it with the rules."""
        a, b = self.board.square_id(a), self.board.square_id(b)
        w = self.words
        if self._decoded is None or self._decoded[0] is not self.data:
            self._decoded = (self.data, unpack(self.data["packed"]))
        d = self._decoded[1]
        ids = self.atlas.ids
        n = d["n"]
        i, j = ids.index(a), ids.index(b)

        def fill(text: str, **values: str) -> str:
            for name, value in values.items():
                text = text.replace(w["sentinels"][name], value)
            return text

        def passes() -> tuple[str, str]:
            """The squares the line passes (squares_passed, as the page) and its doors (data)."""
            path = " \u2192 ".join(ids[q] for q in squares_passed(self._view["grid"], i, j))
            seq = d["dseq"][lo * n - lo * (lo + 1) // 2 + hi - lo - 1]
            words = [d["dwords"][k] for k in d["seqs"][seq if i < j else d["rev"][seq]]]
            doors = words[0] if len(words) == 1 else w["comma"].join(words[:-1]) + w["and"] + words[-1] if words else ""
            return ("text", fill(w["passes_doors"], path=path, doors=doors) if doors else fill(w["passes_no_door"], path=path))

        out: list[tuple[str, str]] = []
        k = i * n + j
        lo, hi = min(i, j), max(i, j)
        far = d["dist"][lo * n - lo * (lo + 1) // 2 + hi - lo - 1] if i != j else 0
        shot = None
        if i == j:
            out.append(("head-ok", fill(w["head_ok"], a=a, b=b)))
            out.append(("text", w["same_square"]))
            shot = d["shots"][d["same_shot"]]
        elif d["ref"][k] < d["ns"]:
            shot = d["shots"][d["ref"][k]]
            out.append(("head-ok", fill(w["head_ok"], a=a, b=b)))
            out.append(passes())
            out.append(("text", w["distance"][far]))
        else:
            reason, what, _where = d["culprits"][d["ref"][k] - d["ns"]]
            words = w["reasons"][str(reason + 1)]
            out.append(("head-no", fill(words["head"], a=a, b=b)))
            because = fill(words["why"], a=a, b=b, what=what)
            out.append(("text", fill(w["why"], path=f"{because[0].upper()}{because[1:]} {words['case']}")))
            out.append(passes())
            if far != 255:
                out.append(("text", w["distance"][far]))
        if shot is None:
            out.append(("text", w["no_shot"]))
            return out
        out.append(("text", w["modifier_head"]))
        out += [("item", d["mlines"][m]) for m in shot[1]]
        total_line, kill_line = self.shot[str(shot[0])]
        out.append(("text", total_line))
        out.append(("text", kill_line))
        if i == j:
            out.append(("text", w["panic_first"]))
        elif j in d["occupied"]:
            out.append(("text", fill(w["piece_at_target"], b=b)))
        return out

    # ------------------------------------------------------------------ the still
    def scene_now(self) -> Scene:
        """What the explorer shows for its shooter and target, as a scene (the still)."""
        lines: list[tuple[str, str]] = []
        overlay: list[Shape] = door_state_shapes(self.board, self.door_states, self.frame)
        if self.shooter and self.target:
            from dodnb.board.sight import line_of_sight

            sight = line_of_sight(self.board, self.shooter, self.target, occupied=self.occupied, door_states=self.door_states)
            overlay += sight_shapes(self.board, sight, self.frame, door_states=self.door_states)
            lines = self.lines(self.shooter, self.target)
        elif self.shooter:
            overlay += shooter_shapes(self.board, self.shooter, self.frame)
            lines = [("text", self.words["pick_target"].replace(_A, self.shooter))]
        else:
            lines = [("text", self.words["start"])]
        colour = {"head-ok": STYLE["visible"], "head-no": STYLE["blocked"]}
        caption = [(("\u2022 " + t) if k == "item" else t, colour.get(k, DARK)) for k, t in lines]
        tokens = {s: ["zombie"] for s in sorted(self.occupied)}
        return compose_scene(self.board, overlay, caption, self.frame, self.scene, tokens, None, tr("los.title", self.lang), "sight", lang=self.lang)

    def to_svg(self) -> str:
        return scene_to_svg(self.scene_now())

    def still_html(self) -> str:
        scene = self.scene_now()
        return Picture(scene_to_svg(scene), scene.description or scene.title).html()

    def __repr__(self) -> str:
        return (f"SightExplorer(shooter={self.shooter!r}, target={self.target!r}, occupied={sorted(self.occupied)!r}, "
                f"door_states={dict(sorted(self.door_states.items()))!r})")
