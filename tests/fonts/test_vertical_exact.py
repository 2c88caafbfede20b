"""/W2 and /DW2 read to the exact metric and the exact warning (ISO 32000 9.7.4.3).

Each case kills mutants of pagelift.fonts.vertical that survived the suite before.
"""

from __future__ import annotations

from decimal import Decimal

import pikepdf

from pagelift.fonts.vertical import parse_w2


def parse(w2, dw2=None, max_entries: int = 100):
    warnings: list[tuple[str, str]] = []
    widths = parse_w2(pikepdf.Array(w2) if isinstance(w2, list) else w2,
                      pikepdf.Array(dw2) if isinstance(dw2, list) else dw2,
                      warn=lambda code, message: warnings.append((code, message)), what="F1", max_entries=max_entries)
    return widths, warnings


def test_without_w2_or_dw2_every_glyph_takes_the_default() -> None:
    widths, warnings = parse(None)
    assert warnings == [] and (widths.default_vy, widths.default_w1) == (880.0, -1000.0)
    assert widths.metric(5, 600) == (-1000.0, 300.0, 880.0)  # vx is half the horizontal width


def test_dw2_sets_the_default_and_a_bad_one_is_named() -> None:
    widths, warnings = parse(None, [900, Decimal("-950.5")])
    assert warnings == [] and widths.metric(1, 500) == (-950.5, 250.0, 900.0)
    for bad in ([900], [900, -1000, 5], [900, pikepdf.Name.X], pikepdf.Name.X):
        widths, warnings = parse(None, bad)
        assert warnings == [("font", "F1: /DW2 is not two numbers; [880 -1000] used")], bad
        assert widths.metric(1, 500) == (-1000.0, 250.0, 880.0)


def test_w2_that_is_not_an_array_is_named_and_ignored() -> None:
    widths, warnings = parse(pikepdf.Name.X, [900, -900])
    assert warnings == [("font", "F1: /W2 is not an array; every glyph takes /DW2")]
    assert widths.metric(1, 100) == (-900.0, 50.0, 900.0)


def test_the_array_form_gives_consecutive_cids_their_triples() -> None:
    widths, warnings = parse([10, pikepdf.Array([-1000, 500, 880, -900, 400, 800])])
    assert warnings == []
    assert widths.explicit == {10: (-1000.0, 500.0, 880.0), 11: (-900.0, 400.0, 800.0)}
    assert widths.metric(11, 999) == (-900.0, 400.0, 800.0) and widths.metric(12, 100) == (-1000.0, 50.0, 880.0)


def test_the_range_form_covers_first_to_last_inclusive() -> None:
    widths, warnings = parse([20, 22, -500, 250, 700])
    assert warnings == []
    assert [widths.metric(cid, 100) for cid in (19, 20, 22, 23)] == [
        (-1000.0, 50.0, 880.0), (-500.0, 250.0, 700.0), (-500.0, 250.0, 700.0), (-1000.0, 50.0, 880.0)]
    # Two ranges, found by their starts; an explicit entry wins over a range.
    widths, _ = parse([1, 2, -1, 1, 1, 5, 9, -2, 2, 2, 7, pikepdf.Array([-3, 3, 3])])
    assert [widths.metric(c, 0)[0] for c in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)] == [
        -1.0, -1.0, -1000.0, -1000.0, -2.0, -2.0, -3.0, -2.0, -2.0, -1000.0]


def test_malformed_items_are_counted_and_the_good_ones_kept() -> None:
    cases = [
        ([10, pikepdf.Array([-1000, 500, 880, -900, 400])], {10: (-1000.0, 500.0, 880.0)}, 1),  # a triple cut short
        ([10, pikepdf.Array([-1000, pikepdf.Name.X, 880, -900, 400, 800])], {11: (-900.0, 400.0, 800.0)}, 1),
        ([pikepdf.Name.X, 10, pikepdf.Array([1, 2, 3])], {10: (1.0, 2.0, 3.0)}, 1),  # not a CID
        ([10, pikepdf.Array([1, 2, 3]), 99], {10: (1.0, 2.0, 3.0)}, 1),  # a lone CID at the end
    ]
    for w2, explicit, skipped in cases:
        widths, warnings = parse(w2)
        assert widths.explicit == explicit, w2
        assert warnings == [("font", f"F1: {skipped} malformed /W2 items skipped")], w2


def test_a_bad_range_is_skipped_and_the_reading_carries_on() -> None:
    for bad in ([22, 20, -1, 1, 1], [20, 22, -1, pikepdf.Name.X, 1]):
        widths, warnings = parse([*bad, 30, pikepdf.Array([7, 8, 9])])
        assert widths.metric(21, 0) == (-1000.0, 0.0, 880.0), bad
        assert widths.metric(30, 0) == (7.0, 8.0, 9.0), bad
        assert warnings and warnings[-1][0] == "font", bad


def test_more_entries_than_the_limit_leave_the_rest_to_dw2() -> None:
    w2 = [1, pikepdf.Array([-1, 1, 1, -2, 2, 2, -3, 3, 3])]
    widths, warnings = parse(w2, max_entries=3)
    assert sorted(widths.explicit) == [1, 2, 3] and warnings == []
    widths, warnings = parse(w2, max_entries=2)
    assert sorted(widths.explicit) == [1, 2, 3]  # the entry that shows the limit passed is kept too
    assert warnings == [("work_limit", "F1: /W2 has more than 2 entries; the rest take /DW2")]
    ranges = [1, 1, -1, 1, 1, 2, 2, -2, 2, 2, 3, 3, -3, 3, 3, 4, 4, -4, 4, 4]
    widths, warnings = parse(ranges, max_entries=2)
    assert [widths.metric(c, 0)[0] for c in (1, 2, 3, 4)] == [-1.0, -2.0, -3.0, -1000.0]
    assert warnings == [("work_limit", "F1: /W2 has more than 2 entries; the rest take /DW2")]


def test_every_malformed_item_is_counted_and_a_bad_triple_spoils_only_itself() -> None:
    widths, warnings = parse([pikepdf.Name.X, pikepdf.Name.Y, 5, 4, 1, 1, 1, 10, pikepdf.Array([1, 2, 3, None, 5, 6])])
    assert widths.explicit == {10: (1.0, 2.0, 3.0)}
    assert widths.metric(4, 0) == (-1000.0, 0.0, 880.0)
    # Two names; 5 and each item after it that cannot open a range (5 4, 4 1, 1 1 1 10 <<array>>...)
    # are tried one by one as a CID and skipped (5); then the triple holding a null (1): 8.
    assert warnings == [("font", "F1: 8 malformed /W2 items skipped")]


def test_a_triple_cut_short_adds_to_the_items_skipped_before_it() -> None:
    widths, warnings = parse([pikepdf.Name.X, 10, pikepdf.Array([1, 2, 3, 4])])
    assert widths.explicit == {10: (1.0, 2.0, 3.0)}
    assert warnings == [("font", "F1: 2 malformed /W2 items skipped")]


def test_a_range_nested_in_another_leaves_the_rest_of_the_outer_one() -> None:
    # 5..30 at (-900, 250, 800), then 10..12 at (-500, 100, 400): CIDs 13..30 keep the outer
    # range's metric (they fell back to /DW2 when the inner range hid the outer one).
    widths, warnings = parse([5, 30, -900, 250, 800, 10, 12, -500, 100, 400])
    assert warnings == []
    assert widths.metric(5, 600) == (-900.0, 250.0, 800.0)
    assert widths.metric(11, 600) == (-500.0, 100.0, 400.0)
    assert widths.metric(13, 600) == (-900.0, 250.0, 800.0)
    assert widths.metric(30, 600) == (-900.0, 250.0, 800.0)
    assert widths.metric(31, 600) == (-1000.0, 300.0, 880.0)


def test_overlapping_ranges_the_later_entry_wins() -> None:
    widths, _ = parse([10, 12, -500, 100, 400, 5, 30, -900, 250, 800])
    assert widths.metric(11, 600) == (-900.0, 250.0, 800.0)


# The mutation run of 4 December (issue 18): CID 0, the array limits, the item limit.


def test_cid_zero_opens_an_array_or_a_range() -> None:
    widths, warnings = parse([0, pikepdf.Array([-900, 500, 800])])
    assert warnings == [] and widths.metric(0, 0) == (-900.0, 500.0, 800.0)
    widths, warnings = parse([0, 0, -800, 400, 700])
    assert warnings == [] and widths.metric(0, 0) == (-800.0, 400.0, 700.0)
    assert widths.metric(1, 0) == (-1000.0, 0.0, 880.0)


def test_an_array_is_read_only_as_far_as_the_entries_left_allow() -> None:
    # One entry allowed: an array of three triples is read for two (the second shows the
    # limit passed), the rest unread, not malformed.
    widths, warnings = parse([5, pikepdf.Array([-1, 1, 1, -2, 2, 2, -3, 3, 3])], max_entries=1)
    assert widths.explicit == {5: (-1.0, 1.0, 1.0), 6: (-2.0, 2.0, 2.0)}
    assert warnings == [("work_limit", "F1: /W2 has more than 1 entries; the rest take /DW2")]
    # After a range has used the one entry, an array gives one triple.
    widths, warnings = parse([1, 1, -9, 9, 9, 5, pikepdf.Array([-1, 1, 1, -2, 2, 2, -3, 3, 3])], max_entries=1)
    assert widths.explicit == {5: (-1.0, 1.0, 1.0)}
    assert widths.metric(6, 0) == (-1000.0, 0.0, 880.0)
    assert warnings == [("work_limit", "F1: /W2 has more than 1 entries; the rest take /DW2")]


def test_w2_is_read_up_to_five_items_an_entry_and_five_more() -> None:
    # One entry allowed: 10 items are read. Eleven names: ten of them are counted.
    widths, warnings = parse([pikepdf.Name.X] * 11, max_entries=1)
    assert ("font", "F1: 10 malformed /W2 items skipped") in warnings
    assert widths.explicit == {} and widths.metric(1, 0) == (-1000.0, 0.0, 880.0)


def test_w2_items_past_the_item_limit_are_named() -> None:
    # Ten names, then an entry the item limit cuts off: it takes /DW2, and a warning should say so.
    widths, warnings = parse([pikepdf.Name.X] * 10 + [5, pikepdf.Array([-1, 1, 1])], max_entries=1)
    assert widths.metric(5, 0) == (-1000.0, 0.0, 880.0)
    assert ("work_limit", "F1: /W2 holds more than 10 items; the rest take /DW2") in warnings


def test_w2_cut_by_the_item_limit_says_so_once_and_only_when_the_entries_did_not_reach_theirs() -> None:
    # The new "holds more than N items" warning, checked by hand (mutmut leaves `elif cut` and
    # the message's text alone): exactly these warnings, in this order.
    X = pikepdf.Name.X
    widths, warnings = parse([X] * 10 + [5, pikepdf.Array([-1, 1, 1])], max_entries=1)
    assert warnings == [("work_limit", "F1: /W2 holds more than 10 items; the rest take /DW2"),
                        ("font", "F1: 10 malformed /W2 items skipped")]
    # Exactly ten items with one entry allowed: nothing was cut, nothing more to say.
    widths, warnings = parse([X] * 8 + [5, pikepdf.Array([-1, 1, 1])], max_entries=1)
    assert widths.explicit == {5: (-1.0, 1.0, 1.0)}
    assert warnings == [("font", "F1: 8 malformed /W2 items skipped")]
    # Over the entry limit and cut as well: the entry limit is what is said, once.
    triple = pikepdf.Array([-1, 1, 1])
    widths, warnings = parse([1, pikepdf.Array([-1, 1, 1] * 2)] + [c for n in range(3, 8) for c in (n, triple)],
                             max_entries=1)
    assert sorted(widths.explicit) == [1, 2]
    assert warnings == [("work_limit", "F1: /W2 has more than 1 entries; the rest take /DW2")]
