"""Parsing: LibCST's tree, built without validating each node, and validation back on after."""

from __future__ import annotations

import libcst as cst
import pytest

from f64lint.source.parsing import ParseFailure, parse

SOURCE = 'import torch\n\n\n@decorated\nasync def f(x, *, y=torch.float64):\n    return [a async for a in x if (b := a)]\n'


def _invalid_node() -> None:
    cst.Name("not a name")  # LibCST validates an identifier when the node is built


def test_the_tree_is_libcsts_own_and_writes_back_the_source():
    module = parse(SOURCE)
    assert isinstance(module, cst.Module)
    assert module.code == SOURCE
    assert module.deep_equals(cst.parse_module(SOURCE))


@pytest.mark.parametrize("source", [SOURCE, "def f(:\n"])
def test_nodes_built_after_parsing_are_validated_again(source):
    parse(source)
    with pytest.raises(cst.CSTValidationError):
        _invalid_node()


def test_a_syntax_error_is_reported_not_raised():
    failure = parse("def f(:\n")
    assert isinstance(failure, ParseFailure)
    assert failure.message.startswith("syntax error")
