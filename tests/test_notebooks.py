"""Jupyter notebooks: code cells linted together as one module, findings placed in their
cells, IPython syntax masked, and fixes written back into the changed cells only."""

from __future__ import annotations

import json

import nbformat
import pytest

from f64lint.cli import command
from tests.helpers import cli_runner


def code(source, **extra):
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source, **extra}


def markdown(source):
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def notebook_text(*cells, indent=1):
    """As Jupyter writes it: nbformat 4, one-space indent, non-ASCII kept, a final newline."""
    document = {
        "cells": [{"id": f"cell-{number}", **cell} for number, cell in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(document, indent=indent, ensure_ascii=False) + "\n"


# A name bound in one cell is moved in a later one; magics, shell escapes and help syntax
# sit among the code; a markdown cell counts in the cell numbers.
CELLS = (
    markdown(["# Grids é\n", "Made on the Mac."]),
    code(["%matplotlib inline\n", "import numpy as np\n", "import torch\n", "!pip install tqdm\n",
          'device = "mps"'], execution_count=1,
         outputs=[{"name": "stdout", "output_type": "stream", "text": ["ok\n"]}]),
    code(["xs = np.linspace(0, 1, 5)\n", "np.linspace?\n", "t = torch.from_numpy(xs)"], execution_count=2),
    code(["%%time\n", "t = t.to(device)\n", "y = torch.zeros(3, dtype=torch.float64, device=device)"]),
    code(["%%bash\n", "echo torch.float64"]),
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "grids.ipynb").write_text(notebook_text(*CELLS), encoding="utf-8")
    return tmp_path


def invoke(*args, input=None):
    return cli_runner().invoke(command, ["--no-cache", *args], input=input)


def test_findings_are_placed_in_their_cells(project):
    result = invoke("grids.ipynb")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:3] == [
        "grids.ipynb:cell 3:3:5: F64003 error: float64 NumPy array (from `np.linspace` at cell 3, line 1) "
        "becomes a tensor in `torch.from_numpy()`; MPS has no float64",
        "grids.ipynb:cell 4:2:7: F64004 error: float64 tensor (from `torch.from_numpy` at cell 3, line 3) "
        "moved to a device that may be 'mps'",
        "grids.ipynb:cell 4:3:26: F64001 error: `torch.float64` used as a dtype in `torch.zeros()`; "
        "MPS has no float64",
    ]


def test_json_gives_the_cell_and_positions_in_it(project):
    found = json.loads(invoke("--output-format", "json", "grids.ipynb").stdout)
    assert [(d["cell"], d["line"], d["column"], d["end_line"], d["end_column"], d["code"]) for d in found] == [
        (3, 3, 5, 3, 25, "F64003"), (4, 2, 7, 2, 17, "F64004"), (4, 3, 26, 3, 39, "F64001"),
    ]
    assert found[0]["fix"]["edits"] == [
        {"content": ", dtype=np.float32", "cell": 3,
         "location": {"line": 1, "column": 25}, "end_location": {"line": 1, "column": 25}},
    ]
    (project / "plain.py").write_text("import torch\nx = torch.zeros(2, dtype=torch.float64)\n")
    plain = json.loads(invoke("--output-format", "json", "plain.py").stdout)
    assert plain[0]["cell"] is None and plain[0]["fix"]["edits"][0]["cell"] is None


def test_formats_without_a_cell_field_name_the_cell_in_the_message(project):
    github = invoke("--output-format", "github", "grids.ipynb").stdout.splitlines()
    assert github[2] == (
        "::error file=grids.ipynb,line=3,col=26,endLine=3,endColumn=39,title=f64lint (F64001)::"
        "F64001 cell 4: `torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64"
    )


def test_fix_changes_only_the_cells_it_fixes(project):
    path = project / "grids.ipynb"
    before = path.read_text(encoding="utf-8")
    result = invoke("--fix", "--unsafe-fixes", "grids.ipynb")
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8")
    cells = list(CELLS)
    cells[2] = code(["xs = np.linspace(0, 1, 5, dtype=np.float32)\n", "np.linspace?\n", "t = torch.from_numpy(xs)"],
                    execution_count=2)
    cells[3] = code(["%%time\n", "t = t.to(device)\n", "y = torch.zeros(3, dtype=torch.float32, device=device)"])
    assert after == notebook_text(*cells)
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert changed == [
        '    "xs = np.linspace(0, 1, 5, dtype=np.float32)\\n",',
        '    "y = torch.zeros(3, dtype=torch.float32, device=device)"',
    ]
    nbformat.validate(nbformat.reads(after, as_version=4))
    again = invoke("--fix", "--unsafe-fixes", "grids.ipynb")
    assert again.exit_code == 0 and path.read_text(encoding="utf-8") == after


def test_a_cell_kept_as_one_string_and_an_other_indent_stay_so(project):
    path = project / "flat.ipynb"
    path.write_text(notebook_text(
        code('import torch\nx = torch.ones(2, dtype=torch.float64, device="mps")\n'), indent=2,
    ), encoding="utf-8")
    assert invoke("--fix", "--unsafe-fixes", "flat.ipynb").exit_code == 0
    assert path.read_text(encoding="utf-8") == notebook_text(
        code('import torch\nx = torch.ones(2, dtype=torch.float32, device="mps")\n'), indent=2,
    )


def test_an_import_a_fix_adds_goes_into_the_cell_of_the_imports(project):
    path = project / "np.ipynb"
    path.write_text(notebook_text(
        markdown("Intro"),
        code(["import numpy as np\n", "from torch import tensor"]),
        code(['x = tensor(np.zeros(3)).double().to("mps")']),
    ), encoding="utf-8")
    assert invoke("--fix", "--unsafe-fixes", "np.ipynb").exit_code == 0
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert [cell["source"] for cell in cells] == [
        "Intro",
        ["import numpy as np\n", "from torch import tensor\n", "import torch"],
        ['x = tensor(np.zeros(3, dtype=np.float32)).to("mps", dtype=torch.float32)'],
    ]


def test_diff_shows_each_changed_cell(project):
    result = invoke("--diff", "--unsafe-fixes", "grids.ipynb")
    assert result.exit_code == 1
    assert result.stdout == (
        "--- grids.ipynb:cell 3\n+++ grids.ipynb:cell 3\n@@ -1,3 +1,3 @@\n"
        "-xs = np.linspace(0, 1, 5)\n+xs = np.linspace(0, 1, 5, dtype=np.float32)\n"
        " np.linspace?\n t = torch.from_numpy(xs)\n"
        "--- grids.ipynb:cell 4\n+++ grids.ipynb:cell 4\n@@ -1,3 +1,3 @@\n"
        " %%time\n t = t.to(device)\n"
        "-y = torch.zeros(3, dtype=torch.float64, device=device)\n"
        "+y = torch.zeros(3, dtype=torch.float32, device=device)\n"
    )
    assert (project / "grids.ipynb").read_text(encoding="utf-8") == notebook_text(*CELLS)


def test_add_noqa_writes_into_the_cells(project):
    result = invoke("--add-noqa", "grids.ipynb")
    assert result.exit_code == 0, result.output
    cells = json.loads((project / "grids.ipynb").read_text(encoding="utf-8"))["cells"]
    assert cells[2]["source"][2] == "t = torch.from_numpy(xs)  # noqa: F64003"
    assert cells[3]["source"][1:] == [
        "t = t.to(device)  # noqa: F64004\n",
        "y = torch.zeros(3, dtype=torch.float64, device=device)  # noqa: F64001",
    ]
    assert invoke("grids.ipynb").exit_code == 0


def test_folders_and_stdin_take_notebooks(project):
    (project / "nbs").mkdir()
    (project / "grids.ipynb").rename(project / "nbs" / "grids.ipynb")
    (project / "nbs" / "skip.ipynb").write_text(notebook_text(code("import torch\ntorch.float64")))
    (project / "pyproject.toml").write_text('[tool.f64lint]\nextend-exclude = ["skip.ipynb"]\n')
    found = json.loads(invoke("--output-format", "json", ".").stdout)
    assert {d["path"] for d in found} == {"nbs/grids.ipynb"}
    piped = invoke("--stdin-filename", "piped.ipynb", "-", input=notebook_text(*CELLS))
    assert "piped.ipynb:cell 4:3:26: F64001 error" in piped.stdout
    fixed = invoke("--fix", "--unsafe-fixes", "--stdin-filename", "piped.ipynb", "-", input=notebook_text(*CELLS))
    assert json.loads(fixed.stdout)["cells"][3]["source"][2] == "y = torch.zeros(3, dtype=torch.float32, device=device)"


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not a notebook: invalid JSON (Expecting property name enclosed in double quotes: "
                  "line 1 column 2 (char 1))"),
    ('{"cells": {}, "nbformat": 4}', "not a notebook: no list of `cells`"),
    ('{"cells": [], "nbformat": 3}', "not a notebook: not nbformat 4 or later"),
    ('{"cells": [{"cell_type": "code", "source": 3}], "nbformat": 4}',
     "not a notebook: cell 1's `source` is neither a string nor a list of strings"),
])
def test_a_file_that_is_no_notebook_is_one_finding_and_left_alone(project, text, reason):
    path = project / "broken.ipynb"
    path.write_text(text)
    result = invoke("--fix", "--unsafe-fixes", "broken.ipynb")
    assert result.stdout.splitlines()[0] == f"broken.ipynb:1:1: F64902 warning: {reason}"
    assert path.read_text() == text


def test_a_layout_that_cannot_be_written_again_is_not_fixed(project):
    # Keys on one line with odd spacing: rewriting the JSON would change bytes the fix did
    # not mean to touch, so the notebook is left as it is, and the reason is given.
    text = notebook_text(code('import torch\nx = torch.ones(2, dtype=torch.float64, device="mps")\n'))
    text = text.replace('"nbformat": 4', '"nbformat":  4')
    path = project / "odd.ipynb"
    path.write_text(text)
    result = invoke("--fix", "--unsafe-fixes", "odd.ipynb")
    assert result.exit_code == 1
    assert "odd.ipynb: its JSON is not laid out as Jupyter writes it, so it cannot be rewritten as it was" in result.stderr
    assert path.read_text() == text


def test_cells_that_are_not_python_and_empty_notebooks(project):
    path = project / "other.ipynb"
    path.write_text(notebook_text(
        code(["%%writefile model.py\n", "x = torch.zeros(2, dtype=torch.float64)"]),
        {"cell_type": "raw", "metadata": {}, "source": "torch.float64"},
    ))
    assert invoke("other.ipynb").stdout == "All checks passed (1 file checked).\n"
    path.write_text(notebook_text())
    assert invoke("other.ipynb").exit_code == 0
