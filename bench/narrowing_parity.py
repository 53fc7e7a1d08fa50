"""Does narrowing (linter/narrowing/) change what f64lint finds? Lints folders twice, with
the pre-pass and with every file that passes the prefilter parsed whole, every rule on that
lets narrowing leave definitions out (a run with F64010, which reads every definition,
narrows far less), and prints the findings only one of the runs has. Not a test: it prints figures; `.ci/run`
runs it on the torch it installs and fails when the runs differ.

    python bench/narrowing_parity.py FOLDER [FOLDER ...] [--jobs N]

Every module is narrowed in the first run, the short ones a run reads whole too
(`READ_WHOLE_BELOW`), so that what is measured is narrowing itself. Narrowing may keep a
finding the whole module would clear (it reads less), never the other way round: a finding
only the whole-module run has is recall the pre-pass loses. The folders are walked whole (`.gitignore` files are not read: an installed package often lies below an
ignored folder, as pyenv's `versions/`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Set, Tuple
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from f64lint.linter import lint as linter  # noqa: E402
from f64lint.linter.narrowing import Narrowed  # noqa: E402
from f64lint.rules import ALL_RULES  # noqa: E402
from f64lint.runner.run import run  # noqa: E402
from f64lint.workspace.settings import Settings  # noqa: E402

Row = Tuple[str, int, int, str, str, str]


def findings(folders: List[Path], jobs: int) -> Tuple[Set[Row], float]:
    narrowing = tuple(rule.code for rule in ALL_RULES if rule.narrows)
    settings = Settings(root=Path.cwd(), select=narrowing, respect_gitignore=False)
    start = time.perf_counter()
    result = run(folders, settings, jobs=jobs)
    rows = {(d.path, d.start.line, d.start.column, d.code, d.severity.value, d.message) for d in result.diagnostics}
    return rows, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with mock.patch.object(linter, "READ_WHOLE_BELOW", 0):  # short modules narrowed too, as long ones are
        narrowed, narrowed_seconds = findings(args.folders, args.jobs)

    def whole(source: str, *_: object, **__: object) -> Narrowed:
        return Narrowed(source, source)

    with mock.patch.object(linter, "narrowed", whole):  # the workers fork with it
        parsed_whole, whole_seconds = findings(args.folders, args.jobs)
    print(f"narrowed: {len(narrowed)} findings in {narrowed_seconds:.1f} s")
    print(f"whole modules: {len(parsed_whole)} findings in {whole_seconds:.1f} s")
    for row in sorted(parsed_whole - narrowed):
        print("only whole:", *row)
    for row in sorted(narrowed - parsed_whole):
        print("only narrowed:", *row)
    return 0 if narrowed == parsed_whole else 1


if __name__ == "__main__":
    sys.exit(main())
