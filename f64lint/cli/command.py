"""The `f64lint` command: options -> Settings -> run -> report -> exit code."""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Optional, TextIO, Tuple

import click

from f64lint import __version__
from f64lint.diagnostic import Applicability, Diagnostic
from f64lint.fix.options import Strategy
from f64lint.report import ReportOptions
from f64lint.runner.cache import CACHE_DIR_NAME, Cache
from f64lint.runner.results import FixMode, RunResult
from f64lint.runner.run import run, run_stdin
from f64lint.workspace.settings import ConfigError, Overrides, Settings, load_settings

if TYPE_CHECKING:
    from f64lint.cli.baseline import Baseline
    from f64lint.runner.changes import ChangedLines

# What is needed for one command only (a rule's page, a writer, most formats) is loaded
# by that command: a run whose files all come from the cache loads no rule.

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
REPORTERS = {  # --output-format: the module of f64lint.report that renders it
    "text": "text",
    "json": "json_format",
    "github": "github",
    "sarif": "sarif",
    "rdjson": "rdjson",
    "rdjsonl": "rdjsonl",
    "gitlab": "gitlab",
    "junit": "junit",
    "review": "review",
}


def reporter(output_format: str) -> ModuleType:
    return importlib.import_module(f"f64lint.report.{REPORTERS[output_format]}")


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _codes(ctx: click.Context, param: click.Parameter, values: Tuple[str, ...]) -> Optional[Tuple[str, ...]]:
    """`--select F64001,F64002 --select F640` -> ("F64001", "F64002", "F640")."""
    if not values:
        return None
    codes = tuple(code.strip().upper() for value in values for code in value.split(",") if code.strip())
    if not codes:
        raise click.BadParameter("no rule code given", ctx=ctx, param=param)
    return codes


def _fail(message: str) -> "click.exceptions.Exit":
    click.echo(f"f64lint: error: {message}", err=True)
    return click.exceptions.Exit(EXIT_ERROR)


def _explain(code: str) -> None:
    from f64lint.cli.doc_pages import rule_page
    from f64lint.rules import RULES_BY_CODE

    rule = RULES_BY_CODE.get(code.upper())
    if rule is None:
        raise _fail(f"unknown rule code {code!r}; `f64lint --list-rules` lists them")
    click.echo(rule_page(rule), nl=False)


def _list_rules() -> None:
    from f64lint.rules import ALL_RULES

    name_width = max(len(rule.name) for rule in ALL_RULES)
    click.echo(f"{'code':<8} {'name':<{name_width}} {'severity':<8} {'default':<7} summary")
    for rule in ALL_RULES:
        default = "on" if rule.enabled_by_default else "off"
        click.echo(
            f"{rule.code:<8} {rule.name:<{name_width}} {rule.severity.value:<8} {default:<7} {rule.summary}"
        )


def _report_internal_errors(result: RunResult, verbose: bool) -> None:
    for error in result.internal_errors:
        click.echo(f"f64lint: internal error while linting {error.path}: {error.message}", err=True)
        if verbose:
            click.echo(error.traceback, err=True)
    if result.internal_errors and not verbose:
        click.echo("f64lint: run with --verbose for tracebacks, and please report this", err=True)


@click.command(
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Also: `f64lint server` starts the language server for editors (`f64lint server --help`). "
    "A file or folder named `server` is linted as `f64lint ./server`.",
)
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--select", callback=_codes, multiple=True, metavar="CODES",
              help="Only these rules (codes or prefixes, comma-separated), replacing the config's.")
@click.option("--extend-select", callback=_codes, multiple=True, metavar="CODES",
              help="Rules to add to the selection.")
@click.option("--ignore", callback=_codes, multiple=True, metavar="CODES",
              help="Rules to leave out (codes or prefixes).")
@click.option("--output-format", type=click.Choice(sorted(REPORTERS)), default="text",
              show_default=True, help="How to print findings.")
@click.option("--output-file", type=click.Path(path_type=Path, dir_okay=False),
              help="Write the report to this file instead of standard output.")
@click.option("--statistics", is_flag=True,
              help="Print how many findings each rule has, not the findings (text, or JSON with --output-format json).")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--explain", metavar="CODE", help="Print a rule's documentation and exit.")
@click.option("--list-rules", is_flag=True, help="Print a table of all rules and exit.")
@click.option("--config", "config_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Use this pyproject.toml (its [tool.f64lint]) or f64lint.toml instead of searching.")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option("--stdin-filename", type=click.Path(path_type=Path),
              help="The name of the file read from stdin (`-`), for output and per-file-ignores.")
@click.option("--force-exclude/--no-force-exclude", default=None,
              help="Apply excludes even to files named on the command line (for pre-commit).")
@click.option("--respect-gitignore/--no-respect-gitignore", default=None,
              help="Skip files that .gitignore files ignore (default: yes).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=default_jobs, show_default="the number of CPUs",
              help="Lint in this many processes (small runs use one).")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the result cache.")
@click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False),
              help=f"Where to keep the result cache [default: {CACHE_DIR_NAME} in the project root].")
@click.option("--write-baseline", type=click.Path(path_type=Path, dir_okay=False),
              help="Record today's findings in this file and exit 0 (for legacy code).")
@click.option("--baseline", "baseline_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Report only findings that are not in this baseline file.")
@click.option("--add-noqa", is_flag=True,
              help="Add `# noqa: CODE` comments that silence every current finding, and exit.")
@click.option("--diff-base", metavar="REV",
              help="Report only findings on lines changed since this git revision (a pull request's base).")
@click.option("--diff-file", type=click.Path(path_type=Path, dir_okay=False),
              help="Report only findings on lines this unified diff adds (paths relative to the current directory).")
@click.option("--fix/--no-fix", default=False, help="Apply the safe fixes (and unsafe ones with --unsafe-fixes).")
@click.option("--unsafe-fixes/--no-unsafe-fixes", default=None,
              help="Also apply fixes that change precision on CPU/CUDA (config: unsafe-fixes).")
@click.option("--diff", "show_diff", is_flag=True,
              help="Print the unified diff of what --fix would change, write nothing; exit 1 if there is one.")
@click.option("--show-fixes", is_flag=True, help="List the findings that were fixed.")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit 1 when anything was fixed, even if nothing remains.")
@click.option("--fix-strategy", type=click.Choice([s.value for s in Strategy]), default=None,
              help="device-aware (default): float32 on MPS only where the device is known; "
              "thread-dtype: add a `dtype` parameter (config: fix-strategy).")
@click.option("--fixable", callback=_codes, multiple=True, metavar="CODES",
              help="Only fix these rules (codes or prefixes), replacing the config's.")
@click.option("--unfixable", callback=_codes, multiple=True, metavar="CODES",
              help="Never fix these rules.")
@click.option("-v", "--verbose", is_flag=True, help="Show tracebacks for internal errors.")
@click.version_option(__version__, "--version", prog_name="f64lint")
def command(
    paths: Tuple[Path, ...],
    select: Optional[Tuple[str, ...]],
    extend_select: Optional[Tuple[str, ...]],
    ignore: Optional[Tuple[str, ...]],
    output_format: str,
    output_file: Optional[Path],
    statistics: bool,
    quiet: bool,
    exit_zero: bool,
    explain: Optional[str],
    list_rules: bool,
    config_path: Optional[Path],
    isolated: bool,
    stdin_filename: Optional[Path],
    force_exclude: Optional[bool],
    respect_gitignore: Optional[bool],
    jobs: int,
    no_cache: bool,
    cache_dir: Optional[Path],
    write_baseline: Optional[Path],
    baseline_path: Optional[Path],
    add_noqa: bool,
    diff_base: Optional[str],
    diff_file: Optional[Path],
    fix: bool,
    unsafe_fixes: Optional[bool],
    show_diff: bool,
    show_fixes: bool,
    exit_non_zero_on_fix: bool,
    fix_strategy: Optional[str],
    fixable: Optional[Tuple[str, ...]],
    unfixable: Optional[Tuple[str, ...]],
    verbose: bool,
) -> None:
    """Find float64 hardcoding that crashes PyTorch on Apple's MPS backend.

    Lints the *.py, *.pyi and *.ipynb files under PATHS (default: the current directory);
    `-` reads source from stdin.
    """
    if explain is not None:
        _explain(explain)
        return
    if list_rules:
        _list_rules()
        return
    from_stdin = _check_usage(paths, add_noqa, diff_base, diff_file)
    if (fix or show_diff) and (add_noqa or write_baseline is not None):
        raise click.UsageError("--fix and --diff cannot be combined with --add-noqa or --write-baseline")
    if (fix or show_diff) and (diff_base is not None or diff_file is not None):
        # Fixes change whole files (a parameter, its callers), not just the changed lines.
        raise click.UsageError("--fix and --diff cannot be combined with --diff-base or --diff-file")
    targets = list(paths) or [Path(".")]
    overrides = Overrides(
        select=select,
        extend_select=extend_select or (),
        ignore=ignore or (),
        force_exclude=force_exclude,
        respect_gitignore=respect_gitignore,
        fix_strategy=Strategy(fix_strategy) if fix_strategy is not None else None,
        unsafe_fixes=unsafe_fixes,
        fixable=fixable,
        unfixable=unfixable or (),
    )
    search_from = [stdin_filename] if from_stdin and stdin_filename else ([] if from_stdin else targets)
    try:
        settings = load_settings(search_from, config_path, isolated, overrides)
        known = _baseline(baseline_path) if baseline_path is not None else None
        changed = _changed_lines(diff_base, diff_file)
    except ConfigError as error:
        raise _fail(str(error)) from None
    report_file = _opened(output_file)  # before the run: a run that cannot report writes no file

    mode = _fix_mode(fix, show_diff, from_stdin)
    cache = None if no_cache else Cache(cache_dir or settings.root / CACHE_DIR_NAME)
    if from_stdin:
        data = sys.stdin.buffer.read()
        result = run_stdin(data, stdin_filename, settings, mode, cache)
        if fix and not show_diff:  # the fixed source goes to stdout, the report to stderr
            sys.stdout.buffer.write(result.fixed_source if result.fixed_source is not None else data)
            sys.stdout.flush()
    else:
        result = run(targets, settings, jobs, cache, changed, mode)

    if write_baseline is not None:
        _write_baseline(write_baseline, result, verbose)
    if known is not None:
        result.diagnostics, fixed = known.filter(result.diagnostics, result.checked)
        if fixed and not quiet:
            click.echo(f"f64lint: {fixed} baseline entries are fixed now; rewrite it with --write-baseline", err=True)
    if add_noqa:
        _add_noqa(result, verbose)
    _report_fix_problems(result)
    if show_diff:
        _print_diffs(result, settings, quiet)
    else:
        if show_fixes:
            _show_fixes(result, to_stderr=output_format != "text" or from_stdin)
        options = ReportOptions(
            color=False,
            quiet=quiet,
            fixed=len(result.fixed),
            unsafe_fixes=settings.unsafe_fixes,
            fixable=frozenset(d.code for d in result.diagnostics if settings.is_fixable(d.code)),
            failed=len(result.internal_errors),
        )
        _print_report(result, output_format, report_file, statistics, options, to_stderr=from_stdin and fix)
    _report_internal_errors(result, verbose)
    if result.internal_errors:
        raise click.exceptions.Exit(EXIT_ERROR)
    if show_diff:
        if result.texts and not exit_zero:
            raise click.exceptions.Exit(EXIT_FINDINGS)
        return
    if exit_non_zero_on_fix and result.fixed:
        raise click.exceptions.Exit(EXIT_FINDINGS)
    if result.diagnostics and not exit_zero:
        raise click.exceptions.Exit(EXIT_FINDINGS)


def _check_usage(paths: Tuple[Path, ...], add_noqa: bool, diff_base: Optional[str], diff_file: Optional[Path]) -> bool:
    """Options that cannot go together; returns whether the source comes from stdin."""
    from_stdin = Path("-") in paths
    if from_stdin and len(paths) > 1:
        raise click.UsageError("`-` (stdin) cannot be combined with other paths")
    if from_stdin and add_noqa:
        raise click.UsageError("--add-noqa changes files; it cannot read from stdin")
    if diff_base is not None and diff_file is not None:
        raise click.UsageError("--diff-base and --diff-file cannot be combined")
    missing = [str(path) for path in paths if not from_stdin and not os.path.lexists(path)]
    if missing:  # a mistyped path must not pass CI as "All checks passed"
        raise click.BadParameter(f"{', '.join(missing)}: no such file or directory", param_hint="PATHS")
    return from_stdin


def _baseline(path: Path) -> Baseline:
    from f64lint.cli.baseline import Baseline, BaselineError

    try:
        return Baseline.load(path)
    except BaselineError as error:
        raise _fail(str(error)) from None


def _changed_lines(diff_base: Optional[str], diff_file: Optional[Path]) -> Optional[ChangedLines]:
    if diff_file is None and diff_base is None:
        return None
    from f64lint.runner import changes

    try:
        if diff_file is not None:
            return changes.from_file(diff_file)
        assert diff_base is not None  # both None returned above
        return changes.from_git(diff_base)
    except changes.ChangesError as error:
        raise _fail(str(error)) from None


def _write_baseline(path: Path, result: RunResult, verbose: bool) -> None:
    from f64lint.cli.baseline import BaselineError, write

    try:
        write(path, result.diagnostics)
    except BaselineError as error:
        raise _fail(str(error)) from None
    click.echo(f"f64lint: wrote {len(result.diagnostics)} findings to {path}", err=True)
    _report_internal_errors(result, verbose)
    raise click.exceptions.Exit(EXIT_ERROR if result.internal_errors else EXIT_CLEAN)


def _add_noqa(result: RunResult, verbose: bool) -> None:
    from f64lint.linter.add_noqa import add_noqa
    from f64lint.runner.one_file import WHOLE_FILE_CODES

    report = add_noqa(result.diagnostics, WHOLE_FILE_CODES)
    click.echo(f"f64lint: added {report.added} noqa codes in {report.files} files", err=True)
    for problem in report.problems:
        click.echo(f"f64lint: {problem}", err=True)
    _report_internal_errors(result, verbose)
    raise click.exceptions.Exit(EXIT_ERROR if result.internal_errors or report.problems else EXIT_CLEAN)


def _fix_mode(fix: bool, show_diff: bool, from_stdin: bool) -> Optional[FixMode]:
    if show_diff:
        return FixMode(write=False)
    if fix:
        return FixMode(write=not from_stdin, to_stdout=from_stdin)
    return None


def _report_fix_problems(result: RunResult) -> None:
    for problem in result.fix_errors:
        click.echo(f"f64lint: cannot fix {problem}", err=True)
    for d, reason in result.dropped:
        click.echo(
            f"f64lint: {d.path}:{d.start.line}:{d.start.column}: the fix for {d.code} was not applied: "
            f"{reason} (please report this)",
            err=True,
        )


def _print_diffs(result: RunResult, settings: Settings, quiet: bool) -> None:
    for diff in result.diffs():
        click.echo(diff, nl=not diff.endswith("\n"))
    if not quiet:
        count = len(result.fixed)
        held = (
            0
            if settings.unsafe_fixes
            else sum(
                d.fix is not None and d.fix.applicability is not Applicability.SAFE and settings.is_fixable(d.code)
                for d in result.diagnostics
            )
        )
        more = f" {held} more with `--unsafe-fixes` (they change precision on CPU/CUDA)." if held else ""
        click.echo(f"Would fix {count} finding{'' if count == 1 else 's'}.{more}", err=True)


def _show_fixes(result: RunResult, to_stderr: bool) -> None:
    if not result.fixed:
        click.echo("No findings were fixed.", err=to_stderr)
    else:
        click.echo(f"Fixed {len(result.fixed)} finding{'' if len(result.fixed) == 1 else 's'}:", err=to_stderr)
    for d in sorted(result.fixed, key=Diagnostic.sort_key):
        assert d.fix is not None
        click.echo(f"  {d.location()}: {d.code} {d.fix.message}", err=to_stderr)
    for path in result.passed_on:
        click.echo(f"  {path}: its calls now pass their `dtype` to the functions that gained one", err=to_stderr)


def _opened(output_file: Optional[Path]) -> Optional[TextIO]:
    """The report file, opened for the whole command (closed when it ends)."""
    if output_file is None:
        return None
    try:
        handle = open(output_file, "w", encoding="utf-8")  # noqa: SIM115 (the command context closes it)
    except OSError as error:
        raise _fail(f"cannot write {output_file}: {error.strerror or error}") from None
    return click.get_current_context().with_resource(handle)


def _print_report(
    result: RunResult,
    output_format: str,
    report_file: Optional[TextIO],
    statistics: bool,
    options: ReportOptions,
    to_stderr: bool = False,
) -> None:
    stream = sys.stderr if to_stderr else sys.stdout
    color = report_file is None and stream.isatty() and "NO_COLOR" not in os.environ
    options = replace(options, color=color)
    if statistics:
        output = reporter("json" if output_format == "json" else "text").render_statistics(result.diagnostics)
    else:
        output = reporter(output_format).render(result.diagnostics, result.files_checked, options)
    if report_file is not None:
        try:
            report_file.write(output + "\n" if output else "")
            report_file.flush()
        except OSError as error:
            raise _fail(f"cannot write {report_file.name}: {error.strerror or error}") from None
    elif output:
        click.echo(output, color=color, err=to_stderr)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
def server_command() -> None:
    """Start the language server over stdio: findings as you type, quick fixes,
    `source.fixAll.f64lint`, notebooks synced as cells (docs/editor.md).

    Needs pygls: pip install 'f64lint[server]'. Unsafe fixes in "fix all" are asked for
    with the client's initialization options `{"unsafeFixes": true}`.
    """
    try:
        from f64lint.server.protocol import serve
    except ImportError as error:
        raise _fail(f"the server needs pygls: pip install 'f64lint[server]' ({error})") from None
    serve()


def main() -> None:
    """Entry point: a crash outside any one file is one line on stderr and exit code 2.
    `f64lint server ...` is the language server's command (server/protocol.py)."""
    if sys.argv[1:2] == ["server"]:
        server_command(args=sys.argv[2:], prog_name="f64lint server")
        return
    try:
        command(prog_name="f64lint")
    except Exception as error:  # the last line of defence
        if "-v" in sys.argv or "--verbose" in sys.argv:
            raise
        click.echo(f"f64lint: internal error: {type(error).__name__}: {error} (use --verbose)", err=True)
        sys.exit(EXIT_ERROR)
