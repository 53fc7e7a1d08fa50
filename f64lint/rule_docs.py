"""The documentation pages made from the code: a rule's page from the rule itself (its
docstring: what it flags, why it breaks on MPS, an example, the fix; its severity and
whether it is on; the examples its tests run, flagged with their fixed source, and not
flagged), the table of rules, and the command line's help. `f64lint --explain CODE`
prints a rule's page; `python docs/generate.py` writes them all under docs/, and a test
checks they are current."""

from __future__ import annotations

import textwrap
from typing import Dict, List, Sequence, Type

from f64lint.rules.base import Rule


def severity_text(rule: Type[Rule]) -> str:
    said = rule.severity.value
    if rule.error_where_it_reaches_mps:
        said += ", an error where its value reaches a device that may be MPS"
    return said


def rule_page(rule: Type[Rule]) -> str:
    """A rule's page, in Markdown."""
    default = "on" if rule.enabled_by_default else "off (turn it on with `extend-select`)"
    lines: List[str] = [
        f"# {rule.code} {rule.name}",
        "",
        f"{rule.summary}.",
        "",
        f"Default severity: {severity_text(rule)}. By default: {default}.",
        "",
        rule.documentation(),
    ]
    if rule.invalid:
        lines += ["", "## Flagged (from the rule's tests)"]
        for example in rule.invalid:
            lines += ["", _code(example.source)]
            if example.fixed is not None:
                lines += ["", "With `--fix --unsafe-fixes`:", "", _code(example.fixed)]
    if rule.valid:
        lines += ["", "## Not flagged (from the rule's tests)"]
        for source in rule.valid:
            lines += ["", _code(_dedented(source))]
    return "\n".join(lines).rstrip("\n") + "\n"


def rules_table(rules: Sequence[Type[Rule]], link: str = "{code}.md") -> str:
    """The table of rules, each linking to its page."""
    rows = ["| code | name | default severity | on by default | flags |", "|---|---|---|---|---|"]
    for rule in rules:
        page = link.format(code=rule.code)
        default = "yes" if rule.enabled_by_default else "no"
        rows.append(f"| [{rule.code}]({page}) | {rule.name} | {severity_text(rule)} | {default} | {rule.summary} |")
    return "\n".join(rows) + "\n"


def pages(rules: Sequence[Type[Rule]], cli_help: str) -> Dict[str, str]:
    """Every generated page, by its path under docs/."""
    found = {f"rules/{rule.code}.md": rule_page(rule) for rule in rules}
    found["rules/README.md"] = "# Rules\n\nGenerated from the rules' code (`python docs/generate.py`).\n\n" + rules_table(rules)
    found["cli.md"] = (
        "# Command line\n\nGenerated from the command's own help (`python docs/generate.py`).\n\n"
        f"```\n{cli_help.rstrip()}\n```\n"
    )
    return found


def _code(source: str) -> str:
    return f"```python\n{source.rstrip()}\n```"


def _dedented(source: str) -> str:
    return textwrap.dedent(source).strip("\n")
