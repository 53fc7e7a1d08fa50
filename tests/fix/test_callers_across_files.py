"""Callers in the other files of a run pass their `dtype` to functions that gained one."""

from __future__ import annotations

import pytest

from f64lint.cli.command import command
from tests.helpers import cli_runner

EMBEDDINGS = """\
import torch


def sincos(n, device=None):
    return torch.arange(n, dtype=torch.float64, device=device)
"""
MODEL = """\
import torch

from .embeddings import sincos


def build(n, dtype=torch.float16):
    return sincos(n)
"""
OTHER = """\
import torch

import pkg.embeddings as emb


def table(n, dtype: torch.dtype = torch.float32):
    return emb.sincos(n, device="cpu")


def plain(n):
    return emb.sincos(n)
"""


@pytest.fixture
def package(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "embeddings.py").write_text(EMBEDDINGS)
    (tmp_path / "pkg" / "model.py").write_text(MODEL)
    (tmp_path / "pkg" / "other.py").write_text(OTHER)
    return tmp_path / "pkg"


EMBEDDINGS_FIXED = EMBEDDINGS.replace("device=None)", "device=None, dtype=torch.float32)").replace(
    "dtype=torch.float64", "dtype=dtype"
)
MODEL_FIXED = MODEL.replace("sincos(n)", "sincos(n, dtype=dtype)")
OTHER_FIXED = OTHER.replace('device="cpu")', 'device="cpu", dtype=dtype)')


def test_fix_passes_dtype_on_across_files(package):
    result = cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix-strategy", "thread-dtype", "--fix", "--unsafe-fixes", "--show-fixes", "pkg"])
    assert result.exit_code == 0, result.output
    assert (package / "embeddings.py").read_text() == EMBEDDINGS_FIXED
    assert (package / "model.py").read_text() == MODEL_FIXED
    assert (package / "other.py").read_text() == OTHER_FIXED
    assert result.stdout.splitlines()[-3:-1] == [
        "  pkg/model.py: its calls now pass their `dtype` to the functions that gained one",
        "  pkg/other.py: its calls now pass their `dtype` to the functions that gained one",
    ]


def test_diff_shows_the_callers_too(package):
    result = cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix-strategy", "thread-dtype", "--diff", "--unsafe-fixes", "pkg"])
    assert result.exit_code == 1
    assert [line for line in result.stdout.splitlines() if line.startswith("+++")] == [
        "+++ pkg/embeddings.py", "+++ pkg/model.py", "+++ pkg/other.py",
    ]
    assert "+    return sincos(n, dtype=dtype)" in result.stdout
    assert (package / "model.py").read_text() == MODEL


def test_safe_fixes_alone_change_no_signature(package):
    cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix-strategy", "thread-dtype", "--fix", "pkg"])
    assert (package / "embeddings.py").read_text() == EMBEDDINGS
    assert (package / "model.py").read_text() == MODEL
