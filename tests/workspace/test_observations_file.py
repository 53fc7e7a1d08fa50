"""`.f64lint/observed.json` under the project's root (what `pytest --mps-emulation` saw) is
read by every run but an isolated one, keys the cache, and, broken, is a usage error."""

from __future__ import annotations

import json

from f64lint.cli.command import command
from f64lint.observed import Observation, Place, write
from tests.helpers import cli_runner

MODULE = "import json\nimport torch\nimport numpy as np\n\ndef load(path, device):\n" \
         "    return torch.tensor(np.array(json.load(open(path)))).to(device)\n"
CODE = "return torch.tensor(np.array(json.load(open(path)))).to(device)"


def project(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text("[tool.f64lint]\n")
    (tmp_path / "loader.py").write_text(MODULE)
    monkeypatch.chdir(tmp_path)
    return tmp_path / ".f64lint" / "observed.json"


def codes(*options: str):
    result = cli_runner().invoke(command, ["--output-format", "json", *options, "loader.py"])
    return result.exit_code, [(d["code"], d["line"]) for d in json.loads(result.stdout or "[]")]


def test_what_the_tests_saw_is_read_and_keys_the_cache(tmp_path, monkeypatch):
    observations = project(tmp_path, monkeypatch)
    assert codes() == (0, [])
    place = Place("loader.py", 6, "load", CODE)
    write(observations, [Observation(place, place, "float64", "torch.tensor", ("tests/test_loader.py::test_load",))])
    assert codes() == (1, [("F64003", 6)])  # the cached result of the first run is not served
    assert codes("--isolated") == (0, [])


def test_a_broken_file_is_a_usage_error_that_says_what_to_do(tmp_path, monkeypatch):
    observations = project(tmp_path, monkeypatch)
    observations.parent.mkdir()
    observations.write_text('{"version": 7}')
    result = cli_runner().invoke(command, ["loader.py"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"f64lint: error: {observations}: not version 1 of the observations format (written by `pytest "
        "--mps-emulation`: run it again, or delete the file)\n"
    )
