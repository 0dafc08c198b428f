"""The line-of-sight explorer driven from code, as a mouse and keyboard would [6.4], [6.3], [6.7], [6.8].

No browser: the widget is exercised through its MapView (hover, click) and its controls, and the
tests read plain attributes (shooter, target, sight, modifiers, kill, panel). Pixels are the
real-browser test's business; here the overlay is checked as shapes.
"""

from fractions import Fraction
from itertools import product
from xml.etree import ElementTree

import pytest

import dodnb
from dodnb.board.sight import line_of_sight
from dodnb.board.sighttable import sight_table
from dodnb.prob import unseen_values
from dodnb.render.scene import STYLE, LineShape, RectShape
from dodnb.widgets.los import FIRE_OPTIONS, ExplorerError, LOSExplorer


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


@pytest.fixture
def ex(board):
    return LOSExplorer(board)


def click_door(ex, door_id):
    """A mouse click on the middle of a door, as ipycanvas reports it (canvas pixels)."""
    seg = ex.board.doors[door_id].seg
    x, y = ex.frame.point(((seg.x0 + seg.x1) / 2, (seg.y0 + seg.y1) / 2))
    ex.map._mouse_down(x * ex.map.density, y * ex.map.density)


def brute_kill(dice, reduction, value):
    """P(dice total - reduction >= value), by enumerating every face combination [6.0]."""
    faces = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for f in faces if sum(f) - reduction >= value), len(faces))


# ------------------------------------------------------------------ hover and panel


def test_6_4_hover_shows_the_verdict_reason_and_case(ex):
    """[6.4] 24 -> 82: hovering the target draws the line; the panel gives the reason and its Case."""
    ex.set_shooter("024")
    ex.hover("082")
    assert ex.target == "082"
    assert ex.sight is not None and not ex.sight.visible
    assert ex.sight.reason == "door_not_side"
    # learner words: the door named by the squares it separates, the reason in words, the Case
    assert "door_not_side" not in ex.panel.value and "G14" not in ex.text
    assert "the glass door between 062 and 099, which is a side of neither 024 nor 082" in ex.text
    assert "[6.4]" in ex.panel.value
    assert "NOT in sight" in ex.text
    assert ex.target_picker.value == "082"  # the Target list names the square the panel describes
    assert ex.modifiers is None and ex.kill is None
    culprit = [s for s in ex.map.overlay if s.tag == "culprit:door_not_side"]
    assert culprit and any(isinstance(s, LineShape) and s.stroke == STYLE["culprit"] for s in culprit)


def test_6_4_hover_visible_target_gives_distance_modifiers_and_kill(ex):
    """[6.4], [6.7] 24 -> 62: in sight, distance 2, -2 per square... -2 for the open door."""
    ex.set_shooter("024")
    ex.hover("062")
    assert ex.sight.visible and ex.sight.distance == 2
    assert ex.modifiers.total == -4
    assert "in sight [6.4]" in ex.text and "Distance: 2 squares [6.7]" in ex.text
    assert "through an open door (between 062 and 099): \u22122 [6.7]" in ex.text
    assert "through the glass door between 062 and 099 (open)" in ex.text
    assert [s.stroke for s in ex.map.overlay if s.tag == "sight-line"] == [STYLE["visible"]]


def test_hovering_the_same_square_twice_does_not_redraw(ex):
    """Redraw only when the hovered square changes (mouse moves inside one square are free)."""
    ex.set_shooter("024")
    ex.hover("062")
    n, overlay = ex.redraws, ex.map.overlay
    ex.hover("062")
    x, y = ex.frame.point(ex.board.square("062").centre)
    ex.map._mouse_move(x * ex.map.density, y * ex.map.density)
    assert ex.redraws == n and ex.map.overlay is overlay
    ex.hover("082")
    assert ex.redraws == n + 1


def test_hover_without_shooter_draws_nothing(ex):
    ex.hover("024")
    assert ex.target is None and ex.sight is None and ex.redraws == 1  # the first, empty drawing
    assert "choose the shooter" in ex.text


# ------------------------------------------------------------------ clicks and lists


def test_clicks_choose_shooter_then_target_and_the_line_returns_to_it(ex):
    """Click 1 = shooter (the mode moves to Target), click 2 = target; leaving the map goes back to it."""
    ex.click("024")
    assert ex.shooter == "024" and ex.mode.value == "target" and ex.map.selected == "024"
    ex.hover("062")
    ex.click("062")
    assert ex.pinned == "062" and ex.target == "062"
    assert ex.shooter == "024" and ex.map.selected == "024"  # the shooter keeps the black outline
    assert ex.target_picker.value == "062" and ex.shooter_picker.value == "024"
    ex.hover("082")
    assert ex.target == "082" and ex.target_picker.value == "082"  # the list follows the mouse
    ex.hover(None)  # the mouse leaves the map
    assert ex.target == "062" and ex.sight.visible and ex.target_picker.value == "062" and ex.pinned == "062"


def test_clicking_the_shooter_again(ex):
    """Target mode: the shooter's own square becomes the target (same square, panic check [6.5]).
    Shooter mode: it clears the shooter."""
    ex.click("115")
    ex.click("115")
    assert ex.shooter == "115" and ex.target == "115" and ex.map.selected == "115"
    assert ex.modifiers.panic_check and "panic check" in ex.text and "[6.5]" in ex.text
    ex.mode.value = "shooter"
    ex.click("115")
    assert ex.shooter is None and ex.sight is None and ex.map.selected is None


def test_lists_for_keyboard_users(ex):
    """The Shooter and Target lists do what clicks do."""
    ex.shooter_picker.value = "167"
    ex.target_picker.value = "170"
    assert (ex.shooter, ex.target) == ("167", "170")
    assert ex.sight.visible and ex.sight.distance == 3  # [6.7] 167 -> 170 is three squares
    assert "Distance: 3 squares [6.7]" in ex.text


def test_6_4_swap_is_symmetric(ex):
    """[6.4] "from square 24 to square 62 (or vice versa)": swapping keeps the verdict."""
    ex.set_shooter("098")
    ex.set_target("079")
    before = (ex.sight.visible, ex.sight.reason)
    ex.swap()
    assert (ex.shooter, ex.target) == ("079", "098")
    assert (ex.sight.visible, ex.sight.reason) == before == (False, "wall_corner")
    assert "wall_corner" not in ex.panel.value and "[6.4]" in ex.panel.value
    assert "the wall corner where 054, 079, 088 and 098 meet" in ex.text


# ------------------------------------------------------------------ pieces and doors


def test_6_3_pieces_block_from_the_text_box_and_by_click(ex):
    """[6.3] a piece in a square in between blocks: 167 -> 170 with a piece in 168."""
    ex.set_shooter("167")
    ex.set_target("170")
    ex.pieces_box.value = "168"
    assert ex.occupied == {"168"} and ex.map.tokens == {"168": ["zombie"]}
    assert not ex.sight.visible and ex.sight.reason == "token"
    assert "A piece in 168, between 167 and 170" in ex.text and "[6.3]" in ex.panel.value
    assert any(s.tag == "culprit:token" for s in ex.map.overlay)
    ex.mode.value = "piece"
    ex.click("168")  # removes it again
    assert ex.occupied == frozenset() and ex.sight.visible
    assert ex.shooter == "167" and ex.map.selected == "167"


def test_bad_piece_square_is_reported_not_raised(ex):
    """A bad square id in the box: a red message naming it; the pieces stay as they were."""
    ex.pieces_box.value = "168"
    ex.pieces_box.value = "168, 999"
    assert "999" in ex.message.value
    assert ex.occupied == {"168"}
    ex.pieces_box.value = "168"
    assert ex.message.value == ""


def test_6_4_closed_solid_door_blocks(ex):
    """[6.4] a closed solid door blocks sight like a wall: 016 -> 082 through S08."""
    ex.set_shooter("016")
    ex.set_target("082")
    assert ex.sight.visible
    click_door(ex, "S08")  # a click on the door on the map closes it
    assert ex.door_states == {"S08": "closed"}
    assert not ex.sight.visible and ex.sight.reason == "closed_door"
    assert "The solid door between 016 and 082 is closed" in ex.text and "[6.4]" in ex.panel.value
    assert "solid door between 016 and 082 closed" in ex.doors_note.value
    click_door(ex, "S08")  # a solid door is never destroyed [10.4]: the next click opens it
    assert ex.door_states == {} and ex.sight.visible
    assert ex.shooter == "016" and ex.target == "082"  # a door click chooses no square


def test_6_7_closed_glass_door_costs_3_and_is_destroyed(ex):
    """[6.7], [10.5] shooting through a closed glass door: -3 and the door is destroyed."""
    ex.set_shooter("024")
    ex.set_target("062")
    click_door(ex, "G14")
    assert ex.door_states == {"G14": "closed"}
    assert ex.sight.visible and ex.modifiers.total == -5
    assert ex.modifiers.destroys_doors == ("G14",)
    assert "\u22123 [6.7]" in ex.text and "destroyed [10.5]" in ex.text and "G14" not in ex.text
    tags = [x.tag for x in ex.map.overlay]
    assert "door-closed:G14" in tags[tags.index("door-passed:G14") :]  # drawn closed over its halo
    click_door(ex, "G14")  # a destroyed glass door is always open [10.5]: -2 again
    assert ex.door_states == {"G14": "destroyed"} and ex.modifiers.total == -4
    assert "(broken)" in ex.text
    click_door(ex, "G14")
    assert ex.door_states == {}
    click_door(ex, "G14")
    ex.open_doors_button.click()
    assert ex.door_states == {} and "Click a door" in ex.doors_note.value


def test_set_door_refuses_bad_input(ex):
    with pytest.raises(ExplorerError, match="X99"):
        ex.set_door("X99", "closed")
    with pytest.raises(ExplorerError, match="main door"):
        ex.set_door("N", "closed")
    with pytest.raises(ValueError, match="S08"):
        ex.set_door("S08", "destroyed")  # [10.4]


# ------------------------------------------------------------------ everything the shooter sees


def test_6_4_show_seen_shades_visible_from(ex, board):
    """[6.4], [7.1] the toggle shades exactly sight_table(...).visible_from(shooter), pieces included."""
    ex.pieces_box.value = "099"
    ex.set_shooter("024")
    ex.seen_toggle.value = True
    want = sight_table(board).visible_from("024", ["099"])
    assert ex.seen == want
    shaded = {s.tag for s in ex.map.overlay if isinstance(s, RectShape) and s.fill == STYLE["seen"]}
    assert shaded == set(want) - {"024"}
    assert f"sees {len(want) - 1} other squares [6.4]" in ex.text
    n = ex.redraws
    ex.hover("062")
    ex.hover("062")
    assert ex.redraws == n + 1


# ------------------------------------------------------------------ shooting odds


def test_6_8_two_guns_in_115_at_113_lose_4(ex):
    """[6.8] two characters in 115 shooting together at 113: 2 per gun, 4 in all."""
    ex.fire.value = "steve+fran"
    ex.set_shooter("115")
    ex.set_target("113")
    assert ex.modifiers.total == -2 and ex.modifiers.for_guns(2) == -4
    assert "2 guns shooting together: \u22124 [6.8]" in ex.text


@pytest.mark.parametrize("fire", list(FIRE_OPTIONS))
@pytest.mark.parametrize("value", [None, 3, 9])
def test_6_0_kill_chance_matches_enumeration(board, fire, value):
    """[6.0], [6.7], [6.8] kill chance = P(dice - modifier per gun x guns >= value), by enumeration;
    an unknown value [7.7] averages over the units not yet seen."""
    ex = LOSExplorer(board, shooter="024", target="062", fire=fire, value=value)
    _, _, dice, guns = FIRE_OPTIONS[fire]
    reduction = 4 * guns
    if value is None:
        want = sum((p * brute_kill(dice, reduction, v) for v, p in unseen_values().items()), Fraction(0))
    else:
        want = brute_kill(dice, reduction, value)
    assert ex.kill == want
    assert isinstance(ex.kill, Fraction)


def test_kill_chance_follows_the_lists(ex):
    ex.set_shooter("167")
    ex.set_target("170")
    ex.fire.value = "one"
    ex.value.value = 1
    assert ex.kill == brute_kill(1, 3, 1)
    ex.value.value = 2
    assert ex.kill == brute_kill(1, 3, 2)


# ------------------------------------------------------------------ static fallback and constructor


def test_static_fallback_and_repr(board):
    ex = LOSExplorer(board, shooter="024", target="082", occupied=["168"], door_states={"S08": "closed"})
    svg = ex.to_svg()
    root = ElementTree.fromstring(svg)
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(t.startswith("024 \u2192 082: NOT in sight") for t in texts)
    pic = ex.picture()
    assert pic.png[:4] == b"\x89PNG" and pic.width > 500
    assert ex.still_html() == pic.html()  # a PNG <img>: kept by the sanitiser of an untrusted notebook
    assert not hasattr(ex, "_repr_html_")  # HTML with SVG shows as text in an untrusted notebook
    assert "NOT in sight" in ex.picture().alt
    assert repr(ex) == "LOSExplorer(shooter='024', target='082', occupied=['168'], door_states={'S08': 'closed'})"


def test_constructor_checks_its_arguments(board):
    with pytest.raises(ValueError, match="999"):
        LOSExplorer(board, shooter="999")
    with pytest.raises(ValueError, match="open"):
        LOSExplorer(board, door_states={"G14": "ajar"})


def test_panel_matches_the_core(ex, board):
    """The widget decides nothing: its Sight is line_of_sight's, for every target in a row."""
    ex.set_shooter("098")
    for t in ("079", "088", "054", "067", "098"):
        ex.hover(t)
        core = line_of_sight(board, "098", t)
        assert (ex.sight.visible, ex.sight.reason, ex.sight.culprit) == (core.visible, core.reason, core.culprit)


def test_value_list_shows_unknown_instead_of_an_empty_box(board):
    ex = LOSExplorer(board, shooter="024", target="062")
    assert ex.value.label.startswith("unknown") and ex.zombie_value is None
    ex.value.value = 3
    assert ex.zombie_value == 3


def test_clearing_the_shooter_clears_the_chosen_target_too(ex):
    """The Target list shows the placeholder once the shooter is cleared: no hidden pinned target
    comes back with the next shooter."""
    ex.set_shooter("024")
    ex.set_target("062")
    ex.shooter_picker.value = ex.shooter_picker.options[0][1]
    assert ex.shooter is None and ex.target is None and ex.pinned is None and ex.target_picker.index == 0
    ex.set_shooter("016")
    assert ex.target is None and ex.text.startswith("Shooter: 016.")
