"""SARIF 2.1.0: the whole rule catalogue (id, name, short and full description, help in
Markdown, default level) and one result per finding, for GitHub code scanning
(`github/codeql-action/upload-sarif`) and friends. Columns count characters, which the log
declares with `"columnKind": "unicodeCodePoints"`. A finding with a fix carries it as
`fixes[].artifactChanges[].replacements` (not a notebook's: its positions are in a cell)."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Sequence, Type
from urllib.parse import quote

from f64lint import __version__
from f64lint.diagnostic import Diagnostic
from f64lint.report import ReportOptions
from f64lint.rules import ALL_RULES
from f64lint.rules.base import Rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/f64lint/f64lint"


def _rule(rule: Type[Rule]) -> Dict[str, Any]:
    docs = rule.documentation()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.first_paragraph("What it flags")},
        "help": {"text": docs, "markdown": docs},
        "defaultConfiguration": {"level": rule.severity.value, "enabled": rule.enabled_by_default},
    }


def _uri(path: str) -> str:
    return f"file://{quote(path)}" if path.startswith("/") else quote(path)


def _fixes(d: Diagnostic) -> List[Dict[str, Any]]:
    if d.fix is None or d.cell is not None:  # a notebook's: its positions are in a cell, not the file
        return []
    replacements = [
        {
            "deletedRegion": {
                "startLine": e.start.line,
                "startColumn": e.start.column,
                "endLine": e.end.line,
                "endColumn": e.end.column,
            },
            "insertedContent": {"text": e.content},
        }
        for e in d.fix.edits
    ]
    return [
        {
            "description": {"text": f"{d.fix.message} ({d.fix.applicability.value} fix)"},
            "artifactChanges": [{"artifactLocation": {"uri": _uri(d.path)}, "replacements": replacements}],
        }
    ]


def _result(d: Diagnostic, index: Dict[str, int]) -> Dict[str, Any]:
    result: Dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": index[d.code],
        "level": d.severity.value,
        "message": {"text": d.shown_message()},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(d.path)},
                    "region": {
                        "startLine": d.start.line,
                        "startColumn": d.start.column,
                        "endLine": d.end.line,
                        "endColumn": d.end.column,
                    },
                }
            }
        ],
    }
    fixes = _fixes(d)
    if fixes:
        result["fixes"] = fixes
    return result


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    index = {rule.code: position for position, rule in enumerate(ALL_RULES)}
    run = {
        "tool": {
            "driver": {
                "name": "f64lint",
                "version": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(rule) for rule in ALL_RULES],
            }
        },
        # Our columns count characters, not SARIF's default UTF-16 code units.
        "columnKind": "unicodeCodePoints",
        "results": [_result(d, index) for d in diagnostics],
    }
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)
