"""The drawn decision tree of a best-play search (dodnb.render.tree): a valid SVG with one shape per
node of the tree, the best line marked, the question in words, readable fonts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from dodnb import Position
from dodnb.prob.bestplay import best_play, goals
from dodnb.render.tree import BEST, NODE_STROKE, tree_scene, tree_svg

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def result():
    p = Position(characters={"Peter": "115"}, units={"115": 3}, start="attack", solitaire=True)
    return best_play(p, goals.nobody_hurt(), horizon="game-turn")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_svg_parses_with_a_node_per_tree_node_and_the_best_line_marked(result, lang):
    tree = result.tree(depth=4)
    root = ET.fromstring(tree_svg(tree, lang))
    shapes = [e for e in root.iter() if e.tag in (NS + "rect", NS + "circle") and e.get("stroke") in (NODE_STROKE, BEST)]
    sc = tree_scene(tree, lang)
    drawn = [n for n in tree.nodes if sc.tagged(f"node:{n.id}")]  # a tree taller than a screen is folded
    assert len(shapes) == len(drawn) >= 5
    best = [n for n in drawn if n.best]
    assert best == [n for n in tree.nodes if n.best]  # the best line is drawn whole
    assert best[0].id == 0 and len(best) >= 3  # the root, the best choice, and on
    best_nodes = [e for e in shapes if e.get("stroke") == BEST]
    assert len(best_nodes) == len(best)
    best_edges = [e for e in root.iter(NS + "line") if e.get("stroke") == BEST]
    assert len(best_edges) == 2 * (len(best) - 1)  # two strokes per edge
    # the best line follows the best choice, from the root, each node the child of the one before
    assert best[1].edge == (result.best.action,)
    assert all(b.parent == a.id for a, b in zip(best, best[1:]))
    text = " ".join("".join(t.itertext()) for t in root.iter(NS + "text"))
    assert ("nobody is killed or infected" in text) == (lang == "en")
    assert ("personne ne soit tué ni infecté" in text) == (lang == "fr")
    assert "98.8%" in text.replace("\u202f", "").replace(",", ".")  # the root's value, backed up


def test_fonts_are_big_enough_to_project(result):
    sc = tree_scene(result.tree())
    sizes = [s.size for s in sc.shapes if hasattr(s, "size")]
    assert min(sizes) >= 13 and max(sizes) >= 16


def test_scene_tags_each_node_and_the_tree_displays_in_jupyter(result):
    tree = result.tree(depth=2)
    sc = tree_scene(tree)
    for n in tree.nodes:
        assert len(sc.tagged(f"node:{n.id}")) == 1
    assert tree._repr_svg_().startswith("<svg")
    assert all(n.kind in ("max", "min", "chance", "leaf", "more") for n in tree.nodes)
    assert any(n.kind == "more" for n in result.tree(depth=1).nodes)


def test_rate_chart_draws_each_rate_with_its_interval():
    """The win-rate chart of notebook 08 (dodnb.render.charts.rate_chart): one bar and one whisker
    per row, the whisker's ends at the interval, the count and the interval in words."""
    from dodnb.render.charts import rate_chart

    rows = [("random", 0, 200, 0.0, 0.0188), ("sensible", 3, 200, 0.0051, 0.0432)]
    sc = rate_chart(rows, "wins", axis="games won")
    root = ET.fromstring(sc.to_svg())
    text = " ".join("".join(t.itertext()) for t in root.iter(NS + "text"))
    assert "3 of 200 games won: 1.5% (0.5–4.3%)" in text and "0 of 200 games won: 0.0% (0.0–1.9%)" in text
    for i in range(2):
        whisker = sc.tagged(f"interval:{i}")
        assert len(whisker) == 3
        span = whisker[0]
        bar = [s for s in sc.tagged(f"row:{i}") if hasattr(s, "w")][0]
        scale = (span.x1 - span.x0) / (rows[i][4] - rows[i][3]) if rows[i][4] > rows[i][3] else None
        if scale:
            assert abs(bar.w - max(scale * rows[i][1] / rows[i][2], 0.5)) < 1e-6  # a zero rate: a hairline


def test_every_roll_and_draw_has_a_short_label_in_both_languages():
    """The tree labels its chance nodes with a few words: every chance kind of the engine [4.0] has a
    short form in each catalogue, shorter than its sentence and without the Case."""
    from dodnb import i18n
    from dodnb.rules.vocab import PendingKind, Side

    chance = [k for k in PendingKind if k.side == Side.CHANCE]
    assert len(chance) >= 10
    for k in chance:
        key = "pending_short." + k.value.replace(":", "_")
        for lang in ("en", "fr"):
            assert i18n.has(key, lang), (key, lang)
            words = i18n.tr(key, lang, who="115", dice=2)
            full = i18n.tr("pending." + k.value.replace(":", "_"), lang, who="115", dice=2, target="116", strength=5, case="6.5")
            assert "[" not in words and len(words) <= 27 < len(full) or len(words) < len(full), (key, lang, words)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chance_nodes_are_labelled_in_whole_words(result, lang):
    """What each circle rolls or draws is written out, not cut with an ellipsis."""
    from dodnb.render.shapes import TextShape

    sc = tree_scene(result.tree(depth=4), lang)
    labels = [s.text for s in sc.shapes if isinstance(s, TextShape) and s.size == 13 and s.fill == "#555555"]
    assert len(labels) >= 2
    assert not any(t.endswith("…") for t in labels), labels
    assert any(("panic" in t) if lang == "en" else ("panique" in t) for t in labels), labels


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_notebook_08_tree_fits_a_screen_with_its_root_at_the_top(lang):
    """Notebook 08's tree (the pair in 115 attacked, `rb.tree(depth=3)`: 17 ends, 1,428 px tall with
    its root mid-page before it was fitted): shown at its own width (WIDTH, within the notebook's
    968 px at a 1400-px window), it is at most MAX_HEIGHT (the notebook's visible area of a 900-px
    screen) tall; the root is the topmost node; the best line is drawn to its end; every node drawn
    hangs from a node drawn, and folded subtrees show as "more" nodes."""
    from dodnb.render.tree import MAX_HEIGHT, WIDTH

    pair = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack", solitaire=True)
    tree = best_play(pair, goals.nobody_hurt(), horizon="game-turn").tree(depth=3)
    ends = len({n.id for n in tree.nodes} - {n.parent for n in tree.nodes})
    assert ends > 8  # more ends than rows fit: the picture has to fold
    sc = tree_scene(tree, lang)
    assert sc.width <= WIDTH <= 968 and sc.height <= MAX_HEIGHT <= 900 - 100, (sc.width, sc.height)
    node_y = {}
    for n in tree.nodes:
        shapes = sc.tagged(f"node:{n.id}")
        if shapes:
            s = shapes[0]
            node_y[n.id] = s.cy if hasattr(s, "cy") else s.y + s.h / 2
    root = tree.nodes[0].id
    assert node_y[root] == min(node_y.values()) and node_y[root] < 260, node_y[root]  # the first row, under the title
    assert all(n.id in node_y for n in tree.nodes if n.best)
    parents = {n.id: n.parent for n in tree.nodes}
    assert all(parents[i] in node_y for i in node_y if i != root)
    assert len(node_y) < len(tree.nodes)
