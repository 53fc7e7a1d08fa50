"""Names are resolved through imports and scopes, in every construct real code uses."""

from __future__ import annotations

from tests.helpers import positions


def test_import_alias_and_from_import_alias_are_resolved():
    source = """
        import torch as th
        from torch import double as d

        a = th.zeros(2, dtype=th.float64)
        b = th.ones(2, dtype=d)
    """
    assert positions(source, "F64001") == [(4, 23), (5, 22)]


def test_submodule_import_binds_the_top_package():
    source = """
        import torch.nn.functional

        x = torch.zeros(2, dtype=torch.float64)
    """
    assert positions(source, "F64001") == [(3, 26)]


def test_local_named_torch_shadows_the_module():
    source = """
        import torch

        def f(x):
            torch = load_backend()
            return x.to(torch.float64)

        def g(torch, x):
            return x.to(torch.float64)

        def h(x):
            return x.to(torch.float64)
    """
    assert positions(source, "F64001") == [(11, 17)]


def test_shadowing_ends_with_the_function():
    source = """
        import torch

        def f():
            torch = None
            return torch

        y = torch.zeros(1, dtype=torch.float64)
    """
    assert positions(source, "F64001") == [(7, 26)]


def test_class_body_names_are_not_visible_in_methods():
    source = """
        import torch

        class Model:
            torch = None
            def forward(self, x):
                return x.to(torch.float64)
    """
    assert positions(source, "F64001") == [(6, 21)]


def test_import_inside_a_function_is_seen_only_there():
    source = """
        def f(x):
            import torch as t
            return x.to(t.float64)

        def g(x, t):
            return x.to(t.float64)
    """
    assert positions(source, "F64001") == [(3, 17)]


def test_star_import_from_torch():
    source = """
        from torch import *

        x = zeros(2, dtype=float64)
    """
    assert positions(source, "F64001") == [(3, 20)]


def test_unimported_torch_is_not_resolved():
    source = """
        def f(x):
            return x.to(torch.float64)
    """
    assert positions(source, "F64001") == []


def test_decorators_annotations_async_and_nested_functions():
    source = """
        import functools
        import torch

        @functools.lru_cache(maxsize=None)
        def table(n: int, dtype: torch.dtype = torch.double) -> torch.Tensor:
            async def inner(x: torch.Tensor) -> torch.Tensor:
                return x.to(dtype=torch.float64)
            return inner
    """
    assert positions(source, "F64001") == [(5, 40), (7, 27)]


def test_comprehensions_lambdas_walrus_and_fstrings():
    source = """
        import torch

        xs = [t.to(torch.float64) for t in range(3)]
        conv = lambda t: t.double()
        if (y := torch.ones(2).to(torch.float64)) is not None:
            print(f"{y.double()}")
    """
    assert positions(source, "F64001") == [(3, 12), (5, 27)]
    assert positions(source, "F64002") == [(4, 20), (6, 16)]


def test_comprehension_target_shadows_module_name():
    source = """
        import torch

        ys = [x.to(torch.float64) for torch in backends]
    """
    assert positions(source, "F64001") == []


def test_match_statement_capture_shadows():
    source = """
        import torch

        def pick(kind, x):
            match kind:
                case "double":
                    return x.to(torch.float64)
                case torch:
                    return x.to(torch.float64)
    """
    assert positions(source, "F64001") == [(6, 25)]
