"""Positions measured a statement at a time are LibCST's own, for every node."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from f64lint.analysis.module import analyse

FIXTURES = sorted((Path(__file__).parents[1] / "fixtures").rglob("*.py"))
LAYOUTS = [
    "# header comment\n\nimport torch\n\n\n# leading comment\ndef f():\n    return 1  # trailing\n\nx = 1; y = 2\n# footer\n",
    "import torch\r\n\r\nclass A:\r\n    def f(self):\r\n        return torch.float64\r\n",
    "import torch\rx = torch.zeros(2, dtype=torch.float64)\r\rif x:\r    y = 1\r",
    '"""Doc."""\n@decorator\n\nclass B(\n    Base,\n):\n    """Inner\n    doc."""\n    z = [\n        1,\n    ]\n',
    "",
]


def assert_same_positions(source: str) -> None:
    module = cst.parse_module(source)
    facts = analyse(module)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    for node, where in expected.items():
        assert facts.positions[node] == where, (type(node).__name__, source[:60])


@pytest.mark.parametrize("source", LAYOUTS)
def test_every_node_in_tricky_layouts(source):
    assert_same_positions(source)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_node_in_every_fixture(path):
    assert_same_positions(path.read_text(encoding="utf-8"))
