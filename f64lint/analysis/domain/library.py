"""What the analysis knows of torch's and NumPy's functions and methods, in one table: the
dtype of what each returns. A library function is known the way a summary knows a
function of the project: by what comes out of it.

Functions are keyed by qualified name (`numpy.zeros`, `torch.cat`); methods and
attributes by the type of the object and their name (`numpy.ndarray.reshape`,
`torch.Tensor.clone`, `numpy.random.Generator.normal`, `sklearn.preprocessing.
StandardScaler.mean_`). `MAKES` says which calls make objects of those other types
(`np.random.default_rng()` a Generator), `RETURNS_SELF` which of their methods give the
object back (`StandardScaler().fit(x)`). The sets the rest of the analysis reads are views
of these tables.

Array API code (scikit-learn's, SciPy's) takes its functions and dtypes from a namespace
it asks the data for (`xp, _ = get_namespace(X)`), which is torch's for torch tensors, on
MPS too: `NAMESPACES` are those calls, and a name they bind is read as `torch`
(`xp.float64` is `torch.float64`, `xp.asarray` is `torch.asarray`). `WIDEST_FIRST_DTYPES`
are the calls that list the float dtypes a device supports, float64 first, and leave
float64 out for MPS only when they are given the device.
"""

from __future__ import annotations

import enum
from typing import Dict, FrozenSet, Iterable, Mapping, Optional, Tuple, TypeVar

_V = TypeVar("_V")


class Returns(enum.Enum):
    FLOAT64 = "float64 unless given a dtype"  # NumPy's float makers: `np.zeros(3)`
    DATA_DTYPE = "the dtype of its data"  # `np.array([0.5])` float64, `torch.tensor(a)` a's
    ARGUMENT_DTYPE = "the dtype of its widest array or tensor argument"  # `np.cumsum(a)`, `torch.cat`
    # `np.sin(a)` as ARGUMENT_DTYPE, but float64 of Python numbers: `np.log(0.5)` is np.float64.
    FLOAT_OF_NUMBERS = "float64 of Python numbers, else the dtype of its float argument"
    RECEIVER_DTYPE = "the dtype of what it is called on"  # `a.reshape(...)`, `t.clone()`
    # (By hand: the probe, passing the receiver itself, sees the receiver's dtype kept.)
    GIVEN_TENSOR_DTYPE = "the dtype of the tensor it is given"  # `t.type_as(other)`
    DEFAULT_DTYPE = "the default dtype (float32) or an integer dtype unless given one"  # `torch.zeros`
    NOT_FLOAT = "indices or booleans"  # `t.argmax()`, `t.isnan()`
    # NumPy's integer arrays (int64): true division, or a float operand, makes them float64.
    INTEGERS = "integers (indices, counts) unless given a dtype"  # `np.bincount(labels)`
    # A Python float: float64 in a NumPy array (`np.array([math.sqrt(v) for v in vs])`),
    # torch's default dtype in a tensor.
    PYTHON_FLOAT = "a Python float"
    # A Python int: int64 in a NumPy array; true division by it makes NumPy's integers float64.
    PYTHON_INT = "a Python int"
    PIXELS = "8-bit integers, an image's pixels"  # `cv2.imread(path)`
    # `skimage.img_as_float(image)`: unlike NumPy's ufuncs, float64 of 8-bit integers too.
    FLOAT64_OF_INTEGERS = "float64 of integers, else the dtype of its float argument"
    FIRST_ARGUMENT_DTYPE = "the dtype of the array it is given first"  # `cv2.resize(image, size)`
    SAME_OBJECT = "an object of its receiver's type and data"  # `image.convert("RGB")`


def _entries(prefix: str, returns: Returns, names: Iterable[str]) -> Dict[str, Returns]:
    return {f"{prefix}.{name}": returns for name in names}


_INDICES_OR_BOOLEANS = (
    "multinomial", "argmax", "argmin", "argsort", "nonzero", "isnan", "isinf", "isfinite",
    "isclose", "allclose", "equal", "searchsorted", "bucketize", "count_nonzero", "all", "any",
    "logical_and", "logical_or", "logical_not",
)

_GENERATOR_FLOATS = (
    "normal", "standard_normal", "random", "uniform", "exponential", "standard_exponential",
    "gamma", "standard_gamma", "beta", "lognormal", "laplace", "logistic", "gumbel", "chisquare",
    "standard_t", "standard_cauchy", "multivariate_normal", "dirichlet", "triangular", "weibull",
    "rayleigh", "vonmises", "wald", "pareto", "power", "f",
)
_WINDOWS = (
    "hann", "hamming", "blackman", "blackmanharris", "bartlett", "kaiser", "gaussian", "tukey",
    "cosine", "boxcar", "triang", "flattop", "nuttall", "parzen", "bohman", "exponential",
)
_TRANSFORMS = ("fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "fftn", "ifftn", "dct", "idct", "fftshift", "ifftshift")

# transformers' audio feature extractors whose mel filter bank is float64 (made by
# `audio_utils.mel_filter_bank`, of `np.linspace` frequencies).
_MEL_EXTRACTORS = tuple(
    f"transformers.{name}FeatureExtractor" for name in ("Whisper", "Clap", "Clvp")
)

# gymnasium's (and gym's) vector environments, as their module names the classes.
_VECTOR_ENV_MAKERS = ("vector.SyncVectorEnv", "vector.AsyncVectorEnv", "make_vec")

# Image libraries (not probed: none of them is installed where the table is). Their readers
# give 8-bit images, integer arrays (`cv2.imread`, `imageio.imread`), or, for Pillow, images
# whose array is one (`np.asarray(Image.open(path))`): true division or a Python float makes
# them NumPy's float64 (`image / 255.0`). OpenCV's functions keep the dtype of the image they
# are given; Pillow's methods give an image of the same data, but `convert` to a mode that is
# not 8-bit (`"F"` is float32, `"I"` int32).
_IMAGE_READERS = ("cv2.imread", "cv2.imdecode", "imageio.imread", "imageio.v2.imread", "imageio.v3.imread",
                  "skimage.io.imread")
# scikit-image's conversions to floats: `img_as_float` makes integer images float64 and keeps
# float32 ones, `img_as_float64` makes any float64.
_SKIMAGE_AS_FLOAT = ("skimage.img_as_float", "skimage.util.img_as_float")
_SKIMAGE_AS_FLOAT64 = ("skimage.img_as_float64", "skimage.util.img_as_float64")
_OPENCV_KEEPS_DTYPE = (
    "cvtColor", "resize", "flip", "rotate", "transpose", "GaussianBlur", "medianBlur", "blur", "bilateralFilter",
    "warpAffine", "warpPerspective", "remap", "copyMakeBorder", "erode", "dilate", "merge", "pyrDown", "pyrUp",
)
_PILLOW_IMAGE = "PIL.Image.Image"
_PILLOW_SAME_DATA = ("convert", "resize", "crop", "rotate", "transpose", "copy", "filter", "reduce")
_PILLOW_EIGHT_BIT_MODES = frozenset({"1", "L", "P", "RGB", "RGBA", "RGBX", "CMYK", "YCbCr", "LAB", "HSV", "LA", "PA"})
# `SAME_OBJECT` methods that keep the data's dtype only when converting to one of these modes
# (their first argument) or given none.
SAME_DATA_IN_MODES: Dict[str, FrozenSet[str]] = {f"{_PILLOW_IMAGE}.convert": _PILLOW_EIGHT_BIT_MODES}
# The dtype of the data of library objects that hold an array of one (`np.asarray(image)`).
OBJECT_DATA_DTYPES: Dict[str, str] = {_PILLOW_IMAGE: "uint8"}
# Files whose pixels may be floats (OpenEXR, Radiance HDR, TIFF, PFM, FITS): a reader or
# `Image.open` of a path written out with such a suffix gives pixels of a dtype not known.
FLOAT_IMAGE_SUFFIXES = (".exr", ".hdr", ".pfm", ".tif", ".tiff", ".fits", ".fit")
# Readers whose flags (at this place, or `flags=`) can ask for other depths
# (`cv2.IMREAD_UNCHANGED`, `cv2.IMREAD_ANYDEPTH`): pixels not known but with these flags,
# which read 8 bits.
READER_FLAGS: Dict[str, int] = {"cv2.imread": 1, "cv2.imdecode": 1}
EIGHT_BIT_READS = frozenset(
    {"cv2.IMREAD_COLOR", "cv2.IMREAD_GRAYSCALE", "cv2.IMREAD_COLOR_BGR", "cv2.IMREAD_COLOR_RGB"}
    | {f"cv2.IMREAD_REDUCED_{kind}_{n}" for kind in ("COLOR", "GRAYSCALE") for n in (2, 4, 8)}
)

# Objects other than arrays and tensors that library calls make, by the call's qualified name.
MAKES: Dict[str, str] = {
    "PIL.Image.open": _PILLOW_IMAGE,
    "numpy.random.default_rng": "numpy.random.Generator",
    "numpy.random.RandomState": "numpy.random.RandomState",
    "sklearn.preprocessing.StandardScaler": "sklearn.preprocessing.StandardScaler",
    "sklearn.utils.check_random_state": "numpy.random.RandomState",
    "sklearn.utils.validation.check_random_state": "numpy.random.RandomState",
    **{maker: extractor for extractor in _MEL_EXTRACTORS for maker in (extractor, f"{extractor}.from_pretrained")},
    **{f"{gym}.{maker}": "gymnasium.vector.VectorEnv" for gym in ("gymnasium", "gym") for maker in _VECTOR_ENV_MAKERS},
}
# The methods of those objects that give a tuple with float64 arrays at these places: a
# vector environment's `step` gives (observations, rewards, terminated, truncated, infos),
# or (observations, rewards, dones, infos) in gym's older interface, its rewards float64
# (`np.zeros((num_envs,), dtype=np.float64)`); observations take the space's dtype.
FLOAT64_PARTS: Dict[str, FrozenSet[int]] = {"gymnasium.vector.VectorEnv.step": frozenset({1})}
# The calls that give an array API namespace: which part of what they return it is (None:
# all of it), and the module it is read as (torch's namespace is the one on MPS).
NAMESPACES: Dict[str, Tuple[Optional[int], str]] = {
    "array_api_compat.array_namespace": (None, "torch"),
    "array_api_compat.get_namespace": (None, "torch"),
    "sklearn.externals.array_api_compat.array_namespace": (None, "torch"),
    "scipy._lib._array_api.array_namespace": (None, "torch"),
    "sklearn.utils._array_api.get_namespace": (0, "torch"),  # (xp, is_array_api_compliant)
    "sklearn.utils._array_api.get_namespace_and_device": (0, "torch"),  # (xp, is_array_api_compliant, device)
}
# The calls that give the device an array is on (an MPS tensor's is MPS), or a tuple with it.
DATA_DEVICES = frozenset({
    "array_api_compat.device",
    "sklearn.externals.array_api_compat.device",
    "sklearn.utils._array_api.device",
    "sklearn.utils._array_api.get_namespace_and_device",
})
# The calls that tell a namespace is NumPy's (true only off MPS), or torch's (true on MPS).
NUMPY_NAMESPACE_TESTS = frozenset({
    "array_api_compat.is_numpy_namespace",
    "sklearn.externals.array_api_compat.is_numpy_namespace",
    "sklearn.utils._array_api._is_numpy_namespace",
    "scipy._lib._array_api.is_numpy",
})
# The calls true only on a machine with CUDA, which has no MPS (`if torch.cuda.is_available():`
# runs off MPS).
CUDA_MACHINE_TESTS = frozenset({"torch.cuda.is_available", "torch.cuda.is_initialized"})
TORCH_NAMESPACE_TESTS = frozenset({
    "array_api_compat.is_torch_namespace",
    "sklearn.externals.array_api_compat.is_torch_namespace",
    "scipy._lib._array_api.is_torch",
})
# The dtypes a namespace supports on a device, widest first; without the device, those of
# the default device (the CPU), float64 included.
WIDEST_FIRST_DTYPES: Dict[str, str] = {"sklearn.utils._array_api.supported_float_dtypes": "device"}

# torch's factories whose tensor is a float of the default dtype when given no dtype (not
# `arange` of integers, `full` of an integer, `randint`, nor those `_like` another tensor).
DEFAULT_FLOAT_FACTORIES = frozenset(
    f"torch.{name}" for name in ("zeros", "ones", "empty", "rand", "randn", "linspace", "logspace", "eye")
)

# Calls the analysis knows by what they do with data and devices rather than by the dtype
# they give (hand entries: probing a call on the CPU cannot show this).
# Make a new CPU tensor of their data unless given a device.
COPIED_TO_THE_CPU = frozenset({"torch.tensor", "torch.from_numpy"})
# Share a NumPy array's memory: on the CPU, on purpose.
SHARES_NUMPY_MEMORY = frozenset({"torch.from_numpy"})
# Check gradients numerically, and ask for float64 to do it (below it they warn, and their
# finite differences fail): code that hands them values keeps float64 on purpose. By hand:
# what they object to is precision, not a dtype a probe can see.
NEEDS_FLOAT64 = frozenset({
    "torch.autograd.gradcheck", "torch.autograd.gradgradcheck", "torch.autograd.gradcheck.gradcheck",
    "torch.autograd.gradcheck.gradgradcheck",
})
# Make a tensor of data and take a `dtype=` (`torch.tensor(x, dtype=...)`).
TENSORS_OF_DATA_WITH_DTYPE = frozenset({"torch.tensor", "torch.as_tensor", "torch.asarray"})
# Make a tensor of one Python number.
SCALAR_TENSORS = frozenset({"torch.tensor", "torch.scalar_tensor"})
# Make a parameter or buffer of their data, which moves with the module it is set on.
# (An embedding made of pretrained vectors keeps them as its weight: `Embedding.from_pretrained(t)`.)
MODULE_STATE = frozenset({
    "torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.Buffer", "torch.nn.Embedding.from_pretrained",
    "torch.nn.EmbeddingBag.from_pretrained",
})
# NumPy's arrays of the data they are given.
NUMPY_ARRAYS_OF_DATA = frozenset({"numpy.array", "numpy.asarray", "numpy.ascontiguousarray", "numpy.copy"})
# NumPy's integer arrays of integer arguments besides the `Returns.INTEGERS` table's (`np.arange(n)`).
NUMPY_RANGES = frozenset({"numpy.arange"})
# Take the tensors where they are: gradients are computed on their devices, comparisons made.
KEEP_TENSORS_WHERE_THEY_ARE = frozenset(
    {"torch.autograd.backward", "torch.autograd.grad", "torch.testing.assert_close", "torch.Tensor.backward"}
)
# torch's optimizers (a prefix) update the parameters they are given where they are, and
# keep their state like them: `torch.optim.LBFGS([log_t])` moves no tensor.
OPTIMIZERS = "torch.optim."
# torch.distributed (collectives, RPC, `DistributedDataParallel`): gloo is CPU, nccl CUDA, none MPS.
DISTRIBUTED = ("torch.distributed.", "torch.nn.parallel.DistributedDataParallel")  # a prefix, a class
DISTRIBUTED_RPC = "torch.distributed.rpc."
# Quantized tensors have no MPS backend: the float64 scales these take never reach it.
QUANTIZATION_OPS = frozenset(
    f"torch.{name}"
    for name in (
        "quantize_per_channel", "quantize_per_tensor", "fake_quantize_per_channel_affine",
        "fake_quantize_per_tensor_affine", "_make_per_channel_quantized_tensor",
        "_make_per_tensor_quantized_tensor", "_empty_per_channel_affine_quantized", "_empty_affine_quantized",
    )
)
QUANTIZED_DTYPES = frozenset(f"torch.{name}" for name in ("qint8", "quint8", "qint32", "quint4x2", "quint2x4"))
# CUDA calls that raise on a machine without CUDA (unlike `is_available()` or `empty_cache()`).
CUDA_ONLY_NAMES = frozenset({
    "current_stream", "default_stream", "synchronize", "set_device", "current_device",
    "get_device_properties", "get_device_name", "get_device_capability", "mem_get_info", "Stream", "Event",
})
CUDA_ONLY = frozenset(f"torch.cuda.{name}" for name in CUDA_ONLY_NAMES)
# The modules whose calls ask about MPS or set it up.
MPS_MODULES = ("torch.backends.mps", "torch.mps")
# Where NumPy's makers take a dtype among their positional arguments (`np.ones(n, np.float32)`).
DTYPE_PLACES: Dict[str, int] = {
    **{f"numpy.{name}": 1 for name in (
        "zeros", "ones", "empty", "identity", "array", "asarray", "ascontiguousarray", "zeros_like", "ones_like",
        "empty_like", "loadtxt", "genfromtxt",
    )},
    "numpy.full": 2, "numpy.full_like": 2, "numpy.eye": 3, "numpy.linspace": 5, "numpy.logspace": 5,
    "numpy.geomspace": 4,
    # SciPy's sparse matrices: `sp.identity(n, np.float32)`, `csr_matrix(data, shape, dtype)`
    "scipy.sparse.identity": 1, "scipy.sparse.eye": 3, "scipy.sparse.eye_array": 3, "scipy.sparse.diags": 4,
    "scipy.sparse.diags_array": 4, "scipy.sparse.random": 4, "scipy.sparse.rand": 4, "scipy.sparse.random_array": 3,
    **{f"scipy.sparse.{layout}_{kind}": 2 for layout in ("bsr", "coo", "csc", "csr", "dia", "dok", "lil")
       for kind in ("matrix", "array")},
}
# Datasets whose items are the tensors they are made of, by place: a batch of
# `DataLoader(TensorDataset(x, y))` is `(x-rows, y-rows)`, of `x`'s and `y`'s dtypes.
DATASETS_OF_TENSORS = frozenset({"torch.utils.data.TensorDataset", "torch.utils.data.dataset.TensorDataset"})
# torch modules that keep the modules they are given as submodules (each positional
# argument, each element of a list given): moving one moves them, buffers and all.
SUBMODULE_CONTAINERS = frozenset({"torch.nn.Sequential", "torch.nn.ModuleList"})
# Loaders whose batches their default collate makes of the dataset's items: tensors of the
# items' arrays' dtypes, float64 of Python floats (torch.utils.data.default_collate).
DATA_LOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
# Readers of text formats that give Python's values: their numbers are Python's integers and
# floats, which NumPy makes int64 and float64 arrays of (`np.array(config["anchors"])`). By
# hand: the probe reads NumPy's and pandas' readers (`pandas.read_csv` is probed on a file).
PYTHON_VALUE_READERS = frozenset({
    "json.load", "json.loads", "yaml.safe_load", "yaml.load", "yaml.full_load", "yaml.unsafe_load",
    "tomllib.load", "tomllib.loads", "tomli.load", "tomli.loads", "toml.load", "toml.loads",
})
# Readers of arrays saved to a file: of the dtype they were saved with, which the code
# reading them does not show (`np.load(path)`, and the items of an `.npz` archive it opens).
# By hand: the probe cannot know what a file holds.
ARRAY_FILE_READERS = frozenset({"numpy.load"})
# Writers of one array to a file that such a reader gives back as it was, by the places of
# the file and the array among their arguments (`np.save(path, vectors)`). By hand, as above.
ARRAY_FILE_WRITERS = {"numpy.save": (0, 1)}
# Calls that put a path together whose last argument names the file (`os.path.join(tmp,
# "items.npy")`, `Path(folder, "items.npy")`).
PATH_JOINERS = frozenset({"os.path.join", "posixpath.join", "pathlib.Path", "pathlib.PurePath"})
# Calls that give back one of their arguments, by its place: `typing.cast(T, value)` is
# `value`; `iter(xs)` gives xs's elements, as a loop over xs does.
GIVES_ARGUMENT = {"typing.cast": 1, "builtins.iter": 0}
# What gives one element of an iterator, else its default: `next(it, None)`.
NEXT_ELEMENT = "builtins.next"
# What makes a function of another with its first arguments given: `partial(f, a)(b)` is `f(a, b)`.
BINDS_ARGUMENTS = "functools.partial"
# What declares a dataclass's field, and the keywords that give its value: the value, or a
# function called for it (`field(default_factory=lambda: np.array([0.5, 0.2]))`).
DECLARES_A_FIELD = "dataclasses.field"
FIELD_DEFAULT_KEYWORDS = ("default", "default_factory")
# The keyword of a field left out of the generated `__init__` (`field(init=False)`).
FIELD_IN_INIT = "init"
# What makes a class's `__init__` of its annotated fields, in order, each set from the
# argument given for it (`Config(anchors=a)` sets `self.anchors = a`), else its default.
GENERATES_INIT = frozenset({
    "dataclasses.dataclass", "pydantic.dataclasses.dataclass", "attrs.define", "attrs.frozen", "attrs.mutable",
    "attr.define", "attr.frozen", "attr.mutable",
})
# The bases that make a class's `__init__` of its annotated fields so (`class
# Transition(NamedTuple): obs: np.ndarray`).
GENERATES_INIT_BASES = frozenset({"typing.NamedTuple"})
# The method such an `__init__` calls last, which may set a field again.
AFTER_GENERATED_INIT = "__post_init__"
# The annotation of a class attribute that is not a field (`n: ClassVar[int] = 3`).
NOT_A_FIELD = frozenset({"typing.ClassVar"})
# What calls a function on each element of an iterable: `map(f, xs)` gives `f(x)` for each x.
CALLS_ON_EACH = "builtins.map"
# What awaits awaitables together, giving a list of what each gives (`gather(*tasks)`).
AWAITS_TOGETHER = frozenset({"asyncio.gather"})
# What a loop over gives tuples of one element of each iterable given (`zip(xs, ys)`,
# `itertools.product(sizes, ratios)`), and for `enumerate(xs)` a count and an element.
ELEMENT_TUPLES = frozenset({"builtins.zip", "itertools.product"})
COUNTED = "builtins.enumerate"
# What makes a list, tuple, deque or set of an iterable's elements, or an empty one
# (`tuple(a[s:e] for a in arrays)`, `deque(maxlen=n)`).
COLLECTS_ELEMENTS = frozenset(
    {"builtins.list", "builtins.tuple", "builtins.sorted", "builtins.reversed", "builtins.set", "collections.deque"}
)
# What makes a dict whose missing keys get what a factory makes (`defaultdict(list)`).
FILLS_MISSING_KEYS = "collections.defaultdict"
# What makes a dict of counts, Python ints (`Counter(tokens)[word]`).
COUNTS = "collections.Counter"
# What looks up an object's attribute by its name: `getattr(torch, "float64")` is `torch.float64`.
ATTRIBUTE_BY_NAME = "builtins.getattr"
# What sets an object's attribute by its name: `setattr(self, "scale", np.ones(3))`.
SETS_ATTRIBUTE_BY_NAME = "builtins.setattr"
# What gives an object's attributes as a dict, by name: `vars(data)`.
ATTRIBUTES_AS_DICT = "builtins.vars"
# What makes a class of tuples whose places are named fields, read as attributes too
# (`Transition = namedtuple("Transition", ["obs", "reward"])`, then `batch.reward`).
MAKES_NAMED_TUPLES = frozenset({"collections.namedtuple"})
# Decorators that call the function they decorate as it is written: what a call of it
# gives is what its body returns for the arguments given.
TRANSPARENT_DECORATORS = frozenset({
    "builtins.staticmethod", "builtins.classmethod", "functools.lru_cache", "functools.cache",
})


class DictGives(enum.Enum):
    """What a dict's method gives of the values it holds."""

    ONE = "one of them"  # `batch.get("x")`
    ALL = "all of them"  # `batch.values()`
    WITH_KEYS = "each with its key"  # `batch.items()`
    ITSELF = "the dict again"  # `batch.copy()`


DICT_TYPE = "builtins.dict"
# The methods that change what a dict holds.
DICT_CHANGES = frozenset(
    f"{DICT_TYPE}.{name}" for name in ("update", "pop", "popitem", "setdefault", "clear", "__setitem__", "__delitem__")
)
DICT_GIVES = {
    **{f"{DICT_TYPE}.{name}": DictGives.ONE for name in ("get", "pop", "setdefault")},
    f"{DICT_TYPE}.values": DictGives.ALL,
    f"{DICT_TYPE}.items": DictGives.WITH_KEYS,
    f"{DICT_TYPE}.copy": DictGives.ITSELF,
}
# Methods that give data of the dtype asked, whatever they are called on (NumPy's arrays,
# pandas' frames and series; torch's tensors have neither), with the place of the dtype
# among their positional arguments (None: only as `dtype=`): `frame.to_numpy(dtype="float64")`,
# `deepcopy(coords).astype(float)`.
ARRAY_OF_THE_DTYPE_ASKED: Dict[str, Optional[int]] = {"to_numpy": 0, "astype": 0}
# The legacy float64 tensor types (`torch.set_default_tensor_type(torch.DoubleTensor)`).
DOUBLE_TENSOR_TYPES = frozenset({"torch.DoubleTensor", "torch.cuda.DoubleTensor"})
# The dtypes, by qualified name, with their width: "float64", "complex128", or "narrow".
DTYPE_WIDTHS: Dict[str, str] = {
    "torch.float64": "float64",
    "torch.double": "float64",
    "torch.complex128": "complex128",
    "torch.cdouble": "complex128",
    "torch.float32": "narrow",
    "torch.float": "narrow",  # torch.float is float32, unlike Python's float
    "torch.float16": "narrow",
    "torch.half": "narrow",
    "torch.bfloat16": "narrow",
    "torch.complex64": "narrow",
    "torch.cfloat": "narrow",
    "numpy.float64": "float64",
    "numpy.double": "float64",
    "numpy.float_": "float64",
    "numpy.complex128": "complex128",
    "numpy.cdouble": "complex128",
    "numpy.complex_": "complex128",
    "numpy.float32": "narrow",
    "numpy.single": "narrow",
    "numpy.float16": "narrow",
    "numpy.half": "narrow",
    "numpy.complex64": "narrow",
    "builtins.float": "float64",
    "builtins.complex": "complex128",
}

# Names that `from torch import *` / `from numpy import *` bring in and that the analysis reads.
STAR_EXPORTS: Dict[str, FrozenSet[str]] = {
    "torch": frozenset(
        {
            "float64", "double", "complex128", "cdouble", "DoubleTensor", "from_numpy",
            "tensor", "as_tensor", "asarray", "set_default_dtype", "set_default_tensor_type",
            "device", "float32", "float", "float16", "half", "bfloat16", "complex64", "cfloat",
        }
    ),
    "numpy": frozenset(
        {
            "float64", "double", "float_", "complex128", "cdouble", "complex_", "float32",
            "single", "float16", "half", "zeros", "ones", "empty", "full", "eye", "identity",
            "linspace", "logspace", "geomspace", "array", "asarray", "arange", "loadtxt",
            "genfromtxt",
        }
    ),
}

# Methods and attributes by what they do with a tensor's or an array's data, device or
# dtype (hand entries: probing dtypes cannot show this). Code reads them by the name a call
# or an attribute spells (`short_names`, `by_short_name`): `x.to(...)` of whatever `x` is.
TENSOR_TYPE = "torch.Tensor"  # the type torch's tensor methods are keyed by
ARRAY_TYPE = "numpy.ndarray"  # and NumPy's array methods
_T, _A = TENSOR_TYPE, ARRAY_TYPE
# Casts to a narrow float, with the dtype each gives.
NARROWING_CASTS: Dict[str, str] = {
    f"{_T}.float": "float32", f"{_T}.half": "float16", f"{_T}.bfloat16": "bfloat16", f"{_T}.cfloat": "complex64",
}
# Casts to float64 or complex128 (`t.double()`), and the methods that may put a tensor on an
# accelerator or keep it float64 while doing so.
FLOAT64_CASTS = frozenset({f"{_T}.double", f"{_T}.cdouble"})
MOVES_OR_KEEPS_FLOAT64 = FLOAT64_CASTS | {f"{_T}.to", f"{_T}.cuda"}
# Methods that move a tensor (or pin or share its memory) and keep its dtype unless given one.
TENSOR_MOVES = frozenset(
    f"{_T}.{name}" for name in ("to", "cuda", "mps", "xpu", "type", "pin_memory", "share_memory_")
)
# Methods that convert a tensor to the dtype they are given (`t.to(torch.float64)`), and
# those that take a dtype by place (also `t.view(torch.int32)`).
CONVERTS_TO_DTYPE_GIVEN = frozenset({f"{_T}.to", f"{_T}.type"})
DTYPE_BY_PLACE = CONVERTS_TO_DTYPE_GIVEN | {f"{_T}.view"}
# What a tensor or a module reports as its device.
OWN_DEVICE = frozenset({f"{_T}.device", f"{_T}.get_device"})
# Attributes and methods that ask a tensor its dtype.
DTYPE_QUERIES = frozenset({f"{_T}.dtype", f"{_T}.is_complex", f"{_T}.is_floating_point"})
# Attributes that ask a tensor about itself, not its data.
TENSOR_QUERIES = frozenset(f"{_T}.{name}" for name in ("dtype", "shape", "ndim", "device", "is_cuda", "requires_grad"))
# Methods whose result is a Python value or a size on the CPU, not a tensor.
CPU_RESULTS = frozenset(
    f"{_T}.{name}"
    for name in ("item", "tolist", "numpy", "size", "dim", "numel", "is_floating_point", "is_complex", "nelement")
)
# Methods that change a tensor in place, on its device.
IN_PLACE = frozenset(f"{_T}.{name}" for name in ("fill_", "zero_", "copy_", "add_", "sub_", "mul_", "div_", "clamp_"))
# Attributes that are a tensor's gradient or a view of it (`x.T`), on its device.
SAME_DTYPE_VIEWS = frozenset(f"{_T}.{name}" for name in ("grad", "T", "mT", "H", "mH", "real", "imag", "data"))
# What keeps a dtype beyond the table's `RECEIVER_DTYPE` methods: an array's transpose and
# parts, a tensor's views and selections.
ARRAY_VIEWS = frozenset({f"{_A}.T", f"{_A}.real", f"{_A}.imag"})
TENSOR_VIEWS = frozenset({f"{_T}.view", f"{_T}.narrow", f"{_T}.index_select"})
# Methods whose result has the dtype they name (`.astype(np.float32)`, `.long()`).
DTYPE_NAMED_CASTS = frozenset(
    {f"{_A}.astype", *(f"{_T}.{name}" for name in ("long", "int", "bool", "float", "half", "double", "short", "byte"))}
)
# Integer casts of a tensor.
INTEGER_CASTS = frozenset(f"{_T}.{name}" for name in ("long", "int", "bool", "short", "byte", "char"))
# Methods that convert data to a dtype or to Python values.
CONVERSIONS = frozenset(
    {
        f"{_A}.astype", f"{_A}.tolist", f"{_A}.item",
        *(f"{_T}.{name}" for name in ("numpy", "tolist", "item", "long", "int", "bool", "float", "half")),
    }
)
# Attributes and methods that give sizes, counts and places, not data.
SIZES_AND_PLACES = frozenset(
    {
        *(f"{_A}.{name}" for name in ("shape", "ndim", "size", "nbytes", "itemsize", "dtype")),
        *(f"{_T}.{name}" for name in ("shape", "ndim", "size", "dim", "numel", "dtype", "device")),
    }
)
# Attributes and methods that show an object is an array or a tensor.
ARRAY_MEMBERS = frozenset(
    {
        *(f"{_A}.{name}" for name in ("shape", "ndim", "dtype", "astype", "reshape", "T", "flatten", "ravel", "copy")),
        f"{_T}.numpy",
    }
)
# Methods that give the same data in another container or place.
SAME_DATA = frozenset(
    {
        "pandas.DataFrame.to_numpy", f"{_A}.copy", f"{_A}.flatten", f"{_A}.ravel", f"{_A}.squeeze",
        *(f"{_T}.{name}" for name in ("numpy", "cpu", "detach", "clone", "unique")),
    }
)
# Functions whose first argument is a count or a size.
SIZED_MAKERS = frozenset(
    {
        "builtins.range",
        *(f"numpy.{name}" for name in ("arange", "zeros", "ones", "empty", "full", "linspace", "eye")),
        *(f"numpy.random.{name}" for name in ("rand", "randn", "randint")),
    }
)
# Tensor methods that take an index tensor, and its place: `x.index_select(dim, index)`.
INDEX_ARGUMENT: Dict[str, int] = {
    **{f"{_T}.{name}": 1 for name in (
        "index_select", "gather", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "index_add",
        "index_add_", "index_copy", "index_copy_", "index_fill", "index_fill_", "take_along_dim",
    )},
    f"{_T}.take": 0,
}
# Functions that take one: an embedding's indices, and the class indices a classification
# loss takes as its target (`F.cross_entropy(logits, y)`).
FUNCTION_INDEX_ARGUMENT: Dict[str, int] = {
    "torch.nn.functional.embedding": 0, "torch.nn.functional.cross_entropy": 1, "torch.nn.functional.nll_loss": 1,
}
# Builtins that give Python values of what they are given, where it is.
PLAIN_BUILTINS = frozenset(
    f"builtins.{name}"
    for name in ("float", "int", "len", "print", "str", "repr", "bool", "round", "isinstance", "type")
)
# The dtype NumPy gives a Python number of each type, as an annotation names it (`n: int`).
PYTHON_NUMBER_TYPES: Dict[str, str] = {"builtins.int": "int64", "builtins.float": "float64", "builtins.bool": "bool"}
# RPC calls of torch.distributed.
RPC_CALLS = frozenset(
    {"torch.distributed.rpc.rpc_sync", "torch.distributed.rpc.rpc_async", "torch.distributed.rpc.RRef.to_here"}
)
# Registrations of an operator's meta or fake kernel, which runs on no device.
META_REGISTRATIONS = frozenset(
    {
        "torch._meta_registrations.register_meta", "torch.library.register_fake", "torch.library.impl_abstract",
        "torch._library.fake_class_registry.register_fake_class", "torch._subclasses.fake_impls.register_op_impl",
    }
)

RETURNS_SELF = frozenset({"fit", "partial_fit"})
# Methods of a library object that set the arguments it was made with again
# (`vectorizer.set_params(dtype=np.float32)`): what it was made with no longer says.
SETS_PARAMETERS = frozenset({"set_params"})
# What calling an object runs: its class's `__call__`, which for a torch module
# (`torch.nn.Module.__call__`) runs its `forward` (`layer(x)` is `forward(self, x)`).
RUN_BY_A_CALL = ("__call__", "forward")
# torch's layers: its classes in `torch.nn` (`nn.Linear`, `nn.Conv2d`, `nn.Sequential`), not
# the tensors a module keeps (`MODULE_STATE`). A layer called gives a tensor where its input is.
LAYERS = "torch.nn."
# The methods of a torch module that give the module itself back (`Net(d).to(device)`).
MODULE_GIVES_ITSELF = frozenset(
    {"to", "cpu", "cuda", "eval", "train", "float", "double", "half", "bfloat16", "requires_grad_"}
)
# Of those, the ones that give it back as it was, not casting its floating parameters and
# buffers as `Detector().float()` does.
MODULE_GIVES_ITSELF_UNCAST = MODULE_GIVES_ITSELF - {"float", "double", "half", "bfloat16"}
_TYPES = frozenset(MAKES.values()) | {"numpy.ndarray", "torch.Tensor"}

LIBRARY: Dict[str, Returns] = {
    **dict.fromkeys(_IMAGE_READERS, Returns.PIXELS),
    **dict.fromkeys(_SKIMAGE_AS_FLOAT, Returns.FLOAT64_OF_INTEGERS),
    **dict.fromkeys(_SKIMAGE_AS_FLOAT64, Returns.FLOAT64),
    **_entries("cv2", Returns.FIRST_ARGUMENT_DTYPE, _OPENCV_KEEPS_DTYPE),
    **_entries(_PILLOW_IMAGE, Returns.SAME_OBJECT, _PILLOW_SAME_DATA),
    **_entries("numpy.random.Generator", Returns.FLOAT64, _GENERATOR_FLOATS),
    **_entries("numpy.random.RandomState", Returns.FLOAT64, (*_GENERATOR_FLOATS, "rand", "randn", "random_sample")),
    **_entries("scipy.signal", Returns.FLOAT64, ("get_window", *_WINDOWS, *(f"windows.{w}" for w in _WINDOWS))),
    # Filter designs give float64 coefficients, and filtering with them gives float64
    # (the widest of the coefficients and the signal).
    **_entries("scipy.signal", Returns.FLOAT64, (
        "butter", "cheby1", "cheby2", "ellip", "bessel", "iirfilter", "firwin", "firwin2",
    )),
    **_entries("scipy.signal", Returns.ARGUMENT_DTYPE, ("lfilter", "filtfilt", "sosfilt", "sosfiltfilt")),
    # SciPy's transforms keep single precision: complex64 of float32 or complex64 data.
    **{f"scipy.{module}.{name}": Returns.ARGUMENT_DTYPE for module in ("fft", "fftpack") for name in _TRANSFORMS},
    # Fitted in float64 whatever the data's dtype.
    **_entries("sklearn.preprocessing.StandardScaler", Returns.FLOAT64, ("mean_", "var_", "scale_")),
    # Curves: rates and thresholds computed in float64 (a tuple of arrays, each float64).
    **_entries("sklearn.metrics", Returns.FLOAT64, ("roc_curve", "precision_recall_curve", "det_curve")),
    **_entries("transformers.audio_utils", Returns.FLOAT64, ("mel_filter_bank",)),
    **{f"{extractor}.mel_filters": Returns.FLOAT64 for extractor in _MEL_EXTRACTORS},
    **_entries("numpy", Returns.FLOAT64, (
        "zeros", "ones", "empty", "eye", "identity", "linspace", "logspace", "geomspace",
        "loadtxt", "genfromtxt", "random.rand", "random.randn", "random.random",
        "random.random_sample", "random.uniform", "random.normal", "random.standard_normal",
        "random.sample", "random.ranf", "float64", "double", "interp",
    )),
    **_entries("numpy", Returns.DATA_DTYPE, (
        "array", "asarray", "ascontiguousarray", "full", "arange", "zeros_like", "ones_like", "empty_like", "full_like",
    )),
    **_entries("numpy", Returns.ARGUMENT_DTYPE, (
        "abs", "power", "outer", "cumsum",
        "cumprod", "concatenate", "stack", "vstack", "hstack", "tile", "repeat", "reshape",
        "transpose", "expand_dims", "squeeze", "clip", "copy", "square", "meshgrid",
        # Reductions, products and reshaping of a float64 array stay float64 (an np.float64
        # scalar for a reduction, which `torch.tensor` keeps as float64).
        "mean", "average", "std", "var", "sum", "prod", "nansum", "nanmean", "nanstd", "max", "min",
        "amax", "amin", "nanmax", "nanmin", "median", "nanmedian", "percentile", "quantile", "dot",
        "matmul", "tensordot", "einsum", "kron", "cross", "maximum", "minimum", "diff", "gradient",
        "sort", "flip", "fliplr", "flipud", "rot90", "pad", "roll", "round", "around", "rint", "floor",
        "ceil", "trunc", "append", "take", "take_along_axis", "diag", "diagonal", "tril", "triu",
        "convolve", "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_to", "ravel", "nan_to_num",
        "negative", "reciprocal", "sign", "column_stack", "dstack", "split", "array_split",
        "linalg.norm", "linalg.inv", "linalg.pinv", "linalg.solve", "cov", "corrcoef",
    )),
    **_entries("numpy", Returns.FLOAT_OF_NUMBERS, (
        "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "exp", "exp2",
        "expm1", "log", "log2", "log10", "log1p", "sqrt", "arctan2", "deg2rad", "radians",
    )),
    **_entries("numpy.ndarray", Returns.RECEIVER_DTYPE, (
        "reshape", "copy", "flatten", "ravel", "transpose", "squeeze", "clip", "repeat",
        "cumsum", "cumprod", "swapaxes", "T", "mean", "std", "var", "sum", "prod", "max", "min",
        "round", "dot", "take", "diagonal", "trace", "conj",
    )),
    **_entries("torch", Returns.DATA_DTYPE, ("from_numpy", "tensor", "as_tensor", "asarray")),
    **_entries("torch", Returns.ARGUMENT_DTYPE, (
        "cat", "concat", "stack", "hstack", "vstack", "meshgrid", "outer", "sin", "cos", "exp",
        "add", "sub", "mul", "div", "sparse.sum",
        "log", "sqrt", "cumprod", "cumsum", "where", "polar", "view_as_complex", "einsum",
        "matmul", "flatten", "reshape", "pow", "abs", "clamp", "flip", "roll", "repeat_interleave",
        "broadcast_tensors", "atleast_1d", "atleast_2d", "diag", "tril", "triu", "sigmoid",
        "tanh", "erf", "erfinv", "log1p", "log2", "log10", "exp2", "expm1", "floor", "ceil", "round", "special.ndtri",
        "special.expit", "special.logit", "special.erf", "special.erfc", "special.erfinv", "special.log_ndtr",
        "real", "imag", "conj", "norm", "nn.Parameter", "nn.parameter.Parameter", "nn.Buffer",
    )),
    **_entries("torch", Returns.DEFAULT_DTYPE, (
        "zeros", "ones", "empty", "full", "rand", "randn", "randint", "arange", "linspace",
        "logspace", "eye", "zeros_like", "ones_like", "empty_like", "rand_like", "randn_like", "full_like",
    )),
    **_entries("torch.Tensor", Returns.RECEIVER_DTYPE, (
        "clone", "detach", "cpu", "cuda", "contiguous", "reshape", "view_as", "permute",
        "transpose", "flatten", "squeeze", "unsqueeze", "expand", "expand_as", "repeat",
        "sin", "cos", "exp", "log", "sqrt", "abs", "neg", "cumsum", "cumprod", "sum", "mean",
        "t", "flip", "roll", "chunk", "split", "unbind", "requires_grad_", "pin_memory",
        "__getitem__", "reciprocal", "pow", "mul", "add", "sub", "div", "matmul", "clamp",
        "repeat_interleave", "quantile", "median", "std", "var", "norm", "amax", "amin", "prod", "max", "min",
        "to_sparse", "to_dense", "coalesce",
    )),
    **_entries("builtins", Returns.PYTHON_FLOAT, ("float",)),
    **_entries("math", Returns.PYTHON_FLOAT, (
        "sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan", "asin",
        "acos", "atan", "atan2", "sinh", "cosh", "tanh", "hypot", "fabs", "radians", "degrees",
        "erf", "erfc", "gamma", "lgamma", "fmod", "copysign", "fsum", "dist",
    )),
    **_entries("builtins", Returns.PYTHON_INT, ("len", "int", "ord")),
    **_entries("math", Returns.PYTHON_INT, (
        "floor", "ceil", "trunc", "factorial", "gcd", "lcm", "comb", "perm", "isqrt",
    )),
    **_entries("numpy", Returns.INTEGERS, ("bincount", "argmax", "argmin", "argsort", "searchsorted", "digitize")),
    **_entries("torch", Returns.NOT_FLOAT, _INDICES_OR_BOOLEANS),
    **_entries("torch.Tensor", Returns.NOT_FLOAT, _INDICES_OR_BOOLEANS),
    **_entries("torch.Tensor", Returns.GIVEN_TENSOR_DTYPE, ("type_as",)),
}


def is_layer(name: Optional[str]) -> bool:
    """Is this qualified name one of torch's layers (`LAYERS`)?"""
    if name is None or not name.startswith(LAYERS) or name in MODULE_STATE:
        return False
    return name.rsplit(".", 1)[1][:1].isupper()


def functions(module: str, returns: Returns) -> FrozenSet[str]:
    """The qualified names of a module's functions that return this."""
    return frozenset(name for name, kind in LIBRARY.items() if kind is returns and _module_of(name) == module)


def functions_returning(returns: Returns) -> FrozenSet[str]:
    """The qualified names of the functions of any module that return this."""
    return frozenset(name for name, kind in LIBRARY.items() if kind is returns and _module_of(name))


def image_libraries() -> FrozenSet[str]:
    """The modules whose readers give images as integer arrays (`cv2`, `imageio`)."""
    return frozenset(_module_of(name) for name in functions_returning(Returns.PIXELS))


def methods(of: str, returns: Returns) -> FrozenSet[str]:
    """The names of the methods of `of` (`torch.Tensor`) that return this."""
    prefix = of + "."
    named = (name for name, kind in LIBRARY.items() if kind is returns and name.startswith(prefix))
    return frozenset(name[len(prefix) :] for name in named)


def short_names(qualified: Iterable[str]) -> "tuple[str, ...]":
    """The last part of each name, sorted: `tensor` of `torch.tensor`, as code may call
    a function imported by name."""
    return tuple(sorted({name.rsplit(".", 1)[-1] for name in qualified}))


def by_short_name(table: Mapping[str, _V]) -> Dict[str, _V]:
    """A table keyed by the last part of each name (`index_select` of
    `torch.Tensor.index_select`), as code calls a method."""
    return {name.rsplit(".", 1)[-1]: value for name, value in table.items()}


def member(of: str, name: str) -> Returns | None:
    """What the method or attribute `name` of an object of type `of` gives, if known."""
    return LIBRARY.get(f"{of}.{name}")


def float64_members(of: str) -> FrozenSet[str]:
    """The names of the methods and attributes of the type `of` that give float64 arrays,
    alone or in a tuple (`normal` of a Generator, `step` of a vector environment)."""
    given = [name for name, kind in LIBRARY.items() if kind is Returns.FLOAT64] + list(FLOAT64_PARTS)
    return frozenset(name[len(of) + 1 :] for name in given if name.rsplit(".", 1)[0] == of)


def float64_parts(of: str, name: str) -> FrozenSet[int]:
    """The places of the tuple the method `name` of an object of type `of` gives that
    hold float64 arrays (none if not known)."""
    return FLOAT64_PARTS.get(f"{of}.{name}", frozenset())


def _module_of(name: str) -> str:
    """`numpy` of `numpy.random.rand`, `torch` of `torch.special.erf`; methods and
    attributes of objects belong to no module."""
    return "" if name.rsplit(".", 1)[0] in _TYPES else name.split(".", 1)[0]
