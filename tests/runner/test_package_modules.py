"""The package around a run's files: linting one file reads what the modules of its package
it imports export, as linting the folder does (pre-commit passes only the staged files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from f64lint.analysis.project.exports import Export
from f64lint.runner import cache, import_statements, package_modules
from f64lint.runner.cache import Cache
from f64lint.runner.import_statements import ImportStatements, imports_in
from f64lint.runner.package_modules import shared
from f64lint.runner.results import FixMode
from f64lint.runner.run import run, run_stdin
from f64lint.workspace.settings import Settings
from tests.runner.test_project_phase import package_in

UTILS = """\
import torch


def table(n):
    return torch.arange(n, dtype=torch.float64) / n


SCALE = torch.ones(3, dtype=torch.float64)
"""
SCHEDULE = """\
import numpy as np


class Schedule:
    def __init__(self, n=1000):
        self.sigmas = np.linspace(1.0, 0.01, n)


def sigmas(n):
    return np.linspace(1.0, 0.01, n)
"""
INIT = "from .utils import table as grid\nfrom .sampling import Schedule\n"
SAMPLING_INIT = "from .schedule import Schedule\n"
MODEL = """\
import torch
from torch import nn

import pkg.sampling.schedule as sched
from pkg import Schedule, grid

from . import utils
from .utils import table


class Embed(nn.Module):
    def forward(self, x):
        pos = table(x.shape[-1]).to(x.device)
        near = grid(4).to(x.device)
        sigma = torch.from_numpy(sched.sigmas(3)).to(x.device)
        first = torch.tensor(Schedule(9).sigmas[0], device=x.device)
        return x + pos * utils.SCALE.to(x.device) + near + sigma + first
"""
EXPECTED = [
    (13, 34, "F64004", "float64 tensor (from `torch.arange(dtype=torch.float64)` in `pkg.utils.table` at "
                       "pkg/utils.py:5) moved to a device that may be 'mps'"),
    (14, 24, "F64004", "float64 tensor (from `torch.arange(dtype=torch.float64)` in `pkg.grid` at pkg/utils.py:5) "
                       "moved to a device that may be 'mps'"),
    (15, 17, "F64003", "float64 NumPy array (from `sigmas()` at line 15, made in pkg/sampling/schedule.py:10) "
                       "becomes a tensor in `torch.from_numpy()`; MPS has no float64"),
    (16, 17, "F64003", "float64 NumPy array (from `Schedule.sigmas` at line 16, made in pkg/sampling/schedule.py:6) "
                       "becomes a tensor in `torch.tensor()`; MPS has no float64"),
    (17, 38, "F64004", "float64 tensor (from `torch.ones(dtype=torch.float64)` in `pkg.utils.SCALE` at "
                       "pkg/utils.py:8) moved to a device that may be 'mps'"),
]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """pkg/ with utils.py, sampling/schedule.py (re-exported by both `__init__`s) and model.py."""
    package = tmp_path / "pkg"
    (package / "sampling").mkdir(parents=True)
    (package / "__init__.py").write_text(INIT)
    (package / "utils.py").write_text(UTILS)
    (package / "sampling" / "__init__.py").write_text(SAMPLING_INIT)
    (package / "sampling" / "schedule.py").write_text(SCHEDULE)
    (package / "model.py").write_text(MODEL)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _found(paths, settings, path="pkg/model.py", **kwargs):
    result = run(paths, settings, **kwargs)
    assert result.internal_errors == []
    return [(d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics if d.path == path]


def test_one_file_and_its_folder_give_the_same_findings_for_it(project):
    settings = Settings(root=project)
    assert _found([project / "pkg"], settings) == EXPECTED
    assert _found([project / "pkg" / "model.py"], settings) == EXPECTED
    assert _found([Path("pkg/model.py")], settings) == EXPECTED
    monkeypatch = pytest.MonkeyPatch()
    with monkeypatch.context() as patched:
        patched.chdir(project / "pkg")
        assert _found([Path("model.py")], settings, "model.py") == [
            (line, column, code, message.replace("pkg/", "")) for line, column, code, message in EXPECTED
        ]


def test_its_text_on_standard_input_named_as_the_file_gives_the_same_findings(project):
    data = (project / "pkg" / "model.py").read_bytes()
    result = run_stdin(data, Path("pkg/model.py"), Settings(root=project))
    assert sorted((d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics) == EXPECTED
    assert run_stdin(data, None, Settings(root=project)).diagnostics == []  # no file: no package


def test_the_modules_read_around_the_run_are_neither_reported_nor_fixed(project):
    utils = (project / "pkg" / "utils.py").read_bytes()
    result = run([project / "pkg" / "model.py"], Settings(root=project, unsafe_fixes=True), fix=FixMode())
    assert result.fix_errors == [] and result.internal_errors == []
    assert result.checked == ["pkg/model.py"]
    assert {d.path for d in result.fixed} == {"pkg/model.py"}
    assert (project / "pkg" / "utils.py").read_bytes() == utils
    assert (project / "pkg" / "model.py").read_text() != MODEL


def test_a_change_to_a_module_read_around_the_run_is_seen_by_the_next_run(project, monkeypatch):
    monkeypatch.setattr(cache, "RACY_NS", 0)
    store = Cache(project / ".cache")
    settings = Settings(root=project)
    assert _found([project / "pkg" / "model.py"], settings, cache=store) == EXPECTED
    assert _found([project / "pkg" / "model.py"], settings, cache=store) == EXPECTED  # replayed
    (project / "pkg" / "utils.py").write_text(UTILS.replace("torch.float64", "torch.float32"))
    assert [row[0] for row in _found([project / "pkg" / "model.py"], settings, cache=store)] == [15, 16]


def test_a_module_the_configuration_excludes_is_not_read(project):
    settings = Settings(root=project, extend_exclude=("pkg/utils.py",))
    assert [row[0] for row in _found([project / "pkg" / "model.py"], settings)] == [15, 16]
    assert [row[0] for row in _found([project / "pkg"], settings)] == [15, 16]


def test_a_run_of_the_folder_reads_no_imports_but_its_packages_re_exports(project, monkeypatch):
    read = []
    monkeypatch.setattr(
        package_modules, "read_imports", lambda path: read.append(path) or import_statements.read_imports(path)
    )
    assert package_modules.outside_modules([], [project], Settings(root=project)) == []
    settings = Settings(root=project, extend_exclude=("pkg/sampling/*",))
    assert _found([project], settings) == [row for row in EXPECTED if row[0] not in (15, 16)]
    assert sorted(os.path.relpath(path, project) for path in read) == ["pkg/__init__.py"]


def test_a_script_reads_the_modules_beside_it_and_a_notebook_too(tmp_path, monkeypatch):
    import json

    (tmp_path / "helpers.py").write_text("import numpy as np\n\n\ndef grid(n):\n    return np.linspace(0, 1, n)\n")
    (tmp_path / "train.py").write_text(
        "import torch\nfrom helpers import grid\n\nx = torch.from_numpy(grid(3)).to('mps')\n"
    )
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": "%matplotlib inline\nimport torch\nimport helpers\n\nx = torch.from_numpy(helpers.grid(3)).to('mps')\n"}
    notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "explore.ipynb").write_text(json.dumps(notebook))
    monkeypatch.chdir(tmp_path)
    message = ("float64 NumPy array (from `grid()` at line 4, made in helpers.py:5) becomes a tensor in "
               "`torch.from_numpy()`; MPS has no float64")
    assert _found([Path("train.py")], Settings(root=tmp_path), "train.py") == [(4, 5, "F64003", message)]
    in_cell = message.replace("at line 4", "at cell 1, line 5")
    assert _found([Path("explore.ipynb")], Settings(root=tmp_path), "explore.ipynb") == [(5, 5, "F64003", in_cell)]


def test_a_module_of_another_package_or_none_is_not_read(tmp_path, monkeypatch):
    # `other` is a folder beside pkg with no `__init__.py`: Python would not import it as
    # `pkg.other`; `elsewhere.utils` is not under the package's folder.
    (tmp_path / "pkg" / "other").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "other" / "utils.py").write_text(UTILS)
    (tmp_path / "pkg" / "model.py").write_text(
        "import torch\nfrom pkg.other.utils import table\nfrom elsewhere.utils import SCALE\n\n"
        "x = table(3).to('mps') + SCALE.to('mps')\n"
    )
    monkeypatch.chdir(tmp_path)
    assert package_modules.outside_modules(
        [package_modules.Found("pkg/model.py", str(tmp_path / "pkg" / "model.py"))], [], Settings(root=tmp_path)
    ) == []


def test_imports_are_read_wherever_they_are_and_relative_ones_from_the_package(tmp_path):
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sub" / "__init__.py").write_text("")
    text = (
        "import os, pkg.utils as u\n"
        "from . import helpers\n"
        "from .. import shared as s\n"
        "from ...beyond import nothing\n"
        "from .tables import *\n"
        "\n"
        "def late():\n"
        "    from .lazy import thing\n"
    )
    found = imports_in(tmp_path / "pkg" / "sub" / "mod.py", text)
    assert found == ImportStatements(
        ("os", "pkg.utils", "pkg.sub.helpers", "pkg.shared", "pkg.sub.tables", "pkg.sub.lazy.thing"),
        (("helpers", "pkg.sub.helpers"), ("s", "pkg.shared"), ("*", "pkg.sub.tables")),
    )
    assert imports_in(tmp_path / "pkg" / "mod.py", "from . import (\n") == ImportStatements((), ())
    assert imports_in(tmp_path / "script.py", "from .utils import x\nimport numpy\n") == ImportStatements(
        ("numpy",), ()
    )


def test_a_re_exported_value_is_named_as_each_package_passing_it_on_names_it(tmp_path):
    (tmp_path / "pkg" / "inner").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("from .inner import table, Schedule\nfrom . import inner\n")
    (tmp_path / "pkg" / "inner" / "__init__.py").write_text(
        "from .utils import table\nfrom .sched import Schedule\nfrom .consts import *\n"
    )
    table = Export("pkg.inner.utils", "table", True, "np.linspace", "float64", "pkg/inner/utils.py", 4)
    sigmas = Export("pkg.inner.sched", "Schedule.sigmas", False, "np.linspace", "float64", "pkg/inner/sched.py", 6)
    other = Export("pkg.inner.utils", "unbound", True, "np.linspace", "float64", "pkg/inner/utils.py", 9)
    # `from .consts import *` binds the public names of the module only, and not a name the
    # `__init__` binds to another module's (`table`, from `utils`).
    scale = Export("pkg.inner.consts", "SCALE", False, "np.ones", "float64", "pkg/inner/consts.py", 3)
    private = Export("pkg.inner.consts", "_BASE", False, "np.ones", "float64", "pkg/inner/consts.py", 4)
    rebound = Export("pkg.inner.consts", "table", True, "np.ones", "float64", "pkg/inner/consts.py", 5)
    inits = [tmp_path / "pkg" / "__init__.py", tmp_path / "pkg" / "inner" / "__init__.py"]
    os.chdir(tmp_path)
    given = [table, sigmas, other, scale, private, rebound]
    named = {(e.qualified_name, e.path) for e in shared(given, inits)} - {(e.qualified_name, e.path) for e in given}
    assert named == {
        ("pkg.inner.table", "pkg/inner/utils.py"), ("pkg.inner.Schedule.sigmas", "pkg/inner/sched.py"),
        ("pkg.table", "pkg/inner/utils.py"), ("pkg.Schedule.sigmas", "pkg/inner/sched.py"),
        ("pkg.inner.SCALE", "pkg/inner/consts.py"),
    }


HELPERS = """\
import numpy as np
import torch


def positions(n):
    return torch.from_numpy(np.arange(n) / n)
"""
SCHEDULES = """\
import numpy as np


def schedule(n):
    return np.linspace(0.1, 1.0, n)


def float32_schedule(n):
    return np.linspace(0.1, 1.0, n, dtype=np.float32)
"""
MOVES_THEM = """\
import torch

from .helpers import positions
from .schedules import float32_schedule, schedule


def embed(x):
    return x + positions(x.shape[-1]).to(x.device)


def scaled(x):
    return x * torch.from_numpy(schedule(x.shape[-1])).to(x.device)


def scaled_float32(x):
    return x * torch.from_numpy(float32_schedule(x.shape[-1])).to(x.device)
"""


def test_a_staged_file_alone_is_fixed_for_what_another_module_makes(tmp_path, monkeypatch):
    # The example: helpers.py makes a float64 tensor and schedules.py a float64 NumPy
    # schedule, model.py moves them to the device; pre-commit passes model.py alone, which
    # crashes on MPS before the fix and not after.
    import importlib
    import sys

    from tests.helpers import require

    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    package_in(tmp_path, monkeypatch, "staged", helpers=HELPERS, schedules=SCHEDULES, model=MOVES_THEM)
    package = tmp_path / "staged"
    monkeypatch.syspath_prepend(str(tmp_path))
    found = _found([Path("staged/model.py")], Settings(root=tmp_path), "staged/model.py")
    assert [row[:3] for row in found] == [(8, 39, "F64004"), (12, 16, "F64003")]

    model = importlib.import_module("staged.model")
    with mps_emulation():
        x = torch.ones(2, 4, device="mps")
        for crashing in (model.embed, model.scaled):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                crashing(x)
        assert model.scaled_float32(x).dtype == torch.float32

    others = [(package / name).read_bytes() for name in ("helpers.py", "schedules.py")]
    fixed = run([Path("staged/model.py")], Settings(root=tmp_path, unsafe_fixes=True), fix=FixMode())
    assert fixed.fix_errors == [] and fixed.internal_errors == []
    assert [(package / name).read_bytes() for name in ("helpers.py", "schedules.py")] == others  # only it is written
    for name in [name for name in sys.modules if name.startswith("staged")]:
        monkeypatch.delitem(sys.modules, name)
    model = importlib.import_module("staged.model")
    with mps_emulation():
        x = torch.ones(2, 4, device="mps")
        assert [model.embed(x).dtype, model.scaled(x).dtype] == [torch.float32, torch.float32]


def test_a_numpy_maker_narrowing_leaves_out_of_a_module_with_findings_is_still_exported(tmp_path, monkeypatch):
    # helpers.py has a finding of its own (so it is read narrowed) and a NumPy schedule that
    # hands nothing to torch there (so narrowing leaves it out): model.py moves it.
    package_in(tmp_path, monkeypatch, "mixed", helpers=HELPERS + "\n\n" + SCHEDULES.split("\n", 2)[2],
               model=MOVES_THEM.replace(".schedules", ".helpers"))
    found = _found([Path("mixed/model.py")], Settings(root=tmp_path), "mixed/model.py")
    assert [row[:3] for row in found] == [(8, 39, "F64004"), (12, 16, "F64003")]
    assert found[1][3].startswith("float64 NumPy array (from `schedule()` at line 12, made in mixed/helpers.py:")
