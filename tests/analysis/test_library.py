"""The library table: what torch's and NumPy's functions and methods return, and the views
the analysis reads of it."""

from __future__ import annotations

import textwrap

import pytest

from f64lint.analysis.domain.dtypes import Width, dtype_of
from f64lint.analysis.domain.library import FLOAT64_PARTS, LIBRARY, Returns, float64_members, functions, member, methods
from f64lint.analysis.flow.analysis import analyse
from f64lint.analysis.flow.values import keeps_dtype
from f64lint.cst import cst
from tests.analysis.marked import analysed, marked_call
from tests.helpers import lint


def test_views_select_by_module_or_type_and_by_what_is_returned():
    assert {"numpy.linspace", "numpy.random.rand"} <= functions("numpy", Returns.FLOAT64)
    assert "torch.zeros" in functions("torch", Returns.DEFAULT_DTYPE)
    assert "torch.zeros" not in functions("numpy", Returns.DEFAULT_DTYPE)
    assert {"clone", "__getitem__"} <= methods("torch.Tensor", Returns.RECEIVER_DTYPE)
    assert "ravel" in methods("numpy.ndarray", Returns.RECEIVER_DTYPE)
    assert "ravel" not in methods("torch.Tensor", Returns.RECEIVER_DTYPE)
    # A method is no module's function: `torch.Tensor.argmax` is not `torch.Tensor`.
    assert "torch.Tensor.argmax" not in functions("torch", Returns.NOT_FLOAT)
    assert "torch.argmax" in functions("torch", Returns.NOT_FLOAT)


def test_every_entry_belongs_to_a_modelled_library():
    modelled = ("numpy", "torch", "scipy", "sklearn", "transformers", "builtins", "math", "gymnasium", "cv2", "imageio", "skimage", "PIL")
    assert all(name.split(".", 1)[0] in modelled for name in (*LIBRARY, *FLOAT64_PARTS))


def test_objects_libraries_make_are_known_by_their_type():
    # A Generator's draws and a scaler's fitted statistics are members of their types,
    # not functions of a module.
    assert "normal" in float64_members("numpy.random.Generator")
    assert "mean_" in float64_members("sklearn.preprocessing.StandardScaler")
    assert float64_members("gymnasium.vector.VectorEnv") == {"step"}
    assert member("numpy.random.Generator", "normal") is Returns.FLOAT64
    assert not any(name.startswith("numpy.random.Generator") for name in functions("numpy", Returns.FLOAT64))
    assert "scipy.signal.get_window" in functions("scipy", Returns.FLOAT64)
    assert "sklearn.metrics.roc_curve" in functions("sklearn", Returns.FLOAT64)
    assert member("transformers.WhisperFeatureExtractor", "mel_filters") is Returns.FLOAT64
    assert "sklearn.metrics.roc_auc_score" not in LIBRARY  # a score: a Python float in recent releases

    analysis, call = marked_call('''
        import numpy as np
        import torch
        from sklearn.preprocessing import StandardScaler

        def stats(x, n):
            scaler = StandardScaler()
            scaler = scaler.fit(x)
            rng = np.random.RandomState(0)
            return torch.tensor(scaler.scale_), torch.tensor(rng.rand(n)), torch.tensor(rng.rand(n).astype(np.float32))  # <-
    ''')
    facts = analysis.facts
    first, second, third = (c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor")
    assert analysis.flow.float64_array(first.args[0].value).origin_name == "StandardScaler.scale_"
    assert analysis.flow.float64_array(second.args[0].value).origin_name == "RandomState.rand"
    assert analysis.flow.float64_array(third.args[0].value) is None


def test_the_analysis_reads_what_comes_out_of_library_calls_from_the_table():
    analysis, call = marked_call('''
        import numpy as np
        import torch

        def grid(n, device):
            steps = np.linspace(0.0, 1.0, n).reshape(1, n)
            return torch.tensor(steps, device=device)  # <-
    ''')
    source = analysis.flow.float64_array(call.args[0].value)  # FLOAT64, then RECEIVER_DTYPE
    assert source is not None and source.origin_name == "np.linspace"

    analysis, call = marked_call('''
        import torch

        def pick(n):
            a = torch.zeros(n, dtype=torch.float64)
            return torch.cat([a, a]).argmax()  # <-
    ''')
    kept = analysis.flow.wide_value(call.func.value)  # ARGUMENT_DTYPE keeps float64
    assert kept is not None and kept.made_by == "torch.zeros(dtype=torch.float64)"
    assert analysis.flow.wide_value(call) is None  # NOT_FLOAT: indices

    analysis, call = marked_call('''
        import torch

        def grid(n):
            return torch.zeros(n).clone()  # <-
    ''')
    assert analysis.flow.evaluation.value(call).known_narrow  # float32 whatever given, then its own


def made_by_of_moved(value: str) -> Optional[str]:
    """What the flow says made the float64 value `y = <value>` that a function then moves
    to a device (`made_by` of its wide value), or None when it finds none."""
    analysis, call = marked_call(f'''
        import numpy as np
        import torch

        def moved(x, reference, flag, n, device):
            y = {value}
            return y.to(device)  # <-
    ''')
    wide = analysis.flow.wide_value(call.func.value)
    return wide.made_by if wide is not None else None


@pytest.mark.parametrize(
    "operand, made_by",
    [
        ("np.linspace(0.0, 1.0, n)", "np.linspace"),  # a NumPy array is no weak scalar to torch
        ("np.linspace(0.0, 1.0, n, dtype=np.float32)", None),
        ("np.float64(0.5)", None),  # a NumPy scalar is
    ],
)
def test_a_tensor_promoted_by_arithmetic_with_a_float64_array_is_float64(operand, made_by):
    assert made_by_of_moved(f"torch.ones(n) * {operand}") == made_by


@pytest.mark.parametrize(
    "made, made_by",
    [
        ("x.double().tanh().cumsum(0)", ".double()"),  # kept: the probe saw both keep a float tensor's dtype
        ("torch.logcumsumexp(x.double(), 0)", ".double()"),
        ("x.float().tanh()", None),
        ("x.double().argmax()", None),  # indices
        ("x.double().type_as(reference)", None),  # the dtype chosen
    ],
)
def test_a_float64_tensor_is_followed_through_what_the_probe_saw_keep_its_dtype(made, made_by):
    assert made_by_of_moved(made) == made_by


@pytest.mark.parametrize(
    "made, made_by",
    [
        ("[t.to_sparse() for t in [torch.empty(3, dtype=torch.double)]][0]", "torch.empty(dtype=torch.double)"),
        ("[t.to_sparse() for t in [torch.empty(3, dtype=torch.float)]][0]", None),
        ("torch.DoubleTensor([1.0 / n])", "torch.DoubleTensor"),
        ("torch.FloatTensor([1.0 / n])", None),
    ],
)
def test_where_the_trace_ends_the_evaluator_is_asked(made, made_by):
    # elements of a comprehension over float64 tensors; a legacy constructor, as probed
    assert made_by_of_moved(made) == made_by


def test_reductions_and_products_of_a_float64_array_stay_float64():
    # `np.mean` of a float64 array is an np.float64 scalar, and `torch.tensor` keeps it.
    analysis, call = marked_call('''
        import numpy as np
        import torch

        def normalise(x, device):
            sigmas = np.linspace(0.0, 1.0, 10)
            weights = np.ones(10, dtype=np.float32)
            return (
                torch.tensor(np.mean(sigmas), device=device),
                torch.tensor(sigmas.std(), device=device),
                torch.tensor(np.sort(np.diff(sigmas)), device=device),
                torch.tensor(np.mean(weights), device=device),
                torch.tensor(sigmas.tolist(), device=device),  # <-
            )
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == [
        "np.linspace", "np.linspace", "np.linspace", None, None,
    ]


def test_integer_arrays_divided_or_mixed_with_a_float_are_float64():
    # NumPy's counts and indices are int64: true division, or any float operand, makes
    # float64 (int64 with float32 is float64 too); integer arithmetic keeps them integers.
    analysis, call = marked_call('''
        import numpy as np
        import torch

        def weights(labels, scores, device):
            counts = np.bincount(labels)
            order = np.argsort(scores)
            return (
                torch.tensor(len(labels) / (len(counts) * counts), device=device),
                torch.tensor(order[:3] * 0.5, device=device),
                torch.tensor(counts * 2, device=device),
                torch.tensor(counts.astype(np.float32) / 2, device=device),  # <-
            )
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == ["np.bincount", "np.argsort", None, None]


def test_a_parameter_keeps_the_dtype_of_its_data():
    analysis, call = marked_call('''
        import torch
        from torch import nn

        def table(n):
            return nn.Parameter(torch.zeros(n, dtype=torch.float64))  # <-
    ''')
    kept = analysis.flow.wide_value(call)
    assert kept is not None and kept.made_by == "torch.zeros(dtype=torch.float64)"


def test_scipy_filters_keep_the_float64_of_their_coefficients():
    analysis, call = marked_call('''
        import numpy as np
        import torch
        from scipy import fft, signal

        def filtered(x, device):
            b, a = signal.butter(4, 0.2)
            spectrum = fft.rfft(-np.arange(8) * 0.5)
            return torch.tensor(signal.filtfilt(b, a, x), device=device), torch.tensor(spectrum, device=device)  # <-
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    # The spectrum is complex128, as the probe saw SciPy's rfft give of float64 data.
    assert [(source.origin_name, source.width) if source else None for source in found] == [
        ("signal.butter", "float64"), ("fft.rfft", "complex128")
    ]


def test_python_floats_and_asked_dtypes_make_float64_arrays():
    # A list of Python floats is float64 to NumPy (`i / n` of a range counter is one), a
    # `*_like` array or a reduction takes the dtype it is asked for.
    analysis, call = marked_call('''
        import numpy as np
        import torch

        def weights(n, rewards, device):
            ramp = [i / (n - 1) for i in range(n)]
            counts = [i for i in range(n)]
            returns = np.zeros_like(rewards, dtype=float)
            return (
                torch.tensor(np.array(ramp), device=device),
                torch.tensor(np.array(counts), device=device),
                torch.tensor(returns, device=device),
                torch.tensor(np.cumsum(rewards, dtype=np.float64), device=device),
                torch.tensor(np.cumsum(rewards, dtype=np.float32), device=device),  # <-
            )
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == [
        "np.array", None, "np.zeros_like", "np.cumsum", None,
    ]


def test_floats_of_calls_and_of_annotated_sequences_make_float64_arrays():
    # `float(x)`, `math.sqrt(i)`, NumPy's math of a range counter, arithmetic of a float and
    # a number, and a parameter annotated as a sequence of floats are Python floats, which
    # NumPy makes float64; integers, strings' lengths and a float32 array asked for are not.
    analysis, call = marked_call('''
        import math
        from typing import List, Optional, Sequence, Tuple
        import numpy as np
        import torch

        def f(xs, probas: List[float], maybe: Optional[Sequence[float]], pair: Tuple[float, ...],
              ids: List[int], names: List[str], device):
            return (
                torch.tensor(np.array([math.sqrt(i) for i in xs]), device=device),
                torch.tensor(np.array([float(x) for x in xs]), device=device),
                torch.tensor(np.array([np.sqrt(i) for i in range(4)]), device=device),
                torch.tensor(np.array([2 * float(x) + 1 for x in xs]), device=device),
                torch.tensor(np.array(probas), device=device),
                torch.tensor(np.asarray(maybe), device=device),
                torch.tensor(np.asarray(pair), device=device),
                torch.tensor(np.array(ids), device=device),
                torch.tensor(np.array([len(n) for n in names]), device=device),
                torch.tensor(np.array([x * 2 for x in xs]), device=device),
                torch.tensor(np.array(probas, dtype=np.float32), device=device),  # <-
            )
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == [
        "np.array", "np.array", "np.array", "np.array", "np.array", "np.asarray", "np.asarray", None, None, None, None,
    ]


def test_a_name_bound_to_an_array_api_namespace_is_read_as_torch():
    analysis = analysed('''
        import array_api_compat
        from sklearn.utils._array_api import get_namespace, get_namespace_and_device

        def f(X, y):
            xp, is_array_api = get_namespace(X)
            xq, compliant, device_ = get_namespace_and_device(y)
            xr = array_api_compat.array_namespace(X)
            *rest, xs = get_namespace(X)
            xt, flag = get_namespace(X)[0], get_namespace(X)[1]
            return xp.float64, xq.asarray, xr.float64, is_array_api.float64, device_.float64, xs.float64, xt.float64, flag.float64
    ''')
    facts = analysis.facts
    returned = next(node for node in facts.calls if facts.module.code_for_node(node.func) == "get_namespace")
    function = facts.enclosing_function(returned)
    values = [element.value for element in function.body.body[-1].body[0].value.elements]
    assert [facts.qualified_name(value) for value in values] == [
        "torch.float64", "torch.asarray", "torch.float64", None, None, None, "torch.float64", None,
    ]
    assert [facts.through_namespace(value) for value in values] == [True, True, True, False, False, False, True, False]


def test_a_namespace_getter_defined_in_its_own_module_is_known_there():
    source = '''
        def get_namespace(*arrays):
            return arrays[0].__array_namespace__(), True

        def f(X):
            xp, _ = get_namespace(X)
            return xp.float64
    '''
    in_its_module = analysed(source, module_name="sklearn.utils._array_api", package="sklearn.utils")
    elsewhere = analysed(source, module_name="mypackage.utils", package="mypackage")
    for analysis, expected in ((in_its_module, "torch.float64"), (elsewhere, None)):
        facts = analysis.facts
        returned = facts.functions[-1].body.body[-1].body[0].value
        assert facts.qualified_name(returned) == expected


def test_a_dtype_list_widest_first_is_float64_without_the_device():
    analysis = analysed('''
        from sklearn.utils._array_api import get_namespace_and_device, supported_float_dtypes

        def f(X):
            xp, _, device_ = get_namespace_and_device(X)
            listed = supported_float_dtypes(xp)
            return (
                listed, listed[0], listed[1], supported_float_dtypes(xp, device_), supported_float_dtypes(xp, device=device_),
                supported_float_dtypes(xp, device=None),
            )
    ''')
    facts = analysis.facts
    values = [element.value for element in facts.functions[-1].body.body[-1].body[0].value.elements]
    found = [dtype_of(facts, value) for value in values]
    assert [(d.width, d.note) if d else None for d in found] == [
        (Width.FLOAT64, "float64 first: no `device=` given"),
        (Width.FLOAT64, "float64 first: no `device=` given"),
        None,
        None,
        None,
        (Width.FLOAT64, "float64 first: no `device=` given"),
    ]


def test_the_device_of_the_data_may_be_mps_outside_tests():
    source = '''
        from sklearn.utils._array_api import device, get_namespace_and_device

        def f(X):
            xp, _, device_ = get_namespace_and_device(X)
            return device(X), device_
    '''
    for in_tests, expected in ((False, [True, True]), (True, [False, False])):
        text = textwrap.dedent(source).lstrip("\n")
        analysis = analyse(cst.parse_module(text), text=text, in_tests=in_tests)
        values = [element.value for element in analysis.facts.functions[-1].body.body[-1].body[0].value.elements]
        assert [analysis.flow.may_lack_float64(value) for value in values] == expected


def test_a_vector_environments_rewards_are_float64_and_its_observations_unknown():
    # gymnasium's vector environments give float64 rewards at place 1 of `step`'s tuple;
    # observations take their space's dtype, a single environment's reward may be a Python
    # float, and an environment handed in as a parameter is of no known type.
    analysis, call = marked_call('''
        import gym as old_gym
        import gymnasium as gym
        import torch

        def collect(policy, given, device):
            envs = gym.vector.SyncVectorEnv([lambda: gym.make("CartPole-v1")] * 4)
            legacy = old_gym.vector.AsyncVectorEnv([lambda: old_gym.make("CartPole-v1")] * 4)
            single = gym.make("CartPole-v1")
            obs, reward, terminated, truncated, info = envs.step(policy(envs.reset()))
            _, old_reward, done, _ = legacy.step(policy(obs))
            _, one_reward, _, _, _ = single.step(policy(obs))
            _, given_reward, _, _, _ = given.step(policy(obs))
            return [
                torch.tensor(reward, device=device),
                torch.tensor(old_reward, device=device),
                torch.tensor(obs, device=device),
                torch.tensor(one_reward, device=device),
                torch.tensor(given_reward, device=device),  # <-
            ]
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == [
        "VectorEnv.step", "VectorEnv.step", None, None, None,
    ]


def test_a_union_is_a_float_sequence_only_when_each_of_its_members_is():
    analysis, call = marked_call('''
        from typing import List, Optional, Tuple, Union
        import numpy as np
        import torch

        def f(mixed: Tuple[int, float], maybe: Union[List[float], None], either: Union[List[float], np.ndarray], device):
            return (
                torch.tensor(np.array(mixed), device=device),
                torch.tensor(np.array(maybe), device=device),
                torch.tensor(np.array(either), device=device),  # <-
            )
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == ["np.array", "np.array", None]


def test_names_before_a_starred_target_keep_their_place_in_a_tuple():
    analysis, call = marked_call('''
        import gymnasium as gym
        import torch

        def collect(policy, device):
            envs = gym.make_vec("CartPole-v1", num_envs=2)
            obs, reward, *rest = envs.step(policy())
            *_, last = envs.step(policy())
            return torch.tensor(reward, device=device), torch.tensor(last, device=device)  # <-
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.tensor"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == ["VectorEnv.step", None]


def test_every_spelling_numpy_reads_as_float64_is_float64_and_its_float32_twins_are_not():
    # Dtype strings mean what NumPy reads them as, as probed (library_dtypes.json).
    analysis = analysed('''
        import numpy as np

        def f():
            return (
                "f8", "d", "<f8", "double", "float", "float64", np.dtype("float64"), np.dtype("d"), "c16", "D",
                "f4", "f", "<f4", "single", "float32", "e", np.dtype("f"), "c8", "i8", "torch.float64", "g",
            )
    ''')
    facts = analysis.facts
    values = [element.value for element in facts.functions[-1].body.body[-1].body[0].value.elements]
    widths = [d.width if d is not None else None for d in (dtype_of(facts, value) for value in values)]
    assert widths == [Width.FLOAT64] * 8 + [Width.COMPLEX128] * 2 + [Width.NARROW] * 8 + [None] * 3


def test_integers_made_float64_by_division_are_named_after_their_maker_through_arithmetic():
    # The evaluator's reading (the one the old tracer is to give way to) names the NumPy
    # call that made the integers, also when they are multiplied first.
    analysis = analysed('''
        import numpy as np

        def weights(labels):
            counts = np.bincount(labels)
            weights = len(labels) / (len(counts) * counts)
            return weights
    ''')
    returned = analysis.facts.functions[-1].body.body[-1].body[0].value
    source = analysis.flow._evaluated_array(returned)
    assert source is not None and source.origin_name == "np.bincount"


def test_a_dtype_given_by_place_is_the_one_numpys_makers_take():
    analysis, _ = marked_call('''
        import numpy as np
        import torch

        def made(n, device):
            return (
                torch.from_numpy(np.ones(n, np.float32)), torch.from_numpy(np.zeros((n, 2), np.float32)),
                torch.from_numpy(np.full(n, 0.5, np.float32)), torch.from_numpy(np.linspace(0, 1, n, True, False, np.float32)),
                torch.from_numpy(np.ones(n, np.float64)), torch.from_numpy(np.full(n, 0.5)),  # <-
            )
    ''')
    facts = analysis.facts
    made = [c for c in facts.calls if facts.qualified_name(c.func) == "torch.from_numpy"]
    found = [analysis.flow.float64_array(c.args[0].value) for c in made]
    assert [source.origin_name if source else None for source in found] == [None, None, None, None, "np.ones", "np.full"]


@pytest.mark.parametrize(
    "function, keeps",
    [
        ("torch.logcumsumexp", True),  # as probed
        ("torch.meshgrid", True),  # a tuple of tensors: the table's hand entry
        ("torch.argmax", False),  # indices
        ("torch.zeros_like", True),
        ("torch.bucketize", False),
        (None, False),
    ],
)
def test_the_torch_functions_that_keep_their_tensors_dtype(function, keeps):
    assert keeps_dtype(function) is keeps


@pytest.mark.parametrize(
    "chosen, made_by",
    [
        ("x.double() if flag else x", ".double()"),  # float64 on one path: a crash on that path
        ("x if flag else torch.zeros(3, dtype=torch.float64)", "torch.zeros(dtype=torch.float64)"),
        ('x.double() if device.type != "mps" else x.float()', None),  # chosen for the device
        ("x.double() if x.dtype == torch.float64 else x", None),  # after the data's own dtype
    ],
)
def test_a_conditional_expression_is_either_branch_unless_it_chooses_by_device_or_dtype(chosen, made_by):
    assert made_by_of_moved(chosen) == made_by


def test_what_the_evaluator_finds_keeps_every_maker_as_a_source():
    # each maker of an element of the list reaches the device: an error, not a warning
    source = textwrap.dedent('''
        import torch

        def moved(a, device):
            y = [t for t in [a.double(), torch.arange(3, dtype=torch.float64)]][0]
            return y.to(device)
    ''')
    found = [(d.code, d.start.line, d.severity.value) for d in lint(source, {"F64001", "F64002", "F64004"})]
    assert found == [("F64002", 4, "error"), ("F64001", 4, "error"), ("F64004", 5, "error")]
