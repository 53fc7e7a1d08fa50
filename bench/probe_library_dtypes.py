"""Probe what NumPy, pandas, SciPy, scikit-learn and torch really return: call their public
functions, methods and fitted attributes with inputs of each class and write the result
dtypes to `f64lint/analysis/domain/library_dtypes.json`. Not a test, not run in CI: run it by
hand after upgrading a library, and commit the table it writes (the diff shows what changed).

    python bench/probe_library_dtypes.py [--out PATH] [--only PREFIX] [--jobs N] [--quiet]

How it probes. Public callables are enumerated, not listed by hand: `dir()` of numpy,
numpy.linalg, numpy.fft, numpy.random (the legacy functions), numpy.polynomial's modules
(`leggauss`, `chebval`, ...) and of scipy.signal,
scipy.signal.windows, scipy.ndimage, scipy.interpolate, scipy.special, scipy.stats,
scipy.fft, scipy.fftpack, scipy.linalg, scipy.spatial.distance, scipy.optimize (its functions
given the function to minimise, solve or fit first), scipy.integrate (given the function to
integrate first, or data alone), sklearn.metrics,
sklearn.preprocessing, sklearn.model_selection and sklearn.utils.class_weight (functions),
sklearn.datasets (`make_*`; `load_*` as called bare and with `return_X_y=True`),
pandas, torch, torch.special, math, statistics, random (and the builtins that compute with
numbers: `abs`, `max`, `min`, `round`, `sum`, `pow`),
torch.linalg, torch.fft, torch.nn.functional and torch.utils.data; the methods and attributes
of numpy.ndarray, numpy.random.Generator, numpy.random.RandomState, torch.Tensor,
pandas.DataFrame and pandas.Series; the Python operators of arrays, tensors, frames and
series; the library objects of scipy.stats.qmc, scipy.spatial, scipy.spatial.transform, scipy.sparse and random
(each class's factories, `Rotation.from_euler`, called as functions, and its methods and
attributes on an object made afresh of each input class's data: `Sobol(2).random(8)`,
`KDTree(m).query(m)`), and the operators a class defines (`a @ b` of sparse matrices);
SciPy's distributions' methods (`pdf`, `cdf`, `ppf`, `rvs`, ...);
the fitted attributes (`*_`) and transform/predict/... outputs of about fifty scikit-learn
estimators (text vectorisers given a few documents, of input class "none").
Each is called with the inputs of an input class through a short list of generic call templates (`f(x)`, `f(m)`,
`f(x, x)`, `f(x, 0)`, `f(3)`, `f(0, 1, 5)`, `f((2, 3))`, `f(x, axis=0)`, ...), in order; the
first template that succeeds gives the class's result, and later templates that give a
different kind or dtype are kept under "also" (`np.random.normal(3)` is a Python float,
`np.random.normal(0, 1, 5)` a float64 array), and so is each call of numbers alone that gives
other than the call of fewer numbers before it, or the first call (by how many:
`np.random.normal(0.0, 1.0)` is a Python float as `normal(0.5)` is, since the call of two
numbers is not kept). A class no template can call is left out.
Every probe runs in a forked child (so a crash, a hang or a change of global state such as
`torch.set_default_dtype` stays there), in a temporary directory, with warnings off, each
call time-boxed to one second (three for fitting an estimator); a call that prints is
dropped. Readers and writers are probed on files of the temporary directory only.

Input classes: "none" (no array argument: shapes and numbers only, `np.zeros(3)`,
`np.linspace(0, 1, 5)`); "int64", "float32", "float64", "uint8" (an image's pixels) and
"complex128" (NumPy arrays for NumPy, SciPy and scikit-learn, which is not given complex
data; tensors for torch; Series (x) and DataFrames (m) for pandas' functions; receivers of
that dtype for methods); "python_float", "python_int" (Python numbers, `s`,
or lists of them, `x` and `m`). Extra classes where they tell something: "np_float64_scalar"
and "np_float32_scalar" (NumPy scalars: `torch.tensor(np.float64(0.5))` is float64);
"ndarray_int64", "ndarray_float32", "ndarray_float64" (NumPy arrays given to torch);
"mixed_float64_int64" and "mixed_float32_int64" (DataFrames of two columns, as `read_csv`
makes). In templates `x` is a 1-D input of six values, `m` a 3x3 matrix, `s` a scalar,
`labels` six class labels (0/1), `X`/`y` a 30x4 design matrix and its targets.

The table ("format": 1; sorted keys, indent 1):
- "entries": qualified name -> input class -> result. Functions by module
  (`numpy.linspace`, `scipy.signal.get_window`), methods and attributes by type
  (`numpy.ndarray.mean`, `pandas.DataFrame.values`, `numpy.random.Generator.normal`,
  `sklearn.decomposition.PCA.components_`, `scipy.stats.norm.pdf`), operators by their
  method (`numpy.ndarray.__truediv__`: the class is the receiver's, the result that of
  the receiver with itself, `x / x`, and "operands" gives the result for each operand
  class, "np_int64_scalar" and "float64_0d_tensor" among them: `int64 array / 2` is under
  `["int64"]["operands"]["python_int"]`; `2 / a` is `__rtruediv__`).
- A result: {"call": template, "kind": K, "dtype": D}, K one of "ndarray", "tensor",
  "numpy_scalar", "python_float", "python_int", "dataframe", "series", "tuple", "other";
  D a dtype name ("float64", "float32", "int64", "bool", "complex128", ...) or null (Python
  numbers: the kind says it; a frame of mixed columns: see "dtypes", column -> dtype). A
  tuple (or a list, "type": "list") has "parts"; "other" has "type" (its class) and the
  dtype of its `dtype` attribute if it has one (a SciPy sparse matrix). A dict of a type of
  its own (scikit-learn's Bunch) has "items", key -> result, and "attributes": true when
  its keys read as attributes too (`load_digits().data`).
- "aliases": a name -> the entry it shares an object with (`numpy.abs` -> `numpy.absolute`).
- "members": a type -> the names of its public members (`torch.Tensor`: what a tensor has,
  and a module or an argument namespace lacks).
- "chains": probed expressions longer than one call: pandas' readers on a tiny file of a
  float and an int column and what `.values`, `.to_numpy()`, `["f"].values`, ... give of
  what they read; `np.loadtxt` and its kin; `torch.utils.data.DataLoader` batches.
- "dtype_spellings": each spelling of a dtype (the string "f8", Python `float`,
  `numpy.double`, `torch.float64`, ...) and what `np.dtype`, torch's `dtype=` and
  `Tensor.type`, and pandas' `astype` make of it ("error" if refused, "missing" if the name
  does not exist).
- "hand": entries probing cannot reach (libraries not installed, devices not present), each
  with a "why" and its "results"; a name may also have a probed entry (`torch.Tensor.to` on
  the CPU is probed, its move to MPS is not).
- "unreached": names enumerated but not recorded, by reason (no template fits, timed out,
  crashed, prints, excluded).
- "default_device": the torch functions that make their tensor on the default device
  (`torch.set_default_device`, `with torch.device(...)`) when given none: probed under
  the meta device with inputs that hold no tensor.
- "versions": of Python and the libraries.
"""

from __future__ import annotations

import os

# One thread everywhere, set before the libraries load: children are forked, and a forked
# OpenMP pool can hang.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_variable] = "1"
os.environ["MPLBACKEND"] = "Agg"

import argparse  # noqa: E402
import builtins  # noqa: E402
import contextlib  # noqa: E402
import inspect  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import select  # noqa: E402
import signal  # noqa: E402
import sqlite3  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import types  # noqa: E402
import warnings  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable, Dict, List, Optional, Tuple  # noqa: E402

warnings.simplefilter("ignore")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from f64lint.analysis.domain.probed import (  # noqa: E402  (calls of numbers alone; classes of objects)
    OBJECT_CLASSES,
    OBJECT_DATA,
    OBJECT_OPERAND,
    numbers_alone,
)

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import scipy  # noqa: E402
import scipy.fft  # noqa: E402
import scipy.fftpack  # noqa: E402
import scipy.integrate  # noqa: E402
import scipy.interpolate  # noqa: E402
import scipy.linalg  # noqa: E402
import scipy.ndimage  # noqa: E402
import scipy.optimize  # noqa: E402
import scipy.signal  # noqa: E402
import scipy.signal.windows  # noqa: E402
import scipy.sparse  # noqa: E402
import scipy.sparse.linalg  # noqa: E402
import scipy.spatial  # noqa: E402
import scipy.spatial.distance  # noqa: E402
import scipy.spatial.transform  # noqa: E402
import scipy.special  # noqa: E402
import scipy.stats  # noqa: E402
import scipy.stats.qmc  # noqa: E402
import sklearn  # noqa: E402
import sklearn.datasets  # noqa: E402
import sklearn.metrics  # noqa: E402
import sklearn.model_selection  # noqa: E402
import sklearn.preprocessing  # noqa: E402
import sklearn.utils.class_weight  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional  # noqa: E402
import torch.utils.data  # noqa: E402

torch.set_num_threads(1)

OUT = Path(__file__).resolve().parent.parent / "f64lint" / "analysis" / "domain" / "library_dtypes.json"
CALL_SECONDS = 1.0
FIT_SECONDS = 3.0
PROBE_SECONDS = 20.0  # a child's budget for all classes and templates of one name
CHILD_SECONDS = 60.0  # killed past this


# ---------------------------------------------------------------- describing a value


def dtype_name(dtype: Any) -> Optional[str]:
    if isinstance(dtype, torch.dtype):
        return str(dtype).replace("torch.", "")
    try:
        return np.dtype(dtype).name
    except Exception:
        return str(dtype) if dtype is not None else None


def type_name(value: Any) -> str:
    kind = type(value)
    return f"{kind.__module__}.{kind.__qualname__}"


def describe(value: Any, depth: int = 0) -> Dict[str, Any]:
    """The kind and dtype of a value (see the module's docstring)."""
    if isinstance(value, torch.Tensor):
        return {"kind": "tensor", "dtype": dtype_name(value.dtype)}
    if isinstance(value, np.ndarray):
        return {"kind": "ndarray", "dtype": dtype_name(value.dtype)}
    if isinstance(value, np.generic):
        return {"kind": "numpy_scalar", "dtype": dtype_name(value.dtype)}
    if isinstance(value, bool):
        return {"kind": "other", "dtype": "bool", "type": "builtins.bool"}
    if isinstance(value, float):
        return {"kind": "python_float", "dtype": None}
    if isinstance(value, int):
        return {"kind": "python_int", "dtype": None}
    if isinstance(value, complex):
        return {"kind": "other", "dtype": "complex128", "type": "builtins.complex"}
    if isinstance(value, pd.DataFrame):
        dtypes = {str(column): str(dtype) for column, dtype in value.dtypes.items()}
        distinct = sorted(set(dtypes.values()))
        result: Dict[str, Any] = {"kind": "dataframe", "dtype": distinct[0] if len(distinct) == 1 else None}
        if len(distinct) > 1:
            result["dtypes"] = dtypes
        return result
    if isinstance(value, pd.Series):
        return {"kind": "series", "dtype": str(value.dtype)}
    if isinstance(value, dict) and type(value) is not dict and all(isinstance(key, str) for key in value):
        # a namespace of results (scikit-learn's Bunch, `load_digits()`): each by its key
        items = {key: describe(part, depth + 1) for key, part in value.items()} if depth < 2 else {}
        by_attribute = all(getattr(value, key, None) is part for key, part in value.items())
        return {"kind": "other", "dtype": None, "type": type_name(value), "items": items,
                "attributes": by_attribute}
    if isinstance(value, (tuple, list)):
        parts = [describe(part, depth + 1) for part in value[:6]] if depth < 2 else []
        result = {"kind": "tuple" if isinstance(value, tuple) else "other", "dtype": None, "parts": parts}
        if not isinstance(value, tuple):
            result["type"] = "list"
        elif type(value) is not tuple:
            result["type"] = type_name(value)
        return result
    result = {"kind": "other", "dtype": None, "type": type_name(value)}
    dtype = getattr(value, "dtype", None)
    if isinstance(dtype, (np.dtype, torch.dtype)):
        result["dtype"] = dtype_name(dtype)
    return result


def same(a: Dict[str, Any], b: Dict[str, Any]) -> bool:
    """Alike for the table: of one dtype (of each part, and each item of a dict of results:
    `minimize(...).x`), and both Python numbers or neither (`torch.tensor` of a Python float
    is float32, of a float64 array or scalar float64)."""

    def plain(result: Dict[str, Any]) -> Any:
        python = result.get("kind") in ("python_float", "python_int")
        parts = tuple(plain(part) for part in result.get("parts", ()))
        items = tuple(sorted((key, plain(item)) for key, item in result.get("items", {}).items()))
        return result.get("dtype"), python, result.get("kind") if python else None, parts, items

    return plain(a) == plain(b)


# ---------------------------------------------------------------- calling under a time box


class Timeout(BaseException):
    """Raised by the alarm: a BaseException, so that libraries' `except Exception` let it by."""


class Printed(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Timeout


@contextlib.contextmanager
def time_box(seconds: float):
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class Quiet:
    """The child's stdout and stderr: a file at fd 1 and 2, and a StringIO for Python's
    streams; a call that writes to either has printed."""

    def __init__(self, directory: str) -> None:
        self.path = os.path.join(directory, "child-output")
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        self.stream = io.StringIO()
        sys.stdout = sys.stderr = self.stream

    def mark(self) -> Tuple[int, int]:
        return os.stat(self.path).st_size, len(self.stream.getvalue())

    def printed_since(self, mark: Tuple[int, int]) -> bool:
        return self.mark() != mark


QUIET: Optional[Quiet] = None


def call(thunk: Callable[[], Any], seconds: float = CALL_SECONDS) -> Any:
    """Call under the time box; raises what the call raises, Timeout, or Printed."""
    mark = QUIET.mark() if QUIET else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with time_box(seconds):
            value = thunk()
    if QUIET and mark is not None and QUIET.printed_since(mark):
        raise Printed
    return value


# ---------------------------------------------------------------- inputs


X_FLOATS = [0.25, 0.5, 0.75, 1.5, 2.5, 3.5]
X_INTS = [1, 2, 3, 4, 5, 6]
M_ROWS = [[2, 1, 0], [1, 3, 1], [0, 1, 4]]  # symmetric, positive definite
LABELS = [0, 1, 0, 1, 0, 1]


class Missing(Exception):
    """A template reads an input its class does not have."""


@dataclass
class Inputs:
    x: Any = None
    m: Any = None
    s: Any = None
    labels: Any = None

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if value is None and name in ("x", "m", "s", "labels"):
            raise Missing(name)
        return value


ARRAY_CLASSES = ("int64", "float32", "float64", "uint8", "complex128")
INTEGER_CLASSES = ("int64", "uint8")
CORE_CLASSES = ("none", *ARRAY_CLASSES, "python_float", "python_int")
NP_SCALAR_CLASSES = ("np_float64_scalar", "np_float32_scalar")
NDARRAY_CLASSES = ("ndarray_int64", "ndarray_float32", "ndarray_float64")


def array_of(cls: str) -> Any:
    """Six values of an array class: complex ones with an imaginary part (a function may
    give real numbers of complex ones that have none)."""
    if cls in INTEGER_CLASSES:
        return np.array(X_INTS, dtype=cls)
    values = np.array(X_FLOATS, dtype=cls)
    return values + 0.25j if values.dtype.kind == "c" else values


def numpy_inputs(cls: str) -> Inputs:
    labels = np.array(LABELS)
    if cls in ARRAY_CLASSES:
        return Inputs(array_of(cls), np.array(M_ROWS, dtype=cls), None, labels)
    if cls == "python_float":
        return Inputs(list(X_FLOATS), [[float(v) for v in row] for row in M_ROWS], 0.5, labels)
    if cls == "python_int":
        return Inputs(list(X_INTS), [list(row) for row in M_ROWS], 3, labels)
    if cls in NP_SCALAR_CLASSES:
        return Inputs(s=getattr(np, cls.split("_")[1])(0.5), labels=labels)
    return Inputs(labels=labels)


def torch_inputs(cls: str) -> Inputs:
    if cls in ARRAY_CLASSES:
        inputs = numpy_inputs(cls)
        return Inputs(torch.from_numpy(inputs.x), torch.from_numpy(inputs.m), None, torch.tensor(LABELS))
    if cls in NDARRAY_CLASSES:
        return numpy_inputs(cls.split("_", 1)[1])
    inputs = numpy_inputs(cls)
    return Inputs(object.__getattribute__(inputs, "x"), object.__getattribute__(inputs, "m"),
                  object.__getattribute__(inputs, "s"), torch.tensor(LABELS))


def pandas_inputs(cls: str) -> Inputs:
    inputs = numpy_inputs(cls)
    if cls in ARRAY_CLASSES:
        return Inputs(pd.Series(inputs.x), pd.DataFrame(inputs.m, columns=["a", "b", "c"]), None, inputs.labels)
    return inputs


def frame(cls: str) -> pd.DataFrame:
    """A DataFrame of two columns, a and b, of the class (a receiver of DataFrame methods)."""
    if cls.startswith("mixed_"):
        floats = cls.split("_")[1]
        return pd.DataFrame({"a": np.array(X_FLOATS, dtype=floats), "b": np.array(X_INTS, dtype="int64")})
    if cls in ARRAY_CLASSES:
        values = array_of(cls)
        return pd.DataFrame({"a": values, "b": values[::-1].copy()})
    values = X_FLOATS if cls == "python_float" else X_INTS
    return pd.DataFrame({"a": list(values), "b": list(values[::-1])})


# ---------------------------------------------------------------- templates

# A template: (label, call). For functions, call(f, i) calls f; for methods, call(get, i)
# where get(receiver) is the method (or attribute) of a receiver.
Template = Tuple[str, Callable[[Any, Inputs], Any]]

ARRAY_TEMPLATES: List[Template] = [
    ("f(x)", lambda f, i: f(i.x)),
    ("f(m)", lambda f, i: f(i.m)),
    ("f(x, x)", lambda f, i: f(i.x, i.x)),
    ("f(m, m)", lambda f, i: f(i.m, i.m)),
    ("f(x, 0)", lambda f, i: f(i.x, 0)),
    ("f(x, 1)", lambda f, i: f(i.x, 1)),
    ("f(x, 2)", lambda f, i: f(i.x, 2)),
    ("f(x, 0.5)", lambda f, i: f(i.x, 0.5)),
    ("f(m, 2)", lambda f, i: f(i.m, 2)),
    ("f(x, x, x)", lambda f, i: f(i.x, i.x, i.x)),
    ("f(x, x, 0)", lambda f, i: f(i.x, i.x, 0)),
    ("f(x, axis=0)", lambda f, i: f(i.x, axis=0)),
    ("f(m, axis=0)", lambda f, i: f(i.m, axis=0)),
    ("f([x, x])", lambda f, i: f([i.x, i.x])),
    ("f((x, x))", lambda f, i: f((i.x, i.x))),
    ("f(x, 3, 2)", lambda f, i: f(i.x, 3, 2)),
    ("f(x[:1], x[:1], x)", lambda f, i: f(i.x[:1], i.x[:1], i.x)),
    ("f([x], x)", lambda f, i: f([i.x], i.x)),
    ("f(x, (2, 3))", lambda f, i: f(i.x, (2, 3))),
    ("f(m, 0, 1)", lambda f, i: f(i.m, 0, 1)),
    ("f(m[0], m)", lambda f, i: f(i.m[0], i.m)),
    ("f('ij,jk', m, m)", lambda f, i: f("ij,jk", i.m, i.m)),
    ("f(m, m[0])", lambda f, i: f(i.m, i.m[0])),
    ("f(x, [0])", lambda f, i: f(i.x, [0])),
    ("f(x, (2, 6))", lambda f, i: f(i.x, (2, 6))),
    ("f(1, x)", lambda f, i: f(1, i.x)),
]
LABELLED = "labels"  # in a template's label: integer labels given beside the data
LABEL_TEMPLATES: List[Template] = [
    ("f(labels, x)", lambda f, i: f(i.labels, i.x)),
    ("f(x, labels)", lambda f, i: f(i.x, i.labels)),
    ("f(x, 0, labels)", lambda f, i: f(i.x, 0, i.labels)),
    # Weights of classes (`compute_class_weight("balanced", classes=..., y=y)`) and of samples.
    ("f('balanced', classes=unique(labels), y=labels)",
     lambda f, i: f("balanced", classes=np.unique(i.labels), y=i.labels)),
    ("f('balanced', labels)", lambda f, i: f("balanced", i.labels)),
]
# Of labels alone, no data (the "none" class): scores of predicted labels against true ones
# (`f1_score(y, y_pred)`), and per class (`average=None`).
LABELS_ALONE_TEMPLATES: List[Template] = [
    ("f(labels, labels)", lambda f, i: f(i.labels, i.labels)),
    ("f(labels, labels, average=None)", lambda f, i: f(i.labels, i.labels, average=None)),
]
SCALAR_TEMPLATES: List[Template] = [
    ("f(s)", lambda f, i: f(i.s)),
    ("f(s, s)", lambda f, i: f(i.s, i.s)),
    ("f(s, s, s)", lambda f, i: f(i.s, i.s, i.s)),
    ("f(s, s, 5)", lambda f, i: f(i.s, i.s, 5)),
    ("f((2, 3), s)", lambda f, i: f((2, 3), i.s)),
    ("f([s, s])", lambda f, i: f([i.s, i.s])),
    ("f(s, size=3)", lambda f, i: f(i.s, size=3)),
]
NONE_TEMPLATES: List[Template] = [
    ("f(3)", lambda f, i: f(3)),
    ("f(0, 1, 5)", lambda f, i: f(0, 1, 5)),
    ("f(3, (2, 3))", lambda f, i: f(3, (2, 3))),
    ("f(3, 0.5)", lambda f, i: f(3, 0.5)),
    ("f(3, 1, 0.5)", lambda f, i: f(3, 1, 0.5)),
    ("f(3, 1, 40, 0.5)", lambda f, i: f(3, 1, 40, 0.5)),
    ("f((2, 3))", lambda f, i: f((2, 3))),
    ("f(2, 3)", lambda f, i: f(2, 3)),
    ("f(size=3)", lambda f, i: f(size=3)),
    ("f(0, 1, size=3)", lambda f, i: f(0, 1, size=3)),
    ("f()", lambda f, i: f()),
]


def function_templates(cls: str, labels: bool = False, ufunc_inputs: Optional[int] = None) -> List[Template]:
    if cls == "none":
        return [*NONE_TEMPLATES, *LABELS_ALONE_TEMPLATES] if labels else NONE_TEMPLATES
    if cls in NP_SCALAR_CLASSES:
        return SCALAR_TEMPLATES
    templates = list(ARRAY_TEMPLATES)
    if ufunc_inputs == 2:  # `np.add`: two arrays first
        templates.sort(key=lambda template: template[0] != "f(x, x)")
    if labels:
        templates += LABEL_TEMPLATES
    if cls in ("python_float", "python_int"):
        templates += SCALAR_TEMPLATES
    return templates


METHOD_TEMPLATES: List[Template] = [
    ("x.f()", lambda get, i: get(i.x)()),
    ("x.f(0)", lambda get, i: get(i.x)(0)),
    ("x.f(1)", lambda get, i: get(i.x)(1)),
    ("x.f(2)", lambda get, i: get(i.x)(2)),
    ("x.f(-1)", lambda get, i: get(i.x)(-1)),
    ("x.f(0.5)", lambda get, i: get(i.x)(0.5)),
    ("x.f(x)", lambda get, i: get(i.x)(i.x)),
    ("x.f(2, 3)", lambda get, i: get(i.x)(2, 3)),
    ("x.f((2, 3))", lambda get, i: get(i.x)((2, 3))),
    ("x.f(axis=0)", lambda get, i: get(i.x)(axis=0)),
    ("x.f(x, x)", lambda get, i: get(i.x)(i.x, i.x)),
    ("x.f(labels)", lambda get, i: get(i.x)(i.labels)),
    ("m.f()", lambda get, i: get(i.m)()),
    ("m.f(0)", lambda get, i: get(i.m)(0)),
    ("m.f(0, 1)", lambda get, i: get(i.m)(0, 1)),
    ("m.f(m)", lambda get, i: get(i.m)(i.m)),
    ("m.f(axis=0)", lambda get, i: get(i.m)(axis=0)),
    ("x.f(float)", lambda get, i: get(i.x)(float)),
    ("x[:1].f()", lambda get, i: get(i.x[:1])()),
    ("x.f(0, labels)", lambda get, i: get(i.x)(0, i.labels)),
    ("x.f(x > 1)", lambda get, i: get(i.x)(i.x > 1)),
    ("x.f(x > 1, 0)", lambda get, i: get(i.x)(i.x > 1, 0)),
    ("x.f(0, 0, 2)", lambda get, i: get(i.x)(0, 0, 2)),
]
ATTRIBUTE_TEMPLATES: List[Template] = [("x.f", lambda get, i: get(i.x)), ("m.f", lambda get, i: get(i.m))]


# ---------------------------------------------------------------- probing one name (in a child)


def probe(
    classes: Tuple[str, ...],
    inputs: Callable[[str], Inputs],
    templates: Callable[[str], List[Template]],
    target: Any,
    seconds: float = CALL_SECONDS,
) -> Dict[str, Any]:
    """Try the templates of each class in order; the first that succeeds gives the class's
    result, later ones of another kind or dtype are kept under "also"."""
    started = time.monotonic()
    results: Dict[str, Any] = {}
    for cls in classes:
        first: Optional[Dict[str, Any]] = None
        also: List[Dict[str, Any]] = []
        of_numbers: Dict[int, Dict[str, Any]] = {}  # the first call of as many numbers alone
        for label, template in templates(cls):
            if time.monotonic() - started > PROBE_SECONDS:
                break
            try:
                given = inputs(cls)
                value = call(lambda template=template, given=given: template(target, given), seconds)
                result = {"call": label, **describe(value)}
            except (Exception, Timeout):
                continue
            count = numbers_alone(label)
            if count is not None:
                of_numbers.setdefault(count, result)
            if first is None:
                first = result
            elif not same(result, first) and not any(same(result, other) for other in also) and (
                len(also) < 3 or (LABELLED in label and "parts" in result)
            ):
                also.append(result)  # past three, only data given with labels in parts: which part is whose
        if first is not None:
            also += steps_of_numbers(of_numbers, first, also)
            if also:
                first["also"] = also
            results[cls] = first
    return results


def steps_of_numbers(
    of_numbers: Dict[int, Dict[str, Any]], first: Dict[str, Any], also: List[Dict[str, Any]]
) -> List[Dict[str, Any]]:
    """The calls of numbers alone to keep besides: by how many numbers, each that gives
    other than the one of fewer before it (the fewest: other than the first call), of
    another dtype or kind (`np.float64(0.5)` is a scalar, `np.float64([0.5])` an array), so that
    a reader takes a call of numbers not kept to give what the kept call of the most fewer
    numbers gave, or the first call where none was kept."""
    steps: List[Dict[str, Any]] = []
    before = first
    for _, result in sorted(of_numbers.items()):
        gives_other = not same(result, before) or result["kind"] != before["kind"]  # a scalar, not an array
        if gives_other and not any(result is kept for kept in (first, *also)):
            steps.append(result)
        before = result
    return steps


def probe_operator(
    name: str, classes: Tuple[str, ...], operands: Tuple[str, ...], receiver: Callable[[str], Any],
    operand: Callable[[str], Any],
) -> Dict[str, Any]:
    """`receiver.<name>(operand)` for each receiver class and each operand class; the
    class's own result is that of a receiver of the class with itself (`x / x`)."""
    results: Dict[str, Any] = {}
    for cls in classes:
        try:
            itself = call(lambda cls=cls: getattr(receiver(cls), name)(receiver(cls)))
        except (Exception, Timeout):
            itself = NotImplemented
        by_operand: Dict[str, Any] = {}
        for other in operands:
            try:
                value = call(lambda other=other, cls=cls: getattr(receiver(cls), name)(operand(other)))
            except (Exception, Timeout):
                continue
            if value is NotImplemented:
                continue
            by_operand[other] = describe(value)
        if itself is not NotImplemented or by_operand:
            own = describe(itself) if itself is not NotImplemented else {"kind": "other", "dtype": None}
            results[cls] = {"call": f"x.{name}(x)", **own, "operands": by_operand}
    return results


# ---------------------------------------------------------------- running children


@dataclass
class Job:
    key: str
    run: Callable[[], Any]
    group: str = ""


@dataclass
class Outcome:
    results: Dict[str, Any] = field(default_factory=dict)
    unreached: Dict[str, List[str]] = field(default_factory=dict)

    def miss(self, reason: str, key: str) -> None:
        self.unreached.setdefault(reason, []).append(key)


def run_jobs(jobs: List[Job], parallel: int, workdir: str, quiet: bool) -> Outcome:
    """Each job in a forked child; its JSON comes back through a pipe."""
    outcome = Outcome()
    pending = list(jobs)
    running: Dict[int, Tuple[Job, int, float, List[bytes]]] = {}  # read fd -> (job, pid, start, chunks)
    done = 0
    while pending or running:
        while pending and len(running) < parallel:
            job = pending.pop(0)
            read_fd, write_fd = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child
                os.close(read_fd)
                _child(job, write_fd, workdir)
            os.close(write_fd)
            running[read_fd] = (job, pid, time.monotonic(), [])
        ready, _, _ = select.select(list(running), [], [], 1.0)
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if chunk:
                running[fd][3].append(chunk)
                continue
            job, pid, _, chunks = running.pop(fd)
            os.close(fd)
            _, status = os.waitpid(pid, 0)
            done += 1
            data = b"".join(chunks)
            if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and data:
                value = json.loads(data)
                if value:
                    outcome.results[job.key] = value
                else:
                    outcome.miss("no template fits", job.key)
            else:
                outcome.miss("crashed", job.key)
            if not quiet and done % 200 == 0:
                print(f"  {done}/{len(jobs)} ({job.key})", file=sys.stderr, flush=True)
        now = time.monotonic()
        for fd, (job, pid, start, _) in list(running.items()):
            if now - start > CHILD_SECONDS:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(fd)
                del running[fd]
                outcome.miss("timed out", job.key)
    return outcome


def _child(job: Job, write_fd: int, workdir: str) -> None:
    global QUIET
    code = 0
    try:
        directory = tempfile.mkdtemp(dir=workdir)
        os.chdir(directory)
        QUIET = Quiet(directory)
        warnings.simplefilter("ignore")
        value = job.run()
        data = json.dumps(value, sort_keys=True).encode()
        while data:
            written = os.write(write_fd, data)
            data = data[written:]
    except BaseException:
        code = 1
    os._exit(code)


# ---------------------------------------------------------------- enumerating names

# Names not called: they read or write files or the terminal, or change nothing but the
# process (probed instead, on temporary files, as chains), or take minutes.
EXCLUDED = {
    "numpy": {
        "save", "savez", "savez_compressed", "savetxt", "load", "loadtxt", "genfromtxt", "fromfile",
        "fromregex", "memmap", "info", "show_config", "show_runtime", "test", "get_include",
    },
    "torch": {"save", "load", "from_file", "compile", "set_default_device", "set_printoptions"},
    "pandas": {"read_clipboard", "set_option", "reset_option", "describe_option", "show_versions", "test"},
}
SKIPPED_METHODS = {
    "tofile", "dump", "dumps", "to_clipboard", "to_csv", "to_excel", "to_feather", "to_hdf", "to_html",
    "to_json", "to_latex", "to_markdown", "to_orc", "to_parquet", "to_pickle", "to_sql", "to_stata",
    "to_string", "to_xml", "to_gbq", "plot", "hist", "boxplot", "backward", "register_hook",
    "register_post_accumulate_grad_hook", "share_memory_", "pin_memory", "cuda", "xpu", "ipu", "mtia",
    "storage", "untyped_storage", "_typed_storage",
}


def public_callables(module: Any, prefix: str, predicate: Callable[[str, Any], bool] = lambda n, o: True):
    """(qualified name, object) of a module's public callables, modules and those of
    EXCLUDED left out."""
    excluded = EXCLUDED.get(prefix.split(".")[0], set()) if prefix.count(".") == 0 else set()
    for name in sorted(dir(module)):
        if name.startswith("_") or name in excluded:
            continue
        try:
            value = getattr(module, name)
        except Exception:
            continue
        if isinstance(value, types.ModuleType) or not callable(value):
            continue
        if predicate(name, value):
            yield f"{prefix}.{name}", value


def dedupe(named: List[Tuple[str, Any]]) -> Tuple[List[Tuple[str, Any]], Dict[str, str]]:
    """One entry per object: the name that is the object's own (`numpy.absolute`, not
    `numpy.abs`), else the shortest; the others become aliases."""
    by_object: Dict[int, List[Tuple[str, Any]]] = {}
    for name, value in named:
        by_object.setdefault(id(value), []).append((name, value))
    kept: List[Tuple[str, Any]] = []
    aliases: Dict[str, str] = {}
    for group in by_object.values():
        own = getattr(group[0][1], "__name__", None)
        group.sort(key=lambda item: (item[0].rsplit(".", 1)[-1] != own, item[0].count("."), len(item[0]), item[0]))
        kept.append(group[0])
        for name, _ in group[1:]:
            aliases[name] = group[0][0]
    kept.sort()
    return kept, aliases


def function_job(key: str, f: Any, classes: Tuple[str, ...], inputs: Callable[[str], Inputs], labels: bool = False):
    nin = getattr(f, "nin", None) if isinstance(f, np.ufunc) else None

    def run() -> Dict[str, Any]:
        results = probe(classes, inputs, lambda cls: function_templates(cls, labels, nin), f)
        if inspect.isclass(f) and "scipy.interpolate" in key:
            # An interpolator: what calling the fitted object gives.
            made = probe(classes, inputs, lambda cls: [("F(x, x)(x)", lambda g, i: g(i.x, i.x)(i.x))], f)
            return {"entry": results, "call": made}
        return results

    return Job(key, run)


def method_jobs(type_key: str, receivers: Callable[[str], Inputs], classes: Tuple[str, ...], cls_type: type,
                operators: Tuple[str, ...], operand: Callable[[str], Any], operand_classes: Tuple[str, ...],
                receiver: Callable[[str], Any], more: Optional[Dict[str, List[Template]]] = None) -> List[Job]:
    jobs: List[Job] = []
    for name in sorted(set(dir(cls_type))):
        if (name.startswith("_") and name not in DUNDERS) or name in SKIPPED_METHODS:
            continue
        try:
            member = inspect.getattr_static(cls_type, name)
        except AttributeError:
            continue
        is_attribute = not callable(getattr(cls_type, name, None)) or isinstance(member, (property,)) or (
            type(member).__name__ in ("getset_descriptor", "member_descriptor", "cached_property")
        )
        templates = ATTRIBUTE_TEMPLATES if is_attribute else [*(more or {}).get(name, []), *METHOD_TEMPLATES]

        def run(name: str = name, templates: List[Template] = templates) -> Dict[str, Any]:
            return probe(classes, receivers, lambda cls: templates, lambda on: getattr(on, name))

        jobs.append(Job(f"{type_key}.{name}", run))
    for name in operators:
        def run_operator(name: str = name) -> Dict[str, Any]:
            return probe_operator(name, classes, operand_classes, receiver, operand)

        jobs.append(Job(f"{type_key}.{name}", run_operator))
    return jobs


# Dunder methods probed as methods: indexing, and what float() and np.asarray() call.
DUNDERS = ("__getitem__", "__float__", "__array__")
BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul")
OPERATORS = tuple(f"__{prefix}{name}__" for name in BINARY for prefix in ("", "r"))
UNARY = ("__neg__", "__pos__", "__abs__", "__invert__")


def numpy_operand(cls: str) -> Any:
    return {
        "python_int": 2, "python_float": 0.5, "np_float64_scalar": np.float64(0.5),
        "np_float32_scalar": np.float32(0.5), "np_int64_scalar": np.int64(2),
    }.get(cls) if cls not in ARRAY_CLASSES else numpy_inputs(cls).x


def torch_operand(cls: str) -> Any:
    if cls in ARRAY_CLASSES:
        return torch_inputs(cls).x
    if cls == "float64_0d_tensor":
        return torch.tensor(0.5, dtype=torch.float64)
    return numpy_operand(cls)


OPERAND_CLASSES = ("python_int", "python_float", "np_float64_scalar", "np_float32_scalar", "np_int64_scalar",
                   *ARRAY_CLASSES)


# ---------------------------------------------------------------- the jobs of each library


def numpy_jobs() -> Tuple[List[Job], Dict[str, str]]:
    named: List[Tuple[str, Any]] = []
    named += public_callables(np, "numpy")
    polynomials = ("polynomial", "legendre", "chebyshev", "hermite", "hermite_e", "laguerre")
    for module in ("linalg", "fft", "random", *(f"polynomial.{kind}" for kind in polynomials)):
        owner = np
        for part in module.split("."):
            owner = getattr(owner, part)
        named += public_callables(owner, f"numpy.{module}")
    named = [(n, v) for n, v in named if n not in ("numpy.random.Generator", "numpy.random.RandomState")]
    kept, aliases = dedupe(named)
    classes = (*CORE_CLASSES, *NP_SCALAR_CLASSES)
    jobs = [
        function_job(name, value, CORE_CLASSES if name.startswith("numpy.random.") else classes, numpy_inputs)
        for name, value in kept
    ]
    classes = CORE_CLASSES
    # A Generator's and a RandomState's methods: called on a fresh one, seeded.
    for type_key, make in (("numpy.random.Generator", lambda: np.random.default_rng(0)),
                           ("numpy.random.RandomState", lambda: np.random.RandomState(0))):
        for name in sorted(dir(make())):
            if name.startswith("_") or not callable(getattr(make(), name)):
                continue

            def run(name: str = name, make: Callable[[], Any] = make) -> Dict[str, Any]:
                return probe(classes, numpy_inputs, function_templates, _Bound(make, name))

            jobs.append(Job(f"{type_key}.{name}", run))
    array_classes = ARRAY_CLASSES
    jobs += method_jobs(
        "numpy.ndarray", numpy_inputs, array_classes, np.ndarray, OPERATORS, numpy_operand,
        OPERAND_CLASSES, lambda cls: numpy_inputs(cls).x,
    )
    for name in UNARY:
        def run_unary(name: str = name) -> Dict[str, Any]:
            return probe(array_classes, numpy_inputs, lambda cls: [("f(x)", lambda f, i: getattr(i.x, name)())], None)

        jobs.append(Job(f"numpy.ndarray.{name}", run_unary))
    return jobs, aliases


class _Bound:
    """A method of a fresh object on each call (a seeded Generator)."""

    def __init__(self, make: Callable[[], Any], name: str) -> None:
        self.make, self.name = make, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.make(), self.name)(*args, **kwargs)


def scipy_jobs() -> Tuple[List[Job], Dict[str, str]]:
    named: List[Tuple[str, Any]] = []
    for module in ("signal", "signal.windows", "ndimage", "interpolate", "special", "stats", "fft", "fftpack",
                   "linalg", "spatial.distance"):
        owner = scipy
        for part in module.split("."):
            owner = getattr(owner, part)
        named += public_callables(
            owner, f"scipy.{module}",
            lambda n, v: not isinstance(v, (scipy.stats.rv_continuous, scipy.stats.rv_discrete)),
        )
    kept, aliases = dedupe(named)
    jobs = [function_job(name, value, CORE_CLASSES, numpy_inputs) for name, value in kept]
    # The modules of library objects: their functions and classes, called as functions with
    # these objects' templates too (`qmc.scale(sample, 0, 1)`), then each class's members.
    named = [pair for module in OBJECT_MODULES for pair in public_callables(sys.modules[module], module)]
    kept, object_aliases = dedupe(named)
    aliases.update(object_aliases)
    jobs += [
        Job(name, lambda f=value: probe(CORE_CLASSES, numpy_inputs, object_templates, f)) for name, value in kept
    ]
    jobs += object_jobs(OBJECT_MODULES)
    jobs += sparse_linalg_jobs(aliases)
    named = list(public_callables(scipy.optimize, "scipy.optimize", lambda n, v: not inspect.isclass(v)))
    kept, solver_aliases = dedupe(named)
    aliases.update(solver_aliases)
    jobs += [
        Job(name, lambda f=value: probe(CORE_CLASSES, numpy_inputs, lambda cls: SOLVER_TEMPLATES, f))
        for name, value in kept
    ]
    named = list(public_callables(scipy.integrate, "scipy.integrate", lambda n, v: not inspect.isclass(v)))
    kept, integrator_aliases = dedupe(named)
    aliases.update(integrator_aliases)
    jobs += [Job(name, lambda f=value: probe(CORE_CLASSES, numpy_inputs, integrator_templates, f)) for name, value in kept]
    # The distributions: their methods, shape parameters 0.5 each.
    for name in sorted(dir(scipy.stats)):
        dist = getattr(scipy.stats, name)
        if not isinstance(dist, (scipy.stats.rv_continuous, scipy.stats.rv_discrete)) or name.startswith("_"):
            continue
        shapes = (0.5,) * dist.numargs
        for method in ("pdf", "logpdf", "pmf", "cdf", "ppf", "rvs"):
            if not hasattr(dist, method):
                continue
            if method in ("pdf", "logpdf") and isinstance(dist, scipy.stats.rv_discrete):
                continue
            if method == "pmf" and not isinstance(dist, scipy.stats.rv_discrete):
                continue

            def run(dist: Any = dist, method: str = method, shapes: Tuple[float, ...] = shapes) -> Dict[str, Any]:
                bound = getattr(dist, method)
                if method == "rvs":
                    templates: List[Template] = [
                        ("f(*shapes, size=3, random_state=0)", lambda f, i: f(*shapes, size=3, random_state=0)),
                        ("f(*shapes, random_state=0)", lambda f, i: f(*shapes, random_state=0)),
                    ]
                    return probe(("none",), numpy_inputs, lambda cls: templates, bound)
                return probe(
                    (*ARRAY_CLASSES, "python_float"), numpy_inputs,
                    lambda cls: [("f(x, *shapes)", lambda f, i: f(i.x, *shapes)),
                                 ("f(s, *shapes)", lambda f, i: f(i.s, *shapes))],
                    bound,
                )

            jobs.append(Job(f"scipy.stats.{name}.{method}", run))
    return jobs, aliases


def pandas_jobs() -> Tuple[List[Job], Dict[str, str]]:
    named = [(n, v) for n, v in public_callables(pd, "pandas") if not n.startswith("pandas.read_")]
    kept, aliases = dedupe(named)
    jobs = [function_job(name, value, CORE_CLASSES, pandas_inputs) for name, value in kept]
    # Frames of Python floats or ints are float64 or int64 frames: no classes of their own.
    frame_classes = (*ARRAY_CLASSES, "mixed_float64_int64", "mixed_float32_int64")

    def frames(cls: str) -> Inputs:
        df = frame(cls)
        return Inputs(df, df, None, None)

    def series(cls: str) -> Inputs:
        df = frame(cls)
        return Inputs(df["a"], df[["a"]], None, None)

    frame_operand = lambda cls: frame(cls) if cls in ARRAY_CLASSES else numpy_operand(cls)  # noqa: E731
    series_operand = lambda cls: frame(cls)["a"] if cls in ARRAY_CLASSES else numpy_operand(cls)  # noqa: E731
    jobs += method_jobs("pandas.DataFrame", frames, frame_classes, pd.DataFrame, OPERATORS, frame_operand,
                        OPERAND_CLASSES, lambda cls: frame(cls), {**AGGREGATIONS, **BY_A_COLUMN})
    jobs += method_jobs("pandas.Series", series, ARRAY_CLASSES, pd.Series, OPERATORS, series_operand,
                        OPERAND_CLASSES, lambda cls: frame(cls)["a"], AGGREGATIONS)
    # A frame's rows by label or place (`frame.loc[mask]`, `frame.describe().loc["mean"]`):
    # the indexer a frame's `loc` and `iloc` give, keyed by its class, indexed.
    for made in INDEXERS:
        def indexer(cls: str, made: Callable[[pd.DataFrame], Any] = made) -> Inputs:
            held = made(frame(cls))
            return Inputs(held, held, None, None)

        typed = type(made(frame("float64")))
        jobs += method_jobs(f"{typed.__module__}.{typed.__qualname__}", indexer, frame_classes, typed, (),
                            frame_operand, (), lambda cls: frame(cls), ROWS)
    # `df[["a", "b"]]`, `df["a"]`: indexing a frame by columns.
    def run_getitem() -> Dict[str, Any]:
        templates: List[Template] = [("x.f(['a', 'b'])", lambda get, i: get(i.x)(["a", "b"])),
                                     ("x.f('a')", lambda get, i: get(i.x)("a"))]
        return probe(frame_classes, frames, lambda cls: templates, lambda on: on.__getitem__)

    jobs.append(Job("pandas.DataFrame.__getitem__", run_getitem))
    # What a frame's windows and groups give (`frame.rolling(2).mean()`): receivers made of
    # a frame of the class, as the frame's `rolling` (and the others) make them.
    for typed, made in WINDOWS_AND_GROUPS.items():
        def grouped(cls: str, made: Callable[[pd.DataFrame], Any] = made) -> Inputs:
            held = made(frame(cls))
            return Inputs(held, held, None, None)

        jobs += method_jobs(f"pandas.api.typing.{typed}", grouped, frame_classes, getattr(pd.api.typing, typed), (),
                            frame_operand, (), lambda cls: frame(cls), AGGREGATIONS)
    return jobs, aliases


# What a frame's, a series' and a group's `agg` are given besides a function: the names of
# reductions (`frame.agg(["mean", "std"])`, `frame.agg("mean")`).
_BY_NAMES: List[Template] = [
    ("x.f(['mean', 'std'])", lambda get, i: get(i.x)(["mean", "std"])),
    ("x.f('mean')", lambda get, i: get(i.x)("mean")),
]
AGGREGATIONS: Dict[str, List[Template]] = {"agg": _BY_NAMES, "aggregate": _BY_NAMES}
# A frame's methods that take a column (`frame.set_index("time")`, `frame.sort_values("date")`).
_BY_A_COLUMN: List[Template] = [("m.f('a')", lambda get, i: get(i.m)("a"))]
BY_A_COLUMN: Dict[str, List[Template]] = {"set_index": _BY_A_COLUMN, "sort_values": _BY_A_COLUMN}
INDEXERS: Tuple[Callable[[pd.DataFrame], Any], ...] = (lambda df: df.loc, lambda df: df.iloc)
# Rows of a frame are a frame (`frame.loc[mask]`, `frame.iloc[:n]`) before a row is a series
# (`frame.loc["mean"]`): what a frame of this dtype gives, whatever the rows.
ROWS: Dict[str, List[Template]] = {"__getitem__": [("x.f(slice(0, 2))", lambda get, i: get(i.x)(slice(0, 2)))]}


WINDOWS_AND_GROUPS: Dict[str, Callable[[pd.DataFrame], Any]] = {
    "Rolling": lambda df: df.rolling(2),
    "Expanding": lambda df: df.expanding(),
    "ExponentialMovingWindow": lambda df: df.ewm(alpha=0.5),
    "DataFrameGroupBy": lambda df: df.groupby(np.arange(len(df)) % 2),
}


def torch_functions() -> Tuple[List[Tuple[str, Any]], Dict[str, str]]:
    """torch's public functions (and those of its numeric modules), one name each."""
    named: List[Tuple[str, Any]] = list(public_callables(torch, "torch"))
    for module in ("special", "linalg", "fft", "nn.functional", "utils.data"):
        owner = torch
        for part in module.split("."):
            owner = getattr(owner, part)
        named += public_callables(
            owner, f"torch.{module}",
            lambda n, v, module=module: not (inspect.isclass(v) and module == "utils.data"),
        )
    # A tensor made a module's parameter or buffer.
    named += [("torch.nn.Parameter", torch.nn.Parameter), ("torch.nn.Buffer", torch.nn.Buffer)]
    return dedupe(named)


def torch_jobs() -> Tuple[List[Job], Dict[str, str]]:
    kept, aliases = torch_functions()
    classes = (*CORE_CLASSES, *NDARRAY_CLASSES, *NP_SCALAR_CLASSES)
    jobs = [function_job(name, value, classes, torch_inputs, labels=True) for name, value in kept]
    jobs += method_jobs(
        "torch.Tensor", torch_inputs, ARRAY_CLASSES, torch.Tensor, OPERATORS, torch_operand,
        (*OPERAND_CLASSES, "float64_0d_tensor"), lambda cls: torch_inputs(cls).x,
    )
    return jobs, aliases


# Inputs that hold no tensor: a tensor made of them is where the function puts new tensors.
NO_TENSOR_CLASSES = ("none", "python_float", "ndarray_float64")


def default_device_job(key: str, f: Any) -> Job:
    """Does a torch function make its tensor on the default device? Under
    `torch.set_default_device("meta")` (in the child only), the first template of inputs
    that hold no tensor to give a tensor says: on the meta device (`torch.tensor`,
    `torch.zeros`) or not (`torch.from_numpy`, on the CPU whatever the default)."""

    def run() -> Dict[str, Any]:
        torch.set_default_device("meta")
        for cls in NO_TENSOR_CLASSES:
            for _, template in function_templates(cls):
                try:  # a first call on the meta device may load torch's decompositions: seconds
                    value = call(lambda template=template: template(f, torch_inputs(cls)), FIT_SECONDS)
                except (Exception, Timeout):
                    continue
                if isinstance(value, torch.Tensor):
                    return {"on_default_device": value.device.type == "meta"}
        return {}

    return Job(key, run)


# scikit-learn: (module, class, constructor arguments, what it is fitted on).
ESTIMATORS: List[Tuple[str, str, Dict[str, Any], str]] = [
    ("preprocessing", "StandardScaler", {}, "X"),
    ("preprocessing", "MinMaxScaler", {}, "X"),
    ("preprocessing", "MaxAbsScaler", {}, "X"),
    ("preprocessing", "RobustScaler", {}, "X"),
    ("preprocessing", "Normalizer", {}, "X"),
    ("preprocessing", "QuantileTransformer", {"n_quantiles": 10}, "X"),
    ("preprocessing", "PowerTransformer", {}, "X"),
    ("preprocessing", "PolynomialFeatures", {}, "X"),
    ("preprocessing", "SplineTransformer", {}, "X"),
    ("preprocessing", "OneHotEncoder", {}, "X"),
    ("preprocessing", "OrdinalEncoder", {}, "X"),
    ("preprocessing", "KBinsDiscretizer", {"n_bins": 3}, "X"),
    ("preprocessing", "LabelEncoder", {}, "labels"),
    ("preprocessing", "LabelBinarizer", {}, "labels"),
    ("impute", "SimpleImputer", {}, "X"),
    ("impute", "KNNImputer", {}, "X"),
    ("decomposition", "PCA", {}, "X"),
    ("decomposition", "IncrementalPCA", {}, "X"),
    ("decomposition", "KernelPCA", {"n_components": 2}, "X"),
    ("decomposition", "TruncatedSVD", {"n_components": 2}, "X"),
    ("decomposition", "NMF", {"n_components": 2, "max_iter": 50}, "X"),
    ("decomposition", "FastICA", {"n_components": 2}, "X"),
    ("cluster", "KMeans", {"n_clusters": 3, "n_init": 1, "random_state": 0}, "X"),
    ("cluster", "MiniBatchKMeans", {"n_clusters": 3, "n_init": 1, "random_state": 0}, "X"),
    ("cluster", "DBSCAN", {}, "X"),
    ("cluster", "AgglomerativeClustering", {}, "X"),
    ("mixture", "GaussianMixture", {"n_components": 2, "random_state": 0}, "X"),
    ("manifold", "TSNE", {"perplexity": 5, "random_state": 0}, "X"),
    ("manifold", "Isomap", {"n_neighbors": 5}, "X"),
    ("linear_model", "LinearRegression", {}, "regression"),
    ("linear_model", "LogisticRegression", {}, "classification"),
    ("linear_model", "Ridge", {}, "regression"),
    ("linear_model", "Lasso", {}, "regression"),
    ("linear_model", "ElasticNet", {}, "regression"),
    ("linear_model", "SGDClassifier", {"random_state": 0}, "classification"),
    ("linear_model", "SGDRegressor", {"random_state": 0}, "regression"),
    ("svm", "SVC", {"probability": True, "random_state": 0}, "classification"),
    ("svm", "SVR", {}, "regression"),
    ("svm", "LinearSVC", {}, "classification"),
    ("ensemble", "RandomForestClassifier", {"n_estimators": 5, "random_state": 0}, "classification"),
    ("ensemble", "RandomForestRegressor", {"n_estimators": 5, "random_state": 0}, "regression"),
    ("ensemble", "GradientBoostingClassifier", {"n_estimators": 5, "random_state": 0}, "classification"),
    ("ensemble", "GradientBoostingRegressor", {"n_estimators": 5, "random_state": 0}, "regression"),
    ("ensemble", "HistGradientBoostingClassifier", {"max_iter": 5}, "classification"),
    ("ensemble", "HistGradientBoostingRegressor", {"max_iter": 5}, "regression"),
    ("ensemble", "IsolationForest", {"n_estimators": 5, "random_state": 0}, "X"),
    ("neighbors", "KNeighborsClassifier", {"n_neighbors": 3}, "classification"),
    ("neighbors", "KNeighborsRegressor", {"n_neighbors": 3}, "regression"),
    ("neighbors", "NearestNeighbors", {"n_neighbors": 3}, "X"),
    ("tree", "DecisionTreeClassifier", {"random_state": 0}, "classification"),
    ("tree", "DecisionTreeRegressor", {"random_state": 0}, "regression"),
    ("naive_bayes", "GaussianNB", {}, "classification"),
    ("naive_bayes", "MultinomialNB", {}, "classification"),
    ("discriminant_analysis", "LinearDiscriminantAnalysis", {}, "classification"),
    ("neural_network", "MLPClassifier", {"max_iter": 20, "random_state": 0}, "classification"),
    ("neural_network", "MLPRegressor", {"max_iter": 20, "random_state": 0}, "regression"),
    ("feature_extraction.text", "TfidfVectorizer", {}, "texts"),
    ("feature_extraction.text", "CountVectorizer", {}, "texts"),
    ("feature_extraction.text", "HashingVectorizer", {}, "texts"),
    ("feature_extraction.text", "TfidfTransformer", {}, "X"),
]
# Documents for the text vectorisers (strings: of no input class, "none").
TEXTS = ["red cat sat", "blue cat ran", "red dog ran"]
# How a call's label names the input of a target other than a design matrix.
INPUT_NAMES = {"labels": "y", "texts": "texts"}
OUTPUT_METHODS = (
    "transform", "predict", "predict_proba", "predict_log_proba", "decision_function", "score_samples",
    "kneighbors", "score",
)
SKLEARN_CLASSES = (*(cls for cls in ARRAY_CLASSES if cls != "complex128"), "python_float", "python_int")


def design(cls: str) -> Tuple[Any, Any, Any]:
    """X (30x4, positive), classification targets and regression targets of a class."""
    rng = np.random.RandomState(0)
    if cls in (*INTEGER_CLASSES, "python_int"):
        X = rng.randint(0, 10, size=(30, 4)).astype("int64" if cls == "python_int" else cls)
        reg = X.sum(axis=1)
    else:
        X = rng.uniform(0.1, 5.0, size=(30, 4)).astype("float32" if cls == "float32" else "float64")
        reg = X.sum(axis=1) + rng.uniform(0, 0.1, size=30).astype(X.dtype)
    labels = np.arange(30) % 3
    if cls.startswith("python_"):
        return X.tolist(), labels.tolist(), reg.tolist()
    return X, labels, reg


# ---------------------------------------------------------------- library objects

# Modules whose classes make objects that are then asked for results: quasi-random samplers
# (`qmc.LatinHypercube(d=2).random(n)`), rotations (`Rotation.from_euler(...).as_matrix()`),
# spatial trees and hulls, sparse matrices (`sp.random(2, 3).toarray()`,
# `csr_matrix(m).todense()`).
OBJECT_MODULES = ("scipy.stats.qmc", "scipy.spatial", "scipy.spatial.transform", "scipy.sparse")
# Python's own: a generator of random numbers (`random.Random(seed).uniform(a, b)`).
PYTHON_OBJECT_MODULES = ("random",)
# How an object is made of an input class's data: by its class, else by the first of the
# class's own factories that gives one (`Rotation.from_matrix(m)`), each tried with these.
MAKER_TEMPLATES: List[Template] = [
    ("C(m)", lambda c, i: c(i.m)),
    ("C(x)", lambda c, i: c(i.x)),
    ("C(2)", lambda c, i: c(2)),
    ("C()", lambda c, i: c()),
]


def unit(data: Any) -> Any:
    """Float data scaled into the unit hypercube, as a quasi-random sample is."""
    array = np.asarray(data)
    if array.dtype.kind != "f":
        raise Missing("unit")
    return array / 8


# What the factories, methods and functions of these objects take besides: an axis
# sequence and angles (`Rotation.from_euler("xyz", angles)`, `as_euler("xyz")`), a sample
# in the unit hypercube and its bounds (`qmc.scale(sample, 0, 1)`).
OBJECT_TEMPLATES: List[Template] = [
    ("f('xyz', m)", lambda f, i: f("xyz", i.m)),
    ("f('xyz')", lambda f, i: f("xyz")),
    ("f(unit(m), 0, 1)", lambda f, i: f(unit(i.m), 0, 1)),
]


def _objective(p: Any) -> Any:
    return ((np.asarray(p) - 1) ** 2).sum()


def _residuals(p: Any) -> Any:
    return np.asarray(p) - 1


def _line(x: Any, a: Any) -> Any:
    return a * np.asarray(x)


# scipy.optimize's functions take the function to minimise, solve or fit first: a sum of
# squares (`minimize(objective, x0)`, and with another method, which may give another
# dtype), its residuals (`least_squares`), a line through the data (`curve_fit(line, x,
# y)`), a function of one number (`minimize_scalar`).
SOLVER_TEMPLATES: List[Template] = [
    ("f(objective, x)", lambda f, i: f(_objective, i.x)),
    ("f(objective, x, method='L-BFGS-B')", lambda f, i: f(_objective, i.x, method="L-BFGS-B")),
    ("f(residuals, x)", lambda f, i: f(_residuals, i.x)),
    ("f(line, x, x)", lambda f, i: f(_line, i.x, i.x)),
    ("f(objective)", lambda f, i: f(_objective)),
]


def _rate(t: Any, y: Any) -> Any:
    return -np.asarray(y)


def _decay(y: Any, t: Any) -> Any:
    return -np.asarray(y)


def _curve(t: Any) -> Any:
    return t * t


# scipy.integrate's solvers take the function to integrate first: a decay from the input
# (`solve_ivp(rate, (0.0, 1.0), y0)`, `odeint(decay, y0, t)`), a curve over an interval
# (`quad(curve, 0, 1)`); after the templates of data alone (`trapezoid(y)`).
INTEGRATOR_TEMPLATES: List[Template] = [
    ("f(rate, (0.0, 1.0), x)", lambda f, i: f(_rate, (0.0, 1.0), i.x)),
    ("f(decay, x, [0.0, 0.5, 1.0])", lambda f, i: f(_decay, i.x, [0.0, 0.5, 1.0])),
    ("f(curve, 0, 1)", lambda f, i: f(_curve, 0, 1)),
]


def integrator_templates(cls: str) -> List[Template]:
    return [*function_templates(cls), *INTEGRATOR_TEMPLATES]


def object_templates(cls: str) -> List[Template]:
    return [*function_templates(cls), *OBJECT_TEMPLATES]


def factories(made: type) -> List[str]:
    """A class's own classmethods and staticmethods (`Rotation.from_quat`)."""
    return [
        name for name in sorted(dir(made))
        if not name.startswith("_") and isinstance(inspect.getattr_static(made, name, None), (classmethod, staticmethod))
    ]


def make(made: type, given: Inputs) -> Any:
    """An object of the class, of the inputs' data where it takes some (MAKER_TEMPLATES);
    called inside a probe's time box."""
    for maker in (made, *(getattr(made, name) for name in factories(made))):
        for _, template in MAKER_TEMPLATES:
            try:
                value = template(maker, given)
            except Exception:
                continue
            if isinstance(value, made):
                return value
    raise Missing(made.__name__)


def object_jobs(modules: Tuple[str, ...]) -> List[Job]:
    """Each public member of each class of these modules: a factory called as a function;
    a method or an attribute of an object made afresh of each input class's data."""
    jobs: List[Job] = []
    for module_name in modules:
        module = sys.modules[module_name]
        for class_name in sorted(dir(module)):
            made = getattr(module, class_name)
            if class_name.startswith("_") or not inspect.isclass(made) or issubclass(made, BaseException):
                continue
            try:  # of float64 data: its attributes set when made are members too (`ConvexHull(m).volume`)
                sample = call(lambda made=made: make(made, numpy_inputs("float64")))
            except (Exception, Timeout):
                sample = None
            own = set(factories(made))
            for name in sorted({*dir(made), *dir(sample)} if sample is not None else set(dir(made))):
                if name.startswith("_") or name in SKIPPED_METHODS:
                    continue
                key = f"{module_name}.{class_name}.{name}"
                if name in own:
                    jobs.append(Job(key, lambda f=getattr(made, name): probe(CORE_CLASSES, numpy_inputs, object_templates, f)))
                    continue
                member = getattr(sample if sample is not None else made, name, None)
                jobs.append(Job(key, lambda made=made, name=name, method=callable(member): probe(
                    CORE_CLASSES, numpy_inputs, lambda cls: member_templates(made, cls, method), name,
                )))
            jobs += object_operator_jobs(f"{module_name}.{class_name}", made)
    return jobs


def object_operator_jobs(key: str, made: type) -> List[Job]:
    """The Python operators a class defines (a sparse matrix's `a + b`, `d @ a`, `a / 2`),
    on objects of it made of each array class's data: with NumPy's numbers and arrays, and
    with an object of the class made of each array class's data (`object_float64`)."""
    defined = [name for name in OPERATORS if any(name in vars(owner) for owner in made.__mro__[:-1])]

    def receiver(cls: str) -> Any:
        return make(made, numpy_inputs(cls))

    def operand(cls: str) -> Any:
        return receiver(cls.removeprefix(OBJECT_OPERAND)) if cls.startswith(OBJECT_OPERAND) else numpy_operand(cls)

    operands = (*OPERAND_CLASSES, *OBJECT_CLASSES)
    return [
        Job(f"{key}.{name}", lambda name=name: probe_operator(name, OBJECT_DATA, operands, receiver, operand))
        for name in defined
    ]


# scipy.sparse.linalg's functions take a sparse matrix first (`eigsh(laplacian, k=2)`,
# `spsolve(a, b)`, `norm(a)`): one of each class of data a matrix holds in practice, named
# as an operand of one (`object_float32`), with a vector of that data beside.
SPARSE_LINALG_TEMPLATES: List[Template] = [
    ("f(o)", lambda f, i: f(i.m)),
    ("f(o, 1)", lambda f, i: f(i.m, 1)),
    ("f(o, k=1)", lambda f, i: f(i.m, k=1)),
    ("f(o, x)", lambda f, i: f(i.m, i.x)),
]


def sparse_inputs(cls: str) -> Inputs:
    """A symmetric positive definite CSR matrix of the class's data, and a vector of it."""
    data = cls.removeprefix(OBJECT_OPERAND)
    return Inputs(np.array(X_INTS[:3], dtype=data), scipy.sparse.csr_matrix(np.array(M_ROWS, dtype=data)))


def sparse_linalg_jobs(aliases: Dict[str, str]) -> List[Job]:
    named = list(public_callables(scipy.sparse.linalg, "scipy.sparse.linalg", lambda n, v: not inspect.isclass(v)))
    kept, sparse_aliases = dedupe(named)
    aliases.update(sparse_aliases)
    return [
        Job(name, lambda f=value: probe(OBJECT_CLASSES, sparse_inputs, lambda cls: SPARSE_LINALG_TEMPLATES, f))
        for name, value in kept
    ]


def member_templates(made: type, cls: str, method: bool) -> List[Template]:
    """A member's templates, given its name: of an object made afresh of the inputs for each
    call, the attribute read, or the method called without arguments, then as a function
    would be."""
    if not method:
        return [("o.f", lambda name, i: getattr(make(made, i), name))]
    templates = [("f()", lambda f, i: f()), *object_templates(cls)]  # `rotation.as_matrix()` of any data
    return [
        (label, lambda name, i, template=template: template(getattr(make(made, i), name), i))
        for label, template in templates
    ]


def sklearn_jobs() -> Tuple[List[Job], Dict[str, str]]:
    jobs: List[Job] = []
    for module_name, class_name, arguments, target in ESTIMATORS:
        prefix = f"sklearn.{module_name}.{class_name}"
        jobs.append(Job(prefix, lambda m=module_name, c=class_name, a=arguments, t=target: _estimator(m, c, a, t)))
    named: List[Tuple[str, Any]] = []
    named += public_callables(sklearn.metrics, "sklearn.metrics", lambda n, v: inspect.isfunction(v))
    named += public_callables(sklearn.metrics.pairwise, "sklearn.metrics.pairwise", lambda n, v: inspect.isfunction(v))
    named += public_callables(sklearn.preprocessing, "sklearn.preprocessing", lambda n, v: inspect.isfunction(v))
    named += public_callables(sklearn.datasets, "sklearn.datasets", lambda n, v: n.startswith("make_"))
    named += public_callables(sklearn.model_selection, "sklearn.model_selection", lambda n, v: inspect.isfunction(v))
    named += public_callables(  # its own functions, not those it imports (`size`)
        sklearn.utils.class_weight,
        "sklearn.utils.class_weight",
        lambda n, v: inspect.isfunction(v) and v.__module__ == "sklearn.utils.class_weight",
    )
    kept, aliases = dedupe(named)
    for name, value in kept:
        jobs.append(function_job(name, value, CORE_CLASSES, numpy_inputs, labels=True))
    # The bundled datasets (a Bunch of arrays; its data and targets alone when asked).
    for name, value in public_callables(sklearn.datasets, "sklearn.datasets", lambda n, v: n.startswith("load_")):
        jobs.append(Job(name, lambda f=value: probe(("none",), numpy_inputs, lambda cls: DATASET_TEMPLATES, f)))
    return jobs, aliases


DATASET_TEMPLATES: List[Template] = [
    ("f()", lambda f, i: f()),
    ("f(return_X_y=True)", lambda f, i: f(return_X_y=True)),
]


def _estimator(module_name: str, class_name: str, arguments: Dict[str, Any], target: str) -> Dict[str, Any]:
    """Split into entries by the caller: {member: {class: result}}."""
    import importlib

    made = getattr(importlib.import_module(f"sklearn.{module_name}"), class_name)
    constructor = f"{class_name}({'...' if arguments else ''})"  # the arguments: ESTIMATORS
    members: Dict[str, Dict[str, Any]] = {}
    for cls in SKLEARN_CLASSES if target != "texts" else ("none",):
        X, labels, reg = design(cls)
        given = {
            "X": lambda: (X,), "labels": lambda: (_labels_of(cls),), "classification": lambda: (X, labels),
            "regression": lambda: (X, reg), "texts": lambda: (TEXTS,),
        }[target]()
        fit_call = "X, y" if len(given) == 2 else INPUT_NAMES.get(target, "X")
        try:
            estimator = call(lambda given=given: made(**arguments).fit(*given), FIT_SECONDS)
        except (Exception, Timeout):
            estimator = None
        if estimator is None:
            # Estimators without fit-then-transform (TSNE, DBSCAN): fit_transform / fit_predict.
            for method in ("fit_transform", "fit_predict"):
                try:
                    value = call(lambda method=method, given=given: getattr(made(**arguments), method)(*given),
                                 FIT_SECONDS)
                except (Exception, Timeout):
                    continue
                members.setdefault(method, {})[cls] = {"call": f"{constructor}.{method}({fit_call})", **describe(value)}
            continue
        for name in sorted(dir(estimator)):
            if not name.endswith("_") or name.startswith("_"):
                continue
            try:
                value = getattr(estimator, name)
            except Exception:
                continue
            if isinstance(value, (np.ndarray, np.generic, float, int)) and not isinstance(value, bool):
                members.setdefault(name, {})[cls] = {"call": f"{constructor}.fit({fit_call}).{name}", **describe(value)}
        sample = given[0]
        for method in (*OUTPUT_METHODS, "fit_transform", "fit_predict", "inverse_transform", "sample"):
            if not hasattr(estimator, method):
                continue
            try:
                if method == "inverse_transform":
                    transformed = estimator.transform(sample)
                    value = call(lambda t=transformed, e=estimator: e.inverse_transform(t))
                    label = f"{constructor}.fit({fit_call}).inverse_transform(transform(X))"
                elif method == "score":
                    if len(given) != 2:
                        continue
                    value = call(lambda e=estimator, g=given: e.score(*g))
                    label = f"{constructor}.fit(X, y).score(X, y)"
                elif method == "sample":
                    value = call(lambda e=estimator: e.sample(3))
                    label = f"{constructor}.fit({fit_call}).sample(3)"
                elif method.startswith("fit_"):
                    value = call(lambda m=method, g=given: getattr(made(**arguments), m)(*g), FIT_SECONDS)
                    label = f"{constructor}.{method}({fit_call})"
                else:
                    value = call(lambda m=method, e=estimator, x=sample: getattr(e, m)(x))
                    label = f"{constructor}.fit({fit_call}).{method}({INPUT_NAMES.get(target, 'X')})"
            except (Exception, Timeout):
                continue
            members.setdefault(method, {})[cls] = {"call": label, **describe(value)}
    return members


def _labels_of(cls: str) -> Any:
    if cls == "python_float":
        return [0.5, 1.5, 0.5, 2.5, 1.5, 0.5]
    if cls == "python_int":
        return [0, 1, 0, 2, 1, 0]
    values = [0.5, 1.5, 0.5, 2.5, 1.5, 0.5] if cls not in INTEGER_CLASSES else [0, 1, 0, 2, 1, 0]
    return np.array(values, dtype=cls)


# ---------------------------------------------------------------- chains, spellings


def chains() -> Dict[str, Any]:
    """Longer expressions, each probed on its own: readers on temporary files, then what
    the frame gives; NumPy's readers; DataLoader batches."""
    out: Dict[str, Any] = {}

    def record(expression: str, thunk: Callable[[], Any]) -> None:
        with contextlib.suppress(Exception, Timeout):
            out[expression] = describe(call(thunk, 5.0))

    # A float32 column too: a reader of text gives it back float64 (NumPy's default width),
    # one of a binary format as it was written.
    df = pd.DataFrame({"f": [0.5, 1.5, 2.5], "i": [1, 2, 3], "g": np.array([0.5, 1.5, 2.5], dtype=np.float32)})
    written: Dict[str, Callable[[], Any]] = {}
    for name in sorted(dir(pd)):
        if not name.startswith("read_") or name == "read_clipboard":
            continue
        fmt = name[len("read_"):]
        path = os.path.abspath(f"frame.{fmt}")
        reader = getattr(pd, name)
        writer = getattr(df, f"to_{fmt}", None)
        try:
            if fmt in ("csv",):
                df.to_csv(path, index=False)
                written[name] = lambda reader=reader, path=path: reader(path)
            elif fmt == "table":
                df.to_csv(path, index=False, sep="\t")
                written[name] = lambda reader=reader, path=path: reader(path)
            elif fmt == "fwf":
                Path(path).write_text(df.to_string(index=False))
                written[name] = lambda reader=reader, path=path: reader(path)
            elif fmt == "sql":
                connection = sqlite3.connect(":memory:")
                df.to_sql("t", connection, index=False)
                written[name] = lambda reader=reader, c=connection: reader("select * from t", c)
            elif fmt == "xml":
                df.to_xml(path, index=False, parser="etree")
                written[name] = lambda reader=reader, path=path: reader(path, parser="etree")
            elif fmt == "json":
                df.to_json(path)
                written[name] = lambda reader=reader, path=path: reader(path)
            elif writer is not None:
                call(lambda writer=writer, path=path: writer(path), 5.0)
                written[name] = lambda reader=reader, path=path: reader(path)
        except (Exception, Timeout):
            continue
    suffixes: List[Tuple[str, Callable[[Any], Any]]] = [
        ("", lambda d: d),
        (".values", lambda d: d.values),
        (".to_numpy()", lambda d: d.to_numpy()),
        (".to_numpy(dtype='float32')", lambda d: d.to_numpy(dtype="float32")),
        (".astype(float).values", lambda d: d.astype(float).values),
        ("['f'].values", lambda d: d["f"].values),
        ("['i'].values", lambda d: d["i"].values),
        ("['f'].to_numpy()", lambda d: d["f"].to_numpy()),
        ("['f'].tolist()", lambda d: d["f"].tolist()),
        ("['f'].mean()", lambda d: d["f"].mean()),
        ("['i'].mean()", lambda d: d["i"].mean()),
        ("[['f', 'i']].values", lambda d: d[["f", "i"]].values),
        (".iloc[:, 0].values", lambda d: d.iloc[:, 0].values),
        (".mean()", lambda d: d.mean()),
        (".mean().values", lambda d: d.mean().values),
        (".std().values", lambda d: d.std().values),
        (".sum().values", lambda d: d.sum().values),
        (".describe().values", lambda d: d.describe().values),
        (".corr().values", lambda d: d.corr().values),
        (".diff().values", lambda d: d.diff().values),
        (".pct_change().values", lambda d: d.pct_change().values),
        (".rolling(2).mean().values", lambda d: d.rolling(2).mean().values),
        ("['i'].astype('float32').values", lambda d: d["i"].astype("float32").values),
        ("['i'] / 2", lambda d: (d["i"] / 2).values),
        (".to_dict('records')[0]['f']", lambda d: d.to_dict("records")[0]["f"]),
        (".iloc[0]['f']", lambda d: d.iloc[0]["f"]),
        (".loc[0, 'f']", lambda d: d.loc[0, "f"]),
        (".itertuples().__next__().f", lambda d: next(d.itertuples()).f),
        (".iterrows().__next__()[1].values", lambda d: next(d.iterrows())[1].values),
        (".apply(lambda r: r['f'], axis=1).values", lambda d: d.apply(lambda r: r["f"], axis=1).values),
    ]
    for name, read in sorted(written.items()):
        for suffix, then in suffixes:
            record(f"pandas.{name}(path){suffix}", lambda read=read, then=then: then(read()))
    # NumPy's readers, of a CSV of floats and ints.
    Path("numbers.csv").write_text("0.5,1\n1.5,2\n2.5,3\n")
    Path("ints.csv").write_text("1,2\n3,4\n")
    np.save("floats32.npy", np.zeros(3, dtype=np.float32))
    np.zeros(3, dtype=np.float64).tofile("floats.bin")
    record("numpy.loadtxt(path_of_floats, delimiter=',')", lambda: np.loadtxt("numbers.csv", delimiter=","))
    record("numpy.loadtxt(path_of_ints, delimiter=',')", lambda: np.loadtxt("ints.csv", delimiter=","))
    record("numpy.loadtxt(path_of_ints, delimiter=',', dtype=int)",
           lambda: np.loadtxt("ints.csv", delimiter=",", dtype=int))
    record("numpy.genfromtxt(path_of_floats, delimiter=',')", lambda: np.genfromtxt("numbers.csv", delimiter=","))
    record("numpy.genfromtxt(path_of_ints, delimiter=',')", lambda: np.genfromtxt("ints.csv", delimiter=","))
    record("numpy.load(path_of_float32_npy)", lambda: np.load("floats32.npy"))
    record("numpy.fromfile(path)", lambda: np.fromfile("floats.bin"))
    record("numpy.fromstring('0.5 1.5', sep=' ')", lambda: np.fromstring("0.5 1.5", sep=" "))
    # Filtering with designed coefficients (the table's templates cannot design them).
    signal = np.linspace(0, 1, 30)
    b, a = scipy.signal.butter(2, 0.25)
    sos = scipy.signal.butter(2, 0.25, output="sos")
    for dtype in ("float32", "float64"):
        x = signal.astype(dtype)
        for name in ("lfilter", "filtfilt"):
            record(f"scipy.signal.{name}(*butter(2, 0.25), {dtype}_signal)",
                   lambda name=name, x=x: getattr(scipy.signal, name)(b, a, x))
            record(f"scipy.signal.{name}(*(c.astype('{dtype}') for c in butter(2, 0.25)), {dtype}_signal)",
                   lambda name=name, x=x, dtype=dtype: getattr(scipy.signal, name)(b.astype(dtype), a.astype(dtype), x))
        for name in ("sosfilt", "sosfiltfilt"):
            record(f"scipy.signal.{name}(butter(2, 0.25, output='sos'), {dtype}_signal)",
                   lambda name=name, x=x: getattr(scipy.signal, name)(sos, x))
            record(f"scipy.signal.{name}(butter(2, 0.25, output='sos').astype('{dtype}'), {dtype}_signal)",
                   lambda name=name, x=x, dtype=dtype: getattr(scipy.signal, name)(sos.astype(dtype), x))
        record(f"scipy.signal.resample({dtype}_signal, 10)", lambda x=x: scipy.signal.resample(x, 10))
        record(f"scipy.signal.resample_poly({dtype}_signal, 1, 2)", lambda x=x: scipy.signal.resample_poly(x, 1, 2))
        record(f"scipy.signal.decimate({dtype}_signal, 2)", lambda x=x: scipy.signal.decimate(x, 2))
        record(f"scipy.signal.stft({dtype}_signal, nperseg=8)", lambda x=x: scipy.signal.stft(x, nperseg=8))
        record(f"scipy.signal.spectrogram({dtype}_signal, nperseg=8)",
               lambda x=x: scipy.signal.spectrogram(x, nperseg=8))
        record(f"scipy.signal.welch({dtype}_signal, nperseg=8)", lambda x=x: scipy.signal.welch(x, nperseg=8))
    # torch's data loading of what a Dataset's __getitem__ gives.
    samples = {
        "python_float": [0.5, 1.5], "python_int": [1, 2],
        "np_float64_scalar": [np.float64(0.5), np.float64(1.5)],
        "np_float32_scalar": [np.float32(0.5), np.float32(1.5)],
        "ndarray_float64": [np.zeros(2), np.ones(2)],
        "ndarray_float32": [np.zeros(2, np.float32), np.ones(2, np.float32)],
        "ndarray_int64": [np.zeros(2, np.int64), np.ones(2, np.int64)],
        "dict_python_float": [{"r": 0.5}, {"r": 1.5}],
        "tuple_ndarray_float64_python_float": [(np.zeros(2), 0.5), (np.ones(2), 1.5)],
    }
    for label, data in samples.items():
        record(f"next(iter(torch.utils.data.DataLoader({label}, batch_size=2)))",
               lambda data=data: _plain(next(iter(torch.utils.data.DataLoader(data, batch_size=2)))))
        record(f"next(iter(torch.utils.data.DataLoader({label}, batch_size=None)))",
               lambda data=data: _plain(next(iter(torch.utils.data.DataLoader(data, batch_size=None)))))
    # Scalars torch makes into tensors: the NumPy scalar keeps float64.
    record("torch.tensor([np.float64(0.5), np.float64(1.5)])", lambda: torch.tensor([np.float64(0.5), np.float64(1.5)]))
    record("torch.tensor([np.array(0.5)])", lambda: torch.tensor([np.array(0.5)]))
    record("torch.tensor(np.zeros(2).tolist())", lambda: torch.tensor(np.zeros(2).tolist()))
    record("torch.tensor(df.values)", lambda: torch.tensor(df.values))
    record("torch.tensor(df['f'])", lambda: torch.tensor(df["f"]))
    record("torch.as_tensor(df['f'])", lambda: torch.as_tensor(df["f"]))
    record("torch.from_numpy(df.to_numpy())", lambda: torch.from_numpy(df.to_numpy()))
    return out


def _plain(batch: Any) -> Any:
    """A batch's dict as a tuple of its values (describe keeps tuples' parts)."""
    if isinstance(batch, dict):
        return tuple(batch[key] for key in sorted(batch))
    return batch


def spellings() -> Dict[str, Any]:
    strings = [
        "float64", "f8", "d", "double", "float", "float_", "<f8", ">f8", "=f8", "Float64", "float32", "f4", "f",
        "<f4", ">f4", "single", "half", "float16", "f2", "e", "longdouble", "g", "float128", "bfloat16", "complex",
        "complex128", "c16", "<c16", "D", "cdouble", "complex64", "c8", "F", "int", "int64", "i8", "torch.float64",
        "torch.DoubleTensor", "torch.FloatTensor",
    ]
    spelled: List[Tuple[str, Callable[[], Any]]] = [(f"str:{s}", lambda s=s: s) for s in strings]
    spelled += [(f"builtins.{t.__name__}", lambda t=t: t) for t in (float, int, complex, bool)]
    spelled += [(f"numpy.{n}", lambda n=n: getattr(np, n)) for n in (
        "float64", "double", "float_", "longdouble", "float128", "float32", "single", "float16", "half",
        "complex128", "cdouble", "complex_", "complex64", "int64", "intp",
    )]
    spelled += [("numpy.dtype('float64')", lambda: np.dtype("float64"))]
    spelled += [(f"torch.{n}", lambda n=n: getattr(torch, n)) for n in (
        "float64", "double", "float32", "float", "half", "float16", "bfloat16", "complex128", "cdouble",
        "complex64", "DoubleTensor", "FloatTensor", "HalfTensor", "BFloat16Tensor", "LongTensor", "IntTensor",
        "BoolTensor", "ByteTensor",
    )]
    uses: Dict[str, Callable[[Any], Any]] = {
        "numpy.dtype": lambda s: np.dtype(s).name,
        "numpy.zeros(2, dtype=)": lambda s: np.zeros(2, dtype=s).dtype.name,
        "torch.zeros(2, dtype=)": lambda s: dtype_name(torch.zeros(2, dtype=s).dtype),
        "torch.tensor([0.5], dtype=)": lambda s: dtype_name(torch.tensor([0.5], dtype=s).dtype),
        "torch.Tensor.to()": lambda s: dtype_name(torch.zeros(2).to(s).dtype),
        "torch.Tensor.type()": lambda s: dtype_name(torch.zeros(2).type(s).dtype),
        "pandas.Series.astype()": lambda s: str(pd.Series([1, 2]).astype(s).dtype),
    }
    out: Dict[str, Any] = {}
    for label, get in spelled:
        try:
            spelling = get()
        except AttributeError:
            out[label] = "missing"
            continue
        out[label] = {}
        for use, apply in uses.items():
            try:
                out[label][use] = call(lambda apply=apply, spelling=spelling: apply(spelling))
            except (Exception, Timeout):
                out[label][use] = "error"
    return out


def hand() -> Dict[str, Any]:
    """What no probe here reaches, from the libraries' sources and the issues."""
    return {
        "torch.Tensor.to": {
            "why": "no MPS device in this probe: a float64 (or complex128) tensor moved to 'mps' raises "
                   "TypeError ('Cannot convert a MPS Tensor to float64 dtype ...')",
            "results": {"float64": {"call": "x.to('mps')", "kind": "other", "dtype": None, "raises": "TypeError"}},
        },
        "transformers.audio_utils.mel_filter_bank": {
            "why": "transformers is not probed; the bank is made of np.linspace frequencies, float64",
            "results": {"none": {"call": "f(...)", "kind": "ndarray", "dtype": "float64"}},
        },
        "cv2.imread": {
            "why": "OpenCV is not probed; it reads 8-bit images as uint8 arrays (IMREAD_COLOR), and its "
                   "functions (cvtColor, resize, ...) keep the dtype of the image they are given; imageio's and "
                   "scikit-image's readers too, and Pillow's images hold uint8 arrays (but in modes 'F' and 'I')",
            "results": {"none": {"call": "f(path)", "kind": "ndarray", "dtype": "uint8"}},
        },
        "gymnasium.vector.VectorEnv.step": {
            "why": "gymnasium is not probed; rewards are np.zeros((num_envs,), dtype=np.float64), observations "
                   "take the observation space's dtype",
            "results": {"none": {"call": "env.step(actions)", "kind": "tuple", "dtype": None, "parts": [
                {"kind": "ndarray", "dtype": None}, {"kind": "ndarray", "dtype": "float64"},
                {"kind": "ndarray", "dtype": "bool"}, {"kind": "ndarray", "dtype": "bool"},
                {"kind": "other", "dtype": None, "type": "builtins.dict"}]}},
        },
    }


# ---------------------------------------------------------------- main


# Python's own numbers: the math and statistics modules, and the builtins that compute with
# numbers (not `float` and `int`, which are dtype spellings too).
NUMBER_BUILTINS = ("abs", "max", "min", "round", "sum", "pow")


def python_jobs() -> Tuple[List[Job], Dict[str, str]]:
    # statistics' own functions, not what it imports (`Fraction`, `sqrt`, `groupby`)
    def own(module: str) -> Callable[[str, Any], bool]:
        return lambda name, value: getattr(value, "__module__", None) == module

    named = [*public_callables(math, "math"), *public_callables(statistics, "statistics", own("statistics"))]
    named += public_callables(random, "random")  # (its functions are a hidden generator's methods)
    named += [(f"builtins.{name}", getattr(builtins, name)) for name in NUMBER_BUILTINS]
    jobs = [function_job(name, value, CORE_CLASSES, numpy_inputs) for name, value in named]
    return [*jobs, *object_jobs(PYTHON_OBJECT_MODULES)], {}


def constants() -> Dict[str, Any]:
    """The Python numbers the libraries name (`math.pi`, `np.e`, `torch.inf`), by their kind."""
    found: Dict[str, Any] = {}
    for prefix, module in (("math", math), ("numpy", np), ("torch", torch)):
        for name in sorted(dir(module)):
            value = getattr(module, name, None)
            if not name.startswith("_") and type(value) in (float, int):
                found[f"{prefix}.{name}"] = describe(value)["kind"]
    return found


LIBRARIES: Dict[str, Callable[[], Tuple[List[Job], Dict[str, str]]]] = {
    "numpy": numpy_jobs, "scipy": scipy_jobs, "pandas": pandas_jobs, "sklearn": sklearn_jobs, "torch": torch_jobs,
    "python": python_jobs,
}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--only", help="probe only names starting with this (writes nothing unless --out)")
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 1)))
    parser.add_argument("--quiet", action="store_true")
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    entries: Dict[str, Any] = {}
    aliases: Dict[str, str] = {}
    unreached: Dict[str, List[str]] = {}
    counts: Dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="f64lint-probe-") as workdir:
        for library, make_jobs in LIBRARIES.items():
            jobs, library_aliases = make_jobs()
            if arguments.only:
                jobs = [job for job in jobs if job.key.startswith(arguments.only)]
            if not jobs:
                continue
            if not arguments.quiet:
                print(f"{library}: {len(jobs)} probes", file=sys.stderr, flush=True)
            outcome = run_jobs(jobs, arguments.jobs, workdir, arguments.quiet)
            known = len(entries)  # the library's entries are those added from here
            for key, value in outcome.results.items():
                if library == "sklearn" and key.rpartition(".")[2][:1].isupper():  # an estimator's members
                    for member, by_class in value.items():
                        entries[f"{key}.{member}"] = by_class
                elif isinstance(value, dict) and set(value) == {"entry", "call"}:
                    if value["entry"]:
                        entries[key] = value["entry"]
                    if value["call"]:
                        entries[f"{key}.__call__"] = value["call"]
                else:
                    entries[key] = value
            for reason, keys in outcome.unreached.items():
                unreached.setdefault(reason, []).extend(keys)
            aliases.update({a: k for a, k in library_aliases.items() if k in entries})
            counts[library] = len(entries) - known
        excluded = sorted(
            f"{module}.{name}"
            for module, names in EXCLUDED.items()
            for name in names
            if hasattr(sys.modules[module], name)
        )
        unreached["excluded (files, terminal, global state)"] = excluded
        spelling_jobs = [Job("chains", chains), Job("dtype_spellings", spellings)]
        special = run_jobs(spelling_jobs, arguments.jobs, workdir, True).results
        device_jobs = [default_device_job(name, value) for name, value in torch_functions()[0]]
        placed = run_jobs(device_jobs, arguments.jobs, workdir, True).results
    table = {
        "format": 1,
        "versions": {
            "python": platform.python_version(), "numpy": np.__version__, "pandas": pd.__version__,
            "scipy": scipy.__version__, "sklearn": sklearn.__version__, "torch": torch.__version__,
        },
        "entries": entries,
        "aliases": aliases,
        "chains": special.get("chains", {}),
        "dtype_spellings": special.get("dtype_spellings", {}),
        "hand": hand(),
        "members": {"torch.Tensor": sorted(name for name in dir(torch.Tensor) if not name.startswith("_"))},
        "constants": constants(),
        "default_device": sorted(name for name, found in placed.items() if found["on_default_device"]),
        "unreached": {reason: sorted(set(keys)) for reason, keys in unreached.items()},
    }
    elapsed = time.monotonic() - started
    text = json.dumps(table, sort_keys=True, indent=1) + "\n"
    if arguments.only and arguments.out == OUT:
        print(json.dumps(entries, sort_keys=True, indent=1))
    else:
        arguments.out.write_text(text)
    print(f"{len(entries)} entries {counts} in {elapsed:.0f} s; {len(text) / 1e6:.2f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
