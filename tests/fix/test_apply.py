"""Edits applied to text: offsets, line breaks, and fixes that cannot go together."""

from f64lint.diagnostic import Applicability, Edit, Fix, Position
from f64lint.fix.apply import apply_edits, compatible_fixes


def edit(line, column, end_line, end_column, content):
    return Edit(Position(line, column), Position(end_line, end_column), content)


def fix(*edits):
    return Fix("", Applicability.SAFE, tuple(edits))


def test_edits_apply_from_the_end_so_positions_stay_valid():
    text = "a = f(x)\nb = g(y)\n"
    edits = [edit(1, 7, 1, 8, "xx"), edit(2, 5, 2, 6, "h"), edit(2, 8, 2, 8, ", z")]
    assert apply_edits(text, edits) == "a = f(xx)\nb = h(y, z)\n"


def test_inserted_line_breaks_become_the_files_own():
    assert apply_edits("a = 1\r\nb = 2\r\n", [edit(2, 1, 2, 1, "c = 3\n")]) == "a = 1\r\nc = 3\r\nb = 2\r\n"


def test_identical_edits_are_made_once():
    same = edit(1, 8, 1, 8, ", dtype=torch.float32")
    assert apply_edits("def f(a):", [same, same]) == "def f(a, dtype=torch.float32):"


def test_a_fix_that_overlaps_one_taken_waits_for_the_next_pass():
    first = fix(edit(1, 1, 1, 5, "x"))
    overlapping = fix(edit(1, 3, 1, 8, "y"))
    apart = fix(edit(1, 9, 1, 10, "z"))
    assert compatible_fixes([first, overlapping, apart]) == [first, apart]


def test_two_different_insertions_at_one_place_collide():
    a = fix(edit(1, 3, 1, 3, "a"))
    b = fix(edit(1, 3, 1, 3, "b"))
    assert compatible_fixes([a, b]) == [a]


def test_fixes_sharing_an_edit_go_together():
    shared = edit(1, 10, 1, 10, ", dtype=torch.float32")
    a = fix(edit(2, 5, 2, 18, "dtype"), shared)
    b = fix(edit(3, 5, 3, 18, "dtype"), shared)
    assert compatible_fixes([a, b]) == [a, b]


def test_an_insertion_at_the_edge_of_a_replacement_is_fine():
    replace = fix(edit(1, 3, 1, 6, "x"))
    before = fix(edit(1, 3, 1, 3, "a"))
    after = fix(edit(1, 6, 1, 6, "b"))
    assert compatible_fixes([replace, before, after]) == [replace, before, after]
    assert apply_edits("0123456", [*replace.edits, *before.edits, *after.edits]) == "01ax b56".replace(" ", "")


def test_lines_split_only_where_python_ends_them():
    from f64lint.fix.apply import split_lines

    assert split_lines("a\r\nb\x0cc\x1ed\re\nf") == ["a\r\n", "b\x0cc\x1ed\r", "e\n", "f"]
    assert split_lines("a\n") == ["a\n"]
    assert split_lines("") == []
