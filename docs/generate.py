"""Write the documentation pages made from the code (f64lint/cli/doc_pages.py) under docs/:

    python docs/generate.py

tests/test_docs.py fails, naming this command, when a page is not current."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Dict

import click

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from f64lint.cli.command import REPORTERS, command, reporter  # noqa: E402
from f64lint.cli.doc_pages import pages  # noqa: E402
from f64lint.rules import ALL_RULES  # noqa: E402

DOCS = Path(__file__).resolve().parent


def cli_help() -> str:
    with click.Context(command, info_name="f64lint", terminal_width=100, max_content_width=100) as context:
        return command.get_help(context)


def benchmark():
    """The figures `bench/run.py --save bench/results.json` wrote, if any."""
    results = DOCS.parent / "bench" / "results.json"
    return json.loads(results.read_text(encoding="utf-8")) if results.exists() else None


def reporters() -> Dict[str, ModuleType]:
    """Each output format's module, by its name."""
    return {name: reporter(name) for name in REPORTERS}


def main() -> None:
    for name, text in pages(ALL_RULES, cli_help(), DOCS.parent / "fixtures", reporters(), benchmark()).items():
        path = DOCS / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote docs/{name}")


if __name__ == "__main__":
    main()
