"""The probed table of what library functions return (f64lint/analysis/domain/library_dtypes.json,
written by bench/probe_library_dtypes.py): it ships with the package, has the shape its
readers expect, and holds the facts the analysis relies on, as the libraries gave them."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Dict

import pytest

KINDS = {"ndarray", "tensor", "numpy_scalar", "python_float", "python_int", "dataframe", "series", "tuple", "other"}
CLASSES = {
    "none", "int64", "float32", "float64", "uint8", "complex128", "python_float", "python_int",
    "np_float64_scalar", "np_float32_scalar", "ndarray_int64", "ndarray_float32", "ndarray_float64",
    "mixed_float64_int64", "mixed_float32_int64",
    # a sparse matrix of that data handed to scipy.sparse.linalg (`eigsh(laplacian, k=2)`)
    "object_int64", "object_float32", "object_float64",
}
LIBRARIES = ("numpy", "scipy", "pandas", "sklearn", "torch")


@pytest.fixture(scope="module")
def table() -> Dict[str, Any]:
    text = resources.files("f64lint.analysis.domain").joinpath("library_dtypes.json").read_text(encoding="utf-8")
    return json.loads(text)


def result(table: Dict[str, Any], name: str, cls: str) -> Dict[str, Any]:
    entries = table["entries"]
    return entries[table["aliases"].get(name, name)][cls]


def check_result(found: Dict[str, Any], where: str) -> None:
    assert found["kind"] in KINDS, where
    assert found["dtype"] is None or isinstance(found["dtype"], str), where
    for part in found.get("parts", ()):
        check_result(part, where)


def test_the_table_has_its_sections_and_versions(table):
    assert table["format"] == 1
    assert {"entries", "aliases", "chains", "dtype_spellings", "hand", "unreached", "versions", "default_device"} <= set(
        table
    )
    assert {"python", *LIBRARIES} <= set(table["versions"])
    for library in LIBRARIES:
        assert sum(1 for name in table["entries"] if name.split(".")[0] == library) > 100, library


def test_every_result_has_a_call_a_kind_and_a_dtype(table):
    for name, by_class in table["entries"].items():
        assert by_class, name
        for cls, found in by_class.items():
            where = f"{name} [{cls}]"
            assert cls in CLASSES, where
            assert isinstance(found["call"], str), where
            check_result(found, where)
            for operand in found.get("operands", {}).values():  # an operator: a result for each operand
                check_result(operand, where)
            for other in found.get("also", ()):
                assert isinstance(other["call"], str), where
                check_result(other, where)


def test_aliases_name_entries_and_hand_entries_say_why(table):
    assert all(target in table["entries"] for target in table["aliases"].values())
    assert table["aliases"]["numpy.abs"] == "numpy.absolute"
    for name, entry in table["hand"].items():
        assert entry["why"], name
        for found in entry["results"].values():
            check_result(found, name)


def test_the_file_is_written_deterministically(table):
    text = resources.files("f64lint.analysis.domain").joinpath("library_dtypes.json").read_text(encoding="utf-8")
    assert text == json.dumps(table, sort_keys=True, indent=1) + "\n"
    # with SciPy's distributions' cdf, ppf and logpdf, numpy.polynomial, uint8 and complex128
    # inputs, and the library objects of SciPy's samplers, rotations, trees and sparse
    # matrices (fourteen classes, 0.9 MB; their operators 0.3 MB) and Python's random
    assert len(text.encode()) < 6_000_000


def test_pixels_complex_data_and_pythons_statistics(table):
    # 8-bit pixels and complex data are inputs of their own: what a function gives them
    # is not what it gives int64 or float64 data.
    assert result(table, "numpy.percentile", "uint8")["dtype"] == "float64"
    assert result(table, "numpy.sqrt", "uint8")["dtype"] == "float16"
    assert result(table, "numpy.sqrt", "int64")["dtype"] == "float64"
    assert result(table, "numpy.conjugate", "complex128")["dtype"] == "complex128"
    assert result(table, "numpy.absolute", "complex128")["dtype"] == "float64"
    assert result(table, "statistics.fmean", "python_int")["kind"] == "python_float"


def test_numpy_makers_and_arithmetic(table):
    assert result(table, "numpy.linspace", "none")["dtype"] == "float64"
    # Float32 end points keep float32 (NumPy 2's promotion): not "float64 whatever".
    assert result(table, "numpy.linspace", "float32")["dtype"] == "float32"
    assert result(table, "numpy.linspace", "np_float32_scalar")["dtype"] == "float32"
    assert result(table, "numpy.ones", "none")["dtype"] == "float64"
    times = table["entries"]["numpy.ndarray.__mul__"]
    assert times["float64"]["operands"]["python_float"]["dtype"] == "float64"  # np.ones(k) * 0.5
    assert times["float32"]["operands"]["python_float"]["dtype"] == "float32"  # a Python float is weak
    assert times["float32"]["operands"]["np_float64_scalar"]["dtype"] == "float64"  # a NumPy scalar is not
    divided = table["entries"]["numpy.ndarray.__truediv__"]
    assert divided["int64"]["operands"]["python_int"]["dtype"] == "float64"  # int64 array / 2
    assert result(table, "numpy.array", "python_float")["dtype"] == "float64"
    assert result(table, "numpy.random.rand", "none")["dtype"] == "float64"
    # A draw without a size is a Python float, which torch.tensor makes float32.
    assert result(table, "numpy.random.Generator.normal", "none")["kind"] == "python_float"


def test_scipy_solvers_and_sparse_matrices(table):
    # An ODE's states are float64 whatever its initial values (a result read by attribute).
    solved = result(table, "scipy.integrate.solve_ivp", "float32")
    assert solved["items"]["y"]["dtype"] == "float64" and solved["attributes"]
    assert result(table, "scipy.integrate.odeint", "float32")["dtype"] == "float64"
    # A sparse matrix holds its data's dtype, and gives it back dense.
    assert result(table, "scipy.sparse.csr_matrix", "float32")["dtype"] == "float32"
    assert result(table, "scipy.sparse.csr_matrix.toarray", "float32")["dtype"] == "float32"
    assert result(table, "scipy.sparse.random", "none")["dtype"] == "float64"
    # Their operators promote as NumPy's do, with another sparse matrix too (`d @ adj`).
    times = table["entries"]["scipy.sparse.dia_matrix.__matmul__"]["float32"]["operands"]
    assert (times["object_float64"]["kind"], times["object_float64"]["dtype"]) == ("other", "float64")
    assert times["object_float32"]["dtype"] == "float32"
    # but dividing one gives float64 whatever its dtype, where multiplying keeps it.
    assert table["entries"]["scipy.sparse.csr_matrix.__truediv__"]["float32"]["operands"]["python_int"]["dtype"] == "float64"
    assert table["entries"]["scipy.sparse.csr_matrix.__mul__"]["float32"]["operands"]["python_float"]["dtype"] == "float32"

def test_text_vectorisers(table):
    # Given documents: TF-IDF weights in a float64 sparse matrix, counts in an int64 one.
    weights = result(table, "sklearn.feature_extraction.text.TfidfVectorizer.fit_transform", "none")
    assert (weights["kind"], weights["dtype"], weights["type"]) == ("other", "float64", "scipy.sparse._csr.csr_matrix")
    assert result(table, "sklearn.feature_extraction.text.CountVectorizer.transform", "none")["dtype"] == "int64"


def test_scores_of_labels_alone(table):
    # Of labels, no data: a Python float, and per class (`average=None`) a float64 array.
    scored = result(table, "sklearn.metrics.f1_score", "none")
    assert (scored["call"], scored["kind"]) == ("f(labels, labels)", "python_float")
    assert scored["also"][0] == {"call": "f(labels, labels, average=None)", "kind": "ndarray", "dtype": "float64"}


def test_pandas_aggregations_and_rows(table):
    # Named reductions of integer columns are float64; rows of a frame are a frame of its dtype.
    assert result(table, "pandas.DataFrame.agg", "int64")["dtype"] == "float64"
    rows = result(table, "pandas.core.indexing._LocIndexer.__getitem__", "float32")
    assert (rows["kind"], rows["dtype"]) == ("dataframe", "float32")
    assert result(table, "pandas.DataFrame.iloc", "float32")["type"] == "pandas.core.indexing._iLocIndexer"


def test_torch_conversions_and_collation(table):
    assert result(table, "torch.tensor", "python_float") == {"call": "f(x)", "kind": "tensor", "dtype": "float32"}
    assert result(table, "torch.tensor", "ndarray_float64")["dtype"] == "float64"
    assert result(table, "torch.tensor", "np_float64_scalar")["dtype"] == "float64"
    assert result(table, "torch.from_numpy", "ndarray_float64")["dtype"] == "float64"
    assert result(table, "torch.as_tensor", "ndarray_float32")["dtype"] == "float32"
    collated = result(table, "torch.utils.data.default_collate", "python_float")
    assert (collated["kind"], collated["dtype"]) == ("tensor", "float64")
    assert result(table, "torch.utils.data.default_collate", "np_float64_scalar")["dtype"] == "float64"
    assert result(table, "torch.utils.data.default_collate", "ndarray_float64")["dtype"] == "float64"
    assert result(table, "torch.zeros", "none")["dtype"] == "float32"
    assert result(table, "torch.Tensor.double", "float32")["dtype"] == "float64"
    assert table["entries"]["torch.Tensor.__truediv__"]["int64"]["operands"]["python_int"]["dtype"] == "float32"


def test_scikit_learn_fitted_statistics(table):
    # StandardScaler's statistics are float64 whatever the data; PCA's follow the data.
    assert result(table, "sklearn.preprocessing.StandardScaler.mean_", "float32")["dtype"] == "float64"
    assert result(table, "sklearn.preprocessing.StandardScaler.transform", "float32")["dtype"] == "float32"
    assert result(table, "sklearn.decomposition.PCA.components_", "float32")["dtype"] == "float32"
    assert result(table, "sklearn.decomposition.PCA.components_", "float64")["dtype"] == "float64"
    assert result(table, "sklearn.decomposition.PCA.components_", "int64")["dtype"] == "float64"
    curve = result(table, "sklearn.metrics.roc_curve", "float32")
    assert [part["dtype"] for part in curve["parts"]] == ["float64", "float64", "float64"]


def test_pandas_reads_and_frames(table):
    chains = table["chains"]
    # Text gives NumPy's default widths, whatever the file was written with; pickles keep float32.
    assert chains["pandas.read_csv(path)"]["dtypes"] == {"f": "float64", "g": "float64", "i": "int64"}
    assert chains["pandas.read_pickle(path)"]["dtypes"] == {"f": "float64", "g": "float32", "i": "int64"}
    assert chains["pandas.read_csv(path)['f'].values"] == {"kind": "ndarray", "dtype": "float64"}
    assert chains["pandas.read_csv(path).values"]["dtype"] == "float64"
    assert result(table, "pandas.DataFrame.values", "mixed_float32_int64")["dtype"] == "float64"
    assert result(table, "pandas.DataFrame.to_numpy", "float32")["dtype"] == "float32"


def test_dtype_spellings(table):
    spellings = table["dtype_spellings"]
    for spelling in ("str:float64", "str:f8", "str:d", "str:double", "str:float", "str:<f8", "builtins.float",
                     "numpy.float64", "numpy.double"):
        assert spellings[spelling]["numpy.dtype"] == "float64", spelling
    assert spellings["numpy.float_"] == "missing"  # removed in NumPy 2
    assert spellings["builtins.float"]["torch.zeros(2, dtype=)"] == "float64"  # torch reads Python float too
    assert spellings["torch.double"]["torch.zeros(2, dtype=)"] == "float64"
    assert spellings["str:float64"]["torch.zeros(2, dtype=)"] == "error"


def test_the_makers_that_follow_the_default_device(table):
    # Probed under `torch.set_default_device("meta")`: the factories and the data makers
    # follow it; `torch.from_numpy` shares the array on the CPU; an operation on tensors
    # is where its tensors are.
    followed = set(table["default_device"])
    assert {"torch.tensor", "torch.as_tensor", "torch.zeros", "torch.randn", "torch.linspace"} <= followed
    assert not {"torch.from_numpy", "torch.add", "torch.Tensor"} & followed
