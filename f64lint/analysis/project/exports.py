"""Exports: the float64 values one module gives the modules that import it, as plain data
(computed by flow/summaries.py, read by flow/values.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Dict, FrozenSet, Iterable, List, Optional, Tuple

# The width of a dataset's place whose dtype the dataset shows and is not float64
# (`self.x[i]` of an array made float32): its batches are not data of unseen dtype.
SEEN = "seen"
# The width of a function a class keeps from its `__init__` (`Class.attribute`, with the
# parameter's name in `made_by` and its position after `self` in `item`, `()` if it is
# keyword-only): no value of its own, but what `self.attribute(...)` calls in a subclass
# that hands its base a function (narrowing/kept_parameters.py).
KEPT = "kept"
# What a call passes for a parameter, as a row of values passed to another module's
# function marks it (`Export.arguments`): a device known to be another than MPS, `None`.
OFF_MPS_PASSED = "off"
NONE_PASSED = "none"
# Before a row's `key`: the name of an attribute, not a dict's key (`Export.key`).
ATTRIBUTE_KEY = "."
# The widths of the rows that describe a module's classes for the project phase
# (project/hierarchy.py), which reads them and hands none on: a base a class derives from
# (`BASE`, the base's qualified name in `made_by`), and a property that gives what an
# attribute of `self` holds (`READS`, the attribute's name in `made_by`).
BASE = "base"
READS = "reads"
# The width of a row that names a function (or a class's class or static method) that
# returns an object of one of the module's classes (`Config.from_json`, the class's name in
# `made_by`): what the importing modules read members of.
MAKES = "makes"
# The width of a row of what a call passes (`Export.passed`) that is an object of a class
# another module defines (its qualified name in `made_by`), not data: `simulate(cfg)` of a
# `cfg = Config.load(path)`; the function's module reads the parameter as such an object,
# given that class's members too (runner/project_phase.py).
INSTANCE = "instance"
# The width of a row that names a function that returns an object of a library's class the
# probe called (`fit_scaler` of `return StandardScaler().fit(x)`; the class in `made_by`),
# read by the importing modules as such an object.
OBJECT = "object"
# The width of a row of a function whose return (a generator's yields) holds float64 data
# the other rows do not say, within what it gives (`yield seed, {"pos": positions}`), or of
# a module-level name bound to a tuple, list or dict that holds some (not `returned`):
# `made_by` writes the evaluator's whole value of it (evaluation/exported_values.py).
VALUE = "value"
CLASS_ROWS = frozenset({BASE, READS})
# The width of a row of a file a module saves a float64 array to with NumPy (`name`: the
# file's name as the code writes it, `trajectories.npy`; `made_by` and `line`: the array
# saved): read by the modules of the run that name a file so, whose `np.load` of it gives
# float64 (evaluation/saved_files.py).
SAVED = "saved"
# The width of a row of a dataset class (`name`) whose items hold at a place (`item`) what
# its `__init__` is given for a parameter (`through`, as `<position>:<name>`), as it is or
# indexed (`self.x[i]` of `self.x = x`): a loader's batch is there of the dtype of what the
# call making the dataset passes (`ChurnDataset(features, labels)` in another module).
FOLLOWS = "follows"
# The widths of a row of a place of the tuples a function returns that holds data of a
# dtype narrower than float64 on every return (`return x.astype(np.float32), labels`), by
# the name NumPy gives it: such data in a batch is not of a dtype not seen.
NARROW_WIDTHS = frozenset({"bool", "int16", "int64", "float16", "float32"})


@dataclass(frozen=True)
class Export:
    """A float64 value a module gives away: from a function's return (`returned`; with
    `item`, the place in the tuple it returns: `(0,)` of `return x, y`) or bound to a
    module-level name, with what made it and where (file as shown, line); or, with
    `item`, a dataset class whose items hold a float64 NumPy array at that place (`(1,)`
    for `return x, y`; `()` the whole item), which a `DataLoader` batches as it is, or
    (width `SEEN`) data of a dtype the dataset shows; or (width `KEPT`) a function a
    class keeps from its `__init__`."""

    module: str
    name: str
    returned: bool
    made_by: str
    # a `Width` value, "float64" or "complex128"; a narrow dtype's name (`NARROW_WIDTHS`) of a
    # place of a returned tuple or a dataset's key; or one of the row kinds above
    width: str
    path: str
    line: int
    item: Optional[Tuple[int, ...]] = None
    tensor: bool = False  # a float64 tensor, not a NumPy array
    # Held by an object of this subclass (another module's) of the class named: an object
    # of the class may be one where the code declares no more (`grid: GridBase`).
    subclass: str = ""
    # Passed by a call in another module (`prep(np.linspace(0, 1, n), device)` in
    # `pkg.train.main`), to the function `module.name`: the module and function that call
    # it (`pkg.train:main`, `pkg.train:` at its top level; where: `path`, `line`), and the
    # keyword it passes the value by, else its position (`item`); and every argument of the
    # call by keyword or position, marked `:off` where it is a device known to be another
    # than MPS (`"cpu"`) and `:none` where it is `None`, for the function to tell whether
    # its devices may be MPS.
    # The row is handed to the function's module, not to those that import it.
    caller: str = ""
    keyword: str = ""
    arguments: Tuple[str, ...] = ()
    # A float64 (or complex128) dtype, not a value of it (`DTYPE = torch.float64`, `def
    # dtype(): return torch.double`, `self.dtype = np.float64`): `made_by` names it as
    # `dtypes.exported_dtype` reads it (its qualified name, or the string written).
    dtype: bool = False
    # A module's class (`name`) whose objects hold a float64 (or complex128) tensor as a
    # parameter or buffer, their own or a submodule's they keep on `self` (`self.frontend =
    # LogMel()`): it moves with them (`model.to(device)` in another module); `made_by`,
    # `path` and `line` say where the tensor is made.
    state: bool = False
    # Of a dict a function or method returns written out (`return {"obs": self.obs[i]}`),
    # or of one a call passes (`agent.update(buffer.sample(64))`): the key it holds the value
    # at; of an object a call passes whose attributes are known, `ATTRIBUTE_KEY` and the name
    # of the attribute that holds it (`.initial`).
    key: str = ""
    # Not a value of its own but one of a parameter's, for a function or method other
    # modules' calls pass float64 data (`def batches(x, n): yield x[i:i + n]`): it gives
    # such data where a call passes it for this parameter, as `<position>:<name>` names it
    # (its position after `self`, none if keyword-only: `0:x`), and gives a tensor of it
    # (`tensor`) or data of the kind passed. `yielded`: a generator's, one by one.
    through: str = ""
    yielded: bool = False
    # Of a `through` row: the class of the object the parameter is passed (an `INSTANCE`
    # row's: a library's, or one of the module's own), when it is what the row follows
    # rather than float64 data.
    given: str = ""

    @property
    def qualified_name(self) -> str:
        return f"{self.module}.{self.name}"

    @property
    def identity(self) -> tuple:
        """What it is, apart from where it is shown (the path is as the run's folder shows
        it, the line moves with edits above it)."""
        return (
            self.module, self.name, self.returned, self.made_by, self.width, self.item, self.tensor, self.subclass,
            self.caller, self.keyword, self.arguments, self.dtype, self.state, self.key, self.through, self.yielded,
            self.given,
        )

    def as_row(self) -> list:
        item = list(self.item) if self.item is not None else None
        passed = [self.caller, self.keyword, list(self.arguments), self.dtype, self.state, self.key]
        passed += [self.through, self.yielded, self.given]
        placed = [self.path, self.line, item, self.tensor, self.subclass, *passed]
        return [self.module, self.name, self.returned, self.made_by, self.width, *placed]

    @classmethod
    def from_row(cls, row: list) -> "Export":
        module, name, returned, made_by, width, path, line, item, tensor, subclass, *passed_by = row
        caller, keyword, arguments, dtype, state, key, through, yielded, given = passed_by
        place = tuple(int(index) for index in item) if item is not None else None
        arguments = tuple(str(argument) for argument in arguments)
        passed = (
            str(caller), str(keyword), arguments, bool(dtype), bool(state), str(key), str(through), bool(yielded),
            str(given),
        )
        shown = str(path), int(line), place, bool(tensor), str(subclass), *passed
        return cls(str(module), str(name), bool(returned), str(made_by), str(width), *shown)

    def argument(self, position: Optional[int], keyword: str) -> Optional[str]:
        """For a row passed by a call: what the call passes a parameter (at this position,
        or by this keyword), as far as devices go: `OFF_MPS_PASSED` a device known to be
        another than MPS, `NONE_PASSED` `None`, else ""; None when it passes it nothing."""
        for argument in self.arguments:
            named, _, passed = argument.partition(":")
            if named == keyword or (position is not None and named == str(position)):
                return passed
        return None

    @property
    def for_batches(self) -> bool:
        """Is it a row that only tells what a loader's batches hold (`FOLLOWS`, or data of a
        narrow dtype), which the project phase hands only to the files with a finding about
        a batch (runner/project_phase.py)?"""
        return self.width == FOLLOWS or self.width in NARROW_WIDTHS

    @property
    def passed(self) -> bool:
        """Is it a value another module's call passes to the function it names?"""
        return bool(self.caller)

    @property
    def made_where(self) -> str:
        """Where the module that gives it makes it, for messages: "in `pkg.utils.table` at
        pkg/utils.py:5"."""
        return f"in `{self.qualified_name}` at {self.path}:{self.line}"

    @property
    def caller_name(self) -> str:
        """`pkg.train.main`, or the module `pkg.train` for a call at its top level."""
        module, _, function = self.caller.partition(":")
        return f"{module}.{function}" if function else module


def placed(exports: Iterable[Export], module: str, path: str) -> Tuple[Export, ...]:
    """Exports named as the file that gives them is now (its module, its shown path): a
    cached result keeps those of the run that made it (another folder, before an
    `__init__.py` was added). A value passed to another module's function keeps that
    module, its caller is named so."""
    return tuple(
        replace(export, path=path, caller=f"{module}:{export.caller.partition(':')[2]}")
        if export.passed
        else replace(export, module=module, path=path)
        for export in exports
    )


class Imported:
    """The exports of the modules a module imports, by qualified name, and the values other
    modules' calls pass to its functions."""

    def __init__(self, exports: Iterable[Export] = ()) -> None:
        given = tuple(exports)
        self._any = bool(given)  # every row is kept below, by what it is
        self._passed: Dict[str, List[Export]] = {}
        self._instances: Dict[str, List[Export]] = {}
        for export in sorted((e for e in given if e.passed), key=lambda e: (e.path, e.line, e.keyword, e.item or ())):
            passed = self._instances if export.width == INSTANCE else self._passed
            passed.setdefault(export.qualified_name, []).append(export)
        given = tuple(e for e in given if not e.passed)
        self._follows: Dict[str, List[Export]] = {}
        for export in (e for e in given if e.width == FOLLOWS):
            self._follows.setdefault(export.qualified_name, []).append(export)
        given = tuple(e for e in given if e.width != FOLLOWS)
        self._through: Dict[str, List[Export]] = {}
        for export in (e for e in given if e.through):
            self._through.setdefault(export.qualified_name, []).append(export)
        given = tuple(e for e in given if not e.through)
        self._states: Dict[str, Export] = {e.qualified_name: e for e in given if e.state}
        given = tuple(e for e in given if not e.state)
        self._kept: Dict[str, Export] = {e.qualified_name: e for e in given if e.width == KEPT}
        self._makers: Dict[str, Export] = {e.qualified_name: e for e in given if e.width == MAKES}
        self._saved: Dict[str, Export] = {e.name: e for e in given if e.width == SAVED}
        given = tuple(e for e in given if e.width != SAVED)
        self._objects: Dict[str, Export] = {e.qualified_name: e for e in given if e.width == OBJECT and e.returned}
        # what a class keeps on `self` (`pkg.graph.GraphData.adj`, a sparse matrix)
        self._objects_held: Dict[str, Export] = {
            e.qualified_name: e for e in given if e.width == OBJECT and not e.returned
        }
        self._values: Dict[str, Export] = {e.qualified_name: e for e in given if e.width == VALUE}
        values = [e for e in given if e.width not in (KEPT, MAKES, OBJECT, VALUE)]
        self._by_name: Dict[str, Export] = {e.qualified_name: e for e in values if e.item is None and not e.key}
        self._datasets: Dict[str, List[Export]] = {}
        self._parts: Dict[str, Dict[int, Export]] = {}
        self._keyed: Dict[str, Dict[str, Export]] = {}
        self._dataset_keys: Dict[str, Dict[str, Export]] = {}
        # The classes whose members are exported (`Schedule` of `Schedule.sigmas`).
        members = [*values, *(e for through in self._through.values() for e in through)]
        states = {*self._states, *(e.qualified_name for e in members if e.state)}
        members += self._objects_held.values()
        self._classes = frozenset(f"{e.module}.{e.name.split('.')[0]}" for e in members if "." in e.name) | states
        for export in values:
            if export.key and export.item == ():  # a dataset's items' value by key
                self._dataset_keys.setdefault(export.qualified_name, {})[export.key] = export
            elif export.key:  # `return {"obs": obs}`: a value of the dict
                self._keyed.setdefault(export.qualified_name, {})[export.key] = export
            elif export.item is not None and export.returned:  # `return x, y`: a part of the tuple
                self._parts.setdefault(export.qualified_name, {})[export.item[0]] = export
            elif export.item is not None:
                self._datasets.setdefault(export.qualified_name, []).append(export)

    def __bool__(self) -> bool:
        return self._any

    def exports(self) -> Tuple[Export, ...]:
        passed = (*self._passed.values(), *self._instances.values())
        return (*self._imported(), *(e for found in passed for e in found))

    def _imported(self) -> Tuple[Export, ...]:
        return (
            *self._by_name.values(), *(e for found in self._datasets.values() for e in found), *self._kept.values(),
            *(e for parts in self._parts.values() for e in parts.values()), *self._states.values(),
            *(e for keyed in self._keyed.values() for e in keyed.values()),
            *(e for through in self._through.values() for e in through), *self._makers.values(),
            *self._objects.values(), *self._objects_held.values(),
            *(e for keys in self._dataset_keys.values() for e in keys.values()),
            *(e for follows in self._follows.values() for e in follows), *self._saved.values(),
            *self._values.values(),
        )

    def names(self) -> FrozenSet[str]:
        """The names code reads them by (`table`, `SCALE` in `utils.SCALE`, `SpectraDataset`;
        `Schedule` and `sigmas` of `Schedule.sigmas`, read as `schedule.sigmas`)."""
        return frozenset(part for export in self._imported() for part in export.name.split("."))

    def passes(self) -> bool:
        """Do other modules' calls pass any of the module's functions float64 data, or
        objects of other modules' or libraries' classes?"""
        return bool(self._passed) or bool(self._instances)

    def passed_to(self, qualified: Optional[str]) -> List[Export]:
        """The float64 values other modules' calls pass to a function of this module
        (`pkg.prep.prep`), in the order of where they are passed."""
        return self._passed.get(qualified, []) if qualified is not None else []

    def instances_passed_to(self, qualified: Optional[str]) -> List[Export]:
        """The objects of classes other modules define that other modules' calls pass to a
        function of this module (`INSTANCE` rows)."""
        return self._instances.get(qualified, []) if qualified is not None else []

    def gives_saved_files(self) -> bool:
        """Do other modules save float64 arrays to files this module names?"""
        return bool(self._saved)

    def gives_data(self) -> bool:
        """Do the modules it imports give it data: a value, a part of a tuple or a value of a
        dict a function returns (float64, or of a narrow dtype), or what one gives back of
        float64 data passed it?"""
        return bool(self._by_name or self._parts or self._keyed or self._through)

    def holds_state(self) -> bool:
        """Do the objects of a class another module defines hold a float64 parameter or buffer?"""
        return bool(self._states)

    def state_of(self, qualified: Optional[str]) -> Optional[Export]:
        """Where a float64 parameter or buffer the objects of a class another module
        defines hold is made, if they hold one."""
        return self._states.get(qualified) if qualified is not None else None

    def members_of(self, qualified: Optional[str]) -> List[Export]:
        """The float64 attributes and what the methods return of a class another module
        defines (`pkg.base.Model.F`, `pkg.base.Model.initial_covariance`): its own rows, not
        those of a subclass's."""
        prefix = f"{qualified}."
        return [
            export for name, export in self._by_name.items()
            if qualified is not None and name.startswith(prefix) and "." not in name[len(prefix):]
            and not export.subclass and not export.dtype
        ]

    def defines_class(self, qualified: str) -> bool:
        """Does an export name a member of this class (`pkg.sched.Schedule.sigmas`)?"""
        return qualified in self._classes

    def returned_parts(self, qualified: Optional[str]) -> Tuple[Optional[Export], ...]:
        """What a function another module defines returns in a tuple it writes out
        (`return x, y`), by place, up to the last float64 one or one of a narrow dtype
        (None where it is neither)."""
        parts = self._parts.get(qualified, {}) if qualified is not None else {}
        return tuple(parts.get(place) for place in range(max(parts) + 1)) if parts else ()

    def returned_keys(self, qualified: Optional[str]) -> Dict[str, Export]:
        """What a function another module defines returns in a dict it writes out (`return
        {"obs": obs, "reward": r}`), by key, its float64 values."""
        return self._keyed.get(qualified, {}) if qualified is not None else {}

    def object_made_by(self, qualified: Optional[str]) -> Optional[str]:
        """The library class whose object a function another module defines returns."""
        found = self._objects.get(qualified) if qualified is not None else None
        return found.made_by if found is not None else None

    def value_returned(self, qualified: Optional[str]) -> Optional[Export]:
        """The `VALUE` row of what a function another module defines returns (or yields)."""
        return self._whole(qualified, True)

    def value_bound(self, qualified: Optional[str]) -> Optional[Export]:
        """The `VALUE` row of a tuple, list or dict another module binds to a name."""
        return self._whole(qualified, False)

    def _whole(self, qualified: Optional[str], returned: bool) -> Optional[Export]:
        found = self._values.get(qualified) if qualified is not None else None
        return found if found is not None and found.returned == returned else None

    def saved_to(self, file_name: str) -> Optional[Export]:
        """The float64 array another module saves to a file of this name, if one does."""
        return self._saved.get(file_name)

    def object_held(self, qualified: Optional[str]) -> Optional[Export]:
        """The library object (an `OBJECT` row) a class another module defines keeps in an
        attribute (`pkg.graph.GraphData.adj`)."""
        return self._objects_held.get(qualified) if qualified is not None else None

    def class_made_by(self, qualified: Optional[str]) -> Optional[str]:
        """The class (qualified) whose object a function or a class's method another module
        defines returns (`pkg.config.Config` of `pkg.config.Config.from_json`)."""
        found = self._makers.get(qualified) if qualified is not None else None
        return f"{found.module}.{found.made_by}" if found is not None else None

    def through(self, qualified: Optional[str]) -> List[Export]:
        """What a function another module defines gives of the float64 data a call passes
        it (`batches(x, 32)` of `def batches(x, n): yield x[i:i + n]`), by parameter."""
        return self._through.get(qualified, []) if qualified is not None else []

    def dataset_keys(self, qualified: Optional[str]) -> Dict[str, Export]:
        """The keys of the dict items of a dataset class another module defines whose value a
        batch collates to a float64 tensor (`{"label": float(y)}`), or to one of a narrow
        dtype on every item (a `NARROW_WIDTHS` row)."""
        return self._dataset_keys.get(qualified, {}) if qualified is not None else {}

    def items_following(self, qualified: Optional[str]) -> List[Export]:
        """The places in the items of a dataset class another module defines that hold what
        its `__init__` is given for a parameter (`FOLLOWS` rows)."""
        return self._follows.get(qualified, []) if qualified is not None else []

    def dataset(self, qualified: Optional[str]) -> List[Export]:
        """The float64 places in the items of a dataset class another module defines."""
        found = self._datasets.get(qualified, []) if qualified is not None else []
        return [export for export in found if export.width != SEEN]

    def seen_places(self, qualified: Optional[str]) -> List[Tuple[int, ...]]:
        """The places in the items of a dataset class another module defines whose dtype it
        shows and is not float64."""
        found = self._datasets.get(qualified, []) if qualified is not None else []
        return [export.item for export in found if export.width == SEEN and export.item is not None]

    def kept_parameter(self, owner: Optional[str], attribute: str) -> Optional[Tuple[str, Optional[int]]]:
        """For a class another module defines (qualified) that keeps a function its
        `__init__` is given as `self.<attribute>`: the parameter's name and position after
        `self` (None if keyword-only)."""
        found = self._kept.get(f"{owner}.{attribute}") if owner is not None else None
        if found is None:
            return None
        return found.made_by, found.item[0] if found.item else None

    def returned_by(self, qualified: Optional[str], declared: bool = False) -> Optional[Export]:
        """What a function, or a method of a class, returns. A method of an object the code
        only declares of that class (`declared`) may be a subclass's."""
        return self._value(qualified, True, declared)

    def bound_to(self, qualified: Optional[str], declared: bool = False) -> Optional[Export]:
        """What a name, or an attribute or property of a class, holds (of a subclass too
        for an object only `declared` of that class)."""
        return self._value(qualified, False, declared)

    def _value(self, qualified: Optional[str], returned: bool, declared: bool) -> Optional[Export]:
        found = self._by_name.get(qualified) if qualified is not None else None
        if found is None or found.returned != returned or (found.subclass and not declared):
            return None
        return found
