"""What a module exports to the modules that import it (flow/summaries.py)."""

from __future__ import annotations

from dataclasses import replace

from f64lint.analysis.project.exports import BASE, READS, Export, Imported
from f64lint.analysis.flow.summaries import summarise
from tests.analysis.marked import analysed, marked_call

SOURCE = """
import numpy as np
import torch


def table(n):
    grid = torch.arange(n, dtype=torch.float64)
    return grid / n


def narrow(n):
    return torch.arange(n, dtype=torch.float64).float()


def plain(n):
    return torch.arange(n)


SCALE = torch.ones(3).double()
LIMIT = 3.0


class Encoder:
    def table(self):
        return torch.zeros(3, dtype=torch.float64)
"""


def test_functions_and_methods_that_return_float64_and_names_bound_to_it_are_exported():
    analysis = analysed(SOURCE, module_name="pkg.utils", package="pkg")
    assert summarise(analysis, "pkg/utils.py") == (
        Export("pkg.utils", "table", True, "torch.arange(dtype=torch.float64)", "float64", "pkg/utils.py", 6, tensor=True),
        Export("pkg.utils", "SCALE", False, ".double()", "float64", "pkg/utils.py", 18, tensor=True),
        Export(
            "pkg.utils", "Encoder.table", True, "torch.zeros(dtype=torch.float64)", "float64", "pkg/utils.py", 24,
            tensor=True,
        ),
    )


DATASETS = """
import numpy as np
from torch.utils.data import Dataset


class Windows(Dataset):
    def __init__(self, frame):
        self.x = np.asarray(frame, dtype=np.float32)
        self.y = np.zeros(len(frame))
        self.raw = frame.values

    def __getitem__(self, i):
        if i < 0:
            return self.x[i], self.y[i], self.raw[i], i
        return self.x[-i], self.y[i], self.raw[i]
"""


def test_a_dataset_exports_its_float64_places_and_the_places_whose_dtype_it_shows_in_every_return():
    analysis = analysed(DATASETS, module_name="pkg.data", package="pkg")
    # `self.raw[i]` (a frame's values) is of unseen dtype, and `i` is given by one return only.
    assert summarise(analysis, "pkg/data.py") == (
        Export("pkg.data", "Windows.y", False, "np.zeros", "float64", "pkg/data.py", 8),
        Export("pkg.data", "Windows", False, "np.zeros", "float64", "pkg/data.py", 8, (1,)),
        Export("pkg.data", "Windows", False, "", "seen", "pkg/data.py", 14, (0,)),
    )


def test_a_module_whose_name_is_not_known_exports_nothing():
    analysis = analysed(SOURCE)
    assert summarise(analysis, "utils.py") == ()


def test_exports_survive_the_cache_row_format():
    export = Export("pkg.utils", "table", True, "torch.arange(dtype=torch.float64)", "float64", "pkg/utils.py", 5)
    tensor = Export("pkg.utils", "table", True, ".double()", "float64", "pkg/utils.py", 5, tensor=True)
    held = Export("pkg.grids", "GridBase.spacing", False, "np.ones", "float64", "pkg/unit.py", 7, subclass="pkg.unit.Unit")
    keyed = Export("pkg.memory", "Memory.sample", True, "np.zeros", "float64", "pkg/memory.py", 6, key="obs")
    through = Export("pkg.utils", "batches", True, "x", "float64", "pkg/utils.py", 4, (0,), through="0:x", yielded=True)
    rows = (export, tensor, held, keyed, through)
    assert [Export.from_row(row.as_row()) for row in rows] == list(rows)


GIVING_BACK = """
import numpy as np
import torch


def batches(x, y, size, *, scale=1.0):
    for start in range(0, len(x), size):
        yield x[start:start + size] * scale, y[start:start + size], np.zeros(3)


def as_tensor(x, copy=True):
    return {"t": torch.from_numpy(x), "mean": x.astype(np.float32).mean()}


def unused(x):
    return x
"""


def test_what_a_function_passed_float64_data_gives_back_of_it_is_exported_by_parameter():
    # Each place follows the parameter it is read from, of those other modules' calls pass
    # float64 data (`scale` too, by keyword); the float64 of the function's own
    # (`np.zeros(3)`) is not a parameter's, and a function no other module passes float64
    # data gives back nothing.
    passed = [
        Export("pkg.utils", name, False, "np.linspace", "float64", "pkg/train.py", 9, item, keyword=keyword)
        for name, item, keyword in (("batches", (0,), ""), ("batches", (1,), ""), ("batches", None, "scale"),
                                    ("as_tensor", (0,), ""))
    ]
    passed = [replace(row, caller="pkg.train:main") for row in passed]
    analysis = analysed(GIVING_BACK, "pkg.utils", "pkg", Imported(passed))
    exported = summarise(analysis, "pkg/utils.py")
    rows = [(e.name, e.item, e.key, e.through, e.yielded, e.tensor, e.line) for e in exported if e.through]
    assert rows == [
        ("batches", (0,), "", "0:x", True, False, 5),
        ("batches", (1,), "", "1:y", True, False, 5),
        ("batches", (0,), "", ":scale", True, False, 5),
        ("as_tensor", None, "t", "0:x", False, True, 10),
    ]


def test_a_dict_a_method_returns_written_out_is_exported_by_key():
    source = (
        "import numpy as np\n\n\nclass Memory:\n    def __init__(self, n):\n        self.obs = np.zeros((n, 2))\n"
        "        self.ids = np.arange(n)\n\n    def sample(self, i):\n"
        "        return {\"obs\": self.obs[i], \"ids\": self.ids[i]}\n"
    )
    exported = summarise(analysed(source, "pkg.memory"), "pkg/memory.py")
    assert [(e.name, e.key, e.made_by, e.line) for e in exported if e.key] == [("Memory.sample", "obs", "np.zeros", 6)]


def test_a_call_reads_its_callees_summary_however_deep_the_caller_already_traced():
    # The value at the move is five steps from the call and the callee's own chain five
    # more: traced through as one chain it ran out of depth (diffusers' Wan RoPE tables).
    analysis, move = marked_call("""
        import torch

        def rope_params(n, dim):
            freqs = torch.outer(torch.arange(n), 1.0 / torch.pow(10000, torch.arange(0, dim, 2).to(torch.float64).div(dim)))
            freqs = torch.polar(torch.ones_like(freqs), freqs)
            return freqs

        class Model:
            def rope(self, device):
                freqs = self.cache.get(0)
                if freqs is None:
                    freqs = torch.cat([rope_params(8, 4), rope_params(8, 4)], dim=1)
                if freqs.device != device:
                    freqs = freqs.to(device)  # <-
                return freqs
    """)
    moved = analysis.flow.wide_value(move.func.value)
    assert moved is not None and (moved.made_by, moved.width.value) == ("torch.polar", "complex128")
    # complex128 because the parts are float64: what made them so made it
    code = analysis.facts.module.code_for_node
    assert [code(source) for source in moved.all_sources()] == [
        "torch.polar(torch.ones_like(freqs), freqs)", "torch.arange(0, dim, 2).to(torch.float64)",
    ]
    rope_params = analysis.facts.module.body[1]
    assert analysis.flow.returns(rope_params) == moved


MUTUAL = """
    import torch

    def even(n):
        if n == 0:
            return torch.zeros(3, dtype=torch.float64)
        return odd(n - 1)

    def odd(n):
        return even(n)

{users}
"""
FIRST = """
    def first(device):
        return even(4).to(device)  # <-
"""
SECOND = """
    def second(device):
        return odd(3).to(device)
"""


def test_mutual_recursion_is_followed_whichever_function_is_asked_first():
    for users in (FIRST + SECOND, SECOND + FIRST):
        analysis, move = marked_call(MUTUAL.format(users=users))
        moves = {analysis.facts.positions[call].start.line for call, _ in analysis.flow.moves()}
        assert len(moves) == 2, users
        assert analysis.flow.wide_value(move.func.value) is not None


def test_a_recursive_function_sees_its_own_summary_at_a_call_inside_it():
    analysis, move = marked_call("""
        import torch

        def use(device):
            return build(3, device)

        def build(n, device):
            if n == 0:
                return torch.zeros(3, dtype=torch.float64)
            previous = build(n - 1, device)
            previous.to(device)  # <-
            return previous
    """)
    moved = analysis.flow.wide_value(move.func.value)
    assert moved is not None and moved.made_by == "torch.zeros(dtype=torch.float64)"


def test_a_long_chain_of_calls_is_cut_off_not_a_recursion_error():
    functions = ["import torch", "", "def f0():", "    return torch.zeros(3, dtype=torch.float64)"]
    for number in range(1, 41):
        functions += [f"def f{number}(scale):", f"    base = f{number - 1}(scale)", "    return (base * scale).clone()"]
    functions += ["def use(device):", "    return f40(2.0).to(device)  # <-"]
    analysis, move = marked_call("\n".join(functions))
    assert analysis.flow.wide_value(move.func.value) is None  # past the depth the evaluator follows calls to
    assert analysis.flow.returns(analysis.facts.module.body[2]) is not None  # f1, asked itself


CLASSES = """
import numpy as np
import torch

from pkg.base import GridBase


class Grid(GridBase, torch.nn.Module):
    def __init__(self, n):
        self._cells = n

    @property
    def cells(self):
        return self._cells

    @property
    def spacing(self):
        return self._spacing

    @property
    def volume(self):
        return np.prod(self._spacing)


class UnitGrid(Grid):
    def __init__(self, n):
        self._spacing = np.ones(n)
"""


def test_a_class_is_described_by_its_bases_in_the_package_and_the_properties_that_give_what_it_never_sets():
    # `cells` gives what Grid sets itself, `volume` computes: only `spacing` is left to subclasses.
    analysis = analysed(CLASSES, module_name="pkg.grids", package="pkg")
    described = [e for e in summarise(analysis, "pkg/grids.py") if e.width in (BASE, READS)]
    assert described == [  # no line: none is shown
        Export("pkg.grids", "Grid", False, "pkg.base.GridBase", BASE, "pkg/grids.py", 0),
        Export("pkg.grids", "Grid.spacing", False, "_spacing", READS, "pkg/grids.py", 0),
        Export("pkg.grids", "UnitGrid", False, "pkg.grids.Grid", BASE, "pkg/grids.py", 0),
    ]


FIELDS = """
from dataclasses import dataclass, field

import numpy as np


@dataclass
class SimConfig:
    dt: float = 0.01
    gravity: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, -9.81]))
    box: np.ndarray = field(default_factory=lambda: np.ones(3, dtype=np.float32) * 2.0)
    origin = np.zeros(3)

    def __post_init__(self):
        self.origin = self.origin.astype(np.float32)
"""


def test_a_class_attribute_bound_in_its_body_to_float64_is_exported():
    # A dataclass field's default (what its factory makes) and a class attribute are read
    # by the evaluator; one the class's methods set again is theirs (float32 here).
    analysis = analysed(FIELDS, module_name="pkg.config", package="pkg")
    exported = [e for e in summarise(analysis, "pkg/config.py") if e.name.startswith("SimConfig.")]
    assert exported == [Export("pkg.config", "SimConfig.gravity", False, "np.array", "float64", "pkg/config.py", 9)]
