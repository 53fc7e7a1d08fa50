"""Prefilter patterns several rules share (see `Rule.required`)."""

from __future__ import annotations

import re

from f64lint.analysis.domain.library import (
    DOUBLE_TENSOR_TYPES,
    NAMESPACES,
    SAME_DTYPE_VIEWS,
    TENSORS_OF_DATA_WITH_DTYPE,
    WIDEST_FIRST_DTYPES,
    Returns,
    functions,
    short_names,
)
from f64lint.rules.patterns import AllOf, AnyOf, words

# Every spelling of a float64/complex128 dtype: a torch, NumPy or string name, or the
# builtin `float` / `complex` as a value where a dtype goes: after a lone `=`
# (`dtype=float`, `DTYPE = float`) or in `.to(...)` / `.type(...)`.
WIDE_DTYPE = AnyOf(
    words("float64", "double", "cdouble", "f8", "c16", "complex128", "float_", "complex_"),
    words(*short_names(WIDEST_FIRST_DTYPES)),
    r"=(?<![=!<>]=)\s*(?:float|complex)\b(?!\s*\()",
    r"\.(?:to|type)\((?:[^()]*,)?\s*(?:float|complex)\s*\)",
)

NUMPY = words("numpy")
# torch, or an array API namespace, which may be torch's (`xp, _ = get_namespace(X)`).
TORCH = words("torch", *short_names(NAMESPACES))
# The torch functions that turn NumPy data into a tensor.
TENSOR_FROM_DATA = words(*short_names(functions("torch", Returns.DATA_DTYPE)))

# A float64 value: a wide dtype, `.double()`, a legacy float64 tensor type (`.type(torch.DoubleTensor)`),
# or NumPy data made a tensor.
WIDE_VALUE = AnyOf(WIDE_DTYPE, words(*short_names(DOUBLE_TENSOR_TYPES)), AllOf(NUMPY, TENSOR_FROM_DATA))

# A `.to(...)` (with at most one level of nested brackets inside) followed by a cast,
# directly or through views and items of the moved tensor (`.T`, `[idx]`). `.to(` alone is
# in nearly every torch file and would let them all be parsed.
_VIEWS = "|".join(short_names(SAME_DTYPE_VIEWS))
_CAST = r"\s*\.\s*(?:float|half|bfloat16|cfloat|to|type|type_as)\s*\("
_THROUGH_VIEWS = rf"(?:\s*\.\s*(?:{_VIEWS})\b|\s*\[[^\[\]]*\])*"
# Or cast on the next line, by the name the move is assigned to (`x = x.float()`, `x =
# x.to(torch.float16)`, `x = x.type_as(r)`): not after a `.to(torch.float32)`, a cast itself.
_CAST_NEXT = (
    r"[^\n]*\n[ \t]*(\w+)[ \t]*=[ \t]*\1[ \t]*\.[ \t]*"
    r"(?:(?:float|half|bfloat16|type_as)[ \t]*\("
    r"|(?:to|type)\([ \t]*(?:torch\.)?(?:float32|float16|half|bfloat16|float\b))"
)
# Or a tensor made of data on a device and cast (`torch.tensor(x, device=device).float()`),
# from the call's name to its `device=` (`torch.arange(n, device=d).float()` makes no
# tensor of data: it is in most torch files). A name that ends in another is found by the
# other's pattern (`tensor(` in `as_tensor(`): each is searched for through every torch file.
_MADE_NAMES = short_names(TENSORS_OF_DATA_WITH_DTYPE)
_MADE_ON_A_DEVICE = tuple(
    rf"{re.escape(name)}\s*\((?:[^()]|\([^()]*\))*?device\s*="
    for name in sorted(_MADE_NAMES)
    if not any(other != name and name.endswith(other) for other in _MADE_NAMES)
)
CAST_AFTER_MOVE = AnyOf(
    r"\.to\((?:[^()]|\([^()]*\))*\)" + _THROUGH_VIEWS + _CAST,
    *(made + r"(?:[^()]|\([^()]*\))*\)" + _THROUGH_VIEWS + _CAST for made in _MADE_ON_A_DEVICE),
    r"\.to\((?![ \t]*torch\.)" + _CAST_NEXT,
    *(made + _CAST_NEXT for made in _MADE_ON_A_DEVICE),
)

# The start of a line up to a loader named on it (`self.train_` of `self.train_loader`).
_NAME_START = re.compile(r"\s*[\w.]*")


class _IteratedLoader:
    """Text that iterates a loader: `in`, `next(` or `iter(` before a `...loader` (not
    `...loaders`) on its line (`for x, y in train_loader:`, `next(iter(dataloader))`), or,
    when the loader opens its line, on the lines before it that end in a bracket or comma
    (`for i, batch in enumerate(\n    tqdm(\n        loader,`). Found from each `oader`: a
    pattern starting with `in` would try every position of the text."""

    _BEFORE = re.compile(r"\bin\b|\bnext\(|\biter\(")
    _OPENED = 3  # lines of open brackets looked back through

    def search(self, text: str) -> bool:
        at = text.find("oader")
        while at > 0:
            if text[at - 1] in "Ll" and text[at + 5 : at + 6] != "s" and self._iterated(text, at - 1):
                return True
            at = text.find("oader", at + 5)
        return False

    def _iterated(self, text: str, at: int) -> bool:
        start = text.rfind("\n", 0, at) + 1
        if self._BEFORE.search(text, start, at):
            return True
        if not _NAME_START.fullmatch(text, start, at):  # `self.train_` may come before `loader`
            return False
        for _ in range(self._OPENED):  # the loader opens its line: the bracket it is in
            if start == 0:
                return False
            end = start - 1
            start = text.rfind("\n", 0, end) + 1
            line = text[start:end].rstrip()
            if not line.endswith(("(", "[", ",")):
                return False
            if self._BEFORE.search(line):
                return True
        return False


# A loop or `next()` over a loader, or a `DataLoader(...)` (a loop over a name bound to
# one); not the word alone (`from ..loaders import LoraLoaderMixin`).
LOADER_CODE = AnyOf(r"DataLoader\s*\(", _IteratedLoader())
