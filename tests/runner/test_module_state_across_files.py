"""A module's float64 parameter or buffer moves with it: a class of one file keeps a float64
tensor (made of an array a third file makes), another file moves an object of it."""

from __future__ import annotations

import os

import pytest

from f64lint.runner.results import FixMode
from f64lint.runner.run import run, run_stdin
from f64lint.workspace.settings import Settings

FEATURES = """\
import numpy as np


def filterbank(n_fft, n_mels):
    bins = np.linspace(0.0, 1.0, n_fft // 2 + 1)
    return np.stack([np.exp(-((bins - c) ** 2)) for c in np.linspace(0.0, 1.0, n_mels)])
"""
MODEL = """\
import torch
from torch import nn

from .features import filterbank


class Frontend(nn.Module):
    def __init__(self, n_fft=64, n_mels=8):
        super().__init__()
        self.register_buffer("fb", torch.as_tensor(filterbank(n_fft, n_mels)))


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.frontend = Frontend()
        self.head = nn.Linear(8, 2)
"""
TRAIN = """\
import torch

from .model import Classifier, Frontend


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = Classifier()
    model = model.to(device)
    return model


def frontend_only(device):
    return Frontend().to(device)
"""
MOVED = [
    (
        "train.py", 9, 19, "F64004",
        "float64 tensor (a parameter or buffer of `Classifier`, from `torch.as_tensor` at pkg/model.py:10) "
        "moved to a device that may be 'mps'",
    ),
    (
        "train.py", 14, 23, "F64004",
        "float64 tensor (a parameter or buffer of `Frontend`, from `torch.as_tensor` at pkg/model.py:10) "
        "moved to a device that may be 'mps'",
    ),
]


@pytest.fixture
def project(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "features.py").write_text(FEATURES)
    (package / "model.py").write_text(MODEL)
    (package / "train.py").write_text(TRAIN)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _found(*targets):
    result = run(list(targets), Settings(root=os.getcwd()))
    assert result.internal_errors == []
    return [(os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics]


def test_moving_an_object_whose_class_another_file_gives_a_float64_buffer_is_an_error_at_the_move(project):
    assert [row for row in _found(project / "pkg") if row[0] == "train.py"] == MOVED


def test_the_file_that_moves_it_linted_alone_reads_the_files_its_imports_import(project):
    # train.py imports model.py, which imports features.py: linted alone (as pre-commit
    # lints a staged file), train.py reads both, as the folder run does.
    assert _found(project / "pkg" / "train.py") == MOVED


def test_a_buffer_made_float32_or_cast_again_in_its_class_moves_nothing_float64(project):
    (project / "pkg" / "model.py").write_text(
        MODEL.replace("filterbank(n_fft, n_mels))", "filterbank(n_fft, n_mels), dtype=torch.float32)")
    )
    assert [row for row in _found(project / "pkg") if row[0] == "train.py"] == []
    # `Classifier` sets its frontend again, cast: only a `Frontend` of its own moves float64.
    (project / "pkg" / "model.py").write_text(MODEL + "\n    def half(self):\n        self.frontend = self.frontend.float()\n")
    assert [row[:4] for row in _found(project / "pkg") if row[0] == "train.py"] == [("train.py", 14, 23, "F64004")]


def test_its_text_on_standard_input_named_as_the_file_gives_the_same_findings(project):
    # As an editor hands the language server its text: the modules around are read from disk.
    path = project / "pkg" / "train.py"
    result = run_stdin(path.read_bytes(), path, Settings(root=os.getcwd()))
    found = [(os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics]
    assert found == MOVED


def test_fixing_the_buffer_clears_the_moves_it_made_errors_in_the_same_run(project):
    # The moves in train.py were errors for the buffer model.py made; once --fix casts it,
    # the run reports what the fixed model.py exports, as a fresh run does.
    settings = Settings(root=os.getcwd(), unsafe_fixes=True)
    result = run([project / "pkg"], settings, fix=FixMode())
    assert result.internal_errors == []
    assert [(os.path.basename(d.path), d.code) for d in result.diagnostics] == []
    assert [(os.path.basename(d.path), d.code) for d in result.fixed] == [("model.py", "F64003")]
    for path, unwritten in result.unwritten.items():
        (project / path).write_bytes(unwritten.fixed)
    assert _found(project / "pkg") == []


def test_a_class_that_keeps_another_file_s_object_holding_a_float64_buffer_moves_it_too(project):
    # `Frontend` in its own file, kept by `Classifier` in another, moved by a third.
    model = MODEL.split("class Classifier")[0]
    (project / "pkg" / "frontend.py").write_text(model)
    (project / "pkg" / "model.py").write_text(
        "from torch import nn\n\nfrom .frontend import Frontend\n\n\nclass Classifier"
        + MODEL.split("class Classifier")[1]
    )
    imports = "from .model import Classifier\nfrom .frontend import Frontend"
    (project / "pkg" / "train.py").write_text(TRAIN.replace("from .model import Classifier, Frontend", imports))
    found = [row for row in _found(project / "pkg") if row[0] == "train.py"]
    assert found == [
        (
            "train.py", 10, 19, "F64004",
            "float64 tensor (a parameter or buffer of `Classifier`, from `torch.as_tensor` at pkg/frontend.py:10) "
            "moved to a device that may be 'mps'",
        ),
        (
            "train.py", 15, 23, "F64004",
            "float64 tensor (a parameter or buffer of `Frontend`, from `torch.as_tensor` at pkg/frontend.py:10) "
            "moved to a device that may be 'mps'",
        ),
    ]
