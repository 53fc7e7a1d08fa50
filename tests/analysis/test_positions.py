"""Positions measured a statement at a time are LibCST's own, for every node."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from f64lint.analysis.semantic.walk import walk

FIXTURES = sorted((Path(__file__).parents[2] / "fixtures").rglob("*.py"))
LAYOUTS = [
    "# header comment\n\nimport torch\n\n\n# leading comment\ndef f():\n    return 1  # trailing\n\nx = 1; y = 2\n# footer\n",
    "import torch\r\n\r\nclass A:\r\n    def f(self):\r\n        return torch.float64\r\n",
    "import torch\rx = torch.zeros(2, dtype=torch.float64)\r\rif x:\r    y = 1\r",
    '"""Doc."""\n@decorator\n\nclass B(\n    Base,\n):\n    """Inner\n    doc."""\n    z = [\n        1,\n    ]\n',
    "",
    # Methods measured on their own: decorators with comments between them, a docstring
    # over several lines, a backslash continuation, a column-0 comment in a class body, a
    # class in a function in a class, one-line bodies, tabs, no final line break.
    "import torch\n\nclass A(torch.nn.Module):\n    x = 1\n\n    # about f\n    @staticmethod\n    # between\n"
    "    @other(\n        1,\n    )\n    def f(a, b=torch.float64):\n        '''Doc\n  over lines.'''\n"
    "        return a + \\\n            b\n# column 0\n    def g(self):\n        class B:\n"
    "            def h(self): return torch.float64\n        return B\n\n    class C: pass\n"
    "\nclass D:\n\tdef f(self):\n\t\tif True:\n\t\t\treturn torch.zeros(1, dtype=torch.float64)",
    "if True:\n    def f():\n        return 1\n    class E:\n        def g(self):\n            x = 1; y = 2\n",
    "class F:\r\n    def f(self):\r\n        s = '''a\r\n  b'''  ;  t = (1,\r\n  2)\r\n",
    # Parameters on a line of their own and `)` on the next, no trailing comma (black's
    # layout): the last parameter's whitespace ends with the block's indentation.
    "class G:\n    def f(\n        self, x: int\n    ) -> int:\n        return x\n",
    "\n\x0cpass\nx = 1\n\x0c  \x0cy = 2\nif x:\n \x0c pass\n",  # form feeds before a statement
]


def assert_same_positions(source: str) -> None:
    """Every node's position, asked for in source order and in reverse (where the first
    asked for are inside the last method, so that methods are measured on their own)."""
    module = cst.parse_module(source)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    walked = walk(module).parents  # the nodes rules and fixes can ask about
    in_statements = [(node, where) for node, where in expected.items() if node in walked]
    for order in (in_statements, in_statements[::-1]):
        facts = walk(module, text=source)
        for node, where in order:
            assert facts.positions[node] == where, (type(node).__name__, source[:60])
        if _python_parses(source):  # else (`match` before 3.10) the whole module is measured
            assert facts.positions.whole is None  # the module's code was never generated whole
    facts = walk(module, text=source)
    for node, where in expected.items():
        assert facts.positions[node] == where



@pytest.mark.parametrize("source", LAYOUTS)
def test_every_node_in_tricky_layouts(source):
    assert_same_positions(source)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_node_in_every_fixture(path):
    assert_same_positions(path.read_text(encoding="utf-8"))


def test_a_statement_in_a_method_is_measured_without_the_rest_of_its_class():
    source = (
        "import torch\n\n\nclass Model:\n    def small(self):\n        return 1\n\n"
        "    @property\n    def wide(self):\n        return torch.float64\n"
    )
    module = cst.parse_module(source)
    facts = walk(module, text=source)
    wide = module.body[1].body.body[1]
    dtype = wide.body.body[0].body[0].value
    assert facts.positions[dtype] == CodeRange(CodePosition(10, 15), CodePosition(10, 28))
    assert [unit[-1] for unit in facts.positions.measured] == [wide.body.body[0]]
    assert wide not in facts.positions.found and module.body[1].body.body[0] not in facts.positions.found
    assert facts.positions[wide].start == CodePosition(9, 4)  # then the method, decorator aside
    assert facts.positions[module.body[1]].start == CodePosition(4, 0)


def _python_parses(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True
