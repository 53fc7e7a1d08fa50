"""The cyclic garbage collector is held off while one file is linted, and is as it was after."""

from __future__ import annotations

import gc

import pytest

from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.linter import lint
from f64lint.linter.lint import lint_source

SOURCE = "import torch\nx = torch.zeros(3, dtype=torch.float64).to('mps')\n"


def _lint() -> list:
    enabled = frozenset({"F64001", "F64004"})
    return lint_source("m.py", SOURCE, enabled, lambda code, reaches_mps=False: Severity.ERROR).diagnostics


def test_no_collection_while_a_file_is_parsed_and_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    real_analyse = lint.analyse

    def analyse(*args, **kwargs):
        seen.append(("analysed", gc.isenabled()))
        return real_analyse(*args, **kwargs)

    real_parse = lint.parse

    def parse(text):
        seen.append(("parsed", gc.isenabled()))
        return real_parse(text)

    monkeypatch.setattr(lint, "analyse", analyse)
    monkeypatch.setattr(lint, "parse", parse)
    assert gc.isenabled()
    assert [d.code for d in _lint()] == ["F64001"]
    assert seen == [("parsed", False), ("analysed", False)]
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off() -> None:
    gc.disable()
    try:
        _lint()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_file_s_tree_is_freed_with_its_analysis_not_left_to_the_collector() -> None:
    # A cycle through the analysis (an object holding a bound method of the one that holds
    # it) would leave every file's tree for the collector: its memory stays until then.
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        _lint()
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage if issubclass(type(o), (ModuleFacts, cst.CSTNode))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == []
