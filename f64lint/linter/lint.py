"""Lint one file: source text in, diagnostics out."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, FrozenSet, Iterator, List, Optional, Sequence, Tuple, Type

from f64lint.analysis.domain.devices import NO_FLOAT64_DEVICES
from f64lint.analysis.domain.library import ARRAY_FILE_WRITERS, DTYPE_WIDTHS
from f64lint.analysis.domain.probed import probed_libraries
from f64lint.analysis.flow.analysis import analyse
from f64lint.analysis.flow.passed_on import passed_on
from f64lint.analysis.flow.summaries import (
    ModuleSummary,
    attributes_held,
    state_held,
    summarise,
    summarise_dtypes,
)
from f64lint.analysis.flow.through import given_back
from f64lint.analysis.project.exports import KEPT, Export, Imported
from f64lint.analysis.project.observed import Observed
from f64lint.analysis.semantic.facts import ModuleFacts, Suite
from f64lint.analysis.semantic.modules import ModulePlace, is_example_path, is_test_module
from f64lint.analysis.semantic.traces import TraceLimit
from f64lint.diagnostic import Diagnostic, Edit, Position, Severity
from f64lint.fix.options import FixOptions
from f64lint.fix.planner import plan_fixes
from f64lint.linter.collection import collection_paused
from f64lint.linter.narrowing import Narrowed, defines_a_dataset, makers_left_out, makers_only, narrowed
from f64lint.linter.narrowing.arrays import array_makers, names_object_makers
from f64lint.linter.narrowing.kept_parameters import kept_parameters
from f64lint.linter.prefilter import rules_that_may_fire
from f64lint.linter.suppression import apply_suppressions, parse_directives
from f64lint.observed import Observation
from f64lint.rules import ALL_RULES
from f64lint.rules.base import FileRule, Finding, Rule
from f64lint.rules.file_problems import UnparsableFile, UnreadableFile, UnusedNoqa
from f64lint.source.notebook import is_notebook
from f64lint.source.parsing import ParseFailure, parse
from f64lint.workspace.selection import known_codes

SeverityOf = Callable[..., Severity]  # (code, reaches_mps=False) -> Severity


def _diagnostic(
    path: str,
    rule: Type[Rule],
    start: Position,
    end: Position,
    message: str,
    severity_of: SeverityOf,
    noqa_line: int = 0,
    reaches_mps: bool = False,
) -> Diagnostic:
    return Diagnostic(
        path, start, end, rule.code, rule.name, message, severity_of(rule.code, reaches_mps), noqa_line=noqa_line
    )


def unreadable(path: str, reason: str, enabled: FrozenSet[str], severity_of: SeverityOf) -> List[Diagnostic]:
    if UnreadableFile.code not in enabled:
        return []
    here = Position(1, 1)
    return [_diagnostic(path, UnreadableFile, here, here, reason, severity_of)]


def _parse_failure(
    path: str, message: str, at: Position, enabled: FrozenSet[str], severity_of: SeverityOf
) -> List[Diagnostic]:
    if UnparsableFile.code not in enabled:
        return []
    return [_diagnostic(path, UnparsableFile, at, at, message, severity_of)]


def _flag(
    path: str,
    facts: ModuleFacts,
    found: List[Tuple[Rule, Finding]],
    severity_of: SeverityOf,
    fix_options: FixOptions,
    narrowing: Narrowed,
) -> Iterator[Diagnostic]:
    fixes = plan_fixes(facts, [finding.fix for _, finding in found], fix_options)
    for (rule, finding), fix in zip(found, fixes):
        if fix is not None and not all(_kept(narrowing, edit) for edit in fix.edits):
            fix = None  # it would write code narrowing left out: never lose the source
        start = facts.positions[finding.anchor or finding.node].start
        end = facts.positions[finding.node].end
        diagnostic = _diagnostic(
            path,
            type(rule),
            Position(start.line, start.column + 1),
            Position(end.line, end.column + 1),
            finding.message,
            severity_of,
            noqa_line=facts.statement_end_line(finding.node),
            reaches_mps=finding.reaches_mps,
        )
        yield replace(diagnostic, fix=fix) if fix is not None else diagnostic


def _kept(narrowing: Narrowed, edit: Edit) -> bool:
    return narrowing.keeps(edit.start.line, edit.start.column - 1, edit.end.line, edit.end.column - 1)


@dataclass(frozen=True)
class Linted:
    """One file's diagnostics, and what it exports to the modules that import it."""

    diagnostics: List[Diagnostic]
    exports: ModuleSummary = ()


def _is_a_script(path: str, text: str, place: Optional[ModulePlace]) -> bool:
    """A notebook, or a module in no package that runs as a program: under a folder of
    examples, scripts, tools (and the like), or with a `__main__` guard or an argument
    parser."""
    if is_notebook(path):
        return True
    if place is None or place.package != "":
        return False
    return is_example_path(path) or "__main__" in text or "ArgumentParser" in text


# A module shorter than this (in characters, about 250 lines) is read whole: parsing it costs
# little, and narrowing's text patterns can leave out what the evaluator would follow (a
# helper a module-level call hands an array, through a function that hands it on).
READ_WHOLE_BELOW = 10_000
# A program shorter than this (about 750 lines) with no finding is read for the objects it
# passes its package's functions; a library's longer tools with a `__main__` guard are not.
PROGRAMS_READ_BELOW = 30_000
_MAIN_GUARD = re.compile(r"""^if\s+__name__\s*==\s*["']__main__["']\s*:""", re.MULTILINE)


@collection_paused()
def lint_source(
    path: str,
    text: str,
    enabled: FrozenSet[str],
    severity_of: SeverityOf,
    fix_options: FixOptions = FixOptions(),
    devices: FrozenSet[str] = NO_FLOAT64_DEVICES,
    place: Optional[ModulePlace] = None,
    imported: Imported = Imported(),
    suite: Suite = Suite(),
    observations: Sequence[Observation] = (),
    summarised: bool = False,
) -> Linted:
    """Diagnostics for one file's source (unsorted) and its exports, when its place among
    the modules is known. For a test module, `suite` is what the rest of its test suite
    says about its tests (`f64lint/runner/suite_context.py`). `summarised`: its exports
    whatever it has (a file --fix changed: the modules that import it are linted with what
    its fixed text gives, such as the NumPy arrays a module that imports torch keeps).

    A file that no enabled rule can fire on (the rules' `required` patterns) is not parsed
    at all: that is most files, and parsing is nearly all of the cost. Nor is one in
    which narrowing leaves nothing a rule can fire on (NumPy code that makes no float64
    tensor, a `double` in a function no finding can come from); a short one
    (`READ_WHOLE_BELOW`) is not narrowed. A file given the exports
    of modules it imports is read by every rule, and its definitions are not narrowed:
    a value it imports needs no spelling of its own, and reaches code through classes
    and functions no spelling shows (a base class of another file calling a function a
    subclass hands it). So is a file the project's tests saw make float64 values that reached
    MPS (`observations`): what they saw has no spelling either.
    """
    checkable = [rule for rule in ALL_RULES if rule.code in enabled and not issubclass(rule, FileRule)]
    unspelled = bool(imported) or bool(observations)
    candidates = checkable if unspelled else rules_that_may_fire(checkable, text)
    in_tests = is_test_module(path)
    in_script = not in_tests and _is_a_script(path, text, place)
    narrows_definitions = not unspelled and all(rule.narrows for rule in candidates) and len(text) >= READ_WHOLE_BELOW
    if candidates and not observations:  # an observation is placed by the lines as they are
        batches = any(rule.reads_batches for rule in candidates)
        narrowing = narrowed(text, imported.names(), narrows_definitions, in_tests or in_script, batches)
    else:
        narrowing = Narrowed(text, text)
    parsed = narrowing.text
    narrowed_away = parsed is not text and not unspelled  # an imported value has no spelling to look for
    rules = [rule() for rule in (rules_that_may_fire(candidates, parsed) if narrowed_away else candidates)]
    flagged: List[Diagnostic] = []
    exports: ModuleSummary = ()
    if rules:
        module = parse(parsed)
        if isinstance(module, ParseFailure) and parsed is not text:
            parsed, narrowing = text, Narrowed(text, text)
            rules = [rule() for rule in candidates]
            module = parse(text)
        if isinstance(module, ParseFailure):
            failure = _parse_failure(path, module.message, module.at, enabled, severity_of)
            return Linted(_with_source_lines(failure, text))
        try:
            name, package = (place.name, place.package) if place is not None else (None, None)
            seen = Observed(observations)
            analysis = analyse(module, devices, parsed, name, package, imported, in_tests, suite, in_script, seen)
            found = [(rule, finding) for rule in rules for finding in rule.check(analysis)]
            flagged.extend(_flag(path, analysis.facts, found, severity_of, fix_options, narrowing))
            if flagged:  # a float64 value a module gives away is a finding where it is made
                exports = summarise(analysis, path)
                if place is not None and parsed is not text:  # and the NumPy makers narrowing left out
                    left_out = makers_left_out(text, parsed)
                    if left_out is not None:
                        more = _summary_of(path, left_out, devices, place, imported, in_tests, suite, in_script)
                        exports = (*exports, *more)
            elif imported or _may_pass_arrays(text) or _may_pass_objects(text, place):
                # what it hands on of the arrays it makes, other modules pass it or it imports
                exports = (*passed_on(analysis, path), *given_back(analysis, path))
                if imported.holds_state():  # the float64 state of another module's objects it keeps
                    exports = (*exports, *state_held(analysis, path))
                if imported.gives_data():  # the float64 data it imports its objects keep
                    exports = (*exports, *attributes_held(analysis, path))
            if not flagged and _sets_wide_dtype(parsed):  # or the float64 dtypes it gives away
                exports = (*exports, *summarise_dtypes(analysis, path))
        except (RecursionError, TraceLimit) as stopped:  # no file takes unbounded time (semantic/traces.py)
            deep = isinstance(stopped, RecursionError)
            why = "too deeply nested to check" if deep else f"too complex to check: {stopped}"
            failure = _parse_failure(path, why, Position(1, 1), enabled, severity_of)
            return Linted(_with_source_lines(failure, text))
    runs_the_project = in_tests or in_script or _calls_at_import(text, place)
    objects = place is not None and not flagged and _makes_float64_objects(text)
    passes = not rules and _may_pass_objects(text, place)  # read above where a rule may fire
    # arrays other modules save to files it loads, or it saves
    files = place is not None and not flagged and (imported.gives_saved_files() or _saves_arrays(text))
    if place is not None and not flagged and (
        summarised
        or objects
        or passes
        or files
        or imported.passes()
        or defines_a_dataset(text)
        or _makes_numpy_float64(text, runs_the_project)
    ):
        # read whole where other modules pass its functions data (what they give back of it)
        # or it makes library objects (which of its functions return one); a module that
        # defines a dataset class, for its items (what they hold of what `__init__` is given)
        whole = imported.passes() or objects or passes or files
        narrowing = Narrowed(text, text) if whole else _summary_text(text)
        summary = _summary_of(path, narrowing, devices, place, imported, in_tests, suite, in_script)
        # with what the whole module's calls pass others (narrowing leaves most calls out)
        exports = tuple({e.identity: e for e in (*summary, *exports)}.values())
    if place is not None:
        exports = (*exports, *_kept_functions(path, text, place))

    if not flagged and UnusedNoqa.code not in enabled:
        return Linted([], exports)  # nothing to suppress, and no unused noqa comment to report
    kept, unused = apply_suppressions(flagged, parse_directives(text), enabled, known_codes())
    if UnusedNoqa.code in enabled:
        for directive, message in unused:
            at = Position(directive.line, directive.column)
            kept.append(_diagnostic(path, UnusedNoqa, at, at, message, severity_of))
    return Linted(_with_source_lines(kept, text), exports)


# A name or attribute set to a float64 dtype, or one returned, on a line of its own:
# `DTYPE = torch.float64`, `self.dtype = np.double`, `dtype: torch.dtype = torch.float64`,
# `return "float64"` (not a keyword argument: `dtype=np.float64,`).
_WIDE_DTYPE_NAMES = "|".join(sorted({
    name.rsplit(".", 1)[-1] for name, width in DTYPE_WIDTHS.items() if width != "narrow" and "builtins." not in name
}))
_SETS_WIDE_DTYPE = re.compile(
    r"^[ \t]*(?:[\w.]+[ \t]*(?::[^=\n]+)?=|return)[ \t]*[\w.]*?[\"']?\b(?:%s)\b[^,()#\n]*(?:#.*)?$"
    % _WIDE_DTYPE_NAMES,
    re.MULTILINE,
)
# A table of dtypes with a float64 one, by name: bound at the module's top on one line
# (`PRECISIONS = {"fp32": torch.float32, "fp64": torch.float64}`), or an entry of one
# written over lines (`    "fp64": torch.float64,`).
_TABLES_WIDE_DTYPE = re.compile(
    r"^(?:\w+[ \t]*(?::[^=\n]+)?=[ \t]*\{.*:[ \t]*[\w.]*\b(?:%s)\b"
    r"|[ \t]+[\"'][\w.-]+[\"'][ \t]*:[ \t]*[\w.]*\b(?:%s)\b[ \t]*,?[ \t]*(?:#.*)?$)"
    % (_WIDE_DTYPE_NAMES, _WIDE_DTYPE_NAMES),
    re.MULTILINE,
)


def _sets_wide_dtype(text: str) -> bool:
    """Does a module with no finding bind or return a float64 dtype, or keep one in a table
    by name, which the modules that import it may use (flow/summaries.py)?"""
    return bool(_SETS_WIDE_DTYPE.search(text) or _TABLES_WIDE_DTYPE.search(text))


def _calls_at_import(text: str, place: Optional[ModulePlace]) -> bool:
    """Is it a module in no package that calls something as a statement of its own at its
    top (`fit(x, device)` in a `run.py` beside the package): a program whose calls hand the
    project's functions their arrays, as a script's do?"""
    return place is not None and place.package == "" and bool(_CALLS_AT_IMPORT.search(text))


_CALLS_AT_IMPORT = re.compile(r"^[A-Za-z_][\w.]*\(", re.MULTILINE)
_IMPORTS_TORCH = re.compile(r"^\s*(?:import|from)\s+torch\b", re.MULTILINE)
# The libraries whose arrays the probe saw made (torch's tensors are findings where made).
_ARRAY_LIBRARIES = tuple(sorted(probed_libraries() - {"torch"}))


def _may_pass_arrays(text: str) -> bool:
    """Does a module with no finding make NumPy arrays, in a program (a `__main__` guard)
    or a module short enough to be read whole, whose calls may pass them to other modules'
    functions (flow/passed_on.py)? Reading every module's calls costs too much."""
    short = len(text) < READ_WHOLE_BELOW or "__main__" in text
    return short and _names_array_library(text) and bool(array_makers(text).search(text))


def _may_pass_objects(text: str, place: Optional[ModulePlace]) -> bool:
    """Is a module with no finding a program of a package (an `if __name__ == "__main__":`
    at its top), short enough to read whole (a training script, not a library's tool), that
    imports from the package, whose functions its calls may pass objects of the package's
    classes (`collect(env)` of `env = ReachEnv()`, both of `pkg.rollout`: flow/passed_on.py)?
    It is read for those even where no rule may fire on it."""
    if place is None or not place.package or len(text) >= PROGRAMS_READ_BELOW or not _MAIN_GUARD.search(text):
        return False
    top = re.escape(place.package.split(".")[0])
    return re.search(rf"^[ \t]*from[ \t]+(?:\.|{top}\b)", text, re.MULTILINE) is not None


_ARRAY_WRITER = re.compile(
    r"\.(?:%s)\s*\(" % "|".join(sorted({name.rsplit(".", 1)[-1] for name in ARRAY_FILE_WRITERS}))
)


def _makes_float64_objects(text: str) -> bool:
    """Is a module with no finding short enough to read whole, without torch, and does it
    make library objects with float64 members (`StandardScaler()`), which its functions may
    return to other modules (flow/summaries.py `OBJECT` rows)?"""
    if len(text) >= READ_WHOLE_BELOW or not _names_array_library(text) or _IMPORTS_TORCH.search(text):
        return False
    return names_object_makers(text)


def _saves_arrays(text: str) -> bool:
    """Is a module short enough to read whole, and does it call a writer of arrays to
    files (`np.save(path, x)`), whose arrays other modules may load (`SAVED` rows)?"""
    return len(text) < READ_WHOLE_BELOW and _names_array_library(text) and _ARRAY_WRITER.search(text) is not None


def _names_array_library(text: str) -> bool:
    """Does a module name NumPy or another library the probe saw make arrays?"""
    return any(library in text for library in _ARRAY_LIBRARIES)


def _makes_numpy_float64(text: str, runs_the_project: bool) -> bool:
    """Does a module with no finding make NumPy float64 arrays for others: a module of
    NumPy or of a library the probe called (SciPy's `Rotation.as_matrix()`) that does not
    import torch (one that does mostly hands its arrays to torch itself, where they are
    findings; reading every such long module costs too much) or is short enough to read
    whole (`utils.py` of a package, whose `schedule()` another module makes a tensor of),
    or a test or a script (`runs_the_project`), whose calls hand the project's functions
    their arrays (flow/passed_on.py)? (The cheap tests first: the makers' patterns are
    built per module.)"""
    if not _names_array_library(text):
        return False
    if _IMPORTS_TORCH.search(text) and not runs_the_project and len(text) >= READ_WHOLE_BELOW:
        return False
    return bool(array_makers(text).search(text))


def _summary_text(text: str) -> Narrowed:
    """What a module with no finding that makes NumPy float64 arrays is read from for its
    summary: the definitions that can make them (narrowing leaves the others out); a module
    short enough to read whole, or that defines a dataset class, whole: narrowing keeps
    the definitions its patterns name makers in, not one that makes an array of what
    another returns (`np.array([best_threshold(s) for s in scores])`), nor, in a dataset,
    what makes the places of the items whose dtype it shows."""
    whole = len(text) < READ_WHOLE_BELOW or defines_a_dataset(text)
    return Narrowed(text, text) if whole else makers_only(text)


def _summary_of(
    path: str,
    narrowing: Narrowed,
    devices: FrozenSet[str],
    place: ModulePlace,
    imported: Imported,
    in_tests: bool,
    suite: Suite,
    in_script: bool,
) -> ModuleSummary:
    """The summary of a module read from a narrowed text of it."""
    module = parse(narrowing.text)
    if isinstance(module, ParseFailure):
        return ()
    try:
        analysis = analyse(
            module, devices, narrowing.text, place.name, place.package, imported, in_tests, suite, in_script
        )
        return summarise(analysis, path)
    except (RecursionError, TraceLimit):
        return ()


def _kept_functions(path: str, text: str, place: ModulePlace) -> ModuleSummary:
    """The functions the module's classes keep from their `__init__` and call, for the
    subclasses other modules define (narrowing/kept_parameters.py)."""
    return tuple(
        Export(
            place.name,
            f"{kept.owner}.{kept.attribute}",
            False,
            kept.parameter,
            KEPT,
            path,
            kept.line,
            (kept.position,) if kept.position is not None else (),
        )
        for kept in kept_parameters(text)
    )


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _with_source_lines(diagnostics: List[Diagnostic], text: str) -> List[Diagnostic]:
    if not diagnostics:
        return diagnostics
    lines = _LINE_BREAK.split(text)
    return [replace(d, source_lines=tuple(lines[d.start.line - 1 : d.end.line])) for d in diagnostics]
