"""What the project's tests saw at run time (`pytest --mps-emulation` writes it to
`.f64lint/observed.json`) is a float64 source for the linter: at the line where they saw
it made, wherever that line has moved, and for what else the project's function that
made the data makes; not once the line reads otherwise, nor for a library's function."""

from __future__ import annotations

import textwrap
from typing import List, Tuple

from f64lint.linter.lint import lint_source
from f64lint.observed import Observation, Place
from f64lint.workspace.settings import Settings

TEST = "tests/test_model.py::test_forward"
MODEL = """
import json

import numpy as np
import torch


def load(path):
    with open(path) as file:
        return np.array(json.load(file))


def table(path, device):
    data = torch.from_numpy(load(path)).to(device)
    return data


def grid(path, device):
    return torch.tensor(load(path)).to(device)


def rows(raw, device):
    return torch.from_numpy(np.array(raw)).to(device)


def columns(values, device):
    return torch.from_numpy(np.array(values)).to(device)
"""


def seen(line: int, code: str, call: str = "torch.from_numpy") -> Observation:
    place = Place("model.py", line, "table", code)
    return Observation(place, place, "float64", call, (TEST,))


TABLE = seen(14, "data = torch.from_numpy(load(path)).to(device)")


def found(source: str, *observations: Observation) -> List[Tuple[int, int, str, str]]:
    text = textwrap.dedent(source).lstrip("\n")
    settings = Settings()
    linted = lint_source("model.py", text, frozenset({"F64003"}), settings.severity_of, observations=observations)
    return sorted((d.start.line, d.start.column, d.severity.value, d.message) for d in linted.diagnostics)


def test_nothing_is_found_without_what_the_tests_saw():
    assert found(MODEL) == []


def test_the_data_seen_float64_is_found_and_so_is_what_the_same_function_makes():
    assert found(MODEL, TABLE) == [
        (13, 12, "error", "float64 NumPy array (from `load` at line 13, seen float64 at run time in "
         f"{TEST}) becomes a tensor in `torch.from_numpy()`; MPS has no float64"),
        (18, 12, "error", "float64 NumPy array (from `load` at line 18, which gave float64 data at line 13 at run "
         f"time in {TEST}) becomes a tensor in `torch.tensor()`; MPS has no float64"),
    ]


def test_the_line_is_found_where_it_has_moved_and_dropped_when_it_reads_otherwise():
    moved = MODEL.replace("def table(path, device):", "def table(path, device):\n    # the offsets\n")
    assert [line for line, *_ in found(moved, TABLE)] == [15, 20]
    changed = MODEL.replace("load(path)).to(device)\n    return data", "load(path)).to(device) \n    return data")
    assert [line for line, *_ in found(changed, TABLE)] == [13, 18]  # the same text once stripped
    edited = MODEL.replace("data = torch.from_numpy(load(path)).to(device)", "data = torch.from_numpy(load(path))")
    assert found(edited, TABLE) == []
    twice = MODEL.replace("    return data\n", "    data = torch.from_numpy(load(path)).to(device)\n    return data\n")
    assert found(twice, seen(3, TABLE.made.code)) == []  # which of the two lines it was cannot be told


def test_a_cast_before_the_move_leaves_the_data_seen_float64_alone():
    cast = MODEL.replace(
        "data = torch.from_numpy(load(path)).to(device)\n",
        "data = torch.from_numpy(load(path))\n    data = data.float().to(device)\n",
    )
    # (what `load` gives elsewhere is still float64)
    assert [line for line, *_ in found(cast, seen(13, "data = torch.from_numpy(load(path))"))] == [19]


def test_a_librarys_function_is_not_taken_to_make_float64_everywhere():
    raw = seen(22, "return torch.from_numpy(np.array(raw)).to(device)")
    assert [(line, column) for line, column, *_ in found(MODEL, raw)] == [(22, 12)]
    assert found(MODEL, seen(22, "return torch.from_numpy(np.array(raw)).to(device)", "torch.tensor")) == []


def test_a_tensor_made_of_data_seen_float64_is_float64_where_it_is_moved_later():
    source = MODEL.replace(
        "    data = torch.from_numpy(load(path)).to(device)\n    return data",
        "    data = torch.from_numpy(load(path))\n    return data.to(device)",
    )
    made = seen(14, "data = torch.from_numpy(load(path))")
    text = textwrap.dedent(source).lstrip("\n")
    linted = lint_source("model.py", text, frozenset({"F64004"}), Settings().severity_of, observations=(made,))
    assert [(d.start.line, d.start.column, d.message) for d in linted.diagnostics] == [
        (14, 17, "float64 tensor (from `torch.from_numpy` at line 13) moved to a device that may be 'mps'"),
    ]
