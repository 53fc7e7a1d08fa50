"""Library knowledge is data: the sets of library names the analysis, the rules, the fixer
and the linter read are the library table's (analysis/domain/library.py) and the probed
table's reader (analysis/domain/probed.py), or views of them, never a set written where it
is used (issue 37)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import FrozenSet, Iterator, List, Tuple

PACKAGE = Path(__file__).resolve().parents[2] / "f64lint"
SCANNED = ("analysis", "rules", "fix", "linter")
TABLES = ("analysis/domain/library.py", "analysis/domain/probed.py")
LIBRARIES = (
    "torch", "numpy", "pandas", "sklearn", "scipy", "transformers", "gymnasium", "gym", "array_api_compat", "cv2",
    "imageio", "skimage", "PIL",
)
_COLLECTIONS = (ast.Set, ast.List, ast.Tuple, ast.Dict, ast.SetComp, ast.ListComp, ast.GeneratorExp, ast.DictComp)


def _library_names(value: ast.expr) -> Iterator[str]:
    """The library names a module-level value writes in a collection: qualified names
    (`"torch.tensor"`, not a prefix such as `"numpy."`), and names made by formatting
    (`f"torch.{name}"`). A view's argument (`methods("torch.Tensor", ...)`) is no set."""
    for collection in ast.walk(value):
        if not isinstance(collection, _COLLECTIONS):
            continue
        for node in ast.walk(collection):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if text.split(".", 1)[0] in LIBRARIES and "." in text and not text.endswith("."):
                    yield text
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                prefix = str(node.values[0].value)
                if prefix.split(".", 1)[0] in LIBRARIES and prefix.endswith("."):
                    yield prefix + "{...}"


def _assignments(path: Path) -> Iterator[Tuple[str, ast.expr]]:
    """The target and value of each module-level assignment of a module."""
    for statement in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(statement, ast.Assign):
            yield ast.unparse(statement.targets[0]), statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            yield ast.unparse(statement.target), statement.value


def name_sets(path: Path) -> List[Tuple[str, str]]:
    """(name, first library name) of each module-level assignment that writes library names."""
    found = []
    for target, value in _assignments(path):
        names = list(_library_names(value))
        if names:
            found.append((target, names[0]))
    return found


def test_no_library_name_set_is_written_outside_the_tables():
    written = {
        f"{path.relative_to(PACKAGE).as_posix()}: {name} ({example})"
        for folder in SCANNED
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in TABLES
        for name, example in name_sets(path)
    }
    assert written == set()


_OWNERS = ("torch.Tensor.", "numpy.ndarray.", "pandas.DataFrame.")


def _member_names() -> FrozenSet[str]:
    """The names of the tensor, array and frame members the tables know (`to` of
    `torch.Tensor.to`), as code spells them on whatever it calls."""
    from f64lint.analysis.domain import library

    qualified = set(library.LIBRARY)
    for value in vars(library).values():
        if isinstance(value, (frozenset, dict)):
            qualified.update(name for name in value if isinstance(name, str))
    return frozenset(name.rsplit(".", 1)[-1] for name in qualified if name.startswith(_OWNERS))


def member_name_sets(path: Path, known: FrozenSet[str]) -> List[str]:
    """Module-level assignments of a collection of two or more names, each a member the
    tables know: a set of method names written where it is used."""
    found = []
    for target, value in _assignments(path):
        for collection in ast.walk(value):
            if not isinstance(collection, _COLLECTIONS):
                continue
            parts = collection.keys if isinstance(collection, ast.Dict) else [collection]
            texts = [
                n.value
                for part in parts
                if part is not None
                for n in ast.walk(part)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            ]
            if len(texts) >= 2 and all(text in known for text in texts):
                found.append(target)
                break
    return found


def test_no_set_of_member_names_is_written_outside_the_tables():
    known = _member_names()
    written = {
        f"{path.relative_to(PACKAGE).as_posix()}: {name}"
        for folder in SCANNED
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in TABLES
        for name in member_name_sets(path, known)
    }
    assert written == set()


def test_a_set_of_member_names_is_found(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        '_MOVES = frozenset({"to", "cuda", "pin_memory"})\n'
        '_CASTS = {"float": "float32", "half": "float16"}\n'
        '_MIXED = ("to", "append")\n'
        '_VIEW = frozenset(short_names(TENSOR_MOVES))\n'
    )
    assert member_name_sets(module, _member_names()) == ["_MOVES", "_CASTS"]


def test_the_tables_sets_are_found_so_one_written_elsewhere_would_be():
    sets = dict(name_sets(PACKAGE / "analysis/domain/library.py"))
    assert sets["COPIED_TO_THE_CPU"] == "torch.tensor"
    assert sets["QUANTIZATION_OPS"] == "torch.{...}"
    assert sets["DTYPE_WIDTHS"] == "torch.float64"
    assert "MAKES" in sets and "LIBRARY" in sets


def test_a_view_of_the_table_and_a_prefix_are_no_set(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        'KEEPS = methods("torch.Tensor", Returns.RECEIVER_DTYPE) | {"view"}\n'
        'OTHERS = sorted({name for name in TABLE if not name.startswith("numpy.")})\n'
        '_MOVED = frozenset({"torch.tensor", "torch.from_numpy"})\n'
        'CUDA = frozenset(f"torch.cuda.{name}" for name in NAMES)\n'
    )
    assert name_sets(module) == [("_MOVED", "torch.tensor"), ("CUDA", "torch.cuda.{...}")]
