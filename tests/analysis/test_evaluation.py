"""The evaluator (analysis/evaluation/): the lattice's promotion rules, and what it makes of
expressions: NumPy's makers, fills and arithmetic, names, unpacking, indexing, the module's
own functions, and devices."""

from __future__ import annotations

import pytest

from f64lint.analysis.domain.dtypes import holds_for_float64
from f64lint.analysis.evaluation.evaluator import Evaluator
from f64lint.analysis.evaluation.lattice import UNKNOWN, Dtype, Kind, Place, Value, arithmetic, join, place_of
from f64lint.analysis.syntax.nodes import own_nodes
from f64lint.cst import cst
from tests.analysis.marked import analysed

OPERATION = cst.parse_expression("a / b")
INT_ARRAY = Value(Kind.NDARRAY, Dtype.INTEGER)
FLOAT32_ARRAY = Value(Kind.NDARRAY, Dtype.FLOAT32)
FLOAT64_ARRAY = Value(Kind.NDARRAY, Dtype.FLOAT64)
PY_INT = Value(Kind.NUMBER, Dtype.INTEGER)
PY_FLOAT = Value(Kind.NUMBER, Dtype.FLOAT64)


@pytest.mark.parametrize(
    "left, right, divides, dtype",
    [
        (INT_ARRAY, PY_FLOAT, False, Dtype.FLOAT64),  # NumPy's default float
        (INT_ARRAY, PY_INT, False, Dtype.INTEGER),
        (INT_ARRAY, PY_INT, True, Dtype.FLOAT64),  # true division
        (INT_ARRAY, UNKNOWN, True, Dtype.FLOAT64),
        (INT_ARRAY, UNKNOWN, False, None),
        (FLOAT32_ARRAY, PY_FLOAT, False, Dtype.FLOAT32),  # a Python float is weak (NEP 50)
        (FLOAT32_ARRAY, PY_INT, True, Dtype.FLOAT32),
        (FLOAT32_ARRAY, FLOAT64_ARRAY, False, Dtype.FLOAT64),
        (FLOAT64_ARRAY, UNKNOWN, False, Dtype.FLOAT64),
        (PY_FLOAT, FLOAT32_ARRAY, False, Dtype.FLOAT32),
    ],
)
def test_numpy_promotion(left, right, divides, dtype):
    result = arithmetic(left, right, divides, OPERATION)
    assert result.kind is Kind.NDARRAY
    assert result.dtype is dtype


def test_python_numbers_divided_are_floats_and_otherwise_keep_their_kind():
    assert arithmetic(PY_INT, PY_INT, True, OPERATION) == Value(Kind.NUMBER, Dtype.FLOAT64, origin=OPERATION)
    assert arithmetic(PY_INT, PY_INT, False, OPERATION).dtype is Dtype.INTEGER
    assert arithmetic(PY_INT, UNKNOWN, True, OPERATION) is UNKNOWN


def test_a_join_keeps_the_widest_dtype_and_the_worst_place():
    joined = join([FLOAT32_ARRAY, FLOAT64_ARRAY])
    assert (joined.kind, joined.dtype) == (Kind.NDARRAY, Dtype.FLOAT64)
    assert join([Value(Kind.DEVICE, place=Place.CPU), Value(Kind.DEVICE, place=Place.MAY_LACK_FLOAT64)]).place is (
        Place.MAY_LACK_FLOAT64
    )
    on_cpu, by_default = Value(Kind.TENSOR, place=Place.CPU), Value(Kind.TENSOR, place=Place.CPU_BY_DEFAULT)
    assert join([on_cpu, by_default]).place is Place.CPU  # on the CPU, put there on purpose on one path
    assert join([on_cpu, Value(Kind.TENSOR)]).place is Place.UNKNOWN  # not on the CPU on every path
    assert join([FLOAT64_ARRAY, PY_FLOAT]).kind is Kind.UNKNOWN  # kinds that differ
    assert join([]) is UNKNOWN


def evaluated(source: str) -> Value:
    """The value of `result` at the end of a module."""
    analysis = analysed(source + "\nresult\n")
    last = analysis.facts.module.body[-1]
    assert isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Expr)
    return analysis.flow.evaluation.value(last.body[0].value)


def returned_by(source: str, function: str) -> Value:
    """The value of the first `return` of the function (or method) of this name."""
    analysis = analysed(source)
    [definition] = [f for f in analysis.facts.functions if f.name.value == function]
    returned = next(own_nodes(definition.body, cst.Return)).value
    assert returned is not None
    return analysis.flow.evaluation.value(returned)


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        ("import numpy as np\ndef f(n):\n    return 0\nn = f(0)\nresult = np.full(n, 1 / n)", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.full(3, 1)", Kind.NDARRAY, Dtype.INTEGER),
        ("import numpy as np\nresult = np.full(3, 0.5, dtype=np.float32)", Kind.NDARRAY, Dtype.FLOAT32),
        ("import numpy as np\nresult = np.ones(4) * 0.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.ones(4, dtype=np.float32) * 0.5", Kind.NDARRAY, Dtype.FLOAT32),
        ("import numpy as np\nresult = np.stack(np.meshgrid(np.arange(4), np.arange(3)), -1) / 4", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nresult = np.stack(np.meshgrid(np.arange(4), np.arange(3)), -1) // 4", Kind.NDARRAY,
         Dtype.INTEGER),
        ("import numpy as np\nresult = np.asarray([1, 2]) * 1.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.array([0.5, 1.0]).astype(np.float32)", Kind.NDARRAY, Dtype.FLOAT32),
        ("import numpy as np\nresult = np.sin(np.arange(3))", Kind.NDARRAY, Dtype.FLOAT64),
        # NumPy promotes 32- and 64-bit integers with float32 to float64, as neither holds
        # the other's values; 8- and 16-bit ones (pixels) to float32.
        ("import numpy as np\nresult = np.arange(4)[:, None] * np.ones(2, dtype=np.float32)", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nresult = np.arange(4) * np.float32(0.5)", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.arange(4, dtype=np.int32) * np.ones(4, dtype=np.float32)", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nresult = np.zeros(4, dtype=int) + np.ones(4, dtype=np.float32)", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nresult = np.arange(4, dtype=np.int16) * np.ones(4, dtype=np.float32)", Kind.NDARRAY,
         Dtype.FLOAT32),
        ("import numpy as np\nresult = np.zeros((4, 4), np.uint8) / 255.0", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.ones(4, dtype='uint8') * 2", Kind.NDARRAY, Dtype.SMALL_INTEGER),
        ("import numpy as np\nresult = np.ones(4, dtype=bool)", Kind.NDARRAY, Dtype.BOOL),
        ("import cv2\nimport numpy as np\nresult = cv2.imread(p) - np.ones(3, dtype=np.float32)", Kind.NDARRAY,
         Dtype.FLOAT32),
        ("import numpy as np\nresult = np.ones(4, dtype=np.float32) * 3", Kind.NDARRAY, Dtype.FLOAT32),
        ("import numpy as np\nresult = np.log(0.5)", Kind.NUMPY_SCALAR, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.arange(0, 1, 0.1)[1:].T", Kind.NDARRAY, Dtype.FLOAT64),
        ("import math\nresult = [math.sqrt(2), 1]", Kind.CONTAINER, None),
        # Random generators are the objects the probe saw their makers give, and their draws
        # what it saw those give: an array when one is asked for, a Python float when not.
        ("import numpy as np\nrng = np.random.default_rng(0)\nresult = rng", Kind.OBJECT, None),
        ("import numpy as np\nrng = np.random.default_rng(0)\nresult = rng.standard_normal((3, 4))", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nrng = np.random.default_rng(0)\nresult = rng.normal(0.0, 0.02, size=(3, 4))",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nrs = np.random.RandomState(0)\nresult = rs.normal(size=3)", Kind.NDARRAY, Dtype.FLOAT64),
        # Numbers alone: a Python float, as probed (`normal(loc)` draws one).
        ("import numpy as np\nrs = np.random.RandomState(0)\nresult = rs.normal(3)", Kind.NUMBER, Dtype.FLOAT64),
        # Numbers given, an array asked for by `size=`: as the probe made one of such numbers.
        ("import numpy as np\nrng = np.random.default_rng(0)\nresult = rng.integers(0, 256, size=(2, 3))",
         Kind.NDARRAY, Dtype.INTEGER),
        ("import numpy as np\nfrom sklearn.preprocessing import MinMaxScaler\n"
         "result = MinMaxScaler().fit_transform(np.random.default_rng(0).integers(0, 256, size=(2, 3)))",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nrng = np.random.default_rng(0)\nresult = rng.random(4, dtype=np.float32)", Kind.NDARRAY,
         Dtype.FLOAT32),
        # A dtype asked of a probed function that makes arrays (or of one asked for an array
        # by `size=`) is the array's; without `size=` a draw may be a Python number.
        ("import numpy as np\nresult = np.random.randint(0, 256, size=(2, 3), dtype=np.uint8)", Kind.NDARRAY,
         Dtype.SMALL_INTEGER),
        ("import numpy as np\nresult = np.random.randint(0, 256, size=(2, 3), dtype=np.uint8) / 255.0", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nresult = np.random.randint(0, 256, dtype=np.int32)", Kind.UNKNOWN, None),
        # 8-bit pixels and complex data as probed: a percentile of pixels is float64, of
        # float32 data float32; the conjugate of a complex128 spectrum complex128.
        ("import numpy as np\nresult = np.percentile(np.zeros((2, 3), dtype=np.uint8), 99, axis=0)", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\nresult = np.percentile(np.zeros((2, 3), dtype=np.float32), 99, axis=0)", Kind.NDARRAY,
         Dtype.FLOAT32),
        ("import numpy as np\nresult = np.conj(np.fft.fft(np.ones(4)))", Kind.NDARRAY, Dtype.COMPLEX128),
        # Python's statistics, as probed: Python floats, which NumPy makes float64 arrays of.
        ("import numpy as np\nimport statistics\nxs = [1.0, 2.5]\n"
         "result = np.array([statistics.fmean(xs), statistics.pstdev(xs)])", Kind.NDARRAY, Dtype.FLOAT64),
        # Python's own numbers, as probed: the constants libraries name, math's functions and
        # the builtins that compute with numbers give Python numbers; NumPy's math of them a
        # float64 scalar.
        ("import math\nresult = math.pi", Kind.NUMBER, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.pi * 2", Kind.NUMBER, Dtype.FLOAT64),
        ("import math\nresult = math.cos(math.pi * 0.5)", Kind.NUMBER, Dtype.FLOAT64),
        ("def f(n: int):\n    return max(1, n - 2)\nresult = f(a)", Kind.NUMBER, Dtype.INTEGER),
        ("def f(n: int):\n    return abs(n) / 2\nresult = f(a)", Kind.NUMBER, Dtype.FLOAT64),
        ("import numpy as np\ndef f(n: int):\n    return 0.5 * (1.0 + np.cos(np.pi * n / max(1, n - 2)))\n"
         "result = f(a)", Kind.NUMPY_SCALAR, Dtype.FLOAT64),
        ("def f(xs):\n    return max(xs)\nresult = f(a)", Kind.UNKNOWN, None),
        ("result = max([0.5, 1.5])", Kind.NUMBER, Dtype.FLOAT64),
        ("def f(x: float):\n    return sum([x, 1])\nresult = f(a)", Kind.NUMBER, Dtype.FLOAT64),
        # A parameter annotated with a probed class is an object of it: its draws are what the
        # probe saw them give, whatever the data; what depends on the data stays unknown.
        ("import numpy as np\ndef f(rng: np.random.Generator):\n    return rng.normal(0.0, 1.0, size=3)\n"
         "result = f(a)", Kind.NDARRAY, Dtype.FLOAT64),
        ("from typing import Optional\nimport numpy as np\ndef f(rng: Optional[np.random.Generator] = None):\n"
         "    rng = rng or np.random.default_rng()\n    return rng.uniform(size=3)\nresult = f(a)", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\ndef f(rng: np.random.Generator | None):\n    return rng.random(3, dtype=np.float32)\n"
         "result = f(a)", Kind.NDARRAY, Dtype.FLOAT32),
        ("from sklearn.preprocessing import StandardScaler\ndef f(scaler: StandardScaler, x):\n"
         "    return scaler.transform(x)\nresult = f(a, b)", Kind.UNKNOWN, None),
        ("import pandas as pd\ndef f(frame: pd.DataFrame):\n    return frame.values\nresult = f(a)", Kind.UNKNOWN, None),
        # A list of numbers given among arrays is an array of its own (float64 for floats);
        # an unknown argument leaves only float64 and wider known.
        ("import numpy as np\ndef f(s):\n    return np.concatenate([np.asarray(s), [0.0]])\nresult = f(a)", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("import numpy as np\ndef f(s):\n    return np.concatenate([s, [1]])\nresult = f(a)", Kind.UNKNOWN, None),
        ("import numpy as np\ndef f(s):\n    return np.concatenate([s, np.ones(2, dtype=np.float32)])\nresult = f(a)",
         Kind.UNKNOWN, None),
        ("import numpy as np\nresult = np.concatenate([np.ones(2, dtype=np.float32), np.ones(1, dtype=np.float32)])",
         Kind.NDARRAY, Dtype.FLOAT32),
        # A parameter annotated as a sequence of Python floats, which NumPy makes float64.
        ("import numpy as np\nfrom typing import List\ndef f(probas: List[float]):\n    return np.array(probas)\n"
         "result = f(a)", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nfrom typing import List\ndef f(ids: List[int]):\n    return np.array(ids)\nresult = f(a)",
         Kind.UNKNOWN, None),
        # `len()` is a Python int: dividing by it makes NumPy's integers float64.
        ("import numpy as np\ndef f(labels):\n    counts = np.bincount(labels)\n    return len(labels) / (len(counts) * counts)\n"
         "result = f(a)", Kind.NDARRAY, Dtype.FLOAT64),
        # A tuple the probe saw whatever the input: unpacked by place.
        ("from sklearn.metrics import roc_curve\ndef f(y, s):\n    fpr, tpr, _ = roc_curve(y, s)\n    return tpr\n"
         "result = f(a, b)", Kind.NDARRAY, Dtype.FLOAT64),
        # Hand entries of the library table where probing cannot reach: the objects a call
        # makes, and their members.
        ("from sklearn.utils import check_random_state\nrs = check_random_state(0)\nresult = rs.normal(size=(3, 2))",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("from transformers import WhisperFeatureExtractor\nresult = WhisperFeatureExtractor.from_pretrained(p).mel_filters",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import gymnasium as gym\nenvs = gym.vector.SyncVectorEnv(makers)\nresult = envs.step(actions)[1]",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import gymnasium as gym\nenvs = gym.vector.SyncVectorEnv(makers)\nresult = envs.step(actions)[0]",
         Kind.UNKNOWN, None),
        # `typing.cast` gives its value back.
        ("import numpy as np\nfrom typing import cast\nresult = cast(list, np.zeros(3))", Kind.NDARRAY, Dtype.FLOAT64),
        # `to_numpy` gives the dtype asked of it, whatever it is called on.
        ("def f(frame):\n    return frame.to_numpy(dtype='float64')\nresult = f(a)", Kind.NDARRAY, Dtype.FLOAT64),
        ("def f(frame):\n    return frame.to_numpy(dtype='float32')\nresult = f(a)", Kind.NDARRAY, Dtype.FLOAT32),
        ("def f(frame):\n    return frame.to_numpy()\nresult = f(a)", Kind.UNKNOWN, None),
        # A member arrays lack and series have says the data read as an array is a series.
        ("def f(df):\n    return df['t'].astype(float).to_numpy()\nresult = f(a)", Kind.NDARRAY, Dtype.FLOAT64),
        ("def f(df):\n    return df['t'].astype(float).values\nresult = f(a)", Kind.NDARRAY, Dtype.FLOAT64),
        ("def f(df):\n    return df['t'].astype('float32').values\nresult = f(a)", Kind.NDARRAY, Dtype.FLOAT32),
        # Nested lists are made an array of their innermost values: a Python float among
        # them makes it float64.
        ("import numpy as np\ndef f(c, s):\n    return np.array([[c, -s, 0.0], [s, c, 0.0]])\nresult = f(a, b)",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nresult = np.array([[1, 0], [0, 1]])", Kind.NDARRAY, Dtype.INTEGER),
        ("import numpy as np\nresult = np.array([[np.float32(1), np.float32(0)]])", Kind.NDARRAY, Dtype.FLOAT32),
        # Images are read as 8-bit integer arrays, which OpenCV's functions keep and a
        # true division makes float64; Pillow's images hold them, but in mode "F".
        ("import cv2\nresult = cv2.resize(cv2.imread(p), (4, 4))", Kind.NDARRAY, Dtype.SMALL_INTEGER),
        ("import cv2\nresult = cv2.imread(p) / 255.0", Kind.NDARRAY, Dtype.FLOAT64),
        ("import cv2\nresult = cv2.imread(p) // 2", Kind.NDARRAY, Dtype.SMALL_INTEGER),
        ("import cv2\nimport numpy as np\nresult = cv2.imread(p) * np.float32(1 / 255)", Kind.NDARRAY, Dtype.FLOAT32),
        ("import cv2\nimport numpy as np\nresult = np.sqrt(cv2.imread(p))", Kind.NDARRAY, Dtype.FLOAT32),
        ("import cv2\nimport numpy as np\nresult = cv2.flip(cv2.imread(p).astype(np.float32), 1) / 255.0",
         Kind.NDARRAY, Dtype.FLOAT32),
        ("import imageio.v3 as iio\nresult = iio.imread(p) * 0.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nfrom PIL import Image\nresult = np.array(Image.open(p).convert('RGB').resize((4, 4)))",
         Kind.NDARRAY, Dtype.SMALL_INTEGER),
        ("import numpy as np\nfrom PIL import Image\nresult = np.asarray(Image.open(p).convert()) / 255",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nfrom PIL import Image\nresult = np.asarray(Image.open(p).convert('F'))",
         Kind.UNKNOWN, None),
        ("import numpy as np\nfrom PIL import Image\nresult = np.asarray(Image.open(p).convert(mode))",
         Kind.UNKNOWN, None),
        # Flags that may ask for other depths, and files whose pixels may be floats, read
        # pixels of a dtype not known; a conversion to an 8-bit mode makes them 8 bits.
        ("import cv2\nresult = cv2.imread(p, cv2.IMREAD_UNCHANGED) * 0.5", Kind.UNKNOWN, None),
        ("import cv2\nresult = cv2.imread(p, -1) * 0.5", Kind.UNKNOWN, None),
        ("import cv2\nresult = cv2.imread(p, cv2.IMREAD_GRAYSCALE) * 0.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("import cv2\nresult = cv2.imread('env.exr') * 0.5", Kind.UNKNOWN, None),
        ("import imageio\nresult = imageio.imread('dem.TIF') * 0.5", Kind.UNKNOWN, None),
        ("import numpy as np\nfrom PIL import Image\nresult = np.array(Image.open('disp.tif')) * 0.5", Kind.UNKNOWN,
         None),
        ("import numpy as np\nfrom PIL import Image\nresult = np.array(Image.open('d.tif').convert('L')) * 0.5",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("from skimage import img_as_float, io\nresult = img_as_float(io.imread(p))", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nfrom skimage import img_as_float\nresult = img_as_float(np.ones(3, dtype=np.float32))",
         Kind.NDARRAY, Dtype.FLOAT32),
        ("from skimage.util import img_as_float64\nresult = img_as_float64(x)", Kind.NDARRAY, Dtype.FLOAT64),
    ],
)
def test_numpy_values(source, kind, dtype):
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)


def test_an_array_of_numbers_one_of_which_is_not_known_is_not_known_narrow():
    # `c` may be a Python float: the array is int64 at least, float64 maybe.
    value = evaluated("import numpy as np\ndef f(c):\n    return np.array([[c, 1], [1, c]])\nresult = f(a)")
    assert (value.kind, value.dtype, value.partial, value.known_narrow) == (Kind.NDARRAY, Dtype.INTEGER, True, False)


def test_names_join_what_reaches_them_and_unpacking_keeps_each_place():
    branches = "import numpy as np\nimport sys\nif sys.argv:\n    a = np.zeros(2)\nelse:\n    a = np.zeros(2, dtype='f4')\n"
    assert evaluated(branches + "result = a").dtype is Dtype.FLOAT64
    unpacked = (
        "import numpy as np\n"
        "def parts():\n    return np.zeros(2), np.arange(2), np.ones(2, dtype=np.float32)\n"
        "grid, counts, weights = parts()\n"
    )
    assert evaluated(unpacked + "result = grid").dtype is Dtype.FLOAT64
    assert evaluated(unpacked + "result = counts").dtype is Dtype.INTEGER
    assert evaluated(unpacked + "result = weights").dtype is Dtype.FLOAT32
    assert evaluated(unpacked + "result = parts()[2]").dtype is Dtype.FLOAT32
    loop = "import numpy as np\nfor i in range(3):\n    result = np.full(2, i)\n"
    assert evaluated(loop).dtype is Dtype.INTEGER


def test_an_import_is_not_known():
    assert evaluated("from data import grid\nresult = grid") is UNKNOWN


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        ("def f(x):\n    return x * 0.5\nresult = f(1)", Kind.NUMBER, Dtype.FLOAT64),
        (
            "import numpy as np\ndef f(x, scale=2):\n    return x * scale\n"
            "a = f(np.zeros(3, dtype=np.float32))\nresult = f(np.ones(2, dtype=np.float32), scale=3)",
            Kind.NDARRAY, Dtype.FLOAT32,
        ),
        (  # each call's result is read with what it passes
            "import numpy as np\ndef f(x):\n    return x\na = f(np.zeros(3))\nresult = f(np.ones(2, dtype=np.float32))",
            Kind.NDARRAY, Dtype.FLOAT32,
        ),
        (  # one call passes what is not known: so is the parameter
            "import numpy as np\nfrom data import load\ndef f(x):\n    return x\na = f(np.zeros(3))\nresult = f(load())",
            Kind.UNKNOWN, None,
        ),
        ("import numpy as np\ndef f(x):\n    return x\nresult = f", Kind.CALLABLE, None),  # the function itself
        (  # `*arrays`: a tuple of what the calls pass beyond the other parameters
            "import numpy as np\ndef f(n, *arrays):\n    return arrays\nresult = f(3, np.zeros(3), np.ones(3))",
            Kind.CONTAINER, None,
        ),
        (  # a dtype handed to a helper is not followed: helpers check it
            "import torch\ndef f(dtype):\n    return dtype\nresult = f(torch.float64)",
            Kind.UNKNOWN, None,
        ),
        (  # a tensor is data: what the helper makes of the one each call passes
            "import torch\ndef f(x):\n    return x * 2\nresult = f(torch.ones(2))", Kind.TENSOR, Dtype.FLOAT32,
        ),
        (
            "import torch\ndef f(x):\n    return x * 2\na = f(torch.ones(2).double())\nresult = f(torch.ones(2))",
            Kind.TENSOR, Dtype.FLOAT32,
        ),
    ],
)
def test_a_parameter_is_what_the_module_s_calls_pass(source, kind, dtype):
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        # A closure a factory returns reads the factory's arguments where it is called.
        ("import numpy as np\ndef scaler(lo, hi):\n    span = hi - lo\n    def scale(v):\n"
         "        return (v - lo) / span\n    return scale\nresult = scaler(1, 3)(np.arange(4))",
         Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\ndef scaler(lo, hi):\n    span = hi - lo\n    def scale(v):\n"
         "        return (v - lo) / span\n    return scale\nresult = scaler(1, 3)(np.arange(4, dtype=np.float32))",
         Kind.NDARRAY, Dtype.FLOAT32),
        # `partial` puts its arguments before the call's, for the module's functions and a
        # library's methods alike.
        ("import numpy as np\nfrom functools import partial\ndef mul(a, b):\n    return a * b\n"
         "result = partial(mul, np.ones(2))(0.5)", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nfrom functools import partial\ndef mul(a, b):\n    return a * b\n"
         "result = partial(mul, np.ones(2, dtype=np.float32))(0.5)", Kind.NDARRAY, Dtype.FLOAT32),
        ("import numpy as np\nfrom functools import partial\n"
         "result = partial(np.random.default_rng(0).beta, 0.4, 0.4)(size=3)", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nfrom functools import partial\n"
         "result = partial(np.random.default_rng(0).random, dtype=np.float32)(size=3)", Kind.NDARRAY, Dtype.FLOAT32),
        # `map` calls the function on each element; `iter` and `next` give one of them.
        ("import numpy as np\nimages = [np.zeros(2, dtype=np.uint8)]\n"
         "result = next(iter(map(lambda a: a / 255.0, images)))", Kind.NDARRAY, Dtype.FLOAT64),
        ("import numpy as np\nimages = [np.zeros(2, dtype=np.uint8)]\n"
         "result = next(iter(map(lambda a: a.astype(np.float32) / 255.0, images)), None)", Kind.NDARRAY,
         Dtype.FLOAT32),
        # The module's own decorator: what its wrapper gives for the function it wraps,
        # the call's arguments handed on by `*args, **kwargs`.
        ("import numpy as np\nimport torch\ndef as_tensor(fn):\n    def wrapper(*args, **kwargs):\n"
         "        return torch.from_numpy(fn(*args, **kwargs))\n    return wrapper\n"
         "@as_tensor\ndef window(n):\n    return np.hanning(n)\nresult = window(4)", Kind.TENSOR, Dtype.FLOAT64),
        ("import numpy as np\nimport torch\ndef as_tensor(fn):\n    def wrapper(*args, **kwargs):\n"
         "        return torch.from_numpy(fn(*args, **kwargs))\n    return wrapper\n"
         "@as_tensor\ndef window(n):\n    return np.hanning(n).astype(np.float32)\nresult = window(n=4)",
         Kind.TENSOR, Dtype.FLOAT32),
        # A function of the module read as a value is one, wherever it is kept.
        ("import numpy as np\ndef f(x):\n    return x\nresult = [f][0](np.ones(2))", Kind.NDARRAY, Dtype.FLOAT64),
    ],
)
def test_a_function_held_as_a_value_gives_what_its_body_gives_where_it_is_called(source, kind, dtype):
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize("made, dtype", [("np.zeros(3)", Dtype.FLOAT64), ("np.zeros(3, dtype=np.float32)", Dtype.FLOAT32)])
def test_a_coroutine_awaited_alone_or_gathered_gives_what_it_returns(made, dtype):
    source = (
        f"import asyncio\nimport numpy as np\nasync def fetch(i):\n    return {made}\n"
        "async def rows(ids):\n    first = await fetch(0)\n    gathered = await asyncio.gather(*(fetch(i) for i in ids))\n"
        "    return np.vstack(gathered) * first\n"
    )
    value = returned_by(source, "rows")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


@pytest.mark.parametrize("scaled, dtype", [("np.asarray(img) / 255.0", Dtype.FLOAT64),
                                           ("np.asarray(img, dtype=np.float32) / 255.0", Dtype.FLOAT32)])
def test_an_object_a_parameter_holds_runs_its_call_with_what_the_call_passes(scaled, dtype):
    source = (
        f"import numpy as np\nclass Scale:\n    def __call__(self, img):\n        return {scaled}\n"
        "def run(transform, img):\n    return transform(img)\n"
        "result = run(Scale(), np.zeros(2, dtype=np.uint8))"
    )
    value = evaluated(source)
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


@pytest.mark.parametrize("added, dtype", [("np.array([o, 0.5])", Dtype.FLOAT64),
                                          ("np.array([o, 0.5], dtype=np.float32)", Dtype.FLOAT32)])
def test_lists_set_on_self_by_one_tuple_assignment_hold_what_is_appended_to_each(added, dtype):
    source = (
        "import numpy as np\nclass Buffer:\n    def __init__(self):\n        self.obs, self.steps = [], []\n"
        f"    def add(self, o):\n        self.obs.append({added})\n        self.steps.append(1)\n"
        "    def batch(self):\n        return np.stack(self.obs)\n"
    )
    value = returned_by(source, "batch")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_in_its_function_a_parameter_may_hold_what_any_call_passes():
    source = "import numpy as np\ndef f(x):\n    return x\na = f(np.zeros(3))\nb = f(np.ones(2, dtype=np.float32))\n"
    value = returned_by(source, "f")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, Dtype.FLOAT64)


@pytest.mark.parametrize("read, dtype", [("np.array(cfg['w'])", Dtype.FLOAT64),
                                         ("np.array(cfg['w']).astype(np.float32)", Dtype.FLOAT32)])
def test_a_parameter_given_what_a_reader_of_text_gives_holds_python_s_numbers(read, dtype):
    # `cfg = json.load(f)` passed to `__init__`: the weights divided are float64 there.
    source = (
        "import json\nimport numpy as np\nclass Trainer:\n    def __init__(self, cfg):\n"
        f"        self.w = {read} / len(cfg['w'])\n    def weights(self):\n        return self.w\n"
        "def main(path):\n    with open(path) as f:\n        cfg = json.load(f)\n    return Trainer(cfg)\n"
    )
    value = returned_by(source, "weights")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_a_dict_handed_to_a_function_is_as_made_where_it_is_read_before():
    # `show(stats)` may change it: reads after it (or in a loop with it) no longer know
    # its values; the read it passes and those before still do.
    source = (
        "import numpy as np\nfrom .other import show\n"
        "def main():\n    stats = {'mean': np.zeros(3)}\n    first = stats['mean']\n    show(stats)\n"
        "    return first\n"
    )
    value = returned_by(source, "main")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, Dtype.FLOAT64)
    assert returned_by(source.replace("return first", "return stats['mean']"), "main").kind is Kind.UNKNOWN
    looped = source.replace(
        "    first = stats['mean']\n    show(stats)", "    for _ in range(2):\n        first = stats['mean']\n        show(stats)"
    )
    assert returned_by(looped, "main").kind is Kind.UNKNOWN
    # in one statement, the call handed it runs before the one the read is an argument of
    together = source.replace("    first = stats['mean']\n    show(stats)\n    return first", "    return stats['mean'], show(stats)")
    assert returned_by(together, "main").parts[0].kind is Kind.UNKNOWN


@pytest.mark.parametrize("saved, read, dtype", [
    # A file the module saves is read back of the dtype saved: by its name as written.
    ("np.save('feats.npy', np.zeros(3))", "np.load('feats.npy')", Dtype.FLOAT64),
    ("np.save('feats.npy', np.zeros(3, dtype=np.float32))", "np.load('feats.npy')", Dtype.FLOAT32),
    ("np.save(os.path.join(d, 'feats.npy'), np.ones(3))", "np.load(Path(d) / 'feats.npy')", Dtype.FLOAT64),
    ("np.save(f'{d}/feats.npy', np.ones(3))", "np.load(d + '/feats.npy')", Dtype.FLOAT64),
    ("export(os.path.join(d, 'items.npy'))", "np.load(os.path.join(d, 'items.npy'))", Dtype.FLOAT64),
    # Another file, or one whose name the code does not show, is of no dtype known.
    ("np.save('feats.npy', np.zeros(3))", "np.load('other.npy')", None),
    ("np.save(path, np.zeros(3))", "np.load(other)", None),
])
def test_an_array_a_module_saves_is_read_back_of_the_dtype_saved(saved, read, dtype):
    source = (
        "import os\nfrom pathlib import Path\nimport numpy as np\n"
        "def export(path):\n    np.save(path, np.random.default_rng(0).normal(size=(4, 2)))\n"
        f"{saved}\nresult = {read}"
    )
    value = evaluated(source)
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_what_a_star_parameter_gathers_is_each_argument_it_takes():
    value = evaluated("import numpy as np\ndef f(n, *arrays):\n    return arrays\nresult = f(3, np.zeros(3), load())")
    assert (value.kind, value.element) == (Kind.CONTAINER, None)
    value = evaluated("import numpy as np\ndef f(n, *arrays):\n    return arrays\nresult = f(3, np.zeros(3))")
    assert value.element is not None and (value.element.kind, value.element.dtype) == (Kind.NDARRAY, Dtype.FLOAT64)


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        (  # what a generator yields, taken by a loop
            "import numpy as np\ndef rows():\n    for i in range(3):\n        yield np.zeros(4)\n"
            "for row in rows():\n    result = row",
            Kind.NDARRAY, Dtype.FLOAT64,
        ),
        (  # a generator of tuples, unpacked by the loop's target
            "import numpy as np\ndef batches(n, *arrays):\n    for s in range(0, 10, n):\n"
            "        yield tuple(a[s:s + n] for a in arrays)\n"
            "grid = np.linspace(0, 1, 10)\nfor (points,) in batches(4, grid):\n    result = points",
            Kind.NDARRAY, Dtype.FLOAT64,
        ),
        (  # each call of the generator with what it passes
            "import numpy as np\ndef batches(n, *arrays):\n    for s in range(0, 10, n):\n"
            "        yield tuple(a[s:s + n] for a in arrays)\n"
            "wide = list(batches(4, np.linspace(0, 1, 10)))\n"
            "for (points,) in batches(4, np.linspace(0, 1, 10, dtype=np.float32)):\n    result = points",
            Kind.NDARRAY, Dtype.FLOAT32,
        ),
        (
            "import numpy as np\ndef rows():\n    yield from [np.ones(2, dtype=np.float32)]\n"
            "for row in rows():\n    result = row",
            Kind.NDARRAY, Dtype.FLOAT32,
        ),
        (  # enumerate and zip give tuples of what they iterate
            "import numpy as np\nxs = [np.zeros(2)]\nfor i, x in enumerate(xs):\n    result = x",
            Kind.NDARRAY, Dtype.FLOAT64,
        ),
        (
            "import numpy as np\nxs = [np.zeros(2)]\nfor i, x in enumerate(xs):\n    result = i",
            Kind.NUMBER, Dtype.INTEGER,
        ),
        (
            "import numpy as np\nxs = [np.zeros(2)]\nys = [np.ones(2, dtype=np.float32)]\n"
            "for x, y in zip(xs, ys):\n    result = y",
            Kind.NDARRAY, Dtype.FLOAT32,
        ),
        (  # itertools.product: one of each, as zip
            "import itertools\nimport numpy as np\nsizes, ratios = (16, 32), (0.5, 2.0)\n"
            "for s, r in itertools.product(sizes, ratios):\n    result = s * np.sqrt(r)",
            Kind.NUMPY_SCALAR, Dtype.FLOAT64,
        ),
        (
            "import itertools\nimport numpy as np\nxs = [np.ones(2, dtype=np.float32)]\n"
            "for a, b in itertools.product(xs, repeat=2):\n    result = b",
            Kind.NDARRAY, Dtype.FLOAT32,
        ),
        (  # rows of an array
            "import numpy as np\nfor row in np.zeros((3, 2)):\n    result = row",
            Kind.NDARRAY, Dtype.FLOAT64,
        ),
        (  # what the loop's data is not known from: not known
            "import numpy as np\nfrom data import rows\nfor row in rows():\n    result = row",
            Kind.UNKNOWN, None,
        ),
    ],
)
def test_a_loop_takes_an_element_of_what_it_iterates(source, kind, dtype):
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)


KEEPS_GRIDS = """\
import numpy as np


class Sampler:
    def __init__(self):
        self.grids = []

    def add(self, n):
        self.grids.{added}

    def first(self):
        return self.grids[0] * 2.0
"""


@pytest.mark.parametrize(
    "added, kind, dtype",
    [
        ("append(np.linspace(0, 1, n))", Kind.NDARRAY, Dtype.FLOAT64),
        ("insert(0, np.linspace(0, 1, n, dtype=np.float32))", Kind.NDARRAY, Dtype.FLOAT32),
        ("extend([np.linspace(0, 1, n)])", Kind.NDARRAY, Dtype.FLOAT64),
        ("extend(n)", Kind.UNKNOWN, None),  # extended by what the code does not show
        ("extend(np.linspace(0, 1, n))", Kind.NDARRAY, Dtype.FLOAT64),  # each element (a row, or a scalar)
        ("extend(np.linspace(0, 1, n, dtype=np.float32).tolist())", Kind.NUMBER, Dtype.FLOAT64),  # Python floats
        ("appendleft(np.linspace(0, 1, n, dtype=np.float32))", Kind.NDARRAY, Dtype.FLOAT32),
    ],
)
def test_a_list_kept_on_self_holds_what_the_methods_add_to_it(added, kind, dtype):
    value = returned_by(KEEPS_GRIDS.format(added=added), "first")
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "returns, place",
    [
        (('"cuda"', '"mps"', '"cpu"'), Place.MAY_LACK_FLOAT64),
        (('torch.device("cuda")', 'torch.device("mps:0")'), Place.MAY_LACK_FLOAT64),
        (('"cuda" if torch.cuda.is_available() else "cpu"',), Place.CPU),  # a Mac has no CUDA
        (('"cuda" if use_cuda else "cpu"',), Place.WITH_FLOAT64),
        (('"cpu"',), Place.CPU),
        (("torch.device(name)",), Place.UNKNOWN),
    ],
)
def test_a_device_a_helper_returns(returns, place):
    body = "".join(f"    if flag == {n}:\n        return {value}\n" for n, value in enumerate(returns))
    source = f"import torch\ndef device_for(flag, name):\n{body}    return {returns[-1]}\nresult = device_for(0, 'x')"
    value = evaluated(source)
    assert value.place is place
    assert value.kind is (Kind.DEVICE if place is not Place.UNKNOWN else Kind.UNKNOWN)


HOLDS_A_DICT = """
import numpy as np
import torch
wide = torch.from_numpy(np.linspace(0, 1, 8))
narrow = torch.zeros(3)
batch = {"x": wide, "n": narrow}
tables = {torch.cfloat: torch.float, torch.cdouble: torch.double}
named = {"fp64": torch.float64, "fp32": torch.float32}
wide_only = {"a": wide, "b": wide * 2}
changed = {"x": wide}
changed["x"] = changed["x"].float()
nested = {"inputs": {"x": wide}}
nested["inputs"]["x"] = nested["inputs"]["x"].float()
merged = {"x": wide}
merged |= {"x": narrow}
aliased = {"x": wide}
other = aliased
other["x"] = narrow
handed = {"x": wide}
cast_floats_(handed)
outer = {"inputs": {"x": wide}}
inner = outer["inputs"]
inner["x"] = narrow
result = READ
"""


@pytest.mark.parametrize(
    "read, kind, dtype",
    [
        ('batch["x"]', Kind.TENSOR, Dtype.FLOAT64),
        ('batch["n"]', Kind.TENSOR, Dtype.FLOAT32),
        ('batch.get("n")', Kind.TENSOR, Dtype.FLOAT32),
        ("batch[key]", Kind.UNKNOWN, None),  # a key the code chooses among values of two dtypes
        ("wide_only[key]", Kind.TENSOR, Dtype.FLOAT64),  # among values all of one
        ('{**batch, "x": narrow}["x"]', Kind.TENSOR, Dtype.FLOAT32),  # the later key wins
        ('dict(batch, n=wide)["n"]', Kind.TENSOR, Dtype.FLOAT64),
        ('changed["x"]', Kind.UNKNOWN, None),  # a key set again later
        ('nested["inputs"]["x"]', Kind.UNKNOWN, None),  # a key of a dict it holds
        ('merged["x"]', Kind.UNKNOWN, None),  # `|=`
        ('aliased["x"]', Kind.UNKNOWN, None),  # changed under another name
        ('handed["x"]', Kind.UNKNOWN, None),  # handed to a function the module does not show
        ('outer["inputs"]["x"]', Kind.UNKNOWN, None),  # a dict it holds, changed under another name
        ('[len(batch), batch["x"]][1]', Kind.TENSOR, Dtype.FLOAT64),  # a builtin changes nothing
        ("[v for k, v in batch.items() if k != 'x'][0]", Kind.UNKNOWN, None),  # some of them
        ("[v for k, v in batch.items()][0]", Kind.TENSOR, Dtype.FLOAT64),
        ("list(batch.values())[0]", Kind.TENSOR, Dtype.FLOAT64),
        ("[k for k in batch][0]", Kind.UNKNOWN, None),  # its keys
        ("{k: v.float() for k, v in batch.items()}['x']", Kind.TENSOR, Dtype.FLOAT32),
        ('dict(x=narrow)["x"]', Kind.TENSOR, Dtype.FLOAT32),
        ("tables[dtype]", Kind.UNKNOWN, None),  # a table of dtypes: chosen by the key
        ('named["fp32"]', Kind.DTYPE, Dtype.FLOAT32),
        ('named["fp64"]', Kind.DTYPE, Dtype.FLOAT64),
    ],
)
def test_what_a_dict_holds(read, kind, dtype):
    value = evaluated(HOLDS_A_DICT.replace("READ", read))
    assert (value.kind, value.dtype) == (kind, dtype)


def test_a_dicts_values_filtered_by_a_loop_are_not_any_of_them():
    source = (
        "import numpy as np\nimport torch\n"
        "batch = {'ids': torch.arange(4), 'raw': torch.from_numpy(np.linspace(0, 1, 4))}\n"
        "def pick():\n    for k, v in batch.items():\n        if k == 'raw':\n            continue\n        return v\n"
        "def kept():\n    for k, v in batch.items():\n        if k in ('ids',):\n            return v\n"
        "def every():\n    for k, v in batch.items():\n        return v\n"
    )
    assert [returned_by(source, name).kind for name in ("pick", "kept")] == [Kind.UNKNOWN, Kind.UNKNOWN]
    assert returned_by(source, "every").dtype is Dtype.FLOAT64


def test_what_is_made_of_a_value_of_several_dtypes_is_mixed_too():
    source = (
        "import numpy as np\nimport torch\n"
        "arrays = {'x': np.random.rand(4), 'y': np.arange(4)}\n"
        "result = [torch.from_numpy(v).contiguous() for v in arrays.values()][0]\n"
    )
    value = evaluated(source)
    assert (value.dtype, value.mixed) == (Dtype.FLOAT64, True)


@pytest.mark.parametrize("other, mixed", [("torch.tensor(labels)", True), ("torch.randn(8).double()", False)])
def test_a_dict_of_values_of_several_dtypes_is_mixed(other, mixed):
    """A cast of any of its values would change the others: F64004 offers no fix there."""
    source = f"import numpy as np\nimport torch\nbatch = {{'x': torch.from_numpy(np.linspace(0, 1, 8)), 'y': {other}}}\n"
    value = evaluated(source + "result = [v for v in batch.values()][0]\n")
    assert (value.dtype, value.mixed) == (Dtype.FLOAT64, mixed)


CHOOSES = """
import torch
def choose(double, given=None, exact=True):
    if not exact:
        return torch.float32
    if given is not None:
        return given
    if double:
        return torch.float64
    else:
        return torch.float32
result = {call}
"""


@pytest.mark.parametrize(
    "call, dtype, partial",
    [
        ("choose(True)", Dtype.FLOAT64, False),
        ("choose(False)", Dtype.FLOAT32, False),
        ("choose(True, None, False)", Dtype.FLOAT32, False),  # the first `if` leaves
        # `given is not None`: its branch leaves, with a dtype handed on (not followed)
        ("choose(True, torch.float32)", None, False),
        ("choose(flag)", Dtype.FLOAT64, False),  # not a constant: any return
        ("choose(False, given)", Dtype.FLOAT32, True),  # `given` may be None: either way
    ],
)
def test_a_helpers_returns_read_for_the_constants_a_call_hands_it(call, dtype, partial):
    value = evaluated(CHOOSES.format(call=call))
    assert (value.dtype, value.partial) == (dtype, partial)


CASTS = """
import numpy as np
def cast(x, as32=False, keep=None):
    out = np.asarray(x, dtype=np.float64)
    if as32:
        out = out.astype(np.float32)
    if keep is not None:
        out = keep
    return {{"out": out}}
result = {call}["out"]
"""


@pytest.mark.parametrize(
    "call, dtype, partial",
    [
        ("cast([1.0], as32=True)", Dtype.FLOAT32, False),  # the `if` taken binds `out` again
        ("cast([1.0], True)", Dtype.FLOAT32, False),
        ("cast([1.0])", Dtype.FLOAT64, False),  # its default: the `if` left out
        ("cast([1.0], as32=False)", Dtype.FLOAT64, False),
        ("cast([1.0], as32=flag)", Dtype.FLOAT64, False),  # not a constant: either binding
        ("cast([1.0], True, keep)", Dtype.FLOAT32, True),  # `keep` may be any value
    ],
)
def test_a_helpers_bindings_read_for_the_constants_a_call_hands_it(call, dtype, partial):
    value = evaluated(CASTS.format(call=call))
    assert (value.dtype, value.partial) == (dtype, partial)


def test_the_constant_a_call_of_an_object_hands_goes_to_the_parameter_past_self():
    source = (
        "import numpy as np\n"
        "class Prep:\n    def __call__(self, values, as32=True):\n"
        "        out = np.asarray(values, dtype=np.float64)\n"
        "        if as32:\n            out = out.astype(np.float32)\n        return out\n"
        "prep = Prep()\n"
    )
    assert evaluated(source + "result = prep([1.0], False)").dtype is Dtype.FLOAT64
    assert evaluated(source + "result = prep([1.0], True)").dtype is Dtype.FLOAT32


def test_a_binding_in_a_branch_a_calls_constant_leaves_out_reaches_no_read():
    source = (
        "import numpy as np\n"
        "def load(x, half):\n    if half:\n        out = np.asarray(x, dtype=np.float32)\n"
        "    else:\n        out = np.asarray(x, dtype=np.float64)\n    return out\n"
    )
    assert evaluated(source + "result = load([1.0], True)").dtype is Dtype.FLOAT32
    assert evaluated(source + "result = load([1.0], False)").dtype is Dtype.FLOAT64
    # read within the branch that binds it again: the first binding reaches the read
    inside = (
        "import numpy as np\n"
        "def cast(x, as32):\n    out = np.asarray(x, dtype=np.float64)\n"
        "    if as32:\n        wide = out\n        out = out.astype(np.float32)\n        return wide\n    return out\n"
    )
    assert evaluated(inside + "result = cast([1.0], True)").dtype is Dtype.FLOAT64


@pytest.mark.parametrize(
    "source",
    [
        # bound again in a loop: the first `if` is read again with `double` True
        "def pick(double, tries):\n    while tries:\n        if double:\n            return torch.float64\n"
        "        double = True\n        tries -= 1\n    return torch.float32\n",
        # a decorator may call it with other arguments
        "def flip(f):\n    return lambda double: f(not double)\n"
        "@flip\ndef pick(double, tries=1):\n    if double:\n        return torch.float64\n    return torch.float32\n",
    ],
)
def test_a_helpers_returns_are_all_read_where_its_parameter_may_change(source):
    value = evaluated(f"import torch\n{source}result = pick(False, 3)\n")
    assert value.dtype is Dtype.FLOAT64


def test_what_a_class_sets_on_self_with_its_bases():
    source = (
        "import torch\n"
        "class Base:\n    def __init__(self):\n        self.dtype = torch.float64\n"
        "class Sampler(Base):\n    def draw(self):\n        return self.dtype\n"
        "result = Sampler.draw(None)\n"
    )
    value = evaluated(source)
    assert (value.kind, value.dtype) == (Kind.DTYPE, Dtype.FLOAT64)
    given = "import torch\nclass Sampler:\n    def __init__(self, dtype):\n        self.dtype = dtype\n"
    assert evaluated(given + "    def draw(self):\n        return self.dtype\nresult = Sampler.draw(None)") is UNKNOWN


def test_a_choice_by_device_is_no_one_dtype_but_a_device_may_be_either():
    chosen = "import torch\ndevice = torch.device('mps')\nresult = torch.float32 if device.type == 'mps' else torch.float64"
    assert evaluated(chosen) is UNKNOWN
    either = "import torch\nresult = 'mps' if torch.backends.mps.is_available() else 'cpu'"
    assert evaluated(either).place is Place.MAY_LACK_FLOAT64


@pytest.mark.parametrize("test, dtype", [("==", Dtype.FLOAT32), ("!=", Dtype.FLOAT32), ("is None or", Dtype.FLOAT64)])
def test_a_name_bound_only_in_code_that_never_runs_on_mps_does_not_reach_a_read_there(test, dtype):
    condition = {"==": "device.type == 'mps'", "!=": "device.type != 'mps'", "is None or": "device is None or n"}[test]
    either = ("torch.float32", "torch.float64") if test != "!=" else ("torch.float64", "torch.float32")
    source = (
        f"import torch\ndef f(device, n):\n    if {condition}:\n        dtype = {either[0]}\n"
        f"    else:\n        dtype = {either[1]}\n    return dtype\nresult = f(g(), 3)"
    )
    assert (evaluated(source).kind, evaluated(source).dtype) == (Kind.DTYPE, dtype)


DEVICE_CHOICES = {
    # On `self`, in the branches of an MPS test, or set again where MPS always goes.
    "on self": "class S:\n    def __init__(self, device):\n        self.device = device\n"
    "        if self.device.type == 'mps':\n"
    "            self.dtype = torch.float32\n        else:\n            self.dtype = torch.float64\n"
    "    def get(self):\n        return self.dtype\nresult = S(g()).get()",
    "on self, for the device it keeps": "class S:\n    def __init__(self, x):\n        self.device = x.device\n"
    "        if x.is_mps:\n            self.dtype = torch.float32\n        else:\n            self.dtype = torch.float64\n"
    "    def get(self):\n        return self.dtype\nresult = S(g()).get()",
    "set again on self": "class S:\n    def __init__(self, device):\n        self.dtype = torch.float64\n"
    "        if device.type == 'mps':\n            self.dtype = torch.float32\n"
    "    def get(self):\n        return self.dtype\nresult = S(g()).get()",
    "bound again": "def f(device):\n    dtype = torch.float64\n    if device.is_mps:\n        dtype = torch.float32\n"
    "    return dtype\nresult = f(g())",
    # A helper's returns, after an early return for MPS.
    "returned": "def pick(device):\n    if device.type == 'mps':\n        return torch.float32\n"
    "    return torch.float64\nresult = pick(g())",
    # A conditional on a device that has float64.
    "for CUDA": "def f(device):\n    return torch.float64 if device.type == 'cuda' else torch.float32\nresult = f(g())",
}


@pytest.mark.parametrize("shape", sorted(DEVICE_CHOICES))
def test_a_dtype_chosen_for_the_device_is_what_mps_gets(shape):
    result = evaluated("import torch\n" + DEVICE_CHOICES[shape])
    assert (result.kind, result.dtype) == (Kind.DTYPE, Dtype.FLOAT32)


@pytest.mark.parametrize(
    "source",
    [
        # A `try:` whose failure on MPS is handled runs there: what it binds reaches on.
        "def f(fn):\n    try:\n        fn()\n        dtype = torch.float64\n    except RuntimeError:\n"
        "        dtype = torch.float32\n    return dtype\nresult = f(g())",
        # A binding after the branch MPS takes reaches the read as well.
        "def f(device, n):\n    dtype = torch.float32\n    if device.type == 'mps':\n        dtype = torch.float32\n"
        "    if n > 1:\n        dtype = torch.float64\n    return dtype\nresult = f(g(), 3)",
        # Set on `self` for the device one call is handed: a later move may be elsewhere.
        "class S:\n    def set_steps(self, device):\n        if str(device).startswith('mps'):\n"
        "            self.dtype = torch.float32\n        else:\n            self.dtype = torch.float64\n"
        "    def get(self):\n        return self.dtype\nresult = S().get()",
        # A branch MPS takes only on some paths (`and`) does not set it for good.
        "def f(device, n):\n    dtype = torch.float64\n    if device.type == 'mps' and n > 1:\n"
        "        dtype = torch.float32\n    return dtype\nresult = f(g(), 3)",
    ],
)
def test_a_float64_dtype_that_may_reach_mps_is_float64(source):
    result = evaluated("import torch\n" + source)
    assert (result.kind, result.dtype) == (Kind.DTYPE, Dtype.FLOAT64)


@pytest.mark.parametrize(
    "given, dtype",
    [
        ("self.dtype", Dtype.FLOAT64),  # kept on `self`
        ("wide()", Dtype.FLOAT64),  # a helper's
        ("chosen", Dtype.FLOAT32),  # bound for MPS where the read runs on it
    ],
)
def test_a_dtype_given_is_read_as_any_value(given, dtype):
    source = (
        "import torch\ndef wide():\n    return torch.float64\n"
        "class Sampler:\n    def __init__(self):\n        self.dtype = torch.float64\n"
        "    def draw(self, device):\n"
        "        if device.type == 'mps':\n            chosen = torch.float32\n"
        "        else:\n            chosen = torch.float64\n"
        f"        made = torch.zeros(3, dtype={given})\n"
        f"        return made, torch.zeros(3).to({given}), table(3, dtype={given})\n"
        "result = Sampler().draw(g())"
    )
    assert [(part.kind, part.dtype) for part in evaluated(source).parts] == [(Kind.TENSOR, dtype)] * 3


@pytest.mark.parametrize("dtype", [Dtype.FLOAT64, Dtype.FLOAT32])
def test_a_property_read_on_self_is_what_it_returns(dtype):
    source = (
        "import torch\nclass Model:\n    @property\n    def dtype(self):\n"
        f"        return torch.{dtype.name.lower()}\n"
        "    def grid(self):\n        return torch.arange(10, dtype=self.dtype)\n"
    )
    result = returned_by(source, "grid")  # in the method, not read for a call
    assert (result.kind, result.dtype) == (Kind.TENSOR, dtype)


def test_a_dtype_that_follows_the_data_is_no_one_dtype():
    follows = "import torch\nx = torch.ones(2)\nresult = torch.float64 if x.dtype == torch.float64 else torch.float32"
    assert evaluated(follows) is UNKNOWN


@pytest.mark.parametrize(
    "call, dtype",
    [
        ("np.hanning(8)", Dtype.FLOAT64),  # float64 whatever it is given, as probed
        ("np.interp(np.arange(3, dtype=np.float32), [0, 1], [0, 1])", Dtype.FLOAT64),
        ("scipy.ndimage.gaussian_filter(np.arange(16.0), 1)", Dtype.FLOAT64),  # as the data
        ("scipy.ndimage.gaussian_filter(np.arange(16, dtype=np.float32), 1)", Dtype.FLOAT32),
        ("scipy.special.expit(np.arange(4))", Dtype.FLOAT64),  # a float of integers
    ],
)
def test_library_functions_as_probed(call, dtype):
    value = evaluated(f"import numpy as np\nimport scipy.ndimage\nimport scipy.special\nresult = {call}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_a_probed_function_of_arguments_not_known_is_not_known():
    source = "import scipy.ndimage\nfrom data import image\nresult = scipy.ndimage.gaussian_filter(image, 1)"
    assert evaluated(source) is UNKNOWN


@pytest.mark.parametrize(
    "call, kind, dtype, kept",
    [
        # Where the probe saw a function the table says keeps its data's dtype give another,
        # the probe holds: a mean of integers is a float64 scalar, a covariance of float32 float64.
        ("np.mean(INTS)", Kind.NUMPY_SCALAR, Dtype.FLOAT64, False),
        ("INTS.std()", Kind.NUMPY_SCALAR, Dtype.FLOAT64, False),
        ("np.cov(F32)", Kind.NDARRAY, Dtype.FLOAT64, False),
        # Where it saw the dtype kept, the table's answer stands, and the data's origin with it.
        ("INTS.sum()", Kind.NDARRAY, Dtype.INTEGER, True),
        ("np.mean(F32)", Kind.NDARRAY, Dtype.FLOAT32, True),
        # And where what it gives depends on the call (`a.dot(0)` is float64, `a.dot(a)` float32).
        ("F32.dot(F32)", Kind.NDARRAY, Dtype.FLOAT32, True),
    ],
)
def test_what_the_probe_saw_a_reduction_give_overrides_the_table(call, kind, dtype, kept):
    source = f"import numpy as np\nINTS = np.arange(4)\nF32 = np.ones(4, dtype=np.float32)\nresult = {call}"
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)
    made_by = cst.Module([]).code_for_node(value.origin)
    assert made_by == (("np.arange(4)" if "INTS" in call else "np.ones(4, dtype=np.float32)") if kept else call)


@pytest.mark.parametrize(
    "call, kind, dtype",
    [
        # Data not known (a model's features): what the probe saw every input give, a
        # covariance float64 whatever it is given.
        ("np.cov(features, rowvar=False)", Kind.NDARRAY, Dtype.FLOAT64),
        # A mean keeps float32 data's dtype and makes integers float64: not known.
        ("np.mean(features, axis=0)", Kind.UNKNOWN, None),
    ],
)
def test_what_the_probe_saw_every_input_give_is_what_data_not_known_gives(call, kind, dtype):
    source = f"import numpy as np\ndef features_of(model, x):\n    return model(x)\nfeatures = features_of(1, 2)\nresult = {call}"
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "made, result, dtype",
    [
        # An ODE's solution, read by attribute, transposed, unpacked: float64 whatever its start.
        ("sol = solve_ivp(rate, (0.0, 1.0), [1.0])", "sol.y.T", Dtype.FLOAT64),
        ("states, times = solve_ivp(rate, (0.0, 1.0), y0).y, 0", "states", Dtype.FLOAT64),
        ("states = odeint(decay, y0, np.linspace(0, 1, 5))", "states", Dtype.FLOAT64),
        # A sparse matrix: of the dtype it is made with, dense again.
        ("m = sp.random(5, 5, density=0.2)", "m.toarray()", Dtype.FLOAT64),
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "m.toarray()", Dtype.FLOAT32),
        ("m = sp.coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(3, 3))", "m.todense()", Dtype.FLOAT64),
        ("m = sp.coo_matrix((weights, (rows, cols)), shape=(3, 3))", "m.toarray()", None),
        # Their arithmetic, as probed: with one another (of other formats too) and with numbers.
        ("m = sp.coo_matrix((np.ones(3), (rows, cols)))\nd = sp.diags(np.ones(3) ** -0.5)", "(d @ (m + sp.eye(3)) @ d).toarray()",
         Dtype.FLOAT64),
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "(m @ m.T * 0.5).toarray()", Dtype.FLOAT32),
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "(m / 2).toarray()", Dtype.FLOAT64),  # SciPy's
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "(m + sp.eye(3)).toarray()", Dtype.FLOAT64),
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "(m * weights).toarray()", None),
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "(sp.identity(3, np.float32) - m).toarray()",
         Dtype.FLOAT32),  # a dtype given by place
        ("m = sp.csr_matrix(np.ones((3, 3), dtype=np.float32))", "m @ np.ones((3, 2))", Dtype.FLOAT64),  # dense
        ("m = sp.csr_matrix(weights)", "m.getrow(0).toarray()", None),
    ],
)
def test_scipy_solutions_and_sparse_matrices(made, result, dtype):
    source = (
        "import numpy as np\nimport scipy.sparse as sp\nfrom scipy.integrate import odeint, solve_ivp\n"
        "from data import decay, rate, rows, cols, weights, y0\n"
        f"{made}\nresult = {result}"
    )
    value = evaluated(source)
    assert (value.kind, value.dtype) == ((Kind.NDARRAY, dtype) if dtype is not None else (Kind.UNKNOWN, None))


@pytest.mark.parametrize(
    "given, dtype",
    [("torch.DoubleTensor", Dtype.FLOAT64), ("'torch.DoubleTensor'", Dtype.FLOAT64), ("torch.LongTensor", Dtype.INTEGER)],
)
def test_a_legacy_tensor_type_converts_as_the_probe_saw_it(given, dtype):
    value = evaluated(f"import torch\nresult = torch.zeros(3).type({given})")
    assert (value.kind, value.dtype) == (Kind.TENSOR, dtype)


def test_data_split_with_labels_keeps_each_ones_dtype():
    # As the probe saw `train_test_split` called with float data and integer labels.
    source = (
        "import numpy as np\nfrom sklearn.datasets import make_moons\n"
        "from sklearn.model_selection import train_test_split\nX, y = make_moons(200)\n"
        "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25)\nresult = {}"
    )
    for name, dtype in (("X_train", Dtype.FLOAT64), ("X_test", Dtype.FLOAT64), ("y_train", Dtype.INTEGER)):
        value = evaluated(source.format(name))
        assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)
    labels_first = source.replace("(X, y,", "(y, X,").format("X_test")
    assert evaluated(labels_first).dtype is Dtype.INTEGER


@pytest.mark.parametrize(
    "source, dtype",
    [
        # A scaler's mean is float64 whatever it was fitted on; PCA's components follow the data.
        ("from sklearn.preprocessing import StandardScaler\nresult = StandardScaler().fit(F32).mean_", Dtype.FLOAT64),
        ("from sklearn.decomposition import PCA\nresult = PCA(2).fit(F32).components_", Dtype.FLOAT32),
        ("from sklearn.decomposition import PCA\nresult = PCA(2).fit(np.ones((3, 2))).components_", Dtype.FLOAT64),
        ("from sklearn.decomposition import PCA\nresult = PCA(2).fit(F32).transform(np.ones((3, 2)))", Dtype.FLOAT64),
        ("import pandas as pd\nresult = pd.read_csv('x.csv').astype(float).values", Dtype.FLOAT64),
        ("import pandas as pd\nresult = pd.read_csv('x.csv').to_numpy(dtype='float32')", Dtype.FLOAT32),
        # Columns of a frame are a frame (or a series) of its dtype, as probed; `astype` the dtype asked.
        ("import pandas as pd\nresult = pd.read_csv('x.csv')[['a', 'b']].astype(float).values", Dtype.FLOAT64),
        ("import pandas as pd\nresult = pd.read_csv('x.csv')['a'].astype(float).to_numpy()", Dtype.FLOAT64),
        ("import pandas as pd\nresult = pd.read_csv('x.csv')[['a']].astype(np.float32).values", Dtype.FLOAT32),
        ("import pandas as pd\nresult = pd.read_csv('x.csv').astype('float32').values", Dtype.FLOAT32),
        ("from scipy.interpolate import CubicSpline\nresult = CubicSpline(F32, F32)(F32)", Dtype.FLOAT64),
        # A row of a frame's statistics, by label or place: float64 whatever the columns.
        ("import pandas as pd\nresult = pd.read_csv('x.csv').describe().loc['mean'].values", Dtype.FLOAT64),
        ("import pandas as pd\nresult = pd.read_csv('x.csv').agg(['mean', 'std']).iloc[0].to_numpy()", Dtype.FLOAT64),
        ("import pandas as pd\nresult = pd.DataFrame(F32).loc[[0, 1]].values", Dtype.FLOAT32),
        # Objects made by a class or by its own factory, then asked (OBJECT_MODULES).
        ("from scipy.stats import qmc\nresult = qmc.LatinHypercube(d=2).random(8)", Dtype.FLOAT64),
        ("from scipy.stats import qmc\nresult = qmc.scale(qmc.Sobol(2).random(8), [0, 0], [1, 1])", Dtype.FLOAT64),
        ("from scipy.spatial.transform import Rotation\nresult = Rotation.random(4).as_matrix()", Dtype.FLOAT64),
        ("from scipy.spatial.transform import Rotation as R\nresult = R.from_euler('xyz', F32).inv().as_quat()",
         Dtype.FLOAT64),
        ("from scipy.spatial import KDTree\nresult = KDTree(F32).maxes", Dtype.FLOAT64),
        # A bundled dataset's Bunch, read by key or by attribute.
        ("from sklearn.datasets import load_digits\nresult = load_digits().data / 16.0", Dtype.FLOAT64),
        ("from sklearn.datasets import load_digits\nresult = load_digits()['images']", Dtype.FLOAT64),
        ("from sklearn.datasets import load_iris\nresult = load_iris().target", Dtype.INTEGER),
        ("from sklearn.datasets import load_iris\nresult = load_iris().data.astype(np.float32)", Dtype.FLOAT32),
    ],
)
def test_library_objects_as_probed(source, dtype):
    value = evaluated(f"import numpy as np\nF32 = np.ones((3, 2), dtype=np.float32)\n{source}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


@pytest.mark.parametrize(
    "call, kind, dtype",
    [
        # Per class, as the probe saw it called with the same keyword: a float64 array.
        ("f1_score(y, p, average=None, zero_division=0)", Kind.NDARRAY, Dtype.FLOAT64),
        ("precision_score(y, p, average=None)", Kind.NDARRAY, Dtype.FLOAT64),
        # Averaged: a Python float, no array.
        ("f1_score(y, p, average='macro')", Kind.UNKNOWN, None),
    ],
)
def test_a_call_is_read_as_the_probe_saw_a_call_with_its_keywords(call, kind, dtype):
    value = evaluated(f"from sklearn.metrics import f1_score, precision_score\nfrom data import y, p\nresult = {call}")
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "read, kind, dtype, type_",
    [
        # A column read by name, as an attribute or a key, is a series of the frame's dtype;
        # a mean of integers is a float64 NumPy scalar, of float32 a float32 one.
        ("INTS.rating", Kind.OBJECT, Dtype.INTEGER, "pandas.Series"),
        ("INTS['rating']", Kind.OBJECT, Dtype.INTEGER, "pandas.Series"),
        ("INTS.rating.mean()", Kind.NUMPY_SCALAR, Dtype.FLOAT64, None),
        ("INTS['rating'].mean()", Kind.NUMPY_SCALAR, Dtype.FLOAT64, None),
        ("NARROW.rating.mean()", Kind.NUMPY_SCALAR, Dtype.FLOAT32, None),
        ("INTS.rating.to_numpy()", Kind.NDARRAY, Dtype.INTEGER, None),
        # Members the probe found are not columns; columns by a list are a frame, as probed.
        ("INTS.values", Kind.NDARRAY, Dtype.INTEGER, None),
        ("INTS.mean()", Kind.OBJECT, Dtype.FLOAT64, "pandas.Series"),
        ("INTS[['rating']]", Kind.OBJECT, Dtype.INTEGER, "pandas.DataFrame"),
        ("INTS._private", Kind.UNKNOWN, None, None),
    ],
)
def test_a_frame_s_column_read_by_name_is_a_series_of_its_dtype(read, kind, dtype, type_):
    value = evaluated(
        "import numpy as np\nimport pandas as pd\n"
        "INTS = pd.DataFrame({'user': np.arange(4), 'rating': np.arange(4) % 5})\n"
        "NARROW = pd.DataFrame({'rating': np.ones(4, dtype=np.float32)})\n"
        f"result = {read}"
    )
    assert (value.kind, value.dtype, value.type) == (kind, dtype, type_)


@pytest.mark.parametrize(
    "precision, dtype",
    [("fp64", Dtype.FLOAT64), ("fp32", Dtype.FLOAT32)],
)
def test_a_table_read_at_a_string_the_code_knows_gives_what_that_key_holds(precision, dtype):
    value = evaluated(
        "from dataclasses import dataclass\nimport torch\n"
        "PRECISIONS = {'fp32': torch.float32, 'fp64': torch.float64}\n"
        f"@dataclass\nclass Config:\n    precision: str = '{precision}'\n\n"
        "    @property\n    def dtype(self):\n        return PRECISIONS[self.precision]\n"
        "result = Config().dtype"
    )
    assert (value.kind, value.dtype) == (Kind.DTYPE, dtype)


def test_a_table_read_at_a_string_not_known_is_none_of_its_values():
    value = evaluated(
        "import torch\nfrom cli import name\nPRECISIONS = {'fp32': torch.float32, 'fp64': torch.float64}\n"
        "result = PRECISIONS[name]"
    )
    assert value.kind is Kind.UNKNOWN


def test_rows_of_a_frame_whose_columns_are_not_known_are_a_frame_of_no_known_dtype():
    value = evaluated("import pandas as pd\nfrom data import records, mask\nresult = pd.DataFrame(records).loc[mask]")
    assert (value.kind, value.type, value.dtype) == (Kind.OBJECT, "pandas.DataFrame", None)


def test_a_dataset_asked_for_its_arrays_alone_gives_them_by_place():
    value = evaluated("from sklearn.datasets import load_iris\nresult = load_iris(return_X_y=True)")
    assert value.kind is Kind.CONTAINER
    assert [(part.kind, part.dtype) for part in value.parts] == [
        (Kind.NDARRAY, Dtype.FLOAT64), (Kind.NDARRAY, Dtype.INTEGER)
    ]
    # A keyword the probe did not call it with says nothing of what it gives.
    assert evaluated("from sklearn.datasets import load_iris\nresult = load_iris(as_frame=True).data").kind is Kind.UNKNOWN


def test_a_frame_of_data_the_code_does_not_show_has_no_known_dtype():
    assert evaluated("import pandas as pd\nresult = pd.read_pickle('x.pkl').values") is UNKNOWN
    assert evaluated("from sklearn.decomposition import PCA\nfrom data import X\nresult = PCA(2).fit(X).components_") is (
        UNKNOWN
    )


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        # A CSV's numbers are int64 or float64 (pandas reads text at NumPy's default widths):
        # which, not known; what makes floats of either makes float64.
        ("frame = pd.read_csv(p)\nresult = frame.values", Kind.NDARRAY, None),
        ("frame = pd.read_csv(p)\nresult = frame[['a', 'b']].to_numpy()", Kind.NDARRAY, None),
        ("frame = pd.read_csv(p)\nresult = frame.to_numpy() / 255", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_csv(p)\nresult = frame.values * 0.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_csv(p)\nresult = frame.values * 2", Kind.NDARRAY, None),
        ("frame = pd.read_csv(p)\nresult = ((frame - frame.mean()) / frame.std()).values", Kind.NDARRAY, Dtype.FLOAT64),
        # A boolean column is of them too: NumPy's float functions make float16 of it, float32 keeps it.
        ("frame = pd.read_json(p)\nresult = np.log1p(frame['x'].values)", Kind.UNKNOWN, None),
        ("frame = pd.read_csv(p)\nresult = frame.values * np.float32(2)", Kind.NDARRAY, None),
        ("frame = pd.read_csv(p)\nresult = frame.values.astype(np.float32) / 255", Kind.NDARRAY, Dtype.FLOAT32),
        ("frame = pd.read_csv(p)\nresult = frame.to_numpy(dtype='float32') * 0.5", Kind.NDARRAY, Dtype.FLOAT32),
        ("frame = pd.read_csv(p)\nresult = frame.to_numpy(np.float32) / 255.0", Kind.NDARRAY, Dtype.FLOAT32),
        # Dtypes asked of the reader, or columns the code sets, are not the default widths.
        ("frame = pd.read_csv(p, dtype=np.float32)\nresult = frame.values / 255.0", Kind.NDARRAY, Dtype.FLOAT32),
        ("frame = pd.read_csv(p, dtype={'a': np.float32})\nresult = frame.values / 255.0", Kind.UNKNOWN, None),
        ("frame = pd.read_csv(p, converters={'a': f})\nresult = frame.values / 255.0", Kind.UNKNOWN, None),
        ("frame = pd.read_csv(p)\nframe[cols] = frame[cols].astype('float32')\nresult = frame.values / 2", Kind.UNKNOWN,
         None),
        ("frame = pd.read_csv(p).assign(b=lambda f: 1)\nresult = frame.values / 2", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_csv(p)\nresult = frame.assign(b=frame['b'].astype('float32')).values / 2", Kind.UNKNOWN,
         None),
        # A pickle keeps what was written: a float32 frame stays float32.
        ("frame = pd.read_pickle(p)\nresult = frame.values * 0.5", Kind.UNKNOWN, None),
        ("frame = pd.read_pickle(p).astype(np.float32)\nresult = (frame / 2).values", Kind.NDARRAY, Dtype.FLOAT32),
        # A frame's windows compute float64 whatever the frame holds; its groups keep float32.
        ("frame = pd.read_pickle(p)\nresult = frame.rolling(3).mean().to_numpy()", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_pickle(p)\nresult = frame.ewm(alpha=0.3).mean().values", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_csv(p)\nresult = frame.groupby('k').mean().values", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_csv(p)\nresult = frame.groupby('k').sum().values", Kind.NDARRAY, None),
        ("frame = pd.read_csv(p).astype(np.float32)\nresult = frame.groupby('k').mean().values", Kind.NDARRAY,
         Dtype.FLOAT32),
        # A frame indexed or sorted by a column keeps the others' dtypes, as probed.
        ("frame = pd.read_csv(p).set_index('time')\nresult = frame.values * 0.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("frame = pd.read_csv(p).sort_values('time')\nresult = frame.values", Kind.NDARRAY, None),
        ("frame = pd.read_csv(p).set_index('t').astype(np.float32)\nresult = frame.values * 0.5", Kind.NDARRAY,
         Dtype.FLOAT32),
        # An estimator given a frame's columns computes in their dtype, as probed for arrays of it.
        ("frame = pd.read_csv(p)\nresult = StandardScaler().fit_transform(frame[['a', 'b']])", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("frame = pd.read_csv(p, dtype=np.float32)\nresult = StandardScaler().fit_transform(frame)", Kind.NDARRAY,
         Dtype.FLOAT32),
        ("frame = pd.read_pickle(p)\nresult = StandardScaler().fit_transform(frame)", Kind.UNKNOWN, None),
        ("frame = pd.read_pickle(p).astype(np.float32)\nscaler = StandardScaler()\nresult = scaler.fit_transform(frame)",
         Kind.NDARRAY, Dtype.FLOAT32),
        # JSON's (and YAML's) numbers are Python's.
        ("config = json.load(f)\nresult = np.array(config['anchors']) / 416.0", Kind.NDARRAY, Dtype.FLOAT64),
        ("config = json.loads(t)\nresult = np.asarray(config.get('mean')) * 1.5", Kind.NDARRAY, Dtype.FLOAT64),
        ("config = json.load(f)\nresult = np.array(config['sizes']) * 2", Kind.NDARRAY, None),
        # what a loop over data read from text takes is data read from text
        ("config = json.load(f)\nfor anchors, stride in zip(config['anchors'], config['strides']):\n"
         "    result = np.array(anchors) / stride", Kind.NDARRAY, Dtype.FLOAT64),
        ("config = json.load(f)\nfor anchors in config['anchors']:\n    result = np.array(anchors, np.float32) / 8",
         Kind.NDARRAY, Dtype.FLOAT32),
        # float32 data offset by data read from text: float64 of numbers, float32 of booleans
        ("config = json.load(f)\nx = np.ones(3, np.float32)\nresult = x - np.asarray(config['offset'])",
         Kind.NDARRAY, None),
        ("config = json.load(f)\nresult = np.array(config['a'], dtype=np.float32) / 416.0", Kind.NDARRAY, Dtype.FLOAT32),
        ("config = json.load(f)\nresult = np.array(config['a']).astype(np.float32) / 4", Kind.NDARRAY, Dtype.FLOAT32),
    ],
)
def test_data_read_from_text_is_of_numpys_default_widths(source, kind, dtype):
    imports = "import json\nimport numpy as np\nimport pandas as pd\nfrom sklearn.preprocessing import StandardScaler"
    value = evaluated(f"{imports}\n{source}")
    assert (value.kind, value.dtype) == (kind, dtype)
    assert not value.default_widths or (kind is Kind.NDARRAY and dtype is None)
    assert evaluated("import pandas as pd\nresult = pd.read_csv(p).values").default_widths


@pytest.mark.parametrize(
    "source, dtype",
    [
        # A frame or series made of an array is of its dtype, as probed; handed to a function, it is data there.
        ("result = pd.DataFrame(np.random.randn(4, 2)).to_numpy()", Dtype.FLOAT64),
        ("result = pd.Series(np.ones(3, dtype=np.float32)).values * 0.5", Dtype.FLOAT32),
        ("def f(frame):\n    return frame.to_numpy()\nresult = f(pd.DataFrame(np.random.randn(4, 2)))", Dtype.FLOAT64),
        ("def f(frame):\n    return frame.to_numpy()\nresult = f(pd.DataFrame(np.ones((4, 2), np.float32)))", Dtype.FLOAT32),
        (
            "from sklearn.cluster import KMeans\ndef f(frame):\n    return KMeans(2).fit(frame.to_numpy()).cluster_centers_\n"
            "result = f(pd.DataFrame(np.random.randn(4, 2)))",
            Dtype.FLOAT64,
        ),
    ],
)
def test_frames_made_of_arrays_and_handed_to_functions(source, dtype):
    value = evaluated(f"import numpy as np\nimport pandas as pd\n{source}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)
    assert evaluated("import pandas as pd\nresult = pd.DataFrame({'a': [0.5]}).values") is UNKNOWN


@pytest.mark.parametrize(
    "source, dtype",
    [
        # A frame of a dict of columns holds what NumPy promotes theirs to (`.values`).
        ("df = pd.DataFrame({'a': rng.uniform(0, 1, 8), 'n': np.arange(8)})\nresult = df.values", Dtype.FLOAT64),
        ("df = pd.DataFrame({'a': np.ones(8, np.float32), 'b': np.zeros(8, np.float32)})\nresult = df.values",
         Dtype.FLOAT32),
        ("df = pd.DataFrame({'n': np.arange(8)})\nresult = ((df - df.mean()) / df.std()).values", Dtype.FLOAT64),
        # A column the code sets is read with the frame as made, and joins its dtype.
        ("df = pd.DataFrame({'a': rng.uniform(0, 1, 8)})\ndf['b'] = 2 * df['a']\nresult = df.to_numpy()",
         Dtype.FLOAT64),
        ("df = pd.DataFrame({'a': np.ones(8, np.float32)})\ndf['b'] = df['a'] * 2\nresult = df.to_numpy()",
         Dtype.FLOAT32),
    ],
)
def test_frames_made_of_a_dict_of_columns(source, dtype):
    value = evaluated(f"import numpy as np\nimport pandas as pd\nrng = np.random.default_rng(0)\n{source}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


@pytest.mark.parametrize(
    "source",
    [
        "df = pd.DataFrame({'a': rng.uniform(0, 1, 8), 'kind': ['x'] * 8})\nresult = df[['a']].values",
        "df = pd.DataFrame({'a': rng.uniform(0, 1, 8)})\ndf['a'] = df['a'].astype(np.float32)\nresult = df.values",
        "df = pd.DataFrame({'a': rng.uniform(0, 1, 8)})\ndf['b'] = load()\nresult = df.values",
        "df = pd.DataFrame({'a': rng.uniform(0, 1, 8)})\ndel df['a']\nresult = df.values",
    ],
)
def test_frames_whose_columns_are_not_all_known_are_of_no_known_dtype(source):
    # A column not of an array (strings), one set narrower (it may replace the only float64
    # one) or set to what is not known, or one deleted: what the frame holds is not known.
    value = evaluated(f"import numpy as np\nimport pandas as pd\nfrom data import load\n"
                      f"rng = np.random.default_rng(0)\n{source}")
    assert value.dtype is None


@pytest.mark.parametrize(
    "fitted, dtype",
    [
        ("pca.fit(x)", Dtype.FLOAT64),
        ("pca.fit(x.astype(np.float32))", Dtype.FLOAT32),
        ("pca.partial_fit(x)\npca.partial_fit(x)", Dtype.FLOAT64),
        ("pca.fit(x)\npca.fit(x.astype(np.float32))", Dtype.FLOAT64),  # one may be float64
        ("pca.fit(load())", None),
        ("", None),
    ],
)
def test_an_estimator_fitted_by_a_statement_of_its_own_is_fitted_on_its_data(fitted, dtype):
    # `pca.fit(x)` gives the estimator back, its result left: `pca` is fitted on x as
    # `PCA(2).fit(x)` is, and its fitted attributes are what the probe saw for such data.
    value = evaluated(
        "import numpy as np\nfrom sklearn.decomposition import PCA\nfrom data import load\n"
        f"x = np.random.default_rng(0).random((20, 4))\npca = PCA(n_components=2)\n{fitted}\n"
        "result = pca.components_"
    )
    assert value.dtype is dtype


@pytest.mark.parametrize(
    "fitted, dtype",
    [
        ("self.pca.fit(x)", Dtype.FLOAT64),
        ("self.pca.fit(x.astype(np.float32))", Dtype.FLOAT32),
        ("self.pca.fit(load())", None),
        ("self.pca.transform(x)", None),
    ],
)
def test_an_estimator_kept_on_self_is_fitted_by_the_classs_methods(fitted, dtype):
    # `self.pca.fit(x)` in one method fits what `__init__` keeps: its fitted attributes,
    # read in another method, are of x's dtype.
    source = (
        "import numpy as np\nfrom sklearn.decomposition import PCA\nfrom data import load\n"
        "class Projector:\n    def __init__(self):\n        self.pca = PCA(n_components=2)\n"
        f"    def fit(self, x):\n        {fitted}\n        return self\n"
        "    def weights(self):\n        return self.pca.components_\n"
        "Projector().fit(np.random.default_rng(0).random((20, 4)))\n"
    )
    assert returned_by(source, "weights").dtype is dtype


def test_an_estimator_on_self_is_fitted_by_the_method_the_subclass_runs():
    # The base's `fit` fits on float64 data, the subclass's own `fit`, which overrides it,
    # on float32: the subclass's estimator is fitted on float32 only.
    source = (
        "import numpy as np\nfrom sklearn.decomposition import PCA\n"
        "class Projector:\n    def __init__(self):\n        self.pca = PCA(n_components=2)\n"
        "    def fit(self, x):\n        self.pca.fit(x)\n        return self\n"
        "class Compact(Projector):\n    def fit(self, x):\n        self.pca.fit(x.astype(np.float32))\n"
        "        return self\n    def weights(self):\n        return self.pca.components_\n"
        "Compact().fit(np.random.default_rng(0).random((20, 4)))\n"
    )
    assert returned_by(source, "weights").dtype is Dtype.FLOAT32


@pytest.mark.parametrize(
    "source, dtype",
    [
        # A size Python's integer operators make is a Python int: the result is as probed.
        ("def f(n):\n    return np.fft.rfft(np.zeros(8), 1 << int(np.log2(n)))", Dtype.COMPLEX128),
        ("def f(n):\n    return np.fft.rfft(np.zeros(8, np.float32), 1 << int(np.log2(n)))", Dtype.COMPLEX64),
        # An argument not known may be what the result follows (an image filtered by a float64
        # kernel is of the image's dtype), or a dtype asked: not known.
        ("def f(n):\n    return np.fft.rfft(np.zeros(8), n)", None),
        ("def f(signal):\n    return scipy.ndimage.convolve1d(signal, np.ones(5) / 5)", None),
        # An array not known with a float64 array: float64 (or complex128) whatever it is.
        ("def f(path):\n    return np.load(path) / 255.0 - np.array([0.485, 0.456, 0.406])", Dtype.FLOAT64),
        ("def f(path):\n    return np.load(path) - np.array([0.485, 0.456, 0.406], dtype=np.float32)", None),
        ("def f(path):\n    return np.load(path) / np.ones(3, np.float32)", None),  # float64 if the file is
    ],
)
def test_arguments_known_and_not_known(source, dtype):
    assert returned_by(f"import numpy as np\nimport scipy.ndimage\n{source}", "f").dtype is dtype


@pytest.mark.parametrize(
    "source, dtype",
    [
        # A text vectoriser's matrix, as probed on a few documents: TF-IDF weights are float64,
        # counts int64, and a dtype asked of the vectoriser is its matrix's.
        ("result = TfidfVectorizer().fit_transform(texts).toarray()", Dtype.FLOAT64),
        ("vectorizer = TfidfVectorizer(max_features=50)\nmatrix = vectorizer.fit_transform(texts)\n"
         "result = matrix.toarray()", Dtype.FLOAT64),
        ("result = CountVectorizer().fit_transform(texts).toarray()", Dtype.INTEGER),
        ("result = TfidfVectorizer(dtype=np.float32).fit_transform(texts).toarray()", Dtype.FLOAT32),
        ("result = TfidfVectorizer().fit(texts).idf_", Dtype.FLOAT64),
        ("result = TfidfVectorizer(dtype=np.float32).fit(texts).idf_", Dtype.FLOAT32),
        # Made with a dtype not known, or made again: of no known dtype.
        ("def f(dtype):\n    return TfidfVectorizer(dtype=dtype)\nresult = f(np.float32).fit_transform(texts).toarray()",
         None),
        ("result = TfidfVectorizer(**options).fit_transform(texts).toarray()", None),
        ("vectorizer = TfidfVectorizer()\nvectorizer.set_params(dtype=np.float32)\n"
         "result = vectorizer.fit_transform(texts).toarray()", None),
    ],
)
def test_text_vectorisers_as_probed(source, dtype):
    value = evaluated(
        "import numpy as np\nfrom sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer\n"
        f"from data import options\ntexts = ['red cat', 'blue dog']\n{source}"
    )
    assert (value.kind, value.dtype) == ((Kind.NDARRAY, dtype) if dtype is not None else (Kind.UNKNOWN, None))


def test_array_methods_as_probed_give_python_numbers():
    # `tolist()` and `item()` give Python's numbers: NumPy makes float64 of them again, torch float32.
    assert evaluated("import numpy as np\nresult = np.array(np.ones(3, np.float32).tolist())").dtype is Dtype.FLOAT64
    item = evaluated("import numpy as np\nresult = np.ones(3, np.float32)[0].item()")
    assert (item.kind, item.dtype) == (Kind.NUMBER, Dtype.FLOAT64)
    tensor = evaluated("import numpy as np\nimport torch\nresult = torch.tensor(np.ones(3, np.float32).tolist())")
    assert (tensor.kind, tensor.dtype) == (Kind.TENSOR, Dtype.FLOAT32)
    unpacked = "import numpy as np\na, b = np.ones(2, np.float32).tolist()\nresult = np.array([a, b])"
    assert evaluated(unpacked).dtype is Dtype.FLOAT64


def test_arithmetic_of_default_widths_is_what_either_width_gives():
    widths = Value(Kind.NDARRAY, default_widths=True)
    assert arithmetic(widths, PY_FLOAT, False, OPERATION).dtype is Dtype.FLOAT64
    assert arithmetic(widths, PY_INT, True, OPERATION).dtype is Dtype.FLOAT64
    assert arithmetic(widths, FLOAT32_ARRAY, False, OPERATION).dtype is None  # float64 of int64, float32 of booleans
    assert arithmetic(widths, PY_INT, False, OPERATION) == Value(Kind.NDARRAY, default_widths=True)
    assert arithmetic(widths, UNKNOWN, False, OPERATION) == Value(Kind.NDARRAY)


def test_lists_comprehended_or_grown_hold_what_goes_in():
    grown = "import numpy as np\nresult = []\nfor i in range(3):\n    result.append(np.exp(i / 3))\n"
    element = evaluated(grown).element
    assert element is not None and (element.kind, element.dtype) == (Kind.NUMPY_SCALAR, Dtype.FLOAT64)
    comprehended = evaluated("import numpy as np\nresult = [np.float32(i) for i in range(3)]")
    assert (comprehended.kind, comprehended.element.kind, comprehended.element.dtype) == (
        Kind.CONTAINER, Kind.NUMPY_SCALAR, Dtype.FLOAT32
    )
    extended = "from data import more\nresult = []\nresult.extend(more)\n"
    assert evaluated(extended) == Value(Kind.CONTAINER)


@pytest.mark.parametrize("made", ["list()", "deque(maxlen=4)", "sorted([])", "list(())"])
@pytest.mark.parametrize(
    "added, dtype",
    [
        ("extend(np.linspace(0, 1, 3).tolist())", Dtype.FLOAT64),  # Python floats: a float64 mean
        ("extend(np.arange(3))", Dtype.FLOAT64),  # integers: a float64 mean
        ("append(np.float32(0.5))", Dtype.FLOAT32),
        ("extend(more)", None),  # elements the code does not show
    ],
)
def test_a_list_made_by_a_call_holds_what_is_added_to_it_and_numpy_reads_a_list_of_numbers(made, added, dtype):
    source = (
        "from collections import deque\nimport numpy as np\nfrom data import more\n"
        f"window = {made}\nwindow.{added}\nresult = np.mean(window)\n"
    )
    assert evaluated(source).dtype is dtype


def test_a_parameter_annotated_as_a_number_is_one():
    source = "import numpy as np\ndef f(n: int, scale: float):\n    return np.full(n, scale)\nresult = f(2, 0.5)"
    assert evaluated(source).dtype is Dtype.FLOAT64
    assert evaluated("import numpy as np\ndef f(n: int):\n    return np.full(n, n)\nresult = f(2)").dtype is (
        Dtype.INTEGER
    )


_GRIDS = """
import numpy as np

class Grid:
    def __init__(self, n):
        self._coords = (np.linspace(0, 1, n),)

    @property
    def coords(self):
        return self._coords

    def axis(self, i):
        return self._coords[i]

class NarrowGrid(Grid):
    def __init__(self, n):
        self._coords = (np.linspace(0, 1, n, dtype=np.float32),)

class ScaledGrid(NarrowGrid):
    def __init__(self, n):
        super().__init__(n)
        self.scale = 2

class Shape:
    @property
    def points(self):
        return self._points

class Disk(Shape):
    def __init__(self, n):
        self._points = np.random.rand(n, 2)

def made(n):
    return Grid(n).coords[0]

def called(n):
    grid = Grid(n)
    return grid.axis(0)

def overridden(n):
    return NarrowGrid(n).coords[0]

def extended(n):
    return ScaledGrid(n).axis(0)

def annotated(grid: Grid):
    return grid.coords[0]

def annotated_narrow(grid: NarrowGrid):
    return grid.coords[0]

def of_a_subclass(shape: Shape):
    return shape.points

def passed(n):
    return annotated_narrow(NarrowGrid(n))

def fallen_back(grid=None, n=3):
    grid = grid or Grid(n)
    return grid.axis(0)

def fallen_back_narrow(grid=None, n=3):
    return (grid or NarrowGrid(n)).axis(0)
"""


@pytest.mark.parametrize(
    "function, dtype",
    [
        ("made", Dtype.FLOAT64),  # a property's return, read with the object as `self`
        ("called", Dtype.FLOAT64),  # a method's
        ("overridden", Dtype.FLOAT32),  # a subclass's `__init__` replaces its base's
        ("extended", Dtype.FLOAT32),  # and one that calls `super().__init__` keeps what it sets
        ("annotated", Dtype.FLOAT64),  # `grid: Grid`: a Grid, or a NarrowGrid
        ("annotated_narrow", Dtype.FLOAT32),  # a NarrowGrid or a ScaledGrid
        ("passed", Dtype.FLOAT32),
        # `grid or Grid(n)` of an object not known: one like the object it falls back to
        ("fallen_back", Dtype.FLOAT64),
        ("fallen_back_narrow", Dtype.FLOAT32),
    ],
)
def test_an_object_of_a_class_of_the_module_holds_what_its_class_sets_and_returns(function, dtype):
    value = returned_by(_GRIDS, function)
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_an_object_known_by_its_annotation_may_hold_what_a_subclass_sets():
    # `Shape` sets no `_points`; `Disk`, which derives from it, sets float64 ones.
    value = returned_by(_GRIDS, "of_a_subclass")
    assert value.kind is Kind.UNKNOWN
    assert value.array is not None and value.array.dtype is Dtype.FLOAT64


def test_a_module_function_a_class_keeps_on_self_is_read_where_it_is_called():
    source = (
        "import numpy as np\n\ndef wide(n):\n    return np.linspace(0, 1, n)\n\ndef narrow(n):\n"
        "    return np.ones(n, dtype=np.float32)\n\nclass Metric:\n    def __init__(self, fn=None):\n"
        "        self.compute_fn = wide\n        self.other_fn = narrow\n        self.given_fn = fn\n\n"
        "    def wide_values(self):\n        return self.compute_fn(3)\n\n"
        "    def narrow_values(self):\n        return self.other_fn(3)\n\n"
        "    def given_values(self):\n        return self.given_fn(3)\n"
    )
    assert (returned_by(source, "wide_values").kind, returned_by(source, "wide_values").dtype) == (
        Kind.NDARRAY, Dtype.FLOAT64
    )
    assert returned_by(source, "narrow_values").dtype is Dtype.FLOAT32
    assert returned_by(source, "given_values").kind is Kind.UNKNOWN  # set to what a caller passes


def test_a_name_an_unknown_value_may_reach_may_still_be_the_array_another_path_gives():
    path = "import numpy as np\ndef f(Cs=10):\n    if isinstance(Cs, int):\n        Cs = np.logspace(-4, 4, Cs){}\n    return {}\n"
    wide = returned_by(path.format("", "Cs"), "f")
    assert wide.kind is Kind.UNKNOWN and wide.array is not None and wide.array.dtype is Dtype.FLOAT64
    assert returned_by(path.format("", "2 * Cs"), "f").array.dtype is Dtype.FLOAT64  # through arithmetic
    assert returned_by(path.format("", "Cs.copy()"), "f").array.dtype is Dtype.FLOAT64  # and an array's methods
    narrow = returned_by(path.format(".astype(np.float32)", "Cs"), "f")
    assert narrow.array is not None and narrow.array.dtype is Dtype.FLOAT32
    assert returned_by("def f(Cs):\n    return Cs\n", "f").array is None


@pytest.mark.parametrize(
    "asked, dtype",
    [("float", Dtype.FLOAT64), ("dtype='f8'", Dtype.FLOAT64), ("np.float32", Dtype.FLOAT32), ("chosen", None)],
)
def test_astype_gives_the_dtype_asked_of_data_the_code_does_not_show(asked, dtype):
    source = f"import numpy as np\nfrom copy import deepcopy\ndef f(coords):\n    return deepcopy(coords).astype({asked})\n"
    value = returned_by(source, "f")
    assert (value.kind, value.dtype) == ((Kind.NDARRAY, dtype) if dtype is not None else (Kind.UNKNOWN, None))


def test_a_call_that_leaves_the_defaults_is_one_the_module_may_not_show():
    source = (
        "import numpy as np\n\nclass Flow:\n    def __init__(self, geom_p=0.5, shape=None):\n"
        "        return np.log(geom_p) - np.log(1.0 - geom_p), np.log(shape)\n"
    )
    analysis = analysed(source)
    [function] = [f for f in analysis.facts.functions if f.name.value == "__init__"]
    returned = next(own_nodes(function.body, cst.Return)).value
    assert isinstance(returned, cst.Tuple)
    logged, of_none = (element.value for element in returned.elements)
    evaluator = analysis.flow.evaluation
    assert evaluator.value(logged).kind is Kind.UNKNOWN  # no call of the module shows geom_p
    at_defaults = evaluator.at_defaults(logged)
    assert (at_defaults.kind, at_defaults.dtype) == (Kind.NUMPY_SCALAR, Dtype.FLOAT64)
    assert evaluator.at_defaults(of_none).kind is Kind.UNKNOWN  # None is no data


@pytest.mark.parametrize(
    "logit, dtype",
    [
        ("torch.tensor(np.log(p / (1 - p)))", Dtype.FLOAT64),
        ("torch.tensor(np.log(p / (1 - p)), dtype=torch.float32)", Dtype.FLOAT32),
        ("torch.tensor(np.log(p)) if p > 0 else torch.zeros(())", Dtype.FLOAT64),
    ],
)
def test_what_a_method_sets_on_self_is_read_for_a_call_that_leaves_its_defaults_too(logit, dtype):
    source = (
        "import numpy as np\nimport torch\n\nclass Prior:\n    def __init__(self, p=0.5):\n"
        f"        self.logit = {logit}\n    def forward(self):\n        return self.logit\n"
    )
    result = returned_by(source, "forward")
    assert (result.kind, result.dtype) == (Kind.TENSOR, dtype)


@pytest.mark.parametrize("made, dtype", [("np.random.randn(n, 2)", Dtype.FLOAT64), ("np.ones(n, dtype=np.float32)", Dtype.FLOAT32)])
def test_what_a_parameter_may_be_is_kept_through_arrays_of_it_and_their_slices(made, dtype):
    source = f"import numpy as np\ndef f(n, loc=None):\n    if loc is None:\n        loc = {made}\n    loc = np.array(loc)[None, ...]\n    return 1.0 * loc\n"
    value = returned_by(source, "f")
    assert value.kind is Kind.UNKNOWN and value.array is not None and value.array.dtype is dtype



FLOAT32_TENSOR = Value(Kind.TENSOR, Dtype.FLOAT32)


def test_a_join_knows_when_a_path_s_dtype_is_not_known_and_a_path_of_none_adds_nothing():
    assert join([FLOAT32_TENSOR, Value(Kind.TENSOR)]).known_narrow is False  # float32 is only a floor there
    assert join([FLOAT32_TENSOR, FLOAT32_TENSOR]).known_narrow is True
    assert join([Value(Kind.NONE), FLOAT64_ARRAY]) == FLOAT64_ARRAY
    assert join([Value(Kind.NONE)]).kind is Kind.NONE


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        # What torch's functions make, as probed: of the dtype asked, whatever given, of
        # their data (NumPy's float64 stays float64, Python floats take the default dtype).
        ("import torch\nresult = torch.zeros(3)", Kind.TENSOR, Dtype.FLOAT32),
        ("import torch\nresult = torch.zeros(3, dtype=torch.float64)", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\nresult = torch.arange(5)", Kind.TENSOR, Dtype.INTEGER),
        ("import torch\nresult = torch.tensor([0.5, 1.0])", Kind.TENSOR, Dtype.FLOAT32),
        ("import numpy as np\nimport torch\nresult = torch.from_numpy(np.linspace(0, 1, 5))", Kind.TENSOR, Dtype.FLOAT64),
        ("import numpy as np\nimport torch\nresult = torch.tensor(np.float64(0.5))", Kind.TENSOR, Dtype.FLOAT64),
        ("import numpy as np\nimport torch\nresult = torch.cat([torch.zeros(2), torch.from_numpy(np.ones(2))])",
         Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\ndef f(a, b):\n    return torch.cat([a, b])\nresult = f(g(), h())", Kind.UNKNOWN, None),
        # Its methods: casts whatever the receiver, the rest as probed for the receiver's dtype.
        ("import torch\nresult = torch.zeros(3).double()", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\ndef f(x):\n    return x.float()\nresult = f(g())", Kind.TENSOR, Dtype.FLOAT32),
        ("import torch\nresult = torch.zeros(3).to(torch.float64).clone()[1:, None]", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\nresult = torch.zeros(3, dtype=torch.float64).numpy()", Kind.NDARRAY, Dtype.FLOAT64),
        ("import torch\ndef f(x, dtype):\n    return x.to(dtype)\nresult = f(g(), h())", Kind.UNKNOWN, None),
        # What probing does not reach, by the table: a tensor of the widest tensor given.
        ("import torch\nh, w = torch.meshgrid(torch.arange(3, dtype=torch.float64), torch.arange(2), indexing='ij')"
         "\nresult = w", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\nh, w = torch.meshgrid(torch.arange(3.0), torch.arange(2.0), indexing='ij')\nresult = w",
         Kind.TENSOR, Dtype.FLOAT32),
        ("import torch\ndef f(c, x):\n    return torch.where(c, torch.zeros(2), x)\nresult = f(g(), h())",
         Kind.UNKNOWN, None),  # `x` may be wider
        # A float64 tensor with one not known, of a function the table says keeps it: float64.
        ("import torch\ndef f(n):\n    return torch.outer(torch.arange(n), torch.ones(3, dtype=torch.float64))"
         "\nresult = f(g())", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\ndef f(n):\n    return torch.outer(torch.arange(n), torch.ones(3))\nresult = f(g())",
         Kind.UNKNOWN, None),
        # `.type_as(other)` gives other's dtype (by hand: the probe passed the receiver itself).
        ("import torch\nresult = torch.zeros(3).double().type_as(torch.zeros(2))", Kind.TENSOR, Dtype.FLOAT32),
        ("import torch\nresult = torch.zeros(3).type_as(torch.zeros(2).double())", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\ndef f(r):\n    return torch.zeros(3).double().type_as(r)\nresult = f(g())", Kind.TENSOR, None),
        # Its operators, as probed: a Python or NumPy scalar is weak, a NumPy array is not.
        ("import torch\nresult = torch.zeros(3) * 0.5", Kind.TENSOR, Dtype.FLOAT32),
        ("import torch\nresult = torch.arange(5) / 2", Kind.TENSOR, Dtype.FLOAT32),
        ("import numpy as np\nimport torch\nresult = torch.ones(3) * np.float64(0.5)", Kind.TENSOR, Dtype.FLOAT32),
        ("import numpy as np\nimport torch\nresult = torch.ones(3) * np.linspace(0, 1, 3)", Kind.TENSOR,
         Dtype.FLOAT64),
        ("import torch\nresult = 2 * torch.zeros(3, dtype=torch.float64)", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\ndef f(x):\n    return torch.zeros(3, dtype=torch.float64) + x\nresult = f(g())", Kind.TENSOR,
         Dtype.FLOAT64),  # a float64 tensor with anything probed is float64 (but complex data)
        ("import torch\nresult = torch.zeros(3, dtype=torch.float64) * torch.ones(3, dtype=torch.complex128)",
         Kind.TENSOR, Dtype.COMPLEX128),
        ("import torch\ndef f(x):\n    return torch.zeros(3) + x\nresult = f(g())", Kind.TENSOR, None),
        ("import torch\ndef f(x):\n    return x[..., None] @ torch.ones(1, 3, dtype=torch.float64)\nresult = f(g())",
         Kind.TENSOR, Dtype.FLOAT64),  # `@` of a float64 tensor, as probed (it does not promote)
        ("import torch\ndef f(x):\n    return torch.ones(3, 1) @ x\nresult = f(g())", Kind.TENSOR, Dtype.FLOAT32),
        ("import numpy as np\nresult = np.ones((2, 2)) @ np.ones(2, dtype=np.float32)", Kind.NDARRAY, Dtype.FLOAT64),
        # Reads the trace had: tensors a table method keeps that the probe never ran, each part
        # of a split however many the probe saw, a helper that hands its dtype on, long chains.
        ("import torch\nresult = torch.zeros(3, dtype=torch.float64).pin_memory()", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\na, b = torch.zeros(4, dtype=torch.float64).chunk(2)\nresult = b", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\ndef make(n, dtype):\n    return torch.zeros(n, dtype=dtype)\nresult = make(3, dtype=torch.float64)",
         Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\nv = torch.zeros(3, dtype=torch.float64)\n" + "v = v.clone()\n" * 8 + "result = v",
         Kind.TENSOR, Dtype.FLOAT64),
        # A call the module cannot read, handed a torch dtype: a tensor of it.
        ("import torch\nfrom other import table\nresult = table(4, dtype=torch.double)", Kind.TENSOR, Dtype.FLOAT64),
        ("import torch\nfrom other import table\nresult = table(4, dtype=torch.float32)", Kind.TENSOR, Dtype.FLOAT32),
        ("import numpy as np\nfrom other import table\nresult = table(4, dtype=np.float64)", Kind.UNKNOWN, None),
    ],
)
def test_tensors_as_torch_was_probed(source, kind, dtype):
    result = evaluated(source)
    assert (result.kind, result.dtype) == (kind, dtype)


def test_type_as_is_made_by_what_made_the_other_tensor():
    analysis = analysed(
        "import torch\nother = torch.zeros(2, dtype=torch.float64) if flag else torch.ones(2, dtype=torch.float64)\n"
        "result = torch.zeros(3).type_as(other)\nresult\n"
    )
    value = analysis.flow.evaluation.value(analysis.facts.module.body[-1].body[0].value)
    assert [analysis.facts.module.code_for_node(maker) for maker in value.makers] == [
        "torch.zeros(2, dtype=torch.float64)", "torch.ones(2, dtype=torch.float64)",
    ]


def test_a_tensor_moved_is_where_it_is_moved_to():
    assert evaluated('import torch\nresult = torch.zeros(2).to("mps")').place is Place.MAY_LACK_FLOAT64
    assert evaluated('import torch\nresult = torch.zeros(2).to("cpu")').place is Place.CPU


_GATHERED = """
import torch
class Metric:
    def reset(self):
        self.outputs = []
    def update(self, output):
        self.outputs.append(output.detach(){move})
    def compute(self):
        return torch.cat(self.outputs)
result = Metric().compute()
"""


@pytest.mark.parametrize(
    "source, place",
    [
        ("result = torch.zeros(3)", Place.CPU_BY_DEFAULT),  # until moved, as any new tensor
        ("result = torch.from_numpy(a)", Place.CPU),  # NumPy's memory
        ('result = torch.zeros(3, device="cpu")', Place.CPU),
        ("result = (x.cpu().sigmoid() >= 0.5) & (y.cpu() > 0)", Place.CPU),
        ("result = x.cpu()[:, 0] * 0.5 + torch.ones(2)", Place.CPU),  # a Python number is no tensor
        ("result = x.cpu() * y", Place.UNKNOWN),  # `y` may be anywhere
        ("t = x.cpu()\nresult = torch.arange(3, device=t.device)", Place.CPU),
        ("result = torch.zeros_like(x.cpu())", Place.CPU),
        ("result = torch.stack([x.cpu(), torch.ones(2)])", Place.CPU),
        ("result = torch.stack([x.cpu(), y])", Place.UNKNOWN),
        ("result = x.cpu().to(device)", Place.UNKNOWN),
        ("result = x.cpu().to(torch.float64)", Place.CPU),  # a cast does not move it
        ('result = x.cpu().to("mps")', Place.MAY_LACK_FLOAT64),
        ("def f(t):\n    return t.double()\nresult = f(x.cpu())", Place.CPU),
        ("def f(t):\n    if t.device.type == 'mps':\n        t = t.cpu()\n    return t\nresult = f(x)", Place.CPU),
        ("def f(t):\n    if t.device.type == 'mps':\n        t = t.cpu()\n    t = t.to(d)\n    return t\nresult = f(x)",
         Place.UNKNOWN),
        ("vals, idx = torch.sort(x.cpu())\nresult = vals", Place.CPU),  # each part of what it gives
        (_GATHERED.format(move=".cpu()"), Place.CPU),
        (_GATHERED.format(move=""), Place.UNKNOWN),
    ],
)
def test_where_a_tensor_is(source, place):
    assert place_of(evaluated("import torch\n" + source)) is place


def test_a_name_given_none_on_one_path_is_what_the_others_give():
    result = evaluated(
        "import torch\ndef f(a):\n    y = None\n    if a:\n        y = torch.ones(2).float() * 0.5\n    return y\n"
        "result = f(1)"
    )
    assert (result.kind, result.dtype, result.known_narrow) == (Kind.TENSOR, Dtype.FLOAT32, True)


_A_BRANCH_MAKES = (
    "import numpy as np\nimport torch\nif flag:\n    betas = torch.linspace(0.1, 0.2, 5, dtype=torch.{dtype}) ** 2\n"
    "else:\n    betas = make()\nif flag:\n    t = make()\nelse:\n    t = np.linspace(0.0, 1.0, 5).astype(np.{dtype})\n"
)


@pytest.mark.parametrize(
    "result",
    [
        "betas",
        "torch.cumprod(1.0 - betas, dim=0)",  # probed functions and operators of the tensor it may be
        "betas.clone()[1:]",
        "torch.cat([betas, torch.zeros(1)])",
        "torch.from_numpy(t).to(device)",  # a tensor of the array it may be
    ],
)
@pytest.mark.parametrize("dtype, made", [("float64", Dtype.FLOAT64), ("float32", Dtype.FLOAT32)])
def test_a_tensor_one_path_gives_is_what_the_value_may_be(result, dtype, made):
    # where another path's value is not known (`make()`): the tensor on the path that shows it
    value = evaluated(_A_BRANCH_MAKES.format(dtype=dtype) + f"result = {result}")
    assert value.kind is Kind.UNKNOWN
    assert value.may_be is not None and (value.may_be.kind, value.may_be.dtype) == (Kind.TENSOR, made)


def test_a_cast_of_what_may_be_a_tensor_is_a_tensor_of_the_cast():
    value = evaluated(_A_BRANCH_MAKES.format(dtype="float64") + "result = betas.float()")
    assert (value.kind, value.dtype, value.may_be) == (Kind.TENSOR, Dtype.FLOAT32, None)


@pytest.mark.parametrize(
    "result, makers",
    [
        ("torch.stack([torch.arange(2, dtype=torch.float64), torch.ones(2).double()])", 2),
        ("(torch.arange(2, dtype=torch.float64) * torch.ones(2).double())[0].clone()", 2),
        ("torch.arange(2, dtype=torch.float64) if flag else torch.ones(2).double()", 2),
        ("torch.arange(2, dtype=torch.float64) * torch.ones(2)", 1),  # the float32 one made nothing of it
        ("np.linspace(0, 1, 3) + np.ones(3)", 2),
        ("np.linspace(0, 1, 3) + np.ones(3, dtype=np.float32)", 1),
    ],
)
def test_every_maker_of_a_values_dtype_is_one_of_its_makers(result, makers):
    value = evaluated(f"import numpy as np\nimport torch\nresult = {result}")
    assert value.dtype is Dtype.FLOAT64
    assert len(value.makers) == makers and all(isinstance(maker, cst.Call) for maker in value.makers)


LOADERS = """
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset


def batches(device, rows, collate):
    for a in DataLoader(np.random.rand(10, 3), batch_size=2):
        pass
    for b in DataLoader([0.5, 1.5], batch_size=2):
        pass
    for c, d in DataLoader(TensorDataset(torch.zeros(4, dtype=torch.float64), torch.arange(4))):
        pass
    for e in DataLoader(np.random.rand(10, 3).astype(np.float32)):
        pass
    for f in DataLoader(np.random.rand(10, 3), collate_fn=collate):
        pass
    for g in DataLoader(np.random.rand(10, 3), batch_size=None):
        pass
    for h in DataLoader(rows):
        pass
    for i in DataLoader(np.random.rand(10, 3), 2, False, None, None, 0, collate):
        pass
    for j in DataLoader([1, 2.5]):
        pass
    for k in DataLoader([0.5, 1.5], batch_size=None):
        pass
    for m in DataLoader(np.random.rand(10, 3), collate_fn=None):
        pass
    return a, b, c, d, e, f, g, h, i, j, k, m
"""


def test_a_data_loaders_batches_are_what_its_default_collate_makes_of_its_datasets_items():
    analysis = analysed(LOADERS)
    returned = analysis.facts.functions[0].body.body[-1].body[0].value
    read = [analysis.flow.evaluation.value(element.value) for element in returned.elements]
    assert [(value.kind, value.dtype) for value in read] == [
        (Kind.TENSOR, Dtype.FLOAT64),
        (Kind.TENSOR, Dtype.FLOAT64),  # Python floats: collated as float64
        (Kind.TENSOR, Dtype.FLOAT64),
        (Kind.TENSOR, Dtype.INTEGER),
        (Kind.TENSOR, Dtype.FLOAT32),
        (Kind.UNKNOWN, None),  # its own collate decides
        (Kind.TENSOR, Dtype.FLOAT64),  # no batches: each row made a tensor as it is
        (Kind.UNKNOWN, None),
        (Kind.UNKNOWN, None),  # its own collate, by position
        (Kind.UNKNOWN, None),  # the first item's kind decides: an int's, the default dtype
        (Kind.NUMBER, Dtype.FLOAT64),  # no batches: Python floats as they are
        (Kind.TENSOR, Dtype.FLOAT64),  # the default collate, named
    ]


@pytest.mark.parametrize(
    ("test", "tensor", "holds"),
    [
        ("x.dtype == torch.float64", True, True),
        ("x.dtype is torch.double", True, True),
        ("x.dtype in (torch.float64, torch.float16)", True, True),
        ("x.dtype != torch.float32", True, True),
        ("x.dtype not in (torch.float32, torch.float16)", True, True),
        ("x.is_floating_point()", True, True),
        ("torch.is_floating_point(x)", True, True),
        ("x.dtype == torch.float64 or x.dtype == torch.complex128", True, True),
        ("torch.float64 == x.dtype", True, True),
        ("torch.float32 != x.dtype", True, True),
        ("x.dtype == np.float64", False, True),
        ("x.dtype == 'float64'", False, True),
        ("x.dtype in (np.float64, np.float16)", False, True),
        ("x.dtype == torch.float16", True, False),
        ("x.dtype != torch.float64", True, False),
        ("x.dtype not in (torch.float64,)", True, False),
        ("y.dtype == torch.float64", True, False),
        ("x.dtype == torch.float64 and flag", True, False),
        ("x.dtype == dtype", True, False),
        ("torch.float64 == y.dtype", True, False),
        ("torch.float64 in x.dtype", True, False),
        # A dtype of the other library is never equal to the data's.
        ("x.dtype == np.float64", True, False),
        ("x.dtype == torch.float64", False, False),
        ("x.dtype is np.float64", False, False),  # a NumPy dtype is no type
        ("x.is_floating_point()", False, False),
    ],
)
def test_a_test_taken_by_every_float64_value_of_a_name(test, tensor, holds):
    analysis = analysed(f"import numpy as np\nimport torch\nif {test}:\n    pass\n")
    branch = analysis.facts.module.body[-1]
    assert holds_for_float64(analysis.facts, branch.test, "x", tensor) is holds


GUARDED = """
import numpy as np
import torch


def prep(device, flag, dtype):
    x = torch.as_tensor(np.linspace(0, 1, 5))
    if x.dtype == torch.float64:
        x = x.float()
    y = torch.as_tensor(np.linspace(0, 1, 5))
    if y.dtype == torch.float64:
        y = y.float() if flag else y.to(dtype)  # float32 only on one path
    return x, y
"""


def test_a_dtype_test_stops_float64_only_where_the_branch_narrows_it_on_every_path():
    analysis = analysed(GUARDED)
    returned = analysis.facts.functions[0].body.body[-1].body[0].value
    x, y = (analysis.flow.evaluation.value(element.value) for element in returned.elements)
    assert (x.kind, x.dtype, y.dtype) == (Kind.TENSOR, Dtype.FLOAT32, Dtype.FLOAT64)


DATASET = """\
import numpy as np
from torch.utils.data import DataLoader, Dataset


class Windows(Dataset):
    def __init__(self, series, window, n=8):
        self.series = series
        self.window = window
        self.weights = [float(i) / n for i in range(n)]

    def __getitem__(self, i):
        return self.series[i : i + self.window], self.weights[i]


for windows, weights in DataLoader(Windows({series}, 4), batch_size=2):
    pass
"""


@pytest.mark.parametrize(
    "series, read, kind, dtype",
    [
        # `__init__` is read for the arguments the class is made with, and a dataset's
        # batches are what the default collate makes of what its `__getitem__` returns.
        ("np.linspace(0, 1, 10)", "windows", Kind.TENSOR, Dtype.FLOAT64),
        ("np.linspace(0, 1, 10, dtype=np.float32)", "windows", Kind.TENSOR, Dtype.FLOAT32),
        ("np.linspace(0, 1, 10, dtype=np.float32)", "weights", Kind.TENSOR, Dtype.FLOAT64),  # Python floats
        ("load()", "windows", Kind.UNKNOWN, None),
    ],
)
def test_a_dataset_class_gives_the_batches_of_what_it_was_made_with(series, read, kind, dtype):
    value = evaluated(DATASET.format(series=series) + f"result = {read}")
    assert (value.kind, value.dtype) == (kind, dtype)


_RUNNING_MEAN = """
import numpy as np

class RunningMean:
    def __init__(self, shape):
        self.mean = np.zeros(shape)

    def update(self, x):
        self.mean = self.mean + x.mean(0)

class Agent:
    def __init__(self, shape):
        self.stats = RunningMean(shape)

    def normalized(self, obs):
        return obs - self.stats.mean

    def normalized_float32(self, obs):
        return obs - np.zeros(3, dtype=np.float32)

agent = Agent(4)
agent.normalized(np.ones(4, dtype=np.float32))
agent.normalized_float32(np.ones(4, dtype=np.float32))
"""


def test_a_known_array_with_one_that_is_float64_on_some_path_is_at_least_float64():
    # `self.stats.mean` is float64 where `__init__` sets it, not known where `update` does;
    # a float32 array with it is float64 at least (a floor), as NumPy promotes.
    value = returned_by(_RUNNING_MEAN, "normalized")
    assert (value.kind, value.dtype, value.partial) == (Kind.NDARRAY, Dtype.FLOAT64, True)
    narrow = returned_by(_RUNNING_MEAN, "normalized_float32")
    assert (narrow.kind, narrow.dtype, narrow.partial) == (Kind.NDARRAY, Dtype.FLOAT32, False)


def test_a_loader_s_own_collate_function_gives_its_batches_wherever_it_is_defined():
    loader = (
        "import numpy as np\nfrom torch.utils.data import DataLoader\n"
        "def batches():\n    rows = [np.linspace(0.0, 1.0, 3), np.linspace(1.0, 2.0, 3)]\n"
        "    return DataLoader(rows, batch_size=2, collate_fn=stacked)\n"
        "def stacked(items):\n    return np.stack(items) * 2\n"
        "for result in batches():\n    pass\n"
    )
    value = evaluated(loader)
    assert (value.kind, value.dtype) == (Kind.NDARRAY, Dtype.FLOAT64)  # defined below the function that names it
    narrow = evaluated(loader.replace("np.stack(items) * 2", "np.stack(items).astype(np.float32)"))
    assert (narrow.kind, narrow.dtype) == (Kind.NDARRAY, Dtype.FLOAT32)


@pytest.mark.parametrize(
    "declared, dtype",
    [
        ("field(default_factory=lambda: np.zeros(3))", Dtype.FLOAT64),
        ("field(default_factory=zeros32)", Dtype.FLOAT32),  # a function of the module
        ("field(default=np.float32(0.5))", Dtype.FLOAT32),
        ("field(default_factory=list)", None),  # a library's: not read
    ],
)
def test_a_dataclass_field_holds_its_default_or_what_its_factory_gives(declared, dtype):
    source = (
        "from dataclasses import dataclass, field\nimport numpy as np\n\n"
        "def zeros32():\n    return np.zeros(3, dtype=np.float32)\n\n"
        f"@dataclass\nclass Config:\n    stats: np.ndarray = {declared}\n\n"
        "def read(config: Config):\n    return config.stats\n"
    )
    assert returned_by(source, "read").dtype is dtype


_FIELDS = (
    "from dataclasses import dataclass, field\nfrom typing import ClassVar\nimport numpy as np\n\n"
    "@dataclass\nclass Config:\n    size: int\n    steps: ClassVar[int] = 3\n"
    "    scale: float = field(default=1.0, init=False)\n    stats: np.ndarray = np.zeros(2, dtype=np.float32)\n\n"
    "@dataclass(frozen=True)\nclass Wide(Config):\n    width: int = 8\n\n"
)


@pytest.mark.parametrize(
    "made, dtype",
    [
        ("Config(3, stats=np.linspace(0, 1, 5))", Dtype.FLOAT64),  # by keyword
        ("Config(3, np.linspace(0, 1, 5))", Dtype.FLOAT64),  # by place: a ClassVar and an `init=False` are not fields
        ("Wide(3, np.linspace(0, 1, 5), 4)", Dtype.FLOAT64),  # a base's fields first
        ("Config(3)", Dtype.FLOAT32),  # its default
        ("Config(3, stats=np.ones(2, dtype=np.float32))", Dtype.FLOAT32),
    ],
)
def test_a_dataclass_object_holds_what_the_call_making_it_passes(made, dtype):
    # Another object of the class holds float64: this one holds what its own call passes.
    source = f"{_FIELDS}other = Config(1, np.linspace(0, 1, 5))\nresult = {made}.stats"
    assert evaluated(source).dtype is dtype


def test_a_dataclass_field_read_of_any_object_is_what_any_call_passes_or_its_default():
    read = "def read(config: Config):\n    return config.stats\n"
    made = f"{_FIELDS}{read}\nfirst = Config(1)\nsecond = Config(2, stats=np.linspace(0, 1, 5))\n"
    assert returned_by(made, "read").dtype is Dtype.FLOAT64
    narrow = f"{_FIELDS}{read}\nfirst = Config(1, np.ones(2, dtype=np.float32))\n"
    assert returned_by(narrow, "read").dtype is Dtype.FLOAT32
    # What a splat passes is not known; a class with its own `__init__` is read from that.
    assert returned_by(f"{_FIELDS}{read}\nfirst = Config(**{{'size': 1, 'stats': np.zeros(3)}})\n", "read").dtype is (
        Dtype.FLOAT32
    )
    own = _FIELDS.replace("    size: int\n", "    size: int\n    def __init__(self, size):\n        self.size = size\n")
    assert returned_by(f"{own}{read}\nfirst = Config(np.zeros(3))\n", "read").dtype is Dtype.FLOAT32


def test_a_field_a_post_init_sets_is_read_as_it_sets_it():
    post = _FIELDS.replace(
        "    width: int = 8\n", "    width: int = 8\n    def __post_init__(self):\n        self.stats = self.stats.astype(np.float32)\n"
    )
    assert evaluated(f"{post}result = Wide(3, np.linspace(0, 1, 5)).stats").dtype is not Dtype.FLOAT64


@pytest.mark.parametrize(
    "added, dtype",
    [
        ("np.linspace(0, 1, 3)", Dtype.FLOAT64),
        ("np.ones(3, dtype=np.float32)", Dtype.FLOAT32),
    ],
)
def test_the_lists_a_dict_or_list_holds_hold_what_is_appended_to_them(added, dtype):
    kept = (
        "from collections import defaultdict\nimport numpy as np\n\n"
        "class History:\n    def __init__(self):\n        self.seen = defaultdict(list)\n\n"
        f"    def add(self, key):\n        self.seen[key].append({added})\n\n"
        "    def last(self, key):\n        return self.seen[key][-1]\n"
    )
    assert returned_by(kept, "last").dtype is dtype
    local = f"from collections import defaultdict\nimport numpy as np\nby_key = defaultdict(list)\nby_key['a'].append({added})\n"
    assert evaluated(f"{local}result = by_key['a'][0]").dtype is dtype
    buckets = f"import numpy as np\nbuckets = [[] for _ in range(3)]\nbuckets[0].append({added})\n"
    assert evaluated(f"{buckets}result = buckets[1][0]").dtype is dtype
    made = f"from collections import defaultdict\nimport numpy as np\nby_key = defaultdict(lambda: [])\nby_key[0].append({added})\n"
    assert evaluated(f"{made}result = by_key[2][0]").dtype is dtype


def test_a_tensor_s_item_is_a_python_number_which_numpy_averages_to_float64():
    losses = (
        "import numpy as np\nimport torch\n\ndef mean_loss(model, x):\n    seen = []\n"
        "    for _ in range(3):\n        seen.append(model(x).sum().item())\n    return np.{}(seen)\n"
    )
    assert returned_by(losses.format("mean"), "mean_loss").dtype is Dtype.FLOAT64  # of ints or of floats
    assert returned_by(losses.format("sum"), "mean_loss").kind is Kind.UNKNOWN  # int64 of ints, float64 of floats


def test_a_dict_handed_to_a_method_of_an_object_the_module_makes_keeps_what_it_holds_unless_it_changes_it():
    source = (
        "from collections import defaultdict\nimport numpy as np\n\n"
        "class Tracker:\n    def record(self, seen):\n        self.last = {}\n\n"
        "    def reset(self, seen):\n        seen.clear()\n\n"
        "by_key = defaultdict(list)\nby_key['a'].append(np.zeros(3))\ntracker = Tracker()\n"
    )
    assert evaluated(f"{source}tracker.record(by_key)\nresult = by_key['a'][0]").dtype is Dtype.FLOAT64
    assert evaluated(f"{source}tracker.reset(by_key)\nresult = by_key['a'][0]").kind is Kind.UNKNOWN


def test_a_function_of_the_probed_libraries_changes_no_dict_it_is_handed_a_value_of():
    source = (
        "from collections import defaultdict, deque\nimport numpy as np\nimport helpers\n\n"
        "class Balancer:\n    def __init__(self):\n        self.history = defaultdict(lambda: deque(maxlen=5))\n\n"
        "    def observe(self, name, value):\n        self.history[name].append(value)\n\n"
        "    def weight(self, name):\n        held = self.history[name]\n        {}\n        return np.mean(held)\n\n"
        "Balancer().observe('a', 0.5)\n"
    )
    assert returned_by(source.format("np.std(held)"), "weight").dtype is Dtype.FLOAT64
    assert returned_by(source.format("helpers.refill(held)"), "weight").kind is Kind.UNKNOWN  # may change it


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        # Python's random numbers, as the probe saw its module and its generators give them.
        ("rng = random.Random(0)\nresult = rng.uniform(-0.05, 0.05)", Kind.NUMBER, Dtype.FLOAT64),
        ("rng = random.Random(0)\nresult = np.array([rng.gauss(0.0, 1.0) for _ in range(4)])", Kind.NDARRAY,
         Dtype.FLOAT64),
        ("result = np.array([random.randint(0, 9) for _ in range(4)])", Kind.NDARRAY, Dtype.INTEGER),
        ("result = np.array([random.random() for _ in range(4)])", Kind.NDARRAY, Dtype.FLOAT64),
        # NumPy's generator given numbers alone: a Python float, as probed.
        ("result = np.random.default_rng(0).normal(0.0, 1.0)", Kind.NUMBER, Dtype.FLOAT64),
        # A Counter holds Python ints.
        ("counts = Counter('abca')\nresult = np.array([counts[c] for c in 'abc'])", Kind.NDARRAY, Dtype.INTEGER),
        ("counts = Counter('abca')\nresult = np.array([counts[c] for c in 'abc']) ** 0.75", Kind.NDARRAY,
         Dtype.FLOAT64),
    ],
)
def test_python_s_random_numbers_and_counts(source, kind, dtype):
    value = evaluated(f"import random\nfrom collections import Counter\nimport numpy as np\n{source}")
    assert (value.kind, value.dtype) == (kind, dtype)


DEFAULT_DEVICES = """
import numpy as np
import torch
early = torch.tensor(np.ones(3))
device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
torch.set_default_device(device)
late = torch.tensor(np.ones(3))
shared = torch.from_numpy(np.ones(3))
def made():
    return torch.zeros(3)
def in_a_cpu_block():
    with torch.device("cpu"):
        return torch.zeros(3)
def in_a_cuda_block():
    with torch.device("cuda"):
        return torch.zeros(3)
result = READ
"""


@pytest.mark.parametrize(
    "read, place",
    [
        ("early", Place.CPU_BY_DEFAULT),  # made at import, before the default is set
        ("late", Place.MAY_LACK_FLOAT64),
        ("shared", Place.CPU),  # `torch.from_numpy` shares the array on the CPU, whatever the default
        ("made()", Place.MAY_LACK_FLOAT64),  # a function runs after the module sets the default
        ("in_a_cpu_block()", Place.CPU),
        ("in_a_cuda_block()", Place.WITH_FLOAT64),
    ],
)
def test_a_tensor_made_with_no_device_is_on_the_default_device_the_code_sets(read, place):
    assert evaluated(DEFAULT_DEVICES.replace("READ", read)).place is place


def test_with_no_default_device_set_a_tensor_made_with_no_device_is_on_the_cpu():
    source = "import torch\ndef made():\n    with torch.no_grad():\n        return torch.zeros(3)\nresult = made()"
    assert evaluated(source).place is Place.CPU_BY_DEFAULT


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        ("result = 2j", Kind.NUMBER, Dtype.COMPLEX128),
        ("result = -2j * np.pi", Kind.NUMBER, Dtype.COMPLEX128),
        # NumPy's complex of the array's precision, as of a Python float (NEP 50)
        ("result = 1j * np.ones(3)", Kind.NDARRAY, Dtype.COMPLEX128),
        ("result = 1j * np.ones(3, dtype=np.float32)", Kind.NDARRAY, Dtype.COMPLEX64),
        ("result = np.arange(3) * 1j", Kind.NDARRAY, Dtype.COMPLEX128),
        ("def f(d):\n    return np.exp(1j * np.ones(3) * d)\nresult = f(unknown)", Kind.NDARRAY, Dtype.COMPLEX128),
        # the magnitudes of a complex spectrum are real (as probed), `np.abs(z, z)` writes into `z`
        ("result = np.abs(np.fft.rfft(np.ones(8)))", Kind.NDARRAY, Dtype.FLOAT64),
        ("z = np.fft.rfft(np.ones(8))\nresult = np.abs(z, z)", Kind.NDARRAY, Dtype.COMPLEX128),
    ],
)
def test_python_complex_numbers_and_the_magnitudes_of_complex_arrays(source, kind, dtype):
    value = evaluated("import numpy as np\n" + source)
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "call, dtype",
    [
        ("np.power(10000, 0.5)", Dtype.FLOAT64),  # NumPy's of Python numbers: a float64 scalar
        ("np.power(2, 3)", Dtype.INTEGER),
        ("np.hypot(3, 4.0)", Dtype.FLOAT64),
    ],
)
def test_a_library_function_of_python_numbers_one_by_one_gives_what_the_probe_saw_them_give(call, dtype):
    value = evaluated(f"import numpy as np\nresult = {call}")
    assert value.is_array and value.dtype is dtype


@pytest.mark.parametrize(
    "call, kind",
    [
        # as many numbers as the probe gave one by one: a draw, or an array of the size given
        ("np.random.normal(0.0, 1.0)", Kind.NUMBER),
        ("np.random.normal(0.0, 1.0, 5)", Kind.NDARRAY),
        ("np.random.normal(0.0, 1.0, size=5)", Kind.NDARRAY),
        ("np.random.uniform(-1.0, 1.0)", Kind.NUMBER),
        ("np.random.rand()", Kind.NUMBER),
        ("np.random.rand(3)", Kind.NDARRAY),
        ("rng.uniform(-1.0, 1.0)", Kind.NUMBER),
        ("rng.normal(0.0, 1.0, 5)", Kind.NDARRAY),
        ("rng.random()", Kind.NUMBER),
        ("rng.random(4)", Kind.NDARRAY),
        ("random.random()", Kind.NUMBER),
    ],
)
def test_a_draw_of_numbers_alone_is_a_python_float_and_one_of_a_size_an_array(call, kind):
    value = evaluated(f"import random\nimport numpy as np\nrng = np.random.default_rng(0)\nresult = {call}")
    assert (value.kind, value.dtype) == (kind, Dtype.FLOAT64)


@pytest.mark.parametrize(
    "call, kind",
    [
        # integers written out are Python ints, as the probe wrote its calls of numbers alone:
        # a size given by place makes an array, as `f(0, 1, 5)` did
        ("rng.integers(0, 4, 5)", Kind.NDARRAY),
        ("rng.integers(0, 4, n)", Kind.NDARRAY),
        ("rng.integers(0, 4)", Kind.NUMPY_SCALAR),
        ("np.random.randint(1, 6, 10)", Kind.NDARRAY),
    ],
)
def test_a_draw_of_integers_of_a_size_given_by_place_is_an_array(call, kind):
    value = evaluated(f"import numpy as np\nrng = np.random.default_rng(0)\nn = 8\nresult = {call}")
    assert (value.kind, value.dtype) == (kind, Dtype.INTEGER)


@pytest.mark.parametrize(
    "call, dtype",
    [
        # NumPy's float64 makers given float32 data, as the probe saw them give it
        ("np.linspace(np.float32(0), np.float32(1), 5)", Dtype.FLOAT32),
        ("np.linspace(0, f.max(), 5)", Dtype.FLOAT32),  # a Python number beside it is weak (NEP 50)
        ("np.linspace(0, 1, 5)", Dtype.FLOAT64),
        ("np.interp(f, f, f)", Dtype.FLOAT64),
        ("np.random.normal(f)", Dtype.FLOAT64),
    ],
)
def test_a_float64_maker_of_known_data_gives_what_the_probe_saw_it_give(call, dtype):
    value = evaluated(f"import numpy as np\nf = np.zeros(3, dtype=np.float32)\nresult = {call}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


@pytest.mark.parametrize(
    "call, kind, dtype",
    [
        ("minimize(objective, [1.0, 0.0]).x", Kind.NDARRAY, Dtype.FLOAT64),
        ("curve_fit(line, np.ones(4), np.ones(4))[0]", Kind.NDARRAY, Dtype.FLOAT64),
        ("minimize(objective, np.zeros(2, dtype=np.float32)).x", Kind.NDARRAY, Dtype.FLOAT32),
        # the probe saw another method give float64 of a float32 start: with a keyword, not known
        ('minimize(objective, np.zeros(2, dtype=np.float32), method="L-BFGS-B").x', Kind.UNKNOWN, None),
    ],
)
def test_scipy_optimize_results_as_probed(call, kind, dtype):
    source = (
        "import numpy as np\nfrom scipy.optimize import curve_fit, minimize\n"
        "def objective(p):\n    return ((p - 1) ** 2).sum()\ndef line(x, a):\n    return a * x\n"
        f"result = {call}"
    )
    value = evaluated(source)
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize("dtype_given, dtype", [("", Dtype.FLOAT64), (", dtype=np.float32", Dtype.FLOAT32)])
def test_a_classmethod_makes_an_object_of_its_class(dtype_given, dtype):
    # `cls(...)` in a classmethod is the class: the object's property is read as its class gives it.
    value = evaluated(
        "import numpy as np\n\n\nclass Camera:\n    def __init__(self, fx):\n        self.fx = fx\n\n"
        "    @classmethod\n    def make(cls, calib):\n        return cls(calib['fx'])\n\n"
        f"    @property\n    def K(self):\n        return np.array([[self.fx, 0.0], [0.0, 1.0]]{dtype_given})\n\n\n"
        "result = Camera.make({'fx': 2.0}).K"
    )
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_an_array_of_python_numbers_is_made_where_numpy_makes_it():
    # Messages say where the float64 array is made: the `np.array` call, not where one of
    # the numbers it holds was computed (`math.sqrt(...)`).
    source = (
        "import math\nimport numpy as np\n\n\ndef boxes(scales, ratios):\n    found = []\n"
        "    for s in scales:\n        for r in ratios:\n            found.append([s * math.sqrt(r), s])\n"
        "        found.append([math.sqrt(s), 1.0])\n    return np.array(found)\n"
    )
    value = returned_by(source, "boxes")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, Dtype.FLOAT64)
    assert isinstance(value.origin, cst.Call) and cst.Module([]).code_for_node(value.origin) == "np.array(found)"


@pytest.mark.parametrize("other, kind, dtype", [
    ("np.zeros(3)", Kind.NDARRAY, Dtype.FLOAT64),  # a Python float or a float64 array: float64 all the same
    ("np.zeros(3, dtype=np.float32)", Kind.NDARRAY, Dtype.FLOAT32),  # read as the array it may be
])
def test_a_ufunc_of_a_python_float_or_an_array_is_numpy_data(other, kind, dtype):
    value = evaluated(
        "import numpy as np\nrng = np.random.default_rng(0)\n"
        f"if flag:\n    x = rng.uniform(0.0, 1.0)\nelse:\n    x = {other}\nresult = np.sin(x)"
    )
    assert (value.kind, value.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        # A comparison of arrays is a boolean mask; NumPy's functions read it as they read
        # small integers: the mean of a mask (an accuracy) is a float64 NumPy scalar.
        ("a = np.zeros(3, np.float32)\nresult = a > 0", Kind.NDARRAY, Dtype.BOOL),
        ("def f(p, y):\n    return np.mean(np.asarray(p, np.int64) == np.asarray(y, np.int64))\nresult = f(1, 2)",
         Kind.NUMPY_SCALAR, Dtype.FLOAT64),
        ("a = np.zeros(3, np.float32)\nresult = (a > 0).sum()", Kind.NUMPY_SCALAR, Dtype.INTEGER),
        ("a = np.zeros(3, np.float32)\nresult = np.where(a > 0, a, a * 2)", Kind.NDARRAY, Dtype.FLOAT32),
        ("a = np.zeros(3, np.float32)\nresult = a * (a > 0)", Kind.NDARRAY, Dtype.FLOAT32),
        ("t = torch.zeros(3)\nresult = t > 0.5", Kind.TENSOR, Dtype.BOOL),
        ("result = np.float32(0.5) > 1", Kind.NUMPY_SCALAR, Dtype.BOOL),
        ("n = 3\nresult = n > 2", Kind.NUMBER, Dtype.BOOL),
        ("result = 'x' in names", Kind.NUMBER, Dtype.BOOL),
        ("result = a < b", Kind.UNKNOWN, None),  # operands not known
        ("n = 3\nresult = 0 < n < 5", Kind.UNKNOWN, None),  # chained: `and` of the parts
    ],
)
def test_comparisons_give_masks(source, kind, dtype):
    found = evaluated(f"import numpy as np\nimport torch\n{source}")
    assert (found.kind, found.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "source, kind, dtype",
    [
        # The probe's call of as many arrays: `np.where(c, a, b)` is an array of a's and b's
        # dtype, `np.where(c)` a tuple of index arrays; a call of other arguments is read as
        # the probe's first (a block diagonal of float32 blocks is float32, whatever
        # `block_diag(x, 0)` gave).
        ("c = np.arange(3)\na = np.zeros(3, np.float32)\nresult = np.where(c, a, a)", Kind.NDARRAY, Dtype.FLOAT32),
        ("c = np.arange(3)\nresult = np.where(c)", Kind.CONTAINER, None),
        # not the tuple `np.where(c)` gives, for a call of as many arguments that are not all arrays
        ("a = np.zeros(3, np.float32)\nresult = np.where(a > 0, a, 0.0)", Kind.UNKNOWN, None),
        ("a = np.zeros((2, 2), np.float32)\nresult = scipy.linalg.block_diag(a, a)", Kind.NDARRAY, Dtype.FLOAT32),
        ("a = np.zeros(4, np.float32)\nresult = np.trapezoid(a, a)", Kind.NUMPY_SCALAR, Dtype.FLOAT32),
        ("a = np.zeros((4, 4))\nresult = scipy.ndimage.maximum(a, np.arange(4))", Kind.NUMPY_SCALAR, Dtype.FLOAT64),
    ],
)
def test_a_probed_function_is_read_as_called_with_as_many_arrays(source, kind, dtype):
    found = evaluated(f"import numpy as np\nimport scipy.linalg\nimport scipy.ndimage\n{source}")
    assert (found.kind, found.dtype) == (kind, dtype)


@pytest.mark.parametrize(
    "source, dtype",
    [
        # scipy.sparse.linalg of a sparse matrix, as probed on each class of data it holds:
        # eigenvectors of the data's precision (a Laplacian made with sp.eye(n) is float64).
        ("lap = sp.eye(4) - sp.random(4, 4, dtype=np.float32)\nvals, result = eigsh(lap, k=2)", Dtype.FLOAT64),
        ("lap = sp.eye(4, dtype=np.float32)\nvals, result = eigsh(lap, k=2, which='SM')", Dtype.FLOAT32),
        ("a = sp.csr_matrix(np.eye(3, dtype=np.float32))\nresult = spsolve(a, np.ones(3, np.float32))", Dtype.FLOAT32),
        ("a = sp.csr_matrix(np.eye(3, dtype=np.int64))\nresult = spsolve(a, np.ones(3, np.int64))", Dtype.FLOAT64),
    ],
)
def test_sparse_linear_algebra_as_probed(source, dtype):
    found = evaluated(f"import numpy as np\nimport scipy.sparse as sp\nfrom scipy.sparse.linalg import eigsh, spsolve\n{source}")
    assert (found.kind, found.dtype) == (Kind.NDARRAY, dtype)


GRAPH = """
import numpy as np
class Graph:
    def __init__(self, n):
        self.adjacency = np.eye(n)
        self.features = np.zeros((n, 4), dtype=np.float32)
"""


@pytest.mark.parametrize(
    "read, dtype",
    [
        ("vars(Graph(3))['adjacency']", Dtype.FLOAT64),
        ("vars(Graph(3))['features']", Dtype.FLOAT32),
        ("[v for v in vars(Graph(3)).values()][0]", Dtype.FLOAT64),
    ],
)
def test_vars_of_an_object_gives_its_attributes_by_name(read, dtype):
    value = evaluated(f"{GRAPH}result = {read}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


def test_vars_of_an_object_gives_what_it_holds_itself():
    # not its class's attributes nor its properties, which are not in its `__dict__`
    source = (
        "import numpy as np\nclass Sample:\n    reference = np.linspace(0, 1, 8)\n"
        "    def __init__(self):\n        self.x = np.zeros(3, dtype=np.float32)\n"
        "    @property\n    def x64(self):\n        return self.x.astype(np.float64)\n"
    )
    value = evaluated(source + "result = vars(Sample())")
    assert (value.kind, value.keys, [part.dtype for part in value.parts]) == (Kind.MAPPING, ("x",), [Dtype.FLOAT32])


def test_vars_of_an_object_whose_attributes_the_module_sets_is_not_known():
    value = evaluated(f"{GRAPH}g = Graph(3)\ng.features = g.features.astype('f8')\nresult = vars(g)['features']")
    assert value.dtype is None


SCHEDULES = """
import numpy as np
def cosine(n):
    return np.cos(np.linspace(0, 1, n))
def linear(n):
    return np.linspace(0, 1, n, dtype=np.float32)
def flat(n):
    return np.ones(n, dtype=np.float32)
"""


@pytest.mark.parametrize(
    "table, dtype",
    [
        ("{'cosine': cosine, 'linear': linear}", Dtype.FLOAT64),  # either may be chosen
        ("{'flat': flat, 'linear': linear}", Dtype.FLOAT32),
    ],
)
def test_a_function_a_dict_holds_called_by_a_key_not_known_gives_what_any_of_them_gives(table, dtype):
    value = evaluated(f"{SCHEDULES}TABLE = {table}\nresult = TABLE[name](8)")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)


NAMED = """
from collections import namedtuple
import numpy as np
Batch = namedtuple("Batch", {fields})
batch = {made}
"""


@pytest.mark.parametrize(
    "fields, made, read, dtype",
    [
        ('["obs", "reward"]', "Batch(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch.reward", Dtype.FLOAT64),
        ('["obs", "reward"]', "Batch(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch.obs", Dtype.FLOAT32),
        ('"obs reward"', "Batch(reward=np.zeros(3), obs=np.zeros(3, dtype=np.float32))", "batch.obs", Dtype.FLOAT32),
        ('("obs", "reward")', "Batch(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch[1]", Dtype.FLOAT64),
        ('"obs, reward"', "Batch(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch[0]", Dtype.FLOAT32),
        ('"obs, reward"', "Batch(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch[-2]", Dtype.FLOAT32),
        ('"obs, reward"', "(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch[-1]", Dtype.FLOAT64),
        ('"obs, reward"', "(np.zeros(3, dtype=np.float32), np.zeros(3))", "batch[-2]", Dtype.FLOAT32),
    ],
)
def test_a_named_tuple_holds_each_field_as_made(fields, made, read, dtype):
    value = evaluated(NAMED.format(fields=fields, made=made) + f"result = {read}")
    assert (value.kind, value.dtype) == (Kind.NDARRAY, dtype)



def test_a_named_tuple_class_holds_each_field_as_made():
    source = (
        "from typing import NamedTuple\nimport numpy as np\n"
        "class Batch(NamedTuple):\n    obs: np.ndarray\n    reward: np.ndarray\n"
        "batch = Batch(np.zeros(3, dtype=np.float32), reward=np.zeros(3))\n"
    )
    assert evaluated(source + "result = batch.reward").dtype is Dtype.FLOAT64
    assert evaluated(source + "result = batch.obs").dtype is Dtype.FLOAT32



def test_an_attribute_set_on_self_by_name_holds_what_it_is_set_to():
    source = (
        "import numpy as np\nclass Norm:\n    def __init__(self):\n"
        "        setattr(self, 'scale', np.ones(3))\n        setattr(self, 'shift', np.zeros(3, dtype=np.float32))\n"
        "    def get(self):\n        return self.scale, self.shift\n"
    )
    value = evaluated(source + "result = Norm().get()")
    assert [part.dtype for part in value.parts] == [Dtype.FLOAT64, Dtype.FLOAT32]
