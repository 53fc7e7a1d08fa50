"""Files that cannot be read or parsed give one diagnostic each; the run goes on."""

from __future__ import annotations

import os

import pytest

from f64lint.source import decoding as source_module
from f64lint.workspace.settings import Settings
from f64lint.runner.run import run

FLOAT64_LINE = b"import torch\nx = torch.zeros(2, dtype=torch.float64)\n"


def lint_dir(tmp_path):
    result = run([tmp_path], Settings(root=tmp_path))
    return [
        (os.path.basename(d.path), d.code, d.start.line, d.start.column, d.message)
        for d in result.diagnostics
    ], result


def with_good_file(tmp_path):
    (tmp_path / "good.py").write_bytes(FLOAT64_LINE)


GOOD = ("good.py", "F64001", 2, 26, "`torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64")


def test_syntax_error_is_reported_with_pythons_message_and_position(tmp_path):
    with_good_file(tmp_path)
    (tmp_path / "broken.py").write_text("import torch\nx = = torch.zeros(2, dtype=torch.float64)\n")
    found, result = lint_dir(tmp_path)
    assert found == [("broken.py", "F64901", 2, 5, "syntax error: invalid syntax"), GOOD]
    assert result.files_checked == 2


def test_syntax_error_in_a_file_no_rule_can_fire_on_is_not_parsed(tmp_path):
    # The prefilter skips files without float64-ish tokens; their syntax is not our concern.
    (tmp_path / "template.py").write_text("def {{ name }}():\n    pass\n")
    found, result = lint_dir(tmp_path)
    assert (found, result.files_checked) == ([], 1)


def test_invalid_utf8_without_cookie_is_reported(tmp_path):
    with_good_file(tmp_path)
    (tmp_path / "latin.py").write_bytes(b"# caf\xe9\nx = 1\n")
    found, _ = lint_dir(tmp_path)
    assert found == [
        GOOD,
        ("latin.py", "F64902", 1, 1,
         "not valid UTF-8: byte 0xe9 at offset 5; save it as UTF-8 or declare its encoding (PEP 263)"),
    ]


def test_coding_cookie_is_honoured(tmp_path):
    (tmp_path / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + FLOAT64_LINE)
    found, _ = lint_dir(tmp_path)
    assert [(f[1], f[2], f[3]) for f in found] == [("F64001", 4, 26)]


def test_unknown_encoding_in_cookie_is_reported(tmp_path):
    (tmp_path / "odd.py").write_bytes(b"# -*- coding: klingon -*-\nx = 1\n")
    found, _ = lint_dir(tmp_path)
    assert found == [("odd.py", "F64902", 1, 1, "bad coding cookie: unknown encoding: klingon")]


def test_binary_file_is_reported(tmp_path):
    (tmp_path / "blob.py").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    found, _ = lint_dir(tmp_path)
    assert found == [("blob.py", "F64902", 1, 1, "binary file (contains NUL bytes), not Python source")]


def test_empty_file_is_clean(tmp_path):
    (tmp_path / "__init__.py").write_bytes(b"")
    found, result = lint_dir(tmp_path)
    assert found == [] and result.files_checked == 1


def test_huge_file_is_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr(source_module, "MAX_FILE_BYTES", 1024 * 1024)
    (tmp_path / "big.py").write_bytes(b"x = 1\n" * 400_000)
    found, _ = lint_dir(tmp_path)
    assert found == [("big.py", "F64902", 1, 1, "file too large (2.3 MiB; the limit is 1 MiB)")]


def test_broken_symlink_is_reported(tmp_path):
    with_good_file(tmp_path)
    os.symlink(tmp_path / "gone.py", tmp_path / "link.py")
    found, _ = lint_dir(tmp_path)
    assert found == [GOOD, ("link.py", "F64902", 1, 1, f"broken symbolic link (to {tmp_path / 'gone.py'})")]


def test_unreadable_file_is_reported(tmp_path, monkeypatch):
    # Tests run as root in CI, where chmod 000 does not stop a read: simulate the refusal.
    with_good_file(tmp_path)
    (tmp_path / "secret.py").write_bytes(FLOAT64_LINE)
    real_open = open

    def refusing_open(path, *args, **kwargs):
        if str(path).endswith("secret.py"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(source_module, "open", refusing_open, raising=False)
    found, _ = lint_dir(tmp_path)
    assert found == [GOOD, ("secret.py", "F64902", 1, 1, "permission denied")]


def test_missing_path_named_on_the_command_line_is_reported(tmp_path):
    result = run([tmp_path / "nope.py"], Settings(root=tmp_path))
    assert [(d.code, d.message) for d in result.diagnostics] == [("F64902", "no such file or directory")]


def test_directory_named_like_a_python_file_is_walked_not_read(tmp_path):
    (tmp_path / "pkg.py").mkdir()
    (tmp_path / "pkg.py" / "inner.py").write_bytes(FLOAT64_LINE)
    found, _ = lint_dir(tmp_path)
    assert [(f[0], f[1]) for f in found] == [("inner.py", "F64001")]


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
def test_line_endings_and_bom_do_not_move_positions(tmp_path, newline):
    body = b"\xef\xbb\xbf" + FLOAT64_LINE.replace(b"\n", newline)
    (tmp_path / "m.py").write_bytes(body)
    found, _ = lint_dir(tmp_path)
    assert [(f[1], f[2], f[3]) for f in found] == [("F64001", 2, 26)]


@pytest.mark.parametrize(
    "expression",
    ["(" * 5000 + "1" + ")" * 5000, "-" * 20000 + "1", "a" + ".b" * 20000, "+".join(["1"] * 20000)],
    ids=["parentheses", "unary", "attributes", "additions"],
)
def test_deeply_nested_expression_does_not_crash(tmp_path, expression):
    # LibCST's native parser segfaults on these; the run must report them and go on.
    (tmp_path / "deep.py").write_text("import torch\nd = torch.float64\nx = " + expression + "\n")
    found, result = lint_dir(tmp_path)
    assert result.internal_errors == []
    assert [(f[0], f[1]) for f in found] == [("deep.py", "F64901")]
