"""What `pytest --mps-emulation` saw: float64 values that reached MPS while a project's
tests ran, kept in the project (`.f64lint/observed.json`, safe to commit) for the linter.

The emulation's pytest plugin writes the file at the end of a session; `f64lint` reads it
when it is there. The format (version 1), a JSON object:

    {
      "version": 1,
      "observations": [
        {
          "dtype": "float64",
          "call": "torch.from_numpy",
          "made": {"path": "calib/model.py", "line": 9, "function": "calibrate",
                   "code": "offsets = torch.from_numpy(load_offsets(path)).to(x.device)"},
          "reached": {"path": "calib/model.py", "line": 9, "function": "calibrate",
                      "code": "offsets = torch.from_numpy(load_offsets(path)).to(x.device)"},
          "tests": ["tests/test_calibration.py::test_calibrate"],
          "data_from": {"path": "calib/io.py", "line": 8, "function": "calib.io.load_offsets", "code": ""}
        }
      ]
    }

`made` is the line of the project's code where the wide tensor was made (by `call`, a
torch function or tensor method: `torch.from_numpy`, `torch.tensor`, `Tensor.double`,
`torch.load`), `reached` the line where it reached MPS (a move, or an operation with an
MPS tensor); `path` is relative to the project's root (pytest's rootdir), with `/`;
`function` is the qualified name of the function holding the line (empty at module level);
`code` the line's text, stripped: an observation whose line no longer reads so is stale.
Observations are sorted and unique; `tests` are the ids of the tests that saw one.
`data_from` (or null), when the tensor was made of what a function returned
(`torch.from_numpy(load_offsets(path))`): that function, its file, the line of its `def`
and its name with its module's; the linter takes it to return float64 wherever it is called.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Set, Tuple

PATH = Path(".f64lint") / "observed.json"
VERSION = 1


@dataclass(frozen=True, order=True)
class Place:
    """A line of the project's code."""

    path: str
    line: int
    function: str
    code: str


@dataclass(frozen=True)
class Observation:
    """A float64 (or complex128) tensor made at one place that reached MPS at another."""

    made: Place
    reached: Place
    dtype: str
    call: str
    tests: Tuple[str, ...] = ()
    data_from: Optional[Place] = None

    @property
    def identity(self) -> tuple:
        return self.made, self.reached, self.dtype, self.call

    def as_row(self) -> Dict[str, Any]:
        return {"dtype": self.dtype, "call": self.call, "made": _row(self.made), "reached": _row(self.reached),
                "tests": list(self.tests), "data_from": _row(self.data_from) if self.data_from else None}


class BadObservations(ValueError):
    """The file is not what the plugin writes (said with its path by the reader)."""


def read(path: Path) -> Tuple[Observation, ...]:
    """The observations in a file; `BadObservations` says what is wrong with one that is
    not JSON of this format, `OSError` that it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadObservations(f"not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise BadObservations(f"not version {VERSION} of the observations format")
    rows = data.get("observations")
    if not isinstance(rows, list):
        raise BadObservations("no list of observations")
    try:
        return tuple(from_row(row) for row in rows)
    except (KeyError, TypeError, ValueError) as error:
        raise BadObservations(f"an observation is malformed ({error!r})") from None


def _place(row: Mapping[str, Any]) -> Place:
    return Place(str(row["path"]), int(row["line"]), str(row["function"]), str(row["code"]))


def from_row(row: Mapping[str, Any]) -> Observation:
    tests = row.get("tests", [])
    if not isinstance(tests, list):
        raise TypeError("tests is not a list")
    data_from = row.get("data_from")
    return Observation(
        _place(row["made"]), _place(row["reached"]), str(row["dtype"]), str(row["call"]), tuple(map(str, tests)),
        _place(data_from) if data_from is not None else None,
    )


def merged(earlier: Iterable[Observation], seen: Iterable[Observation], tests_run: Iterable[str]) -> List[Observation]:
    """What a session writes: what it saw, and what earlier sessions saw in tests it did
    not run (a test that ran again says anew what it sees, or that it sees nothing),
    one observation per made/reached pair with all its tests."""
    ran = set(tests_run)
    kept = (replace(o, tests=tuple(t for t in o.tests if t not in ran)) for o in earlier)
    tests: Dict[tuple, Set[str]] = {}
    first: Dict[tuple, Observation] = {}
    for observation in (*(o for o in kept if o.tests), *seen):
        first.setdefault(observation.identity, observation)
        tests.setdefault(observation.identity, set()).update(observation.tests)
    return sorted(
        (replace(o, tests=tuple(sorted(tests[key]))) for key, o in first.items()), key=lambda o: o.identity
    )


def write(path: Path, observations: Iterable[Observation]) -> None:
    """Write the file whole or not at all (a temporary file renamed over it)."""
    rows = [observation.as_row() for observation in observations]
    text = json.dumps({"version": VERSION, "observations": rows}, indent=2) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _row(place: Place) -> dict:
    return {"path": place.path, "line": place.line, "function": place.function, "code": place.code}
