"""Rules the runner and the suppression pass report themselves: they need no tree walk."""

from __future__ import annotations

from f64lint.diagnostic import Severity
from f64lint.rules.base import FileRule, Invalid


class UnusedNoqa(FileRule):
    """
    ## What it flags
    A `# noqa: F64...` comment that names an f64lint code with no finding on that line,
    a code f64lint does not have (`F64999` in the tests below: there is no such rule), or
    a file-level `# f64lint: noqa` in a file with no finding. Codes of other tools (`# noqa: E501`) and a bare `# noqa`, which other linters
    read too, are left alone. Off unless selected (`--extend-select F64100`).

    ## Why it breaks on MPS
    It does not; but a stale suppression hides the next float64 that lands on that line,
    which then crashes on MPS with nobody warned.

    ## Example
    ```python
    x = torch.zeros(3, dtype=torch.float32)  # noqa: F64001
    ```

    ## Fix
    Delete the comment, or the stale codes in it. No numeric change.
    """  # noqa: E501

    code = "F64100"
    name = "unused-noqa"
    summary = "a `noqa` comment that suppresses nothing"
    severity = Severity.WARNING
    enabled_by_default = False

    valid = (
        """
        import torch

        x = torch.zeros(3, dtype=torch.float64)  # noqa: F64001
        y = [1, 2]  # noqa: E501
        z = compute()  # noqa
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            x = torch.zeros(3, dtype=torch.float32)  # noqa: F64001
            y = x.double()  # noqa: F64002, F64999
            """,
            (3, 42),
            (4, 17),
        ),
        Invalid(
            """
            # f64lint: noqa
            import torch
            """,
            (1, 1),
        ),
    )


class UnparsableFile(FileRule):
    """
    ## What it flags
    A file that is not valid Python, so it cannot be checked. The rest of the run goes on.
    Files that no enabled rule could fire on (no `float64`, `double`, ... in them) are not
    parsed, so their syntax errors are left to other tools; so are those of the top-level
    definitions of a parsed file that nothing float64 can come from or flow through, which
    are left out of what is parsed (a broken `def` far from any float64 is not reported).

    ## Why it breaks on MPS
    It may not: but nothing in the file was checked for float64, so the run must not pass
    silently.

    ## Example
    ```python
    def build(dim, dtype=torch.float64:
    ```

    ## Fix
    Fix the syntax error (or exclude the file, e.g. a template, with `extend-exclude`).
    """

    code = "F64901"
    name = "syntax-error"
    summary = "the file does not parse as Python"

    valid = ("x = 1\n", "")
    invalid = (Invalid("import torch\n\ngrid = torch.arange(8, dtype=torch.float64) *\n", (3, 46)),)


class UnreadableFile(FileRule):
    """
    ## What it flags
    A file that could not be read as Python source: not valid UTF-8 and no PEP 263 coding
    cookie saying otherwise, an unknown encoding in the cookie, a binary file (NUL bytes),
    a file over 10 MiB, a broken symbolic link, a missing path, or one without read
    permission. The file is skipped, never modified, and the run goes on.

    ## Why it breaks on MPS
    It may not: but the file was not checked for float64.

    ## Example
    A `model.py` saved as Latin-1 without `# -*- coding: latin-1 -*-`.

    ## Fix
    Save the file as UTF-8 or declare its encoding; exclude generated or binary files with
    `extend-exclude`; fix the link or the permissions.
    """

    code = "F64902"
    name = "unreadable-file"
    summary = "the file could not be read as Python source"
    severity = Severity.WARNING
