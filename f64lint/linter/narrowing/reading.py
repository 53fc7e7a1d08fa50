"""What narrowing knows of a module while it reads it: where float64 values can come from."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import FrozenSet, List

from f64lint.analysis.domain.library import QUANTIZED_DTYPES, short_names
from f64lint.linter.narrowing.arrays import ArrayMakers, hands_array_to_torch
from f64lint.linter.narrowing.lines import CALLED, NAME, Statement
from f64lint.rules.patterns import AnyOf, words
from f64lint.rules.tokens import CAST_AFTER_MOVE, LOADER_CODE, WIDE_DTYPE

SPELLED_SOURCE = AnyOf(
    WIDE_DTYPE,
    CAST_AFTER_MOVE,
    words("DoubleTensor", "set_default_dtype", "set_default_tensor_type"),
    r"\.astype\(\s*[\"']?(?:float|complex)\b",
)
# A float64 default dtype (`torch.set_default_dtype(torch.float64)`, `set_default_tensor_type(
# torch.DoubleTensor)`), and a tensor made on a device, which it makes float64 there.
# (`set_default_dtype(float)` and a dtype held in a constant, `PRECISION`, too: more is harmless.)
DEFAULT_FLOAT64 = re.compile(
    r"set_default_(?:dtype\(\s*(?:[\w.]*(?:float64|double)\b|float\s*\)|[A-Z][A-Z0-9_]*\s*\))|tensor_type\([^)]*Double)"
)
_ON_A_DEVICE = re.compile(r"device\s*=")
# A loader given a collate function by name (`collate_fn=collate_points`).
_OWN_COLLATE = re.compile(r"collate_fn\s*=\s*[A-Za-z_]\w*\s*[,)]")
# What a guard reads from a table: `x.dtype in QUANTIZED` keeps MPS out (analysis/devices.py).
_GUARD_SPELLING = words(*short_names(QUANTIZED_DTYPES))


@dataclass
class Reading:
    """A module's lines, read for narrowing, and what is known to matter in them."""

    structure_lines: List[str]  # every string emptied
    code_lines: List[str]  # long strings emptied
    array_makers: ArrayMakers
    hot: FrozenSet[str] = frozenset()  # names module-level code may bind to float64
    functions: FrozenSet[str] = frozenset()  # the top-level definitions that stay
    predicates: FrozenSet[str] = frozenset()  # those that stay and are one `return`
    imported: FrozenSet[str] = frozenset()  # names of float64 values other modules export
    batches: bool = False  # a rule follows loaders' batches: code that iterates one is a source
    # The module sets the default dtype to float64: code making a tensor on a device is a source.
    default_float64: bool = False

    def makes_float64(self, text: str) -> bool:
        """Can this statement (at module level, in a method that stays, an entry of a
        table) bind a name to a float64 value, a float64 tensor or array?"""
        return (
            bool(SPELLED_SOURCE.search(text))
            or bool(self.array_makers.search(text))
            or (bool(self.imported) and not self.imported.isdisjoint(NAME.findall(text)))
        )

    def matters(self, text: str) -> bool:
        """Can a float64 value come from this code (a source, a hot name, a call of a
        definition that stays), or a guard read it?"""
        return (
            self.makes_float64(text)
            or bool(_GUARD_SPELLING.search(text))
            or (bool(self.hot) and not self.hot.isdisjoint(NAME.findall(text)))
            or (bool(self.functions) and not self.functions.isdisjoint(CALLED.findall(text)))
        )

    def is_source(self, definition: Statement) -> bool:
        """Can a definition make a float64 value: has it a float64-like spelling, or does it
        make a float64 array and hand it to torch? A function that makes arrays and never
        a tensor of them is no source (most NumPy code in torch's tests, the `np.linspace`
        sigmas diffusers pipelines hand to their schedulers). So is one that makes a loader
        with a collate function of the module's, and for a rule that follows loaders'
        batches, one that iterates a loader."""
        if definition.is_source is None:
            definition.is_source = (
                bool(SPELLED_SOURCE.search(definition.text))
                or (bool(self.imported) and not self.imported.isdisjoint(NAME.findall(definition.text)))
                or hands_array_to_torch(definition, self.structure_lines, self.array_makers)
                or self.iterates_a_loader(definition)
                or (self.default_float64 and bool(_ON_A_DEVICE.search(definition.text)))
            )
        return definition.is_source

    def iterates_a_loader(self, definition: Statement) -> bool:
        """Does a definition iterate a loader (or make a `DataLoader`), for a rule that
        follows loaders' batches; or make one with a collate function of its module's,
        whose batches are what that function returns for the dataset's items?"""
        return (self.batches and bool(LOADER_CODE.search(definition.text))) or bool(
            _OWN_COLLATE.search(definition.text)
        )
