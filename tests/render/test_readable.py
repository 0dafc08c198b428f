"""Readable from the back of a classroom (issue 19): sizes of ids, store names and legends on the
still pictures, legal moves as filled squares, doors that a choice names labelled on the map, and
objects that print as words rather than as code.

Sizes on screen are the scene's font sizes times the factor a notebook output shrinks the picture
by: JupyterLab in a 1400-px window with the file browser open gives an output 968 px wide (measured
by the real-browser test, tests/browser/test_lab.py, which also measures the pixels themselves)."""

from __future__ import annotations

import dodnb
import pytest

from dodnb import i18n
from dodnb.render.picture import picture
from dodnb.render.scene import board_scene, door_label_shapes, frame_for, move_shapes
from dodnb.render.shapes import RectShape, TextShape
from dodnb.render.sight_overlay import sight_scene, visible_scene
from dodnb.render.state_scene import game_scene
from dodnb.rules.actions import Activate, Door
from dodnb.rules.game import Game

OUTPUT_PX = 968  # notebook output width, 1400-px window, file browser open


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


def _on_screen(scene, size):
    """A scene size in px as shown in the notebook output (pictures shrink to the output's width)."""
    return size * min(1.0, OUTPUT_PX / scene.width)


def _ids(scene, board):
    return [s for s in scene.shapes if isinstance(s, TextShape) and s.text == s.tag and s.tag in board.squares]


def test_still_pictures_print_square_ids_at_10_px_or_more_on_screen(board):
    scenes = {
        "board (01)": board_scene(board),
        "game (01, 05, 06)": game_scene(Game(seed=7)),
        "visible (02)": visible_scene(board, "024"),
        "sight, cropped (02)": sight_scene(board, "024", "062", crop=True),
    }
    for name, scene in scenes.items():
        ids = _ids(scene, board)
        assert len(ids) >= 20, name
        small = min(s.size for s in ids)
        assert _on_screen(scene, small) >= 10, f"{name}: ids {_on_screen(scene, small):.1f} px on screen"
        assert {s.family for s in ids} == {"narrow"}, name  # three digits fit a 2 x 2 square


def test_store_names_and_legend_are_bigger_than_before_and_fit_their_store(board):
    scene = board_scene(board)
    names = [s for s in scene.shapes if isinstance(s, TextShape) and (s.tag or "").startswith("store:")]
    legend = [s for s in scene.shapes if isinstance(s, TextShape) and s.tag == "legend"]
    assert names and legend
    # still pictures: 12 px on screen, 11 for the two longest words in the narrowest stores
    # (Optician, Jeweller: set smaller to fit, a picture cannot squeeze text); the live map: >= 12,
    # tests/widgets/test_mapview.py
    assert min(_on_screen(scene, s.size) for s in legend) >= 12
    assert min(_on_screen(scene, s.size) for s in names) >= 11
    assert sum(_on_screen(scene, s.size) >= 12 for s in names) >= len(names) - 3
    from dodnb.render.scene import narrow_width

    for s in names:  # inside the store, by the font's real widths
        rs = [board.squares[i].rect for i in board.store_squares(s.tag[len("store:"):])]
        assert narrow_width(s.text, s.size, bold=True) <= (max(r.x1 for r in rs) - min(r.x0 for r in rs)) * 12.0 - 3, s
    for s in names:
        rs = [board.squares[i].rect for i in board.store_squares(s.tag[len("store:"):])]
        width = (max(r.x1 for r in rs) - min(r.x0 for r in rs)) * 12.0
        assert s.max_width <= width - 4  # the canvas squeezes a name into its store
    # the legend stays inside the picture, under the map
    assert all(s.y > scene.legend_top and s.y < scene.height for s in legend)
    assert max(s.x + 0.47 * s.size * len(s.text) for s in legend) <= scene.width


def test_legal_moves_are_filled_tinted_squares(board):
    frame = frame_for(board)
    shapes = move_shapes(board, ["024", "062"], frame, "#2e7d32")
    fills = [s for s in shapes if isinstance(s, RectShape) and s.fill == "#2e7d32"]
    edges = [s for s in shapes if isinstance(s, RectShape) and s.stroke == "#2e7d32" and s.fill is None]
    assert {s.tag for s in fills} == {s.tag for s in edges} == {"024", "062"}
    assert all(0.25 <= s.alpha <= 0.5 for s in fills)  # a tint: the id shows through
    x, y, w, h = frame.box(board.square("024").rect)
    assert any((s.x, s.y, s.w, s.h) == (x, y, w, h) for s in fills if s.tag == "024")  # the whole square


def test_door_labels_sit_on_their_doors(board):
    frame = frame_for(board)
    shapes = door_label_shapes(board, ["S05", "G01", "nonsense"], frame)
    texts = {s.text: s for s in shapes if isinstance(s, TextShape)}
    assert set(texts) == {"S05", "G01"}
    for did, t in texts.items():
        mx, my = frame.point(board.doors[did].seg.midpoint)
        assert abs(t.x - mx) < 1 and abs(t.y - my) < 1
        assert _on_screen(board_scene(board), t.size) >= 8
    # the door itself drawn thick, and the tag moved off the deciding piece's square
    assert any(s.tag == "door:S05" and getattr(s, "width", 0) > 5 for s in shapes if not isinstance(s, TextShape))
    near, far = board.doors["S05"].squares
    moved = next(s for s in door_label_shapes(board, ["S05"], frame, away_from=[near]) if isinstance(s, TextShape))
    assert board.square(far).rect.x0 <= frame.to_grid(moved.x, moved.y)[0] <= board.square(far).rect.x1
    gy = frame.to_grid(moved.x, moved.y)[1]
    assert board.square(far).rect.y0 <= gy <= board.square(far).rect.y1, (near, far, gy)


def test_stepper_fills_legal_moves_and_labels_the_doors_its_choices_name():
    from dodnb.widgets.stepper import MOVE_COLOUR, GameStepper

    from tests.rules.helpers import build

    board = dodnb.load_board()
    square = board.doors["S05"].squares[0]  # Peter stands by the solid door S05 [5.5]
    g = Game(state=build({"Peter": square, "Roger": "010", "Steve": "060", "Fran": "060"}, [], solitaire=True), human="ask")
    s = GameStepper(g)
    s.choose(Activate(("Peter",)))
    doors = {a.door for a in s.choices if isinstance(a, Door)}
    assert "S05" in doors, s.choices
    overlay = s.map.overlay
    moves = {a.to for a in s.choices if type(a).__name__ == "Move"}
    filled = {sh.tag for sh in overlay if isinstance(sh, RectShape) and sh.fill == MOVE_COLOUR and sh.alpha < 1}
    assert moves and filled == moves
    labelled = {sh.text for sh in overlay if isinstance(sh, TextShape)}
    assert doors <= labelled, (doors, labelled)


def test_games_and_results_print_as_words_and_keep_a_short_repr():
    from dodnb.prob.othergames import atz
    from dodnb.rules.coop import CoopGame
    from dodnb.search.humans import sensible_human

    g = Game(seed=7)
    assert str(g) == "Game-Turn 1, Human Player-Turn: 0 actions played so far (seed 7)"
    assert repr(g) == "<Game seed=7: turn 1, Human Player-Turn, 0 actions>"
    coop = CoopGame({"Ana": ["Peter"], "Ben": ["Roger"], "Chloé": ["Steve", "Fran"]}, seed=5)
    assert str(coop) == ("Co-operative game — Ana plays Peter; Ben plays Roger; Chloé plays Steve and Fran. "
                         "Game-Turn 1, Human Player-Turn: 0 actions played so far (seed 5)")
    assert repr(coop).startswith("<CoopGame Ana: Peter;")
    i18n.set_language("fr")  # issue 15 item 3: print() follows the package's language
    try:
        assert str(g) == "Tour de jeu 1, Tour des Humains : 0 action jouée jusqu'ici (graine 7)"
        assert str(coop) == ("Partie coopérative — Ana joue Peter; Ben joue Roger; Chloé joue Steve et Fran. "
                             "Tour de jeu 1, Tour des Humains : 0 action jouée jusqu'ici (graine 5)")
        over = CoopGame(["Ann", "Bob", "Cy"], seed=3, policies={p: sensible_human for p in ("Ann", "Bob", "Cy")}, table=sensible_human)
        over.play()
        assert over.outcome in ("tous les joueurs gagnent", "tous les joueurs perdent")
        assert str(over.game).startswith("Partie terminée : les ") and " gagnent [14." in str(over.game)
    finally:
        i18n.set_language("en")
    assert over.outcome in ("all the players win", "all the players lose") and str(over.game).startswith("Game over: the ")
    r = atz.resolve_fire(5, [4, 3, 6, 5], targets=3)
    assert str(r) == "2 hits, ammunition left" and repr(r) == "FireResult(hits=2, out_of_ammo=False)"
    assert str(atz.FireResult(1, True)) == "1 hit, out of ammunition [ATZ 8.1.7]"
    for text in (str(g), str(coop), str(r)):
        assert "<" not in text and "=" not in text


def test_tour_where_next_lists_every_notebook():
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "notebooks"
    tour = json.loads((root / "01_tour.ipynb").read_text(encoding="utf-8"))
    cell = next("".join(c["source"]) for c in tour["cells"] if "## Where next" in "".join(c["source"]))
    linked = set(re.findall(r"\]\((\d\d_[a-z_]+\.ipynb)\)", cell))
    assert linked == {p.name for p in root.glob("*.ipynb")}


def test_a_store_name_moves_off_pieces_where_its_store_has_room():
    """A name a piece lies on (two pieces in a store's top-row square: one beside the id, the
    other on the name) moves to the nearest place in its store clear of pieces and ids
    (scene.names_clear_of): Record Rack's, off Peter and Roger in 030, on the live map and in the
    picture alike (projector mode); where the board prints it, it would lie under a disc."""
    from dodnb.render import style
    from dodnb.render.scene import rect_hits_circle, store_names
    from dodnb.render.shapes import CircleShape, RectShape
    from dodnb.render.state_scene import game_scene
    from dodnb.rules.position import Position
    from dodnb.widgets.stepper import GameMap

    st = Position(characters={"Peter": "030", "Roger": "030"}, units={"001": 3}, victory_check=False).state()
    style.use_projector(True)
    try:
        live = GameMap(st)
        picture = game_scene(st)
        printed_picture = game_scene(Position(units={"001": 3}).state())
    finally:
        style.use_projector(False)
    for pieces, names, board_names in ((*live._pieces_and_names(), store_names(live.scene)),
                                       (picture.shapes, picture.shapes, store_names(printed_picture))):
        def plate(shapes):
            return next(s for s in shapes if isinstance(s, RectShape) and s.tag == "store:Record Rack")

        discs = [c for c in pieces if isinstance(c, CircleShape) and c.layer == "tokens" and c.tag in ("Peter", "Roger")]
        moved, printed = plate(names), plate(board_names)
        box = lambda p: (p.x, p.y, p.w, p.h)  # noqa: E731
        assert any(rect_hits_circle(box(printed), c) for c in discs)
        assert moved.y > printed.y and not any(rect_hits_circle(box(moved), c) for c in discs)
