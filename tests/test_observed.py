"""f64lint/observed.py: the file in which `pytest --mps-emulation` writes down what it saw
for the linter (`.f64lint/observed.json`), and how sessions merge into it."""

from __future__ import annotations

import json

import pytest

from f64lint.observed import BadObservations, Observation, Place, merged, read, write

MADE = Place("pkg/model.py", 9, "Model.__init__", "self.table = torch.from_numpy(table(n))")
MOVED = Place("pkg/model.py", 14, "Model.forward", "return x * self.table.to(x.device)")
OTHER = Place("pkg/data.py", 3, "", "GRID = torch.tensor(np.linspace(0, 1, 5))")


def seen(made: Place, *tests: str) -> Observation:
    return Observation(made, MOVED, "float64", "torch.from_numpy", tests, LOADER if made is MADE else None)


LOADER = Place("pkg/data.py", 12, "pkg.data.table", "")


def test_a_file_reads_back_as_written_sorted_and_stable(tmp_path):
    path = tmp_path / ".f64lint" / "observed.json"
    observations = [seen(MADE, "tests/test_model.py::test_forward"), seen(OTHER, "tests/test_data.py::test_grid")]
    in_order = merged([], observations, [])
    assert in_order == observations[::-1]  # by where they were made
    write(path, in_order)
    assert read(path) == tuple(in_order)
    text = path.read_text()
    assert json.loads(text)["version"] == 1 and text.endswith("\n")
    write(path, in_order)
    assert path.read_text() == text
    assert [p.name for p in path.parent.iterdir()] == ["observed.json"]  # no temporary file left


def test_a_session_replaces_what_earlier_ones_saw_in_the_tests_it_ran():
    earlier = [
        seen(MADE, "tests/test_model.py::test_forward", "tests/test_model.py::test_train"),
        seen(OTHER, "tests/test_data.py::test_grid"),
    ]
    now = [seen(OTHER, "tests/test_data.py::test_shapes")]
    ran = ["tests/test_model.py::test_forward", "tests/test_data.py::test_grid", "tests/test_data.py::test_shapes"]
    assert merged(earlier, now, ran) == [
        seen(OTHER, "tests/test_data.py::test_shapes"),
        seen(MADE, "tests/test_model.py::test_train"),  # not run again: kept
    ]
    # A test that ran again and saw nothing takes its observation back.
    assert merged([seen(OTHER, "tests/test_data.py::test_grid")], [], ["tests/test_data.py::test_grid"]) == []


@pytest.mark.parametrize(
    "text, problem",
    [
        ("{", "not JSON"),
        ('{"version": 2, "observations": []}', "not version 1 of the observations format"),
        ('{"version": 1}', "no list of observations"),
        ('{"version": 1, "observations": [{"dtype": "float64"}]}', "an observation is malformed"),
        ('{"version": 1, "observations": [{"made": 1, "reached": 2, "dtype": "f", "call": "c"}]}',
         "an observation is malformed"),
    ],
)
def test_a_file_that_is_not_what_the_plugin_writes_says_what_is_wrong(tmp_path, text, problem):
    path = tmp_path / "observed.json"
    path.write_text(text)
    with pytest.raises(BadObservations, match=f"^{problem}"):
        read(path)
