"""Where a fix moved the lines of a text (fix/line_map.py)."""

from f64lint.fix.line_map import LineMap

BEFORE = "a\nb\nc\nd\n"
AFTER = "a\nnew\nb\nC1\nC2\nd\n"  # a line inserted above b, c replaced by two lines


def test_an_unchanged_line_follows_the_lines_added_above_it():
    moved = LineMap(BEFORE, AFTER)
    assert [moved.forward(line) for line in (1, 2, 4)] == [(1, 1), (3, 3), (6, 6)]
    assert [moved.back(line) for line in (1, 3, 6)] == [1, 2, 4]


def test_a_replaced_line_becomes_the_lines_that_replaced_it_and_they_come_from_it():
    moved = LineMap(BEFORE, AFTER)
    assert moved.forward(3) == (4, 5)
    assert (moved.back(4), moved.back(5)) == (3, 3)
    assert moved.back(2) == 1  # an inserted line: the line above it


def test_a_deleted_line_becomes_no_line():
    first, last = LineMap("a\nb\nc\n", "a\nc\n").forward(2)
    assert last < first
