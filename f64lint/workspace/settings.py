"""f64lint reads `[tool.f64lint]` from the nearest `pyproject.toml` that has that table,
searching upward from the linted paths (`--config` names one, `--isolated` uses none). Paths
in globs are relative to that file's folder. Unknown keys and values of the wrong type are
errors that name the key (exit code 2), never silently ignored.

```toml
[tool.f64lint]
select = ["F64"]                 # default: every rule that is on by default
extend-select = ["F64100"]       # report noqa comments that silence nothing
ignore = ["F64008"]
exclude = [".venv", "build"]     # replaces the default excludes
extend-exclude = ["migrations", "src/legacy/*.py"]
force-exclude = true             # excludes hold even for files named on the command line
respect-gitignore = true
fix-strategy = "device-aware"    # float32 on MPS only where the device is known; "thread-dtype": a dtype parameter
fix-dtype = "float32"            # default of an added `dtype` parameter: float32, float16 or bfloat16
unsafe-fixes = false             # --fix applies unsafe fixes too
fixable = ["F64"]                # rules --fix may fix (default: all)
unfixable = ["F64006"]           # rules it never fixes
no-float64-devices = ["mps", "npu"]   # device types without float64 (default: ["mps"])
safe-helpers = ["mypkg.utils.mps_safe_dtype"]   # your helper(dtype, device): device-aware fixes call it
float64-functions = ["mypkg.io.load_table", "mypkg.io:Reader.read"]   # return float64 arrays or tensors
float64-attributes = ["mypkg.stats:Scaler.mean_"]   # hold float64 arrays or tensors

[tool.f64lint.per-file-ignores]
"tests/**" = ["F64001", "F64002"]   # float64 references in tests are on purpose
"conftest.py" = ["F640"]

[tool.f64lint.severity]
F64002 = "warning"
```

`no-float64-devices` adds devices that lack float64 (Ascend `npu`, some Intel `xpu`
parts): moves there are flagged, guards that test for them (`device.type not in ("mps",
"npu")`) are understood, and device-aware fixes test for all of them. `safe-helpers` names
the project's own function that picks a dtype a device can hold; it must take `(dtype,
device)`. With it, device-aware fixes write `dtype = mps_safe_dtype(torch.float64, device)`
(and import it once) instead of an inline conditional. A call to such a helper is never a
finding: what it returns is not a dtype f64lint can read. `float64-functions` names the
project's own makers of float64 data whose dtype the code does not spell (a loader that
reads CSV files, a wrapper of a library): where the run's files call one, its result is
float64, as if f64lint had found it so in that module, and messages point at the line of
the configuration that says so. A method is named after its module and class, with a colon
between them (`mypkg.io:Reader.read`); `float64-attributes` names in the same form the
attributes of a class (`mypkg.stats:Scaler.mean_`, read as `scaler.mean_` of a
`scaler = Scaler()`) and the module-level names (`mypkg.grids.COORDS`) that hold float64
data.

Globs use gitignore syntax. As in Ruff, a pattern without a slash (`build`, `test_*.py`)
matches a file or folder name anywhere; a pattern with one (`src/legacy/*.py`, `tests/**`)
matches the path from the project root. The default excludes are `.bzr`, `.direnv`, `.eggs`,
`.f64lint_cache`, `.git`, `.git-rewrite`, `.hg`, `.ipynb_checkpoints`, `.mypy_cache`, `.nox`,
`.pants.d`, `.pyenv`, `.pytest_cache`, `.pytype`, `.ruff_cache`, `.svn`, `.tox`, `.venv`,
`.vscode`, `__pypackages__`, `_build`, `buck-out`, `build`, `dist`, `node_modules`,
`site-packages` and `venv`. Only folders found while walking are excluded by name: passing
`.../site-packages/transformers` lints it.

The module: settings: `[tool.f64lint]` in the nearest pyproject.toml, or `--config`, plus the command line."""

from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple, Union

from f64lint import observed
from f64lint.diagnostic import Severity
from f64lint.fix.options import FixOptions, Strategy
from f64lint.observed import Observation
from f64lint.workspace.globs import matches
from f64lint.workspace.selection import SelectorError, check_selectors, is_selected, resolve_codes, without

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

DEFAULT_EXCLUDE: Tuple[str, ...] = (
    ".bzr", ".direnv", ".eggs", ".f64lint_cache", ".git", ".git-rewrite", ".hg",
    ".ipynb_checkpoints", ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache",
    ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build",
    "buck-out", "build", "dist", "node_modules", "site-packages", "venv",
)


class ConfigError(Exception):
    """A usage or configuration mistake: reported in one line, exit code 2."""


@dataclass(frozen=True)
class Settings:
    root: Path = field(default_factory=Path.cwd)  # relative patterns are matched from here
    config_file: Optional[Path] = None
    select: Optional[Tuple[str, ...]] = None  # None: the rules enabled by default
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    exclude: Tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: Tuple[str, ...] = ()
    per_file_ignores: Tuple[Tuple[str, Tuple[str, ...]], ...] = ()
    severity: Tuple[Tuple[str, Severity], ...] = ()
    force_exclude: bool = False
    respect_gitignore: bool = True
    fix_strategy: Strategy = Strategy.DEVICE_AWARE
    fix_dtype: str = "float32"
    unsafe_fixes: bool = False
    fixable: Optional[Tuple[str, ...]] = None  # None: every rule's fixes
    unfixable: Tuple[str, ...] = ()
    no_float64_devices: Tuple[str, ...] = ("mps",)
    safe_helpers: Tuple[str, ...] = ()
    # The project's own functions and methods that return float64 arrays or tensors (its
    # loaders), and attributes and module-level names that hold them.
    float64_functions: Tuple[str, ...] = ()
    float64_attributes: Tuple[str, ...] = ()
    # The project's line length for fixed lines: its formatter's (`[tool.ruff]`, `[tool.black]`).
    line_length: int = 88
    # What the project's tests saw at run time under `pytest --mps-emulation` (observed.py).
    observations: Tuple[Observation, ...] = ()

    def enabled_codes(self, path: Optional[Path]) -> FrozenSet[str]:
        codes = resolve_codes(self.select, self.extend_select, self.ignore)
        for ignored in self._ignored_in(path):
            codes = without(codes, ignored)
        return codes

    def selection_key(self, path: Union[Path, str, None]) -> str:
        """What decides the rules enabled for a file, as configured: it keys the cache, so
        that a file found there is reported without resolving codes (or loading rules)."""
        return repr((self.select, self.extend_select, self.ignore, self._ignored_in(path)))

    def _ignored_in(self, path: Union[Path, str, None]) -> List[Tuple[str, ...]]:
        """The codes per-file ignores take away from this file."""
        if path is None:
            return []
        return [ignored for pattern, ignored in self.per_file_ignores if matches((pattern,), path, self.root)]

    def observed_in(self, path: Optional[Path]) -> Tuple[Observation, ...]:
        """The observations of values made in this file."""
        if path is None or not self.observations:
            return ()
        relative = Path(os.path.relpath(os.path.abspath(path), self.root)).as_posix()
        return tuple(observation for observation in self.observations if observation.made.path == relative)

    def fix_options(self) -> FixOptions:
        helper = self.safe_helpers[0] if self.safe_helpers else None
        return FixOptions(self.fix_strategy, self.fix_dtype, helper, self.line_length)

    def devices(self) -> FrozenSet[str]:
        return frozenset(self.no_float64_devices)

    def is_fixable(self, code: str) -> bool:
        return is_selected(code, self.fixable or ("F",), (), self.unfixable)

    def severity_of(self, code: str, reaches_mps: bool = False) -> Severity:
        """The configured severity; else an error for a finding whose value reaches a
        device that may be MPS; else the rule's default."""
        best: Tuple[int, Optional[Severity]] = (-1, None)
        for selector, severity in self.severity:
            if code.startswith(selector) and len(selector) > best[0]:
                best = (len(selector), severity)
        if best[1] is not None:
            return best[1]
        if reaches_mps:
            return Severity.ERROR
        from f64lint.rules import RULES_BY_CODE  # loaded once findings are made, not to read settings

        return RULES_BY_CODE[code].severity


@dataclass(frozen=True)
class Overrides:
    """What the command line says; None means "not given"."""

    select: Optional[Tuple[str, ...]] = None
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    force_exclude: Optional[bool] = None
    respect_gitignore: Optional[bool] = None
    fix_strategy: Optional[Strategy] = None
    unsafe_fixes: Optional[bool] = None
    fixable: Optional[Tuple[str, ...]] = None
    unfixable: Tuple[str, ...] = ()


def _strings(key: str, value: Any) -> Tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"`{key}` must be a list of strings, got {value!r}")
    return tuple(value)


def _boolean(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"`{key}` must be true or false, got {value!r}")
    return value


def _per_file_ignores(key: str, value: Any) -> Tuple[Tuple[str, Tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"`{key}` must be a table of glob = [codes], got {value!r}")
    entries = []
    for pattern, codes in value.items():
        codes = _strings(f"{key}.{pattern!r}", codes)
        _check(codes, f"`{key}.{pattern!r}`")
        entries.append((pattern, codes))
    return tuple(entries)


def _severity(key: str, value: Any) -> Tuple[Tuple[str, Severity], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"`{key}` must be a table of code = \"error\" | \"warning\", got {value!r}")
    entries = []
    for selector, level in value.items():
        _check([selector], f"`{key}`")
        if level not in ("error", "warning"):
            raise ConfigError(f"`{key}.{selector}` must be \"error\" or \"warning\", got {level!r}")
        entries.append((selector, Severity(level)))
    return tuple(entries)


def _check(selectors: Sequence[str], where: str) -> None:
    try:
        check_selectors(selectors, where)
    except SelectorError as error:
        raise ConfigError(str(error)) from None


def _selectors(key: str, value: Any) -> Tuple[str, ...]:
    selectors = _strings(key, value)
    _check(selectors, f"`{key}`")
    return selectors


def _strategy(key: str, value: Any) -> Strategy:
    choices = [strategy.value for strategy in Strategy]
    if value not in choices:
        raise ConfigError(f"`{key}` must be one of {', '.join(map(repr, choices))}, got {value!r}")
    return Strategy(value)


FIX_DTYPES = ("float32", "float16", "bfloat16")


def _fix_dtype(key: str, value: Any) -> str:
    if value not in FIX_DTYPES:
        raise ConfigError(f"`{key}` must be one of {', '.join(map(repr, FIX_DTYPES))}, got {value!r}")
    return value


def _device_types(key: str, value: Any) -> Tuple[str, ...]:
    devices = _strings(key, value)
    for device in devices:
        if not device.isidentifier():
            raise ConfigError(f"`{key}` must list device types such as \"mps\" or \"npu\", got {device!r}")
    return devices


def _helpers(key: str, value: Any) -> Tuple[str, ...]:
    helpers = _strings(key, value)
    for helper in helpers:
        if not all(part.isidentifier() for part in helper.split(".")) or "." not in helper:
            raise ConfigError(f"`{key}` must list dotted names such as \"mypkg.utils.mps_safe_dtype\", got {helper!r}")
    return helpers


_MEMBER_EXAMPLES = {"float64-functions": "mypkg.io.load_table", "float64-attributes": "mypkg.stats:Scaler.mean_"}


def _members(key: str, value: Any) -> Tuple[str, ...]:
    """Dotted names (`mypkg.io.load_table`), or a module's and a member's with a colon
    between them (`mypkg.io:Reader.read`)."""
    members = _strings(key, value)
    for member in members:
        module, colon, name = member.partition(":")
        parts = [*module.split("."), *(name.split(".") if colon else ())]
        if not all(part.isidentifier() for part in parts) or not (colon or "." in member):
            raise ConfigError(f"`{key}` must list dotted names such as \"{_MEMBER_EXAMPLES[key]}\", got {member!r}")
    return members


@dataclass(frozen=True)
class Key:
    """A key of `[tool.f64lint]`: the setting it fills, how its value is read, and what it
    means (docs/configuration.md is made from these)."""

    attribute: str
    read: Callable[[str, Any], Any]
    meaning: str


KEYS: Dict[str, Key] = {
    "select": Key("select", _selectors, "Rule codes or prefixes to run; by default every rule that is on by default."),
    "extend-select": Key(
        "extend_select", _selectors, "Codes added to `select` (`F64010`, `F64100` are off by default)."
    ),
    "ignore": Key("ignore", _selectors, "Codes never reported."),
    "exclude": Key("exclude", _strings, "Globs of files and folders not linted; replaces the default list."),
    "extend-exclude": Key("extend_exclude", _strings, "Globs excluded on top of `exclude`."),
    "per-file-ignores": Key(
        "per_file_ignores", _per_file_ignores, "A table of globs to the codes ignored in the files they match."
    ),
    "severity": Key(
        "severity", _severity, 'A table of codes or prefixes to `"error"` or `"warning"`; wins over the rules\' own.'
    ),
    "force-exclude": Key(
        "force_exclude", _boolean, "Excludes hold even for files named on the command line (pre-commit)."
    ),
    "respect-gitignore": Key("respect_gitignore", _boolean, "Files `.gitignore` ignores are not linted."),
    "fix-strategy": Key(
        "fix_strategy",
        _strategy,
        '`"thread-dtype"` (a `dtype` parameter) or `"device-aware"` (float32 on MPS only, wherever a device is known).',
    ),
    "fix-dtype": Key(
        "fix_dtype", _fix_dtype, "The default of an added `dtype` parameter: float32, float16 or bfloat16."
    ),
    "unsafe-fixes": Key("unsafe_fixes", _boolean, "`--fix` applies unsafe fixes too (they change CPU/CUDA precision)."),
    "fixable": Key("fixable", _selectors, "Codes `--fix` may fix; by default all."),
    "unfixable": Key("unfixable", _selectors, "Codes `--fix` never fixes."),
    "no-float64-devices": Key(
        "no_float64_devices",
        _device_types,
        'Device types without float64 (`"npu"`, some `"xpu"`): moves there are flagged, guards for them understood.',
    ),
    "safe-helpers": Key(
        "safe_helpers",
        _helpers,
        "The project's `helper(dtype, device)` that picks a dtype the device holds: device-aware fixes call it.",
    ),
    "float64-functions": Key(
        "float64_functions",
        _members,
        "The project's functions and methods (`pkg.mod:Class.method`) that return float64 arrays or tensors: "
        "their results are float64 where called.",
    ),
    "float64-attributes": Key(
        "float64_attributes",
        _members,
        "Attributes (`pkg.mod:Class.attribute`) and module-level names that hold float64 arrays or tensors.",
    ),
}


def settings_from_table(table: Mapping[str, Any], root: Path, config_file: Optional[Path]) -> Settings:
    values: Dict[str, Any] = {}
    for key, value in table.items():
        if key not in KEYS:
            known = ", ".join(sorted(KEYS))
            close = difflib.get_close_matches(key, list(KEYS), n=1)
            hint = f"; did you mean `{close[0]}`?" if close else ""
            raise ConfigError(f"unknown key `{key}`{hint} (known keys: {known})")
        values[KEYS[key].attribute] = KEYS[key].read(key, value)
    return Settings(root=root, config_file=config_file, **values)


def _read_toml(path: Path) -> Dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None


def _section(data: Dict[str, Any], path: Path) -> Optional[Mapping[str, Any]]:
    """The f64lint table of a config file: `[tool.f64lint]` in a pyproject.toml, the whole
    file otherwise (an `f64lint.toml` passed with `--config`)."""
    if path.name != "pyproject.toml":
        return data
    tool = data.get("tool", {})
    section = tool.get("f64lint") if isinstance(tool, dict) else None
    if section is not None and not isinstance(section, dict):
        raise ConfigError(f"{path}: [tool.f64lint] must be a table")
    return section


def load_file(path: Path) -> Settings:
    data = _read_toml(path)
    section = _section(data, path)
    try:
        settings = settings_from_table(section or {}, Path(os.path.abspath(path)).parent, path)
        return replace(settings, line_length=_line_length(data) or settings.line_length)
    except ConfigError as error:
        where = f"{path}: [tool.f64lint]" if path.name == "pyproject.toml" else f"{path}:"
        raise ConfigError(f"{where} {error}") from None


def find_config(start: Path) -> Optional[Path]:
    """The nearest pyproject.toml with a [tool.f64lint] table, from `start` upward."""
    directory = Path(os.path.abspath(start))
    if not directory.is_dir():
        directory = directory.parent
    for candidate_dir in (directory, *directory.parents):
        candidate = candidate_dir / "pyproject.toml"
        if candidate.is_file() and _section(_read_toml(candidate), candidate) is not None:
            return candidate
    return None


def common_start(paths: Sequence[Path]) -> Path:
    if not paths:
        return Path.cwd()
    return Path(os.path.commonpath([os.path.abspath(p) for p in paths]))


def load_settings(
    paths: Sequence[Path],
    config_path: Optional[Path],
    isolated: bool,
    overrides: Overrides,
) -> Settings:
    if isolated:
        return apply_overrides(Settings(root=Path.cwd()), overrides)
    if config_path is not None:
        settings = load_file(config_path)
    else:
        found = find_config(common_start(paths))
        settings = load_file(found) if found is not None else _formatter_settings(common_start(paths))
    return apply_overrides(replace(settings, observations=_observations(settings.root)), overrides)


def _observations(root: Path) -> Tuple[Observation, ...]:
    """What `pytest --mps-emulation` wrote down under the project's root, if it did."""
    path = root / observed.PATH
    if not path.is_file():
        return ()
    try:
        return observed.read(path)
    except (OSError, observed.BadObservations) as error:
        again = "written by `pytest --mps-emulation`: run it again, or delete the file"
        raise ConfigError(f"{path}: {error} ({again})") from None


def _line_length(data: Mapping[str, Any]) -> Optional[int]:
    """The project formatter's line length: `line-length` of [tool.ruff], else [tool.black]."""
    tool = data.get("tool")
    for name in ("ruff", "black"):
        table = tool.get(name) if isinstance(tool, dict) else None
        length = table.get("line-length") if isinstance(table, dict) else None
        if isinstance(length, int) and not isinstance(length, bool) and length > 0:
            return length
    return None


def _formatter_settings(start: Path) -> Settings:
    """Settings without an f64lint configuration: the defaults, with the line length of
    the nearest pyproject.toml's formatter."""
    directory = Path(os.path.abspath(start))
    if not directory.is_dir():
        directory = directory.parent
    for candidate_dir in (directory, *directory.parents):
        candidate = candidate_dir / "pyproject.toml"
        if candidate.is_file():
            try:
                length = _line_length(_read_toml(candidate))
            except ConfigError:
                length = None
            return Settings(root=Path.cwd(), line_length=length or 88)
    return Settings(root=Path.cwd())


def apply_overrides(settings: Settings, overrides: Overrides) -> Settings:
    for option, selectors in (
        ("--select", overrides.select or ()),
        ("--extend-select", overrides.extend_select),
        ("--ignore", overrides.ignore),
        ("--fixable", overrides.fixable or ()),
        ("--unfixable", overrides.unfixable),
    ):
        _check(selectors, option)
    changes: Dict[str, Any] = {
        "extend_select": settings.extend_select + overrides.extend_select,
        "ignore": settings.ignore + overrides.ignore,
        "unfixable": settings.unfixable + overrides.unfixable,
    }
    if overrides.select is not None:
        changes["select"] = overrides.select
    for name in ("force_exclude", "respect_gitignore", "fix_strategy", "unsafe_fixes", "fixable"):
        if getattr(overrides, name) is not None:
            changes[name] = getattr(overrides, name)
    return replace(settings, **changes)
