"""Jupyter notebooks: code cells linted together as one module, findings placed in their
cells, IPython syntax masked, and fixes written back into the changed cells only."""

from __future__ import annotations

import json

import nbformat
import pytest

from f64lint.cli.command import command
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
        {"content": ".float()", "cell": 3,
         "location": {"line": 3, "column": 25}, "end_location": {"line": 3, "column": 25}},
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
    cells[2] = code(["xs = np.linspace(0, 1, 5)\n", "np.linspace?\n", "t = torch.from_numpy(xs).float()"],
                    execution_count=2)
    cells[3] = code(["%%time\n", "t = t.to(device)\n", "y = torch.zeros(3, dtype=torch.float32, device=device)"])
    assert after == notebook_text(*cells)
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert changed == [
        '    "t = torch.from_numpy(xs).float()"',
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
        ['x = tensor(np.zeros(3), dtype=torch.float32).to("mps", dtype=torch.float32)'],
    ]


def test_diff_shows_each_changed_cell(project):
    result = invoke("--diff", "--unsafe-fixes", "grids.ipynb")
    assert result.exit_code == 1
    assert result.stdout == (
        "--- grids.ipynb:cell 3\n+++ grids.ipynb:cell 3\n@@ -1,3 +1,3 @@\n"
        " xs = np.linspace(0, 1, 5)\n np.linspace?\n"
        "-t = torch.from_numpy(xs)\n+t = torch.from_numpy(xs).float()\n"
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


@pytest.mark.parametrize("layout", [
    lambda text: text.replace('"nbformat": 4', '"nbformat":  4'),  # odd spacing
    lambda text: json.dumps(json.loads(text)),  # json.dump's defaults: one line, ", " and ": "
    lambda text: text.replace("\n", "\r\n"),  # CRLF, as written on Windows
    lambda text: text.replace('"metadata": {}', '"metadata": {"lr": 0.00001}', 1),  # a float as JavaScript writes it
    lambda text: json.dumps(json.loads(text), indent=0),
    lambda text: "\ufeff" + text,  # a BOM
], ids=["spacing", "json-dump", "crlf", "js-float", "indent-0", "bom"])
def test_any_json_layout_keeps_every_byte_but_the_fixed_source(project, layout):
    before = layout(notebook_text(code(['import torch\n', 'x = torch.ones(2, dtype=torch.float64, device="mps")'])))
    path = project / "laid_out.ipynb"
    path.write_bytes(before.encode("utf-8"))
    result = invoke("--fix", "--unsafe-fixes", "laid_out.ipynb")
    assert result.exit_code == 0, result.output
    after = path.read_bytes().decode("utf-8")
    assert after == before.replace("torch.float64", "torch.float32")


def test_a_marker_like_comment_in_a_cell_is_only_a_comment(project):
    # Cells are told apart by markers whose names the notebook's text cannot hold: a
    # comment that looks like one changes nothing (it once made --fix overwrite cells).
    path = project / "marker.ipynb"
    path.write_text(notebook_text(
        code("import torch"),
        code("# f64lint: notebook cell 0\n_f64lint_cell_0_ = 1\nx = torch.zeros(3, dtype=torch.float64, device='mps')"),
    ))
    assert invoke("--fix", "--unsafe-fixes", "marker.ipynb").exit_code == 0
    assert [cell["source"] for cell in json.loads(path.read_text())["cells"]] == [
        "import torch",
        "# f64lint: notebook cell 0\n_f64lint_cell_0_ = 1\nx = torch.zeros(3, dtype=torch.float32, device='mps')",
    ]


def test_an_import_a_fix_removes_or_adds_stays_in_its_cell_and_before_its_use(project):
    path = project / "imports.ipynb"
    path.write_text(notebook_text(
        code("import torch"),
        code("from torch import float64"),
        code("x = torch.zeros(3, dtype=float64).to('mps')"),
        code("from torch import zeros\ny = zeros(3, dtype=torch.double).to('mps')"),
    ))
    assert invoke("--fix", "--unsafe-fixes", "imports.ipynb").exit_code == 0
    assert [cell["source"] for cell in json.loads(path.read_text())["cells"]] == [
        "import torch",
        "",
        "x = torch.zeros(3, dtype=torch.float32).to('mps')",
        "from torch import zeros\ny = zeros(3, dtype=torch.float32).to('mps')",
    ]
    late = project / "late.ipynb"
    late.write_text(notebook_text(
        code("from torch import zeros, float64"), code("x = zeros(3, dtype=float64).to('mps')"), code("import numpy as np"),
    ))
    assert invoke("--fix", "--unsafe-fixes", "late.ipynb").exit_code == 0
    assert [cell["source"] for cell in json.loads(late.read_text())["cells"]] == [
        "from torch import zeros\nimport torch", "x = zeros(3, dtype=torch.float32).to('mps')", "import numpy as np",
    ]


def test_what_ipython_reads_as_python_is_python(project):
    # Continuation lines that start with `!=` or `%` are Python; a cell magic may follow
    # blank lines; a notebook of another kernel's language has no Python cells.
    (project / "python.ipynb").write_text(notebook_text(
        code("import torch\nx = torch.zeros(3, dtype=torch.float64, device='mps')\nok = (\n    x.shape[0]\n    != 3\n)"),
        code("msg = (\n    'shape %s'\n    % (x.shape,)\n)"),
        code("\n%%bash\nfor f in *; do echo $f; done"),
    ))
    assert invoke("python.ipynb").stdout.splitlines()[0] == (
        "python.ipynb:cell 1:2:26: F64001 [*] error: `torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64"
    )
    julia = json.loads(notebook_text(code('x = torch.zeros(3, dtype=torch.float64)\nfunction f(x)\n  x^2\nend')))
    julia["metadata"] = {"kernelspec": {"name": "julia-1.9", "language": "julia", "display_name": "Julia"}}
    (project / "julia.ipynb").write_text(json.dumps(julia))
    assert invoke("julia.ipynb").stdout == "All checks passed (1 file checked).\n"


def test_crlf_cells_keep_their_line_endings_and_show_fixes_names_cells(project):
    path = project / "crlf.ipynb"
    path.write_text(notebook_text(
        markdown("Grids"),
        code(["from torch import zeros, float64\r\n", "import torch\r\n", "def make(n, device):\r\n",
              '    """Make.\r\n', "\r\n", "    Args:\r\n", "        n: size\r\n", '    """\r\n',
              "    return zeros(n, dtype=float64, device=device)\r\n"]),
        code("x = make(3, torch.device('mps'))"),
    ))
    result = invoke("--fix", "--unsafe-fixes", "--show-fixes", "crlf.ipynb")
    assert "crlf.ipynb:cell 2:9:27: F64001" in result.output
    source = json.loads(path.read_text())["cells"][1]["source"]
    assert all(line.endswith("\r\n") for line in source)
    assert '    dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64\r\n' in source


def test_outputs_do_not_count_toward_the_size_limit_and_nbformat_3_is_named(project):
    big = code("import torch\nx = torch.ones(2).double().to('mps')",
               outputs=[{"output_type": "display_data", "metadata": {}, "data": {"image/png": "A" * 12_000_000}}])
    (project / "big.ipynb").write_text(notebook_text(big))
    assert invoke("big.ipynb").stdout.startswith("big.ipynb:cell 1:2:")
    (project / "old.ipynb").write_text(json.dumps({"worksheets": [], "metadata": {}, "nbformat": 3}))
    assert invoke("old.ipynb").stdout.startswith(
        "old.ipynb:1:1: F64902 warning: not a notebook: nbformat 3, which f64lint does not read"
    )


def test_cells_that_are_not_python_and_empty_notebooks(project):
    path = project / "other.ipynb"
    path.write_text(notebook_text(
        code(["%%writefile model.py\n", "x = torch.zeros(2, dtype=torch.float64)"]),
        {"cell_type": "raw", "metadata": {}, "source": "torch.float64"},
    ))
    assert invoke("other.ipynb").stdout == "All checks passed (1 file checked).\n"
    path.write_text(notebook_text())
    assert invoke("other.ipynb").exit_code == 0


def test_odd_metadata_is_read_as_unsaid(project):
    document = json.loads(notebook_text(code("import torch\nx = torch.zeros(2, dtype=torch.float64, device='mps')")))
    document["metadata"] = {"kernelspec": "python3", "language_info": ["python"]}
    (project / "odd.ipynb").write_text(json.dumps(document))
    assert invoke("odd.ipynb").stdout.startswith("odd.ipynb:cell 1:2:26: F64001 [*] error:")


def test_an_import_added_between_cells_is_placed_at_the_end_of_the_cell_before(project):
    # In the module the import goes on the line after cell 2's imports, which is no
    # cell's: reported (and applied by an editor) as lines at the end of cell 2.
    (project / "late.ipynb").write_text(notebook_text(
        markdown("Intro"), code(["import numpy as np\n", "from torch import tensor"]),
        code(['x = tensor(np.zeros(3)).double().to("mps")']),
    ))
    found = json.loads(invoke("--output-format", "json", "--unsafe-fixes", "late.ipynb").stdout)
    assert found[1]["fix"]["edits"][-1] == {
        "content": "\nimport torch", "cell": 2,
        "location": {"line": 2, "column": 25}, "end_location": {"line": 2, "column": 25},
    }


def test_a_notebook_reads_what_the_projects_modules_export(project):
    # The project phase searches the notebook's code for the imports, not its JSON (whose
    # outputs may be megabytes of images to search once per export).
    (project / "utils.py").write_text("import torch\n\n\ndef table(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    (project / "use.ipynb").write_text(notebook_text(
        code("from utils import table"), code('x = table(4).to("mps")', outputs=[
            {"output_type": "display_data", "metadata": {}, "data": {"image/png": "table" * 1000}}]),
    ))
    found = json.loads(invoke("--output-format", "json", "use.ipynb", "utils.py").stdout)
    assert [(d["path"], d["cell"], d["code"]) for d in found] == [
        ("use.ipynb", 2, "F64004"), ("utils.py", None, "F64001"),
    ]
