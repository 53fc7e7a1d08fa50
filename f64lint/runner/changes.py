"""## Only what a change introduced

`--diff-base origin/main` (or `--diff-file change.patch`) lints only the files the change
touches and reports only findings on the lines it adds. A file that no longer parses is
reported whatever line broke it. Run it from the repository root, so that paths match.

## GitHub Action

```yaml
on: pull_request
jobs:
  f64lint:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write      # mode: review
      security-events: write    # mode: sarif
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0        # the base branch is needed for the diff
      - uses: OWNER/f64lint@COMMIT  # this repository's action.yml, pinned to a commit
        with:
          mode: review          # or annotate (default), or sarif
```

On pull requests the action reports only the lines the pull request adds
(`changed-lines-only: "false"` lints everything); `paths` and `args` pass paths and more
options. `annotate` fails the job on findings; `review` posts one review and then fails;
`sarif` uploads to code scanning.

## GitLab

```yaml
f64lint:
  script:
    - pip install f64lint
    - f64lint --output-format gitlab --output-file gl-code-quality.json --exit-zero
  artifacts:
    reports:
      codequality: gl-code-quality.json
```

The module: what a change touched: the lines a unified diff adds or modifies, per file. Review bots
report only findings there (`--diff-file PATCH`, `--diff-base REV`)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, FrozenSet

from unidiff import PatchSet
from unidiff.errors import UnidiffParseError

from f64lint.diagnostic import Diagnostic
from f64lint.source.notebook import is_notebook

# Absolute path -> the line numbers (in the new version) that the change added.
ChangedLines = Dict[str, FrozenSet[int]]


class ChangesError(Exception):
    """The change cannot be read (a diff file, git): reported in one line, exit code 2."""


def touches(diagnostic: Diagnostic, changed: ChangedLines, whole_file_codes: FrozenSet[str]) -> bool:
    """Is a finding on a line the change added? A finding about the whole file (it does not
    parse, cannot be read) counts for any changed file, and so does any finding of a
    changed notebook: the diff's lines are its JSON's, not its cells'."""
    lines = changed.get(os.path.abspath(diagnostic.path))
    if lines is None:
        return False
    if diagnostic.code in whole_file_codes or is_notebook(diagnostic.path):
        return True
    return any(line in lines for line in range(diagnostic.start.line, diagnostic.end.line + 1))


def parse_patch(text: str, base: Path) -> ChangedLines:
    """Added lines per file of a unified diff whose paths are relative to `base`."""
    try:
        patch = PatchSet(text)
    except UnidiffParseError as error:
        raise ChangesError(f"cannot read the diff: {error}") from None
    changed: ChangedLines = {}
    for patched in patch:
        if patched.is_removed_file:
            continue
        target = patched.target_file
        relative = target[2:] if target.startswith("b/") else target
        lines = frozenset(
            line.target_line_no for hunk in patched for line in hunk if line.is_added and line.target_line_no
        )
        if lines:
            changed[os.path.abspath(base / relative)] = lines
    return changed


def from_file(path: Path) -> ChangedLines:
    """A patch file (`git diff`, `diff -u`), its paths relative to the current directory."""
    try:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError as error:
        raise ChangesError(f"cannot read {path}: {error.strerror or error}") from None
    return parse_patch(text, Path.cwd())


def _git(*args: str) -> str:
    try:
        completed = subprocess.run(["git", *args], capture_output=True, text=True, errors="surrogateescape")
    except OSError as error:
        raise ChangesError(f"cannot run git: {error.strerror or error}") from None
    if completed.returncode != 0:
        message = completed.stderr.strip().splitlines()[-1] if completed.stderr.strip() else "failed"
        raise ChangesError(f"git {' '.join(args)}: {message}")
    return completed.stdout


def from_git(revision: str) -> ChangedLines:
    """What the working tree changes since `revision` (`git diff REV`), e.g. a pull
    request's base: `--diff-base origin/main`."""
    top = Path(_git("rev-parse", "--show-toplevel").strip())
    diff = _git("-C", str(top), "diff", "--no-color", "--no-ext-diff", "--unified=0", revision, "--")
    return parse_patch(diff, top)
