"""Page space to pixels: one conversion, crop box and /Rotate included."""

from __future__ import annotations

import pytest

from pagelift import Rect
from pagelift_visual.geometry import PixelSpace

PAGE = Rect(0, 0, 200, 100)


def test_unrotated_flips_y_and_scales() -> None:
    space = PixelSpace(PAGE, 0, 400, 200)  # 144 dpi
    assert space.scale == (2.0, 2.0)
    assert space.point(0, 100) == (0.0, 0.0)  # the page's top-left corner
    assert space.point(200, 0) == (400.0, 200.0)
    assert space.box((20, 60, 60, 80)) == (40.0, 40.0, 120.0, 80.0)


@pytest.mark.parametrize(("rotation", "size", "corner"), [
    (90, (100, 200), (100.0, 0.0)),   # the page's top-left turns to the picture's top-right
    (180, (200, 100), (200.0, 100.0)),
    (270, (100, 200), (0.0, 200.0)),
])
def test_rotation_turns_the_page_clockwise(rotation: int, size: tuple[int, int], corner: tuple[float, float]) -> None:
    space = PixelSpace(PAGE, rotation, *size)
    assert space.point(0, 100) == corner
    assert space.scale == (1.0, 1.0)


def test_a_box_on_a_page_turned_90_degrees() -> None:
    # x 20-60, y 60-80 on a 200 x 100 page shown turned clockwise: 100 wide, 200 high.
    assert PixelSpace(PAGE, 90, 100, 200).box((20, 60, 60, 80)) == (60.0, 20.0, 80.0, 60.0)


def test_the_crop_box_offset_is_taken_off() -> None:
    space = PixelSpace(Rect(100, 50, 250, 200), 0, 150, 150)
    assert space.point(100, 200) == (0.0, 0.0)
    assert space.box((120, 150, 160, 180)) == (20.0, 20.0, 60.0, 50.0)
