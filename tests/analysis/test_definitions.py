"""What a call calls, and the qualified names of definitions (semantic/definitions.py)."""

from __future__ import annotations

from typing import Optional

import pytest

from tests.analysis.marked import marked_call


def _callee(source: str) -> Optional[str]:
    analysis, call = marked_call(source)
    definitions = analysis.facts.definitions
    found = definitions.callee(call)
    return None if found is None else f"{definitions.qualified_name(found)}:{analysis.facts.positions[found].start.line}"


TWO_HELPERS = """
class Narrow:
    def helper(self):
        return 1

    def forward(self):
        return self.helper()  {narrow}


class Wide:
    def helper(self):
        return 2

    def forward(self):
        return self.helper()  {wide}
"""


def test_self_method_resolves_in_its_own_class_not_in_another_with_the_same_name():
    assert _callee(TWO_HELPERS.format(narrow="# <-", wide="")) == "Narrow.helper:2"
    assert _callee(TWO_HELPERS.format(narrow="", wide="# <-")) == "Wide.helper:10"


def test_self_method_not_defined_in_the_class_resolves_in_its_base():
    source = """
    class Base:
        def helper(self):
            return 1

    class Derived(Base):
        def forward(self):
            return self.helper()  # <-
    """
    assert _callee(source) == "Base.helper:2"


def test_a_method_of_the_class_shadows_the_base_method_of_the_same_name():
    source = """
    class Base:
        def helper(self):
            return 1

    class Derived(Base):
        def helper(self):
            return 2

        def forward(self):
            return self.helper()  # <-
    """
    assert _callee(source) == "Derived.helper:6"


def test_super_skips_the_class_itself():
    source = """
    class Base:
        def helper(self):
            return 1

    class Derived(Base):
        def helper(self):
            return super().helper()  # <-
    """
    assert _callee(source) == "Base.helper:2"


def test_bases_are_searched_in_the_order_listed_and_depth_first():
    source = """
    class Root:
        def helper(self):
            return 0

    class Left(Root):
        pass

    class Right:
        def helper(self):
            return 2

    class Both(Left, Right):
        def forward(self):
            return self.helper()  # <-
    """
    assert _callee(source) == "Root.helper:2"


def test_a_method_called_through_its_class_name():
    source = """
    class Grid:
        @staticmethod
        def build(n):
            return n

    def make():
        return Grid.build(3)  # <-
    """
    assert _callee(source) == "Grid.build:3"


def test_a_module_function_defined_after_the_function_that_calls_it():
    source = """
    def forward():
        return helper()  # <-

    def helper():
        return 1
    """
    assert _callee(source) == "helper:4"


def test_a_nested_function_resolves_by_its_scope():
    source = """
    def helper():
        return 1

    def outer():
        def helper():
            return 2
        return helper()  # <-
    """
    assert _callee(source) == "outer.<locals>.helper:5"


@pytest.mark.parametrize(
    "call",
    ["helper = make_helper()\n    return helper()", "return self.missing()", "return obj.helper()", "return Grid()"],
)
def test_calls_that_resolve_to_no_function_of_the_module(call):
    source = f"""
    class Grid:
        def helper(self):
            return 1

        def forward(self, obj):
            {call}  # <-
    """
    assert _callee(source) is None


def test_call_sites_of_a_method_are_the_calls_that_resolve_to_it():
    analysis, call = marked_call(TWO_HELPERS.format(narrow="# <-", wide=""))
    definitions = analysis.facts.definitions
    narrow_helper = definitions.callee(call)
    sites = definitions.call_sites(narrow_helper)
    assert [analysis.facts.positions[site].start.line for site in sites] == [6]
