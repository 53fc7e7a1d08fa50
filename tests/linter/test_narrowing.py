"""Narrowing: the definitions nothing can come from are blanked, everything else stays
where it was, and what is found does not change."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from unittest import mock

import pytest

from bench.generated import hadamard_module
from f64lint.linter import lint as linter
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH
from f64lint.diagnostic import Applicability, Edit, Fix, Position
from f64lint.linter.narrowing import makers_only, narrowed
from tests.helpers import lint, narrowing_every_module, whole_modules

ALL = frozenset({"F64001", "F64002", "F64003", "F64004", "F64005", "F64006", "F64007", "F64008", "F64009"})


def kept(source: str) -> str:
    """The narrowed source, with blanked lines shown as `-`."""
    return "\n".join(line if line.strip() else "-" for line in narrowed(source).text.split("\n"))


def same_findings(source: str) -> None:
    with whole_modules():
        whole = lint(source, ALL)
    with narrowing_every_module():
        found = lint(source, ALL)
    assert [(d.code, d.start, d.message) for d in found] == [(d.code, d.start, d.message) for d in whole]
    assert whole  # the case is about a finding that narrowing must keep


def test_unrelated_definitions_become_blank_lines_and_the_rest_stays_in_place():
    source = textwrap.dedent('''\
        import torch
        SCALE = 2

        @torch.no_grad()
        def unrelated(x):
            """A docstring that says float64 in prose."""
            return x * SCALE

        def build(n):
            return torch.arange(n, dtype=torch.float64)
        ''')
    assert kept(source) == textwrap.dedent('''\
        import torch
        SCALE = 2
        -
        -
        -
        -
        -
        -
        def build(n):
            return torch.arange(n, dtype=torch.float64)
        -''')


def test_a_method_that_makes_an_array_stays_with_the_code_that_calls_it_on_an_object():
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        class Levels:
            def value(self):
                return np.linspace(0.0, 1.0, 5)

        class Baseline:
            def __init__(self):
                self.history = []

            def update(self, rewards):
                self.history.extend(rewards.tolist())

            def value(self):
                return np.mean(self.history)

        class Counter:
            def total(self):
                return sum(self.seen)

        def level(device):
            return torch.tensor(Levels().value(), device=device)

        def baseline(rewards, device):
            running = Baseline()
            running.update(rewards)
            return torch.tensor(running.value(), device=device)

        def counted(device):
            return torch.tensor(Counter().total(), device=device)
        ''')
    kept = narrowed(source).text
    assert "def level(device):" in kept and "def baseline(rewards, device):" in kept
    assert "class Counter" not in kept and "def counted" not in kept
    same_findings(source)


def test_callers_of_a_kept_function_stay_since_values_flow_through_returns():
    source = textwrap.dedent('''\
        import torch

        def make():
            return torch.zeros(3, dtype=torch.float64)

        def use(device):
            return make().to(device)

        def other(device):
            return torch.ones(3).to(device)
        ''')
    assert "def use(device):" in narrowed(source).text
    assert "def other" not in narrowed(source).text
    same_findings(source)


def test_names_bound_to_float64_at_module_level_keep_their_readers():
    source = textwrap.dedent('''\
        import torch
        from torch import float64 as wide

        DTYPE = torch.float64
        GRID = torch.linspace(0, 1, 5, dtype=DTYPE)

        def table(n, device):
            return torch.zeros(n, dtype=wide, device=device)

        def grid(device):
            return GRID.to(device)
        ''')
    assert narrowed(source).text == source
    same_findings(source)


def test_methods_reading_an_attribute_set_to_float64_stay_and_others_go():
    source = textwrap.dedent('''\
        import torch

        class Rotary(torch.nn.Module):
            def __init__(self, dim):
                super().__init__()
                self.dim = dim
                inv = 1.0 / (10000 ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
                self.register_buffer("inv_freq", inv)

            def extra_repr(self):
                return f"dim={self.dim}"

            def forward(self, x):
                return self.inv_freq.to(x.device)
        ''')
    result = narrowed(source).text
    assert "def forward" in result and "def extra_repr" not in result
    assert len(result.split("\n")) == len(source.split("\n"))
    same_findings(source)


def test_an_array_one_method_keeps_on_self_and_another_makes_a_tensor_of_keeps_both():
    # No method is a source alone: `__init__` makes arrays and hands none to torch,
    # `add_noise` makes a tensor of an attribute.
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        class Schedule:
            """A linear beta schedule, kept in NumPy."""

            def __init__(self, steps: int = 100):
                self.steps = steps
                self.betas = np.linspace(1e-4, 0.02, steps)
                self.alphas = np.cumprod(1.0 - self.betas)

            def add_noise(self, x, t):
                return torch.from_numpy(self.alphas).to(x.device)[t] * x
        ''')
    result = narrowed(source).text
    assert "def __init__" in result and "def add_noise" in result
    same_findings(source)


def test_a_definition_s_header_is_not_a_call_of_the_function_it_defines():
    # `def __call__(..., sigmas...)` names `sigmas` in the header of a method that makes a
    # tensor (of `strength`): no call hands the linspace to it, and the scheduler it is
    # handed to is another module's.
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        def retrieve(scheduler, sigmas=None):
            scheduler.set_timesteps(sigmas=sigmas)
            return scheduler.timesteps

        class Pipeline:
            def __call__(self, prompt, steps, sigmas: list[float] | None = None, strength=1.0):
                sigmas = np.linspace(1.0, 1 / steps, steps) if sigmas is None else sigmas
                timesteps = retrieve(self.scheduler, sigmas=sigmas)
                noise_level = torch.tensor([strength])
                return timesteps, noise_level
        ''')
    assert narrowed(source).text.split("\n")[2:] == [""] * 12


def test_a_string_at_column_zero_inside_a_definition_does_not_end_it():
    source = textwrap.dedent('''\
        import torch

        def doc():
            text = """
        def not_a_definition(): the text of a string
        """
            return text

        MESSAGE = """
        a module-level string
        """.strip()

        def build(device):
            return torch.zeros(2, dtype=torch.float64, device=device)
        ''')
    result = narrowed(source).text
    assert "def doc" not in result and "not_a_definition" not in result
    assert 'MESSAGE = """\na module-level string\n""".strip()' in result
    same_findings(source)


def test_crlf_line_endings_are_kept_and_lone_carriage_returns_left_alone():
    source = "import torch\r\n\r\ndef f(x):\r\n    return x\r\n\r\ndef g():\r\n    return torch.float64\r\n"
    assert narrowed(source).text == "import torch\r\n\r\n\r\n\r\n\r\ndef g():\r\n    return torch.float64\r\n"
    lone = source.replace("\r\n", "\r")
    assert narrowed(lone).text == lone


def test_a_module_without_definitions_or_with_all_of_them_relevant_is_unchanged():
    assert narrowed("import torch\nx = torch.zeros(1, dtype=torch.float64)\n").text == (
        "import torch\nx = torch.zeros(1, dtype=torch.float64)\n"
    )
    source = "import torch\n\ndef f():\n    return torch.float64\n"
    assert narrowed(source).text is source


def test_entries_of_a_module_level_table_with_nothing_float64_like_become_blank_lines():
    source = textwrap.dedent('''\
        import torch
        op_db = [
            OpInfo('abs', dtypes=all_types()),
            OpInfo('acos', dtypes=(torch.float64,)),
            OpInfo(
                'add',
                sample_inputs_func=sample_inputs_add,
            ),
            'a', 'b',
            OpInfo('exp',
                   ref=lambda x: x.double()),
            1 +
            2,
        ]
        ''')
    assert kept(source) == textwrap.dedent('''\
        import torch
        op_db = [
        -
            OpInfo('acos', dtypes=(torch.float64,)),
        -
        -
        -
        -
        -
            OpInfo('exp',
                   ref=lambda x: x.double()),
        -
        -
        ]
        -''')


def test_entries_naming_what_may_hold_float64_stay():
    source = textwrap.dedent('''\
        import torch
        WIDE = torch.float64

        def reference(x):
            return x.to(torch.float64)

        TABLE = {
            'wide': WIDE,
            'ref': reference(1),
            'narrow': torch.float32,
        }
        ''')
    assert "'wide': WIDE," in narrowed(source).text
    assert "'ref': reference(1)," in narrowed(source).text
    assert "'narrow'" not in narrowed(source).text


def test_comprehensions_subscripts_and_an_entry_running_into_the_bracket_stay():
    source = textwrap.dedent('''\
        import torch
        SQUARES = [
            x * x
            for x in range(3)
        ]
        PICKED = CHOICES[
            0,
        ]
        LAST = [
            torch.float32,
            torch.float16]
        CAST = torch.ones(3).to(torch.float64)
        ''')
    assert kept(source) == textwrap.dedent('''\
        import torch
        SQUARES = [
            x * x
            for x in range(3)
        ]
        PICKED = CHOICES[
            0,
        ]
        LAST = [
        -
            torch.float16]
        CAST = torch.ones(3).to(torch.float64)
        -''')


def test_a_table_of_dtypes_finds_the_same_with_its_entries_left_out():
    source = textwrap.dedent('''\
        import torch
        DTYPES = [
            torch.float32,
            torch.float64,
            torch.float16,
        ]
        GRIDS = [
            torch.zeros(3, dtype=torch.float32),
            torch.zeros(3, dtype=torch.float64),
        ]
        ''')
    assert "torch.float32" not in narrowed(source).text
    same_findings(source)


def test_a_literal_unpacked_into_several_names_keeps_every_entry():
    source = textwrap.dedent('''\
        import torch
        grid, scale = (
            torch.zeros(3),
            torch.ones(3, dtype=torch.float64),
        )
        moved = scale.to("mps")
        ''')
    assert narrowed(source).text == source
    same_findings(source)


def test_functions_a_float64_value_may_be_passed_to_stay_with_theirs():
    source = textwrap.dedent('''\
        import torch

        def summary(x):
            return x.tolist()

        def nested(x):
            return summary(x)

        def make(device):
            t = torch.zeros(3, dtype=torch.float64)
            return nested(t)

        class Grid:
            def build(self):
                return self.finish(torch.ones(3, dtype=torch.float64))

            def finish(self, grid):
                return grid.to("cpu")

            def unrelated(self):
                return 1
        ''')
    assert kept(source) == textwrap.dedent('''\
        import torch
        -
        def summary(x):
            return x.tolist()
        -
        def nested(x):
            return summary(x)
        -
        def make(device):
            t = torch.zeros(3, dtype=torch.float64)
            return nested(t)
        -
        class Grid:
            def build(self):
                return self.finish(torch.ones(3, dtype=torch.float64))
        -
            def finish(self, grid):
                return grid.to("cpu")
        -
        -
        -
        -''')


def test_literals_inside_an_entry_that_stays_are_narrowed_the_same_way():
    source = textwrap.dedent('''\
        import torch
        op_db = [
            OpInfo(
                'acos',
                dtypes=(torch.float64,),
                skips=(
                    DecorateInfo(unittest.skip("flaky"), 'TestGradients'),
                    DecorateInfo(toleranceOverride({torch.float64: tol(1e-5)}), 'TestCommon'),
                ),
                devices=('cpu',
                         'mps'),
            ),
        ]
        ''')
    assert kept(source) == textwrap.dedent('''\
        import torch
        op_db = [
            OpInfo(
                'acos',
                dtypes=(torch.float64,),
                skips=(
        -
                    DecorateInfo(toleranceOverride({torch.float64: tol(1e-5)}), 'TestCommon'),
                ),
                devices=('cpu',
                         'mps'),
            ),
        ]
        -''')


def test_numpy_code_stays_only_where_a_float64_array_it_makes_becomes_a_tensor():
    source = textwrap.dedent('''\
        import numpy as onp
        import torch
        from numpy import linspace as spaced
        from numpy.random import rand

        def grid(device):
            steps = onp.arange(8)
            scaled = steps / 8
            return torch.from_numpy(scaled.reshape(2, 4)).to(device)

        def sigmas(n):
            return torch.tensor(spaced(0.0, 1.0, n))

        def noise(n):
            if (values := rand(n)) is not None:
                return torch.as_tensor(data=values)

        def weights():
            return torch.tensor(onp.array([0.5, 1.5]))

        def pixels(image):
            return torch.from_numpy(onp.array(image))

        def checked(x):
            if isinstance(x, onp.ndarray):
                x = torch.from_numpy(x)
            return x

        def handed_on(scheduler, n):
            sigmas = onp.linspace(1.0, 1 / n, n)
            timesteps = scheduler.set_timesteps(sigmas=sigmas)
            return torch.tensor(timesteps)

        def typed(n):
            return torch.tensor(onp.zeros(n), dtype=torch.float32)

        def unused(n):
            table = onp.zeros(n)
            return torch.tensor([n])
        ''')
    assert kept(source) == textwrap.dedent('''\
        import numpy as onp
        import torch
        from numpy import linspace as spaced
        from numpy.random import rand
        -
        def grid(device):
            steps = onp.arange(8)
            scaled = steps / 8
            return torch.from_numpy(scaled.reshape(2, 4)).to(device)
        -
        def sigmas(n):
            return torch.tensor(spaced(0.0, 1.0, n))
        -
        def noise(n):
            if (values := rand(n)) is not None:
                return torch.as_tensor(data=values)
        -
        def weights():
            return torch.tensor(onp.array([0.5, 1.5]))
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -
        -''')
    same_findings(source)


def test_a_name_partial_binds_to_a_tensor_maker_makes_tensors_only_where_it_is_bound():
    # torch's table of operators binds `make_arg` to `partial(torch.tensor, ...)` in a few
    # functions and to `partial(make_tensor, ...)` in hundreds: those stay out.
    source = textwrap.dedent('''\
        from functools import partial
        import numpy as np
        import torch
        from torch.testing import make_tensor

        def from_values(device):
            make_arg = partial(torch.tensor, device=device)
            return make_arg(np.linspace(0, 1, 5))

        def from_shapes(device):
            make_arg = partial(make_tensor, device=device, dtype=torch.float32)
            return make_arg(np.zeros(3).shape)
        ''')
    assert kept(source) == textwrap.dedent('''\
        from functools import partial
        import numpy as np
        import torch
        from torch.testing import make_tensor
        -
        def from_values(device):
            make_arg = partial(torch.tensor, device=device)
            return make_arg(np.linspace(0, 1, 5))
        -
        -
        -
        -
        -''')
    same_findings(source)


def test_an_array_followed_further_than_the_analysis_does_not_keep_its_function():
    chain = "\n".join(f"    a{n + 1} = a{n} * 2" for n in range(MAX_TRACE_DEPTH + 1))
    source = f"import numpy as np\nimport torch\n\ndef far():\n    a0 = np.zeros(3)\n{chain}\n    return torch.from_numpy(a{MAX_TRACE_DEPTH + 1})\n"
    assert "def far" not in narrowed(source).text
    near = source.replace(f"from_numpy(a{MAX_TRACE_DEPTH + 1})", "from_numpy(a1)")
    assert "def far" in narrowed(near).text
    same_findings(near)


def test_a_tensor_s_numpy_array_is_of_the_tensor_s_dtype_and_keeps_nothing_by_itself():
    # `torch.Tensor` is named in most annotations: its probed `.numpy()` (float64 only of a
    # float64 tensor) made every `.numpy()` an array maker, and kept diffusers' pipelines.
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        def to_pixels(t: torch.Tensor, device):
            arr = t.detach().cpu().permute(0, 2, 3, 1).numpy()
            return torch.from_numpy(np.ascontiguousarray(arr)).to(device)

        def doubled(device):
            t = torch.rand(3).double()
            return torch.from_numpy(t.numpy()).to(device)
        ''')
    text = narrowed(source).text
    assert "def to_pixels" not in text and "def doubled" in text
    same_findings(source)


def test_a_call_of_the_module_s_function_binds_only_what_reaches_its_return():
    # diffusers' pipelines hand `np.linspace` sigmas to `retrieve_timesteps`, which hands
    # them to the scheduler (a call's keyword, not an assignment) and returns the
    # scheduler's timesteps: the tensor made of those is no array's. When the helper
    # returns what it is given, the tensor is the array's and the pipeline stays.
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        def retrieve(scheduler, steps, device=None, sigmas=None, **kwargs):
            if sigmas is not None:
                scheduler.set_timesteps(sigmas=sigmas, device=device, **kwargs)
            timesteps = scheduler.timesteps
            return timesteps, len(timesteps)

        class Pipeline:
            def __call__(self, steps, device):
                sigmas = np.linspace(1.0, 1 / steps, steps)
                timesteps, steps = retrieve(self.scheduler, steps, device, sigmas=sigmas)
                return torch.tensor([timesteps[0]]).to(device)
        ''')
    assert "class Pipeline" not in narrowed(source).text
    returning = source.replace("return timesteps, len(timesteps)", "return sigmas * 2, steps")
    assert "class Pipeline" in narrowed(returning).text
    same_findings(returning)
    by_position = returning.replace("sigmas=sigmas)", "sigmas)")
    assert "class Pipeline" in narrowed(by_position).text
    assert "class Pipeline" not in narrowed(by_position.replace("return sigmas * 2", "return device")).text


def test_a_class_s_methods_share_only_what_it_holds():
    # `grid` is an array in `sample` and a method's own data in `forward`: one name in two
    # methods is not one value (the class was read as one body, its names all shared). Kept
    # on `self`, the array is what `forward` reads.
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        class Sampler:
            def sample(self, n):
                grid = np.linspace(0.0, 1.0, n)
                return grid.sum()

            def forward(self, x, device):
                grid = self.layer(x)
                return torch.tensor(grid).to(device)
        ''')
    assert "class Sampler" not in narrowed(source).text
    held = source.replace("grid = np.linspace", "self.grid = np.linspace").replace("tensor(grid)", "tensor(self.grid)")
    assert "class Sampler" in narrowed(held).text
    same_findings(held)


def test_module_level_expressions_nothing_can_come_from_become_blank_lines():
    source = textwrap.dedent('''\
        """Docs."""
        import torch

        add_docstr(torch.abs, """
        Long docs.
        """)
        add_docstr(torch.Tensor.double, "double")
        for name in names:
            register(name)

        def make():
            return torch.zeros(3, dtype=torch.float64)

        make()
        ''')
    assert kept(source) == textwrap.dedent('''\
        -
        import torch
        -
        -
        -
        -
        add_docstr(torch.Tensor.double, "double")
        for name in names:
            register(name)
        -
        def make():
            return torch.zeros(3, dtype=torch.float64)
        -
        make()
        -''')
    same_findings(source)


def test_a_table_a_guard_reads_keeps_its_entries():
    source = textwrap.dedent('''\
        import torch
        QUANTIZED = {
            torch.quint8: torch.uint8,
            torch.qint8: torch.int8,
        }

        def unpack(value):
            if value.dtype in QUANTIZED:
                return torch.tensor(value.q_scale(), dtype=torch.double, device=value.device)
        ''')
    assert narrowed(source).text == source
    with whole_modules():
        assert lint(source, ALL) == []
    with narrowing_every_module():
        assert lint(source, ALL) == []


def test_every_target_of_a_chained_assignment_holds_the_array():
    source = textwrap.dedent('''\
        import numpy as np
        import torch

        def grid(device):
            raw = steps = np.linspace(0.0, 1.0, 8)
            return torch.from_numpy(steps).to(device)

        def other():
            return 1
        ''')
    assert "def grid" in narrowed(source).text and "def other" not in narrowed(source).text
    same_findings(source)


def test_a_tensor_made_of_an_array_by_an_alias_of_torch_from_numpy_keeps_its_function():
    source = textwrap.dedent('''\
        import numpy as np
        from torch import from_numpy as as_torch

        def grid(device):
            return as_torch(np.linspace(0.0, 1.0, 8)).to(device)

        def other():
            return 1
        ''')
    assert "def grid" in narrowed(source).text and "def other" not in narrowed(source).text
    same_findings(source)


def test_methods_of_a_base_class_that_a_derived_class_hands_float64_to_stay():
    source = textwrap.dedent('''\
        import torch

        class Fixture:
            def _run(self, method, *args):
                return self._dispatch(method, *args)

            def _dispatch(self, method, *args):
                return method(*args).to(self.device)

            def _unrelated(self):
                return 1

        class Other:
            def helper(self):
                return 2

        class SuiteTest(Fixture):
            def test_add(self):
                return self._run(torch.add, torch.rand(3, dtype=torch.float64))
        ''')
    result = narrowed(source).text
    assert "def _run" in result and "def _dispatch" in result
    assert "def _unrelated" not in result and "class Other" not in result
    same_findings(source)


def test_methods_of_a_derived_class_reading_what_its_base_sets_to_float64_stay():
    source = textwrap.dedent('''\
        import torch

        class Base:
            def __init__(self, device):
                self.device = device
                self.dtype = torch.float64

        class Middle(Base):
            pass

        class Child(Middle):
            def make(self):
                return torch.ones(3, dtype=self.dtype, device=self.device)

            def unrelated(self):
                return 1

        class Other:
            def helper(self):
                return torch.ones(3, dtype=self.dtype)
        ''')
    result = narrowed(source).text
    assert "def make" in result and "class Middle" in result
    assert "def unrelated" not in result and "class Other" not in result
    same_findings(source)


def test_what_sets_a_device_a_kept_method_reads_stays():
    source = textwrap.dedent('''\
        import unittest
        import torch

        class Oracle:
            def __init__(self, n, device=None):
                self.w = torch.arange(n, dtype=torch.float64, device=device)

        class TestOracle(unittest.TestCase):
            def setUp(self):
                self.device = torch.device("cpu")

            def tearDown(self):
                self.other = None

            def test_sum(self):
                return Oracle(4, device=self.device)
        ''')
    result = narrowed(source, standalone=True).text
    assert "def setUp" in result and "def tearDown" not in result


def test_methods_calling_a_predicate_that_stays_stay_since_a_guard_may_test_it():
    source = textwrap.dedent('''\
        import torch

        def _is_supported(tensor):
            """CPU or CUDA."""
            return tensor.device.type in ("cpu", "cuda", "mps")

        def _unrelated(tensor):
            x = tensor + 1
            return x

        class Scaler:
            def scale(self, outputs):
                if not _is_supported(outputs):
                    raise AssertionError("unsupported device")
                return outputs

            def other(self, outputs):
                return _unrelated(outputs)

            def unscale(self):
                return self._scale.double().reciprocal().float()
        ''')
    result = narrowed(source).text
    assert "def scale" in result and "def other" not in result
    same_findings(source)


def test_a_method_resolves_in_its_own_class_with_and_without_narrowing():
    source = (Path(__file__).parents[2] / "fixtures" / "flow" / "same_named_helpers.py").read_text()
    same_findings(source)
    assert [(d.code, d.start.line) for d in lint(source, ALL)] == [("F64001", 28), ("F64004", 32)]


def test_a_long_literal_of_numbers_keeps_its_first_row_and_every_position():
    source = hadamard_module(1, 16)
    first_row = "        [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],"
    lines = source.split("\n")
    assert lines[5] == first_row
    expected = lines[:5] + [first_row] + [""] * 15 + lines[21:]
    assert narrowed(source).text == "\n".join(expected)
    same_findings(source)
    assert [(d.code, d.start.line, d.start.column) for d in lint(source, ALL)] == [("F64001", 26, 18)]


def test_a_row_of_many_numbers_keeps_its_first_one_and_its_kind():
    numbers = ", ".join(["1"] * 70)
    source = f"import torch\nCOUNTS = torch.tensor([{numbers}], dtype=torch.float64)\n"
    assert narrowed(source).text == "import torch\nCOUNTS = torch.tensor([1," + " " * (len(numbers) - 2) + "], dtype=torch.float64)\n"
    same_findings(source)


def test_mixed_numbers_strings_bare_tuples_and_literals_with_a_comment_are_not_cut():
    mixed = ", ".join(["1"] * 69 + ["2.5"])
    bare = ", ".join(["1.0"] * 70)
    words = ", ".join(['"a"'] * 70)
    source = f"import torch\nA = [{mixed}]\nB = {bare}\nC = [{words}]\nD = torch.zeros(3, dtype=torch.float64)\n"
    assert narrowed(source).text is source
    row = "[" + ", ".join(["1.0"] * 10) + "]"
    rows = "import torch\nX = " + ", ".join([row] * 8) + "\nfor r in " + ", ".join([row] * 8) + ":\n    pass\n"
    assert narrowed(rows).text is rows  # no bracket of their own: `x = [..], [..]`
    numbers = ", ".join(["1.0"] * 70)
    commented = f"import torch\nW = torch.tensor([1.0,  # kept in float64 for precision\n    {numbers}], dtype=torch.float64)\n"
    assert narrowed(commented).text is commented  # a fix reads such a comment


def test_a_span_of_the_source_is_kept_when_narrowing_left_it_as_it_was():
    numbers = ", ".join(["1"] * 70)
    source = f"import torch\nCOUNTS = torch.tensor([{numbers}], dtype=torch.float64)\n"
    result = narrowed(source)
    assert result.keeps(2, 9, 2, 22)  # `torch.tensor(`
    assert result.keeps(2, 22, 2, 24)  # `[1`
    assert not result.keeps(2, 22, 2, 30)  # into the numbers left out
    assert not result.keeps(1, 0, 2, len(numbers) + 30)
    assert narrowed("x = 1\n").keeps(1, 0, 1, 5)


def test_a_fix_whose_edit_spans_code_narrowing_left_out_is_not_offered():
    numbers = ", ".join(["1"] * 70)
    source = f"import torch\nCOUNTS = torch.tensor([{numbers}], dtype=torch.float64)\n"

    def planned(edit: Edit):
        return lambda facts, requests, options: [Fix("Rewrite", Applicability.SAFE, (edit,)) for _ in requests]

    into_the_numbers = Edit(Position(2, 10), Position(2, 30), "x")
    with mock.patch.object(linter, "plan_fixes", planned(into_the_numbers)):
        assert [d.fix for d in lint(source, ALL)] == [None]
    outside = Edit(Position(2, 1), Position(2, 7), "TOTALS")
    with mock.patch.object(linter, "plan_fixes", planned(outside)):
        assert [d.fix.edits for d in lint(source, ALL) if d.fix] == [(outside,)]


FIXTURES = sorted((Path(__file__).parents[2] / "fixtures").rglob("*.py"))


@pytest.mark.parametrize("module", FIXTURES, ids=[str(m.relative_to(m.parents[1])) for m in FIXTURES])
def test_every_fixture_finds_the_same_with_and_without_narrowing(module):
    source = module.read_text()
    if module.stem in ("match_cases", "guards_boolean_logic") and sys.version_info < (3, 10):
        pytest.skip("a match statement")
    with whole_modules():
        whole = [(d.code, d.start, d.message, d.severity) for d in lint(source, ALL)]
    with narrowing_every_module():
        assert [(d.code, d.start, d.message, d.severity) for d in lint(source, ALL)] == whole


def test_lone_carriage_returns_leave_the_source_as_it_is():
    numbers = ", ".join(["1.0"] * 70)
    source = f"import torch\r# old\nX = [{numbers}]\ny = torch.zeros(3, dtype=torch.float64)\n"
    assert narrowed(source).text is source


def test_a_run_of_digits_is_not_a_row_of_numbers():
    from f64lint.linter.narrowing.numbers import has_rows_of_numbers

    assert not has_rows_of_numbers("x = 0x" + "1" * 40_000)
    assert has_rows_of_numbers("x = [" + ", ".join(["-1", "2.5", "3e-4", "1_000"] * 2) + ", 9]")


def test_arrays_of_python_floats_keep_what_makes_and_moves_them():
    # Floats of `math.*`: the function that makes the array stays. (A parameter annotated
    # `List[float]`, and the method that moves what is made of it: fixtures/data_dtype/fitted_scaler.py.)
    same_findings(textwrap.dedent('''\
        import math
        import numpy as np
        import torch


        def scales(xs, device):
            return torch.tensor(np.array([math.sqrt(x) for x in xs]), device=device)
    '''))


def test_annotations_naming_float_and_a_float_default_dtype_keep_what_they_reach():
    same_findings(textwrap.dedent('''\
        from typing import List, Tuple, Union
        import numpy as np
        import torch


        def scale(weights: Tuple[int, float], device):
            return torch.from_numpy(np.array(weights)).to(device)


        def mix(probas: Union[List[float], None], device):
            return torch.from_numpy(np.array(probas)).to(device)
    '''))
    source = textwrap.dedent('''\
        import torch

        torch.set_default_dtype(float)


        def noise(n, device):
            return torch.randn(n, device=device)
    ''')
    with whole_modules():
        whole = [(d.code, d.start, d.severity) for d in lint(source, ALL)]
    with narrowing_every_module():
        assert [(d.code, d.start, d.severity) for d in lint(source, ALL)] == whole
    assert [severity.value for _, _, severity in whole] == ["error"]


def test_a_summary_keeps_a_class_s_properties_and_the_methods_that_set_what_they_give():
    # A base's property that gives what the class itself sets is no attribute left to
    # subclasses: the summary must see the setter (flow/summaries.py reads only `READS` rows
    # for attributes a class never sets).
    source = textwrap.dedent("""\
        import numpy as np


        class Interp:
            def __init__(self, x):
                self.x = np.linspace(0, 1, x)

            def refill(self, value):
                self._fill = value

            def describe(self):
                return "interpolation"

            def sample(self, idx):
                return self.x[idx]

            @property
            def fill(self):
                return self._fill
        """)
    text = makers_only(source).text
    assert "self._fill = value" in text and "return self._fill" in text and "describe" not in text
    assert "return self.x[idx]" in text  # it reads what a making method set: it may give it


def test_a_summary_reads_a_class_nested_in_a_kept_one_as_it_reads_the_kept_one():
    # torch's distributed_test.py is one class holding a `_DistTestBase` of hundreds of
    # test methods: only those that make a float64 array matter to its summary.
    source = textwrap.dedent("""\
        import numpy as np

        from pkg import fit


        class DistributedTest:
            class _DistTestBase:
                def test_fit(self):
                    fit(np.linspace(0, 1, 8), "cpu")

                def test_barrier(self):
                    self.barrier()

                @property
                def world(self):
                    return self._world
        """)
    text = makers_only(source).text
    assert "fit(np.linspace(0, 1, 8)" in text and "return self._world" in text
    assert "self.barrier()" not in text and "def test_barrier" not in text
    assert text.count("\n") == source.count("\n")


def test_a_summary_reads_a_long_literal_of_numbers_cut_as_linting_does():
    # A script's table of constants (megabytes of them) is not parsed number by number.
    numbers = ", ".join(["0.5"] * 70)
    source = f"import numpy as np\nTABLE = [{numbers}]\nGRID = np.linspace(0, 1, 5)\n"
    cut = "import numpy as np\nTABLE = [0.5," + " " * (len(numbers) - 4) + "]\nGRID = np.linspace(0, 1, 5)\n"
    assert makers_only(source).text == cut == narrowed(source).text


HANDED_ON = '''\
import numpy as np
import torch


def to_device_tensor(arr, device):
    return torch.as_tensor(arr, device=device)


def fit(raw_x, device):
    return to_device_tensor(raw_x, device)


dev = "mps" if torch.backends.mps.is_available() else "cpu"
fit(np.random.rand(20, 3) * 100, dev)
'''


def test_a_short_module_is_read_whole_so_what_the_evaluator_follows_is_found():
    # A module-level call hands an array to a function that hands it on: narrowing's text
    # patterns see neither function make a tensor of it, and would leave both out.
    message = (
        "float64 NumPy array (from `np.random.rand` at line 14) becomes a tensor in `torch.as_tensor()`; "
        "MPS has no float64"
    )
    assert [(d.code, d.start.line, d.start.column, d.message) for d in lint(HANDED_ON, ALL)] == [
        ("F64003", 6, 12, message)
    ]
    padded = HANDED_ON + "\n" + "# a long module\n" * (linter.READ_WHOLE_BELOW // 16)
    assert lint(padded, ALL) == []  # narrowed, as long modules are: the patterns lose it
    float32 = HANDED_ON.replace("np.random.rand(20, 3) * 100", "np.random.rand(20, 3).astype(np.float32)")
    assert lint(float32, ALL) == []


def test_a_helper_that_sets_the_default_device_stays_where_the_module_calls_it():
    # `setup()` says where `torch.tensor(xs)` makes its tensor, though no definition that
    # stays calls it: the module's guard does.
    same_findings(textwrap.dedent('''\
        import numpy as np
        import torch

        def setup():
            device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
            torch.set_default_device(device)

        def unrelated(x):
            return x * 2

        def train():
            xs = np.linspace(0.0, 1.0, 16)
            return torch.tensor(xs).float()

        if __name__ == "__main__":
            setup()
            train()
        '''))
