"""[tool.f64lint]: discovery, every key, and errors that name the key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from f64lint.workspace.settings import ConfigError, Overrides, Settings, find_config, load_file, load_settings
from f64lint.diagnostic import Severity


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_nearest_pyproject_with_a_section_is_used(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.f64lint]\nignore = ["F64002"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", "[project]\nname = 'pkg'\n")
    (tmp_path / "pkg" / "src").mkdir()
    assert find_config(tmp_path / "pkg" / "src") == tmp_path / "pyproject.toml"
    settings = load_settings([tmp_path / "pkg" / "src"], None, False, Overrides())
    assert settings.root == tmp_path
    assert "F64002" not in settings.enabled_codes(None)


def test_isolated_ignores_config_files(tmp_path, monkeypatch):
    write(tmp_path / "pyproject.toml", '[tool.f64lint]\nignore = ["F64002"]\n')
    monkeypatch.chdir(tmp_path)
    settings = load_settings([tmp_path], None, True, Overrides())
    assert "F64002" in settings.enabled_codes(None)


def test_explicit_config_may_be_a_plain_toml(tmp_path):
    path = write(tmp_path / "f64lint.toml", 'select = ["F64001"]\n')
    settings = load_settings([tmp_path], path, False, Overrides())
    assert settings.enabled_codes(None) == {"F64001"}


def test_selection_by_prefix_most_specific_wins():
    settings = Settings(select=("F64",), ignore=("F640",), extend_select=("F64002",))
    assert settings.enabled_codes(None) == {"F64002", "F64100", "F64901", "F64902"}


def test_default_selection_leaves_unused_noqa_off():
    codes = Settings().enabled_codes(None)
    assert "F64100" not in codes and {"F64001", "F64008", "F64901"} <= codes


def test_cli_select_replaces_and_cli_ignore_extends(tmp_path):
    path = write(tmp_path / "pyproject.toml", '[tool.f64lint]\nselect = ["F64001", "F64002"]\nignore = ["F64001"]\n')
    settings = load_settings([tmp_path], path, False, Overrides(select=("F640",), ignore=("F64003",)))
    assert settings.enabled_codes(None) == {"F64002", "F64004", "F64005", "F64006", "F64007", "F64008", "F64009", "F64010", "F64011"}


def test_per_file_ignores_by_name_and_by_path(tmp_path):
    path = write(
        tmp_path / "pyproject.toml",
        '[tool.f64lint.per-file-ignores]\n"tests/**" = ["F64001"]\n"conftest.py" = ["F640"]\n',
    )
    settings = load_file(path)
    assert "F64001" not in settings.enabled_codes(tmp_path / "tests" / "unit" / "test_a.py")
    assert "F64001" in settings.enabled_codes(tmp_path / "src" / "tests.py")
    assert settings.enabled_codes(tmp_path / "src" / "conftest.py") == {"F64901", "F64902"}


def test_severity_overrides(tmp_path):
    path = write(tmp_path / "pyproject.toml", '[tool.f64lint.severity]\nF640 = "warning"\nF64001 = "error"\n')
    settings = load_file(path)
    assert settings.severity_of("F64002") is Severity.WARNING
    assert settings.severity_of("F64001") is Severity.ERROR
    assert settings.severity_of("F64902") is Severity.WARNING


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('selct = ["F64001"]', "unknown key `selct`; did you mean `select`?"),
        ('exclde = ["build"]', "unknown key `exclde`; did you mean `exclude`?"),
        ("colour = true", "unknown key `colour` (known keys: exclude, "),
        ('select = "F64001"', "`select` must be a list of strings, got 'F64001'"),
        ('select = ["E501"]', "unknown rule code or prefix 'E501' in `select`"),
        ("force-exclude = 1", "`force-exclude` must be true or false, got 1"),
        ('severity = { F64001 = "fatal" }', "`severity.F64001` must be \"error\" or \"warning\", got 'fatal'"),
        ('per-file-ignores = { "tests/*" = "F64001" }', "`per-file-ignores.'tests/*'` must be a list of strings"),
        ("exclude = [1]", "`exclude` must be a list of strings, got [1]"),
    ],
)
def test_bad_config_names_the_key(tmp_path, body, message):
    path = write(tmp_path / "pyproject.toml", f"[tool.f64lint]\n{body}\n")
    with pytest.raises(ConfigError) as raised:
        load_file(path)
    assert str(raised.value).startswith(f"{path}: [tool.f64lint] ")
    assert message in str(raised.value)


def test_malformed_toml_is_a_config_error(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.f64lint\nselect = [\n")
    with pytest.raises(ConfigError, match="is not valid TOML"):
        find_config(tmp_path)


def test_unknown_cli_selector_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="unknown rule code or prefix 'X1' in --ignore"):
        load_settings([tmp_path], None, True, Overrides(ignore=("X1",)))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('no-float64-devices = ["np u"]', "`no-float64-devices` must list device types such as \"mps\" or \"npu\", got 'np u'"),
        ('safe-helpers = ["helper"]', "`safe-helpers` must list dotted names such as \"mypkg.utils.mps_safe_dtype\", got 'helper'"),
        ('float64-functions = ["load table"]', "`float64-functions` must list dotted names such as \"mypkg.io.load_table\", got 'load table'"),
        ('float64-functions = ["mypkg.io:Reader."]', "`float64-functions` must list dotted names such as \"mypkg.io.load_table\", got 'mypkg.io:Reader.'"),
        ('float64-attributes = ["mean_"]', "`float64-attributes` must list dotted names such as \"mypkg.stats:Scaler.mean_\", got 'mean_'"),
        ("float64-functions = \"mypkg.io.load\"", "`float64-functions` must be a list of strings"),
    ],
)
def test_bad_device_settings_name_the_key(tmp_path, body, message):
    path = write(tmp_path / "pyproject.toml", f"[tool.f64lint]\n{body}\n")
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_settings([tmp_path], path, False, Overrides())


def test_device_settings_are_read(tmp_path):
    path = write(tmp_path / "pyproject.toml",
                 '[tool.f64lint]\nno-float64-devices = ["mps", "npu"]\nsafe-helpers = ["pkg.dtypes.safe"]\n')
    settings = load_settings([tmp_path], path, False, Overrides())
    assert settings.devices() == {"mps", "npu"}
    assert settings.fix_options().safe_helper == "pkg.dtypes.safe"


def test_the_line_length_is_the_project_formatters(tmp_path):
    # Fixed lines follow [tool.ruff] `line-length`, else [tool.black]'s, else 88; with or
    # without an f64lint table in the same pyproject.toml.

    (tmp_path / "pyproject.toml").write_text("[tool.black]\nline-length = 100\n")
    assert load_settings([tmp_path], None, False, Overrides()).line_length == 100
    (tmp_path / "pyproject.toml").write_text(
        "[tool.f64lint]\nselect = ['F64001']\n[tool.ruff]\nline-length = 120\n[tool.black]\nline-length = 100\n"
    )
    assert load_settings([tmp_path], None, False, Overrides()).line_length == 120
    (tmp_path / "pyproject.toml").write_text("[tool.f64lint]\n")
    assert load_settings([tmp_path], None, False, Overrides()).line_length == 88


def test_the_codes_written_out_for_checking_selectors_are_the_rules_codes():
    from f64lint.rules import ALL_RULES
    from f64lint.workspace.selection import known_codes

    assert known_codes() == {rule.code for rule in ALL_RULES}
