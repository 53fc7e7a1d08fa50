"""`# noqa` on the flagged line or the statement's last line; file-level; unused ones."""

from __future__ import annotations

from f64lint.workspace.selection import default_codes
from f64lint.source.masking import comments
from f64lint.linter.suppression import parse_directives
from tests.helpers import lint


def codes_at(source, enabled=default_codes()):
    return [(d.code, d.start.line, d.start.column) for d in lint(source, enabled)]


def test_noqa_with_the_code_silences_only_that_code():
    source = """
        import torch
        a = torch.zeros(2, dtype=torch.float64).double()  # noqa: F64002
        b = torch.zeros(2, dtype=torch.float64).double()  # noqa:F64001,F64002
    """
    assert codes_at(source) == [("F64001", 2, 26)]


def test_bare_noqa_silences_everything_on_the_line():
    source = """
        import torch
        a = torch.zeros(2, dtype=torch.float64).double()  # NOQA
    """
    assert codes_at(source) == []


def test_noqa_on_the_last_line_of_a_multiline_statement():
    source = """
        import torch
        a = torch.zeros(
            2,
            dtype=torch.float64,
        )  # noqa: F64001
        b = torch.zeros(
            2,
            dtype=torch.float64,
        )
    """
    assert codes_at(source) == [("F64001", 8, 11)]


def test_noqa_inside_a_string_is_not_a_directive():
    source = """
        import torch
        a = (torch.zeros(2, dtype=torch.float64), "# noqa")
    """
    assert codes_at(source) == [("F64001", 2, 27)]


def test_file_level_noqa_with_and_without_codes():
    whole = """
        # f64lint: noqa
        import torch
        a = torch.zeros(2, dtype=torch.float64).double()
    """
    some = """
        import torch
        # f64lint: noqa: F64002
        a = torch.zeros(2, dtype=torch.float64).double()
    """
    assert codes_at(whole) == []
    assert codes_at(some) == [("F64001", 3, 26)]


def test_other_tools_codes_neither_silence_nor_count_as_unused():
    source = """
        import torch
        a = torch.zeros(2, dtype=torch.float64)  # noqa: E501
    """
    assert codes_at(source, default_codes() | {"F64100"}) == [("F64001", 2, 26)]


def test_unused_noqa_reports_stale_and_unknown_codes_when_selected():
    source = """
        import torch
        a = torch.zeros(2, dtype=torch.float32)  # noqa: F64001, E501
        b = torch.ones(2).double()  # noqa: F64002, F64003, F64777
    """
    found = lint(source, default_codes() | {"F64100"})
    assert [(d.code, d.start.line, d.start.column, d.message) for d in found] == [
        ("F64100", 2, 42, "`noqa` directive silences nothing (unused: F64001)"),
        ("F64100", 3, 29, "`noqa` directive silences nothing (unused: F64003; unknown: F64777)"),
    ]


def test_unused_noqa_is_off_by_default():
    source = """
        x = 1  # noqa: F64001
    """
    assert codes_at(source) == []


def test_noqa_for_a_rule_that_is_not_enabled_is_not_called_unused():
    source = """
        import torch
        a = torch.ones(2).double()  # noqa: F64002
    """
    assert codes_at(source, {"F64001", "F64100"}) == []


def test_noqa_inside_prose_is_not_a_directive():
    source = """
        import torch
        a = torch.zeros(2, dtype=torch.float64)  # the `# noqa` comments below are for ruff
    """
    assert codes_at(source) == [("F64001", 2, 26)]


def test_directives_are_found_in_comments_and_placed_after_strings_of_every_kind():
    source = (
        'a = """# noqa: F64001\n'
        'still a string"""  # noqa: F64002\n'
        "b = rb'#' + f'{a!r:>{3}}'  # noqa\n"
        "# f64lint: noqa: F64003\n"
    )
    found = [(d.line, d.column, d.codes, d.file_level) for d in parse_directives(source)]
    assert found == [(2, 20, ("F64002",), False), (3, 28, None, False), (4, 1, ("F64003",), True)]


def test_directives_after_an_f_string_with_quotes_in_its_fields_are_read_by_the_tokenizer():
    # Python 3.12 lets a field reuse the f-string's quote: the comment is found all the same.
    source = 'key = f"{d["k"]}"  # noqa: F64001\n'
    assert comments(source) is None
    assert [(d.line, d.column, d.codes) for d in parse_directives(source)] == [(1, 20, ("F64001",))]
