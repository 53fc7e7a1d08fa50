"""The prefilter's second look: the source's code without comments and long strings."""

from __future__ import annotations

import re

import pytest

from f64lint.rules.patterns import AllOf, AnyOf, any_of, words

from f64lint.source.masking import code_text

from f64lint.linter.prefilter import rules_that_may_fire
from f64lint.rules import ALL_RULES


def codes(source):
    return [rule.code for rule in rules_that_may_fire([r for r in ALL_RULES if r.required], source)]


def test_comments_go_and_long_strings_are_emptied_keeping_their_lines():
    source = (
        'def f(x):\n'
        '    """Return x in double precision,\n'
        '    as float64."""  # float64 here too\n'
        '    return g(x, "float64", \'a message that mentions double\')\n'
    )
    assert code_text(source) == (
        'def f(x):\n'
        '    ""\\\n'
        '  \n'
        '    return g(x, "float64", "")\n'
    )


@pytest.mark.parametrize("prefix", ["r", "b", "rb", "BR", "u", "R"])
def test_prefixed_strings_are_strings(prefix):
    source = f'x = {prefix}"this long text mentions float64 and double"\n'
    assert code_text(source) == 'x = ""\n'


def test_escaped_quotes_and_hashes_inside_strings():
    source = 'a = "a \\" # not a comment float64 in a long string"; b = torch.float64  # c\n'
    assert code_text(source) == 'a = ""; b = torch.float64  \n'


def test_f_strings_are_kept_whole_since_their_fields_are_code():
    source = 'msg = f"value {torch.zeros(1, dtype=torch.float64)} and a long tail of text"\n'
    assert code_text(source) == source
    assert "F64001" in codes(source)


def test_an_f_string_cut_short_by_a_nested_quote_keeps_the_source():
    # Python 3.12 allows the same quotes inside a field; the pattern cannot tell where
    # such an f-string ends, so nothing is removed.
    source = 'a = f"{d["k"]} {torch.float64}"  # a long enough comment\ns = "a long string that should go"\n'
    assert code_text(source) == source


@pytest.mark.parametrize("field", ["{h:{w}}", "{{literal}} {x!r:>{w}}", "{x:{w}.{p}f}"])
def test_nested_format_specs_and_escaped_braces_are_read_as_closed_fields(field):
    source = f'line = f" {field} "\ns = "a long string that should go, and it does"  # a comment\n'
    assert code_text(source) == f'line = f" {field} "\ns = ""  \n'


def test_a_file_with_float64_only_in_prose_is_not_parsed():
    source = (
        '"""Utilities. Numbers are float64 or double in NumPy."""\n'
        'import torch\n\n'
        'def f(x):  # was .double() before\n'
        '    return x.float()\n'
    )
    assert codes(source) == []


def test_a_short_string_that_spells_a_dtype_is_kept():
    assert codes('import torch\nt = torch.zeros(2, dtype="float64")\n') == ["F64001", "F64008"]


def test_words_are_whole_names():
    pattern = words("float64", "double")
    assert pattern.search("x = torch.float64")
    assert pattern.search("double")
    assert not pattern.search("is_float64(x) or double_backward")


def test_a_pattern_shared_by_rules_answers_for_each_text_it_is_asked_about():
    pattern = words("float64")
    with_it, without = "x = torch.float64\n", "x = torch.float32\n"
    assert [pattern.search(text) for text in (with_it, without, with_it, "".join(["x = torch.", "float32\n"]))] == [
        True, False, True, False,
    ]


def test_a_pattern_rules_share_answers_for_each_text_it_is_asked_about():
    # `float64` is in F64001's words and in WIDE_DTYPE's; each text gets its own answer,
    # whichever rule asked first, and a word is whole (`is_float64` holds none).
    spelled, wide = words("float64", "double"), words("float64")
    texts = ["x = torch.float64\n", "x = is_float64(y)\n", "x = torch.float32\n", "import numpy as np\nnp.float64\n"]
    assert [(spelled.search(text), wide.search(text)) for text in texts] == [
        (True, True), (False, False), (False, False), (True, True),
    ]
    assert [wide.search(text) for text in reversed(texts)] == [True, False, False, True]


def test_an_any_of_answers_a_short_text_as_it_answers_a_long_one():
    # A short text is searched with the alternatives joined into one pattern: a nested
    # `AnyOf`, a whole word, a regex whose group a backreference names (kept apart: joined,
    # `\1` would be another group), one with flags, and an `AllOf` answer as they do apart.
    pattern = AnyOf(
        words("float64"),
        AnyOf(r"\.astype\(\s*float\b", any_of("DoubleTensor")),
        r"(\w+)\.cdouble\(",
        r"\.to\([^\n]*\n[ \t]*(\w+)[ \t]*=[ \t]*\1\.float\(",
        re.compile(r"^set_default_dtype", re.MULTILINE),
        AllOf(words("numpy"), words("from_numpy")),
    )
    texts = [
        "x = torch.float64",
        "x = is_float64(y)",
        "y = a.astype( float)",
        "t = torch.DoubleTensor(3)",
        "y = x.to(d)\nz = y.float()",
        "y = x.to(d)\ny = y.float()",
        "import torch\nset_default_dtype(torch.float32)",
        "import numpy\nt = torch.from_numpy(a)",
        "import numpy\nt = torch.tensor(a)",
    ]
    padding = "\n" + "#" * 600
    assert [pattern.search(text) for text in texts] == [True, False, True, True, False, True, True, True, False]
    assert [AnyOf(*pattern.patterns).search(text + padding) for text in texts] == [
        True, False, True, True, False, True, True, True, False,
    ]
