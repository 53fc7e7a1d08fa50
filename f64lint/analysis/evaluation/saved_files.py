"""Arrays a module saves to a file and reads back: `np.load(path)` gives the dtype of what
the module's own `np.save` wrote to a file of that name (a cache of features computed once,
embeddings exported by one function and loaded by another), where a reader of a file the
module does not write gives data of no known dtype.

A file is known by its name as the code writes it: the last string of the path, through
names bound once, a function's parameter that every call of the module passes alike,
`os.path.join` and `Path(...)`, `/` and `+`, and the text of an f-string after its last
placeholder (`os.path.join(tmp, "items.npy")`, `cache_dir / "feats.npy"`)."""

from __future__ import annotations

import posixpath
from typing import Callable, Dict, List, Optional

from f64lint.analysis.domain.library import ARRAY_FILE_WRITERS, PATH_JOINERS
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, positional
from f64lint.cst import cst


class SavedFiles:
    """The arrays a module's calls save, by the name of the file."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self._saved: Optional[Dict[str, List[cst.BaseExpression]]] = None

    def saved(self) -> Dict[str, List[cst.BaseExpression]]:
        """The arrays the module saves, by the name of the file."""
        if self._saved is None:
            self._saved = {}
            for call in self.facts.calls:
                places = ARRAY_FILE_WRITERS.get(self.facts.qualified_name(call.func) or "")
                args = positional(call)
                if places is None or len(args) <= max(places):
                    continue
                named = self.file_named(args[places[0]], 0)
                if named is not None:
                    self._saved.setdefault(named, []).append(args[places[1]])
        return self._saved

    def file_named(self, path: cst.BaseExpression, depth: int) -> Optional[str]:
        """The name of the file a path gives, as written (`items.npy`), if the code shows it."""
        if depth > MAX_TRACE_DEPTH:
            return None
        if isinstance(path, cst.SimpleString):
            text = path.evaluated_value
            return posixpath.basename(text) or None if isinstance(text, str) else None
        if isinstance(path, cst.FormattedString):
            last = path.parts[-1] if path.parts else None
            return posixpath.basename(last.value) or None if isinstance(last, cst.FormattedStringText) else None
        if isinstance(path, cst.BinaryOperation) and isinstance(path.operator, (cst.Divide, cst.Add)):
            return self.file_named(path.right, depth + 1)
        if isinstance(path, cst.Call):
            args = positional(path)
            joins = self.facts.qualified_name(path.func) in PATH_JOINERS
            return self.file_named(args[-1], depth + 1) if joins and args else None
        if isinstance(path, cst.Name):
            return self._named_by(path, lambda value: self.file_named(value, depth + 1))
        return None

    def _named_by(self, name: cst.Name, named: Callable[[cst.BaseExpression], Optional[str]]) -> Optional[str]:
        """The one file name what a name holds gives: its values, or what every call of its
        function passes for it."""
        binding = self.facts.bindings.get(name)
        entry = self.facts.parameter(binding)
        values = self.facts.definitions.arguments_for(*entry) if entry is not None else self.facts.reaching_values(name)
        names = {named(value) if value is not None else None for value in values}
        return names.pop() if len(names) == 1 else None
