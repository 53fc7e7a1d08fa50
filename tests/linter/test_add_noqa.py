"""--add-noqa writes `# noqa` comments safely; the file writer never loses data."""

from __future__ import annotations

import os
import stat

import pytest

from f64lint.cli.command import command
from f64lint.source.writing import write_atomically
from tests.helpers import cli_runner


def invoke(*args):
    return cli_runner().invoke(command, ["--no-cache", *args])


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_adds_merges_and_keeps_crlf_bom_and_mode(here):
    path = here / "m.py"
    path.write_bytes(
        b"\xef\xbb\xbfimport torch\r\n"
        b"x = torch.ones(2).double()  # noqa: E501\r\n"
        b"y = torch.tensor(\r\n    [1.0], dtype=torch.double,\r\n)\r\n"
        b"z = torch.zeros(1, dtype=torch.float64).double()\r\n"
    )
    os.chmod(path, 0o640)
    result = invoke("--add-noqa", "m.py")
    assert (result.exit_code, result.stderr) == (0, "f64lint: added 4 noqa codes in 1 files\n")
    assert path.read_bytes() == (
        b"\xef\xbb\xbfimport torch\r\n"
        b"x = torch.ones(2).double()  # noqa: E501, F64002\r\n"
        b"y = torch.tensor(\r\n    [1.0], dtype=torch.double,\r\n)  # noqa: F64001\r\n"
        b"z = torch.zeros(1, dtype=torch.float64).double()  # noqa: F64001, F64002\r\n"
    )
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert invoke("m.py").exit_code == 0
    again = invoke("--add-noqa", "m.py")
    assert again.stderr == "f64lint: added 0 noqa codes in 0 files\n"


def test_keeps_a_declared_encoding(here):
    path = here / "m.py"
    original = "# -*- coding: latin-1 -*-\n# café\nimport torch\nx = torch.ones(2).double()\n"
    path.write_bytes(original.encode("latin-1"))
    assert invoke("--add-noqa", "m.py").exit_code == 0
    expected = original.replace(".double()\n", ".double()  # noqa: F64002\n")
    assert path.read_bytes() == expected.encode("latin-1")


def test_file_problems_get_no_noqa(here):
    (here / "broken.py").write_text("import torch\nx = = torch.float64\n")
    result = invoke("--add-noqa", "broken.py")
    assert result.stderr == "f64lint: added 0 noqa codes in 0 files\n"
    assert (here / "broken.py").read_text() == "import torch\nx = = torch.float64\n"


def test_stdin_is_refused():
    assert invoke("--add-noqa", "-").exit_code == 2


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"edited meanwhile\n")
    assert write_atomically(path, b"what we read\n", b"new\n") == "changed on disk since it was read; not overwritten"
    assert path.read_bytes() == b"edited meanwhile\n"


def test_write_failure_is_a_message_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "m.py"
    path.write_bytes(b"old\n")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert write_atomically(path, b"old\n", b"new\n") == "cannot write: Permission denied"
    assert path.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.py"]
