"""Which definitions make a float64 NumPy array and hand it to torch as a tensor's data,
judged from their lines as the analysis (`analysis/arrays.py`) judges the code."""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.domain.arrays import (
    FLOAT64_OF_INTEGERS,
    FLOAT_BY_DEFAULT,
    FLOAT_OF_NUMBERS,
    FOLLOW_DATA,
    INTEGER_MAKERS,
    KEEP_DTYPE_METHODS,
    KEEP_FIRST_ARGUMENT_DTYPE,
)
from f64lint.analysis.domain.library import (
    AWAITS_TOGETHER,
    BINDS_ARGUMENTS,
    COLLECTS_ELEMENTS,
    GENERATES_INIT,
    GIVES_ARGUMENT,
    MAKES,
    NEXT_ELEMENT,
    Returns,
    float64_members,
    functions,
    short_names,
)
from f64lint.analysis.domain.probed import (
    float64_members_by_maker,
    keep_float64,
    makers_whatever_given,
    probed_libraries,
    python_float_modules,
)
from f64lint.analysis.syntax.calls import GROWING_METHODS, MAX_TRACE_DEPTH
from f64lint.linter.narrowing.lines import (
    KEYWORD_ARGUMENT,
    NAME,
    Statement,
    bound_names,
    call_arguments,
    class_members,
    grown_lists,
    logical_lines,
    loop_targets,
)
from f64lint.linter.narrowing.returned import FollowedCalls, parameters
from f64lint.rules.patterns import AnyOf

# (It starts with its keyword, so that it is searched for fast: see `AnyOf`.)
_NUMPY_MODULE_ALIAS = re.compile(r"import\s+numpy(?:\.random)?\s+as\s+(\w+)")
_IMPORTED = re.compile(r"(\w+)(?:\s+as\s+(\w+))?")


@lru_cache(maxsize=1)
def _float_by_default() -> List[str]:
    """NumPy's functions that make float64 arrays: `zeros`, `rand`, its math of Python
    numbers (`np.log(sigma)`), those NumPy was seen to make float64 of any input
    (`np.hanning(`, `np.interp(`), and those of integers (`arange`, `bincount`), which
    division or a float operand where they are used makes float64 (`np.arange(n) / n`).
    (Read on first use: the probed table is not loaded by a run that narrows nothing.)"""
    probed = makers_whatever_given("float64", "numpy")
    return sorted({name.rsplit(".", 1)[-1] for name in FLOAT_BY_DEFAULT | FLOAT_OF_NUMBERS | INTEGER_MAKERS | probed})


# NumPy's functions that make float64 only of float data (`np.array([0.5, 1.0])`), given on
# the line that calls them: a float literal.
_FOLLOW_DATA = sorted({name.rsplit(".", 1)[-1] for name in FOLLOW_DATA} - {"arange"})
# Other libraries' float64 makers (`get_window(`, `windows.hann(`) and image readers, whose
# integer arrays division makes float64 (`cv2.imread(`), and, in a module that makes one of
# their objects (`default_rng(`, `StandardScaler(`), that object's float64 members
# (`.normal(`, `.mean_`).
_OTHER_MAKERS = sorted(
    {
        name.rsplit(".", 1)[-1]
        for name in FLOAT_BY_DEFAULT | FLOAT_OF_NUMBERS | FLOAT64_OF_INTEGERS | INTEGER_MAKERS
        if not name.startswith("numpy.")
    }
)


def _other_probed_libraries() -> List[str]:
    """The probed libraries but NumPy, whose functions are found by its module's names
    (`np.zeros(`): each looked for in a module whose text names it."""
    return sorted(probed_libraries() - {"numpy"})


@lru_cache(maxsize=1)
def _probed_keeping() -> Dict[str, FrozenSet[str]]:
    """By library, the last names of the functions the probe saw keep float64 data float64."""
    return {
        library: frozenset(name.rsplit(".", 1)[-1] for name in keep_float64(library))
        for library in _other_probed_libraries()
    }


@lru_cache(maxsize=1)
def _probed_makers() -> Dict[str, List[str]]:
    """By library, the functions the probe saw make float64 arrays of whatever input
    (`stats.norm.ppf(`, `make_regression(`). (Read on first use: the probed table is not
    loaded by a run that narrows nothing.)"""
    return {
        library: sorted({name.rsplit(".", 1)[-1] for name in makers_whatever_given("float64", library)})
        for library in _other_probed_libraries()
    }


@lru_cache(maxsize=1)
def _members_by_maker() -> Dict[str, FrozenSet[str]]:
    """The float64 members of each type, by the last part of the name of a call that
    makes one (`normal` and the other draws by `default_rng`, `step` by `SyncVectorEnv`),
    with those probed from the libraries (`mean_` by `StandardScaler`, `values` by `read_csv`)."""
    found: Dict[str, FrozenSet[str]] = dict(float64_members_by_maker())
    for maker, made in MAKES.items():
        last = maker.rsplit(".", 1)[-1]
        found[last] = found.get(last, frozenset()) | float64_members(made)
    return found


def names_object_makers(code: str) -> bool:
    """Does the code call a maker of a library object with float64 members (`StandardScaler`,
    `default_rng`, `read_csv`)?"""
    words = set(_WORD.findall(code))
    return any(maker in words and re.search(rf"\b{maker}\s*\(", code) for maker in _members_by_maker())


_WORD = re.compile(r"\w+")
_FLOAT_LITERAL = re.compile(r"(?<![\w.])(?:\d[\d_]*\.|\.\d|\d[\d_]*[eE][-+]?\d)")
# Python floats of a call (`float(x)`, `math.sqrt(x)`), or a parameter annotated as a
# sequence of them (`probas: List[float]`, `tuple[float, ...]`): arrays of them are float64.
# `[float]`, `[int, float]`, `[float, ...]`: from its bracket (a pattern starting with `float`
# would stop at every `x: float,` of a signature).
_FLOAT_ITEMS = re.compile(r"\[[^\[\]()=\n]{0,40}?\bfloat\s*[\],]")


@lru_cache(maxsize=1)
def _python_floats() -> AnyOf:
    """`float(x)`, a call of a module of Python's own that gives floats (`math.sqrt(x)`,
    `statistics.fmean(xs)`, as probed), or such an annotation. (Read on first use: the
    probed table is not loaded by a run that narrows nothing.)"""
    modules = (rf"{module}\s*\.\s*\w+\s*\(" for module in sorted(python_float_modules()))
    return AnyOf(r"float\s*\(", *modules, _FLOAT_ITEMS)


# What comes before such a bracket in an annotation (`probas: Optional[List`), looked for
# back from each (a pattern starting with a name is tried at every position). Any
# annotation that names `float` in brackets: keeping more than the analysis reads is harmless.
_ANNOTATED_SEQUENCE = re.compile(r"(\w+)\s*:\s*[\w.\[, ]*$")
# The torch functions that make a tensor of NumPy data (`torch.from_numpy(`, or `tensor(`
# imported from torch, under its own name or another).
_FROM_DATA = short_names(functions("torch", Returns.DATA_DTYPE))
_DATA_KEYWORD = re.compile(r"\s*(?:data|ndarray|obj)\s*=(?!=)")
_DEFINING = re.compile(r"\bdef\s+$")  # a function's header up to its name
_DTYPE_KEYWORD = re.compile(r"\s*dtype\s*=(?!=)")
_CALLEE = re.compile(r"([A-Za-z_][\w.]*)\s*\(")
# What an array flows through besides NumPy's functions: the array methods and other
# libraries' functions that keep the dtype (`signal.filtfilt(b, a, x)`), what gives back
# an argument or its elements (`typing.cast`, `iter`, `next`), what awaits coroutines
# together (`asyncio.gather`), and what grows a list by what it is given
# (`values.append(np.exp(x))`).
_KEEP_OR_CAST = (
    KEEP_DTYPE_METHODS
    | frozenset(short_names(functions("scipy", Returns.ARGUMENT_DTYPE)))
    | frozenset(short_names(KEEP_FIRST_ARGUMENT_DTYPE))
    | frozenset(short_names([*GIVES_ARGUMENT, NEXT_ELEMENT, *AWAITS_TOGETHER]))
    | frozenset(short_names(COLLECTS_ELEMENTS))
    | set(GROWING_METHODS)
)


@dataclass(frozen=True)
class ArrayMakers:
    """Calls of NumPy's functions that make float64 arrays, as a module spells them."""

    by_default: AnyOf  # `np.zeros(`, `numpy.random.rand(`, `linspace(` imported from NumPy
    following_data: AnyOf  # `np.array(`, `np.full(`: float64 only of float data
    numpy_names: FrozenSet[str]  # `np`, and the NumPy functions imported by name
    tensor_of_data: "re.Pattern[str]"  # `torch.from_numpy(`, `th.tensor(`, `fnp(` (an alias)
    own: AnyOf = field(default_factory=AnyOf)  # calls of the module's functions that make one (`_table()`)
    library: AnyOf = field(default_factory=AnyOf)  # other libraries' makers: `get_window(`, `rng.normal(`
    # The module's own functions (`batches(`) and methods (`self.step(`), whose parameters
    # the analysis reads from what the module's calls pass.
    followed: FollowedCalls = field(default_factory=lambda: FollowedCalls({}, []))
    # The other libraries' functions, by their last name, that keep float64 data float64
    # (`train_test_split(`), of the libraries the module's text names.
    keeping: FrozenSet[str] = frozenset()
    # The module's classes whose objects hold what they are made with (a dataclass:
    # `Config(anchors=a).anchors` is `a`).
    holding: FrozenSet[str] = frozenset()

    def search(self, text: str) -> bool:
        return (
            bool(self.by_default.search(text))
            or bool(self.library.search(text))
            or (
                bool(self.following_data.search(text))
                and (
                    bool(_FLOAT_LITERAL.search(text))
                    or "/" in text  # a true division gives Python floats: `np.full(n, 1 / n)`
                    or "**" in text  # a power of integers may be of a float (`counts ** power`)
                    or bool(_python_floats().search(text))
                )
            )
            or bool(self.own.search(text))
        )

    def within(self, definition: str) -> "ArrayMakers":
        """These makers as a definition's text sees them: with the names it binds to what
        `partial` makes of one of torch's tensor makers (`make_arg = partial(torch.tensor,
        device=device)`), which make tensors there and nowhere else (torch's table of
        operators binds `make_arg` to `partial(make_tensor, ...)` in hundreds of others)."""
        if _BINDS not in definition:
            return self
        bound = {name for name, maker in _BOUND_BY_PARTIAL.findall(definition) if maker in _FROM_DATA}
        if not bound:
            return self
        return replace(self, tensor_of_data=_with_makers(self.tensor_of_data, frozenset(bound)))

    def with_functions(self, functions: Set[str], methods: Set[str]) -> "ArrayMakers":
        """These makers and calls of the module's own functions and methods of these
        names, on `self` or on any object (`self.m(`, `levels.m(` of `levels = Levels()`):
        the analysis follows an array out of what returns it."""
        if not functions and not methods:
            return self
        calls = _calls(set(), functions, [])
        if methods:
            calls = AnyOf(*calls.patterns, *(rf"{name}(?<=\.{name})\s*\(" for name in sorted(methods)))
        return replace(self, own=calls)

    def of_lists_grown(self, method: str, grown: FrozenSet[str]) -> bool:
        """Does a method call NumPy and read a list its class grows (`np.mean(self.history)`
        of a `self.history.extend(rewards.tolist())`): of Python floats, a float64 array."""
        return not grown.isdisjoint(_HELD.findall(method)) and bool(_numpy_calls(self.numpy_names).search(method))

    def with_lists_grown_by_numpy(self, names: Set[str]) -> "ArrayMakers":
        """These makers, with reads of the lists kept on `self` under these names, which a
        class grows by what NumPy gives (`self.history[task][-1]` of a
        `self.history[task].append(np.mean(losses))`: a mean of Python numbers is a float64
        scalar)."""
        if not names:
            return self
        reads = (rf"self(?<!\wself)\.{name}\b" for name in sorted(names))
        return replace(self, own=AnyOf(*self.own.patterns, *reads))

    def grown_by_numpy(self, grown: Iterable["re.Match[str]"], text: str) -> FrozenSet[str]:
        """Of these lists kept on `self` grown in a text, those grown by what a NumPy call
        on the same line gives (`self.history[task].append(np.mean(losses))`)."""
        numpy = _numpy_calls(self.numpy_names)
        found = set()
        for match in grown:
            end = text.find("\n", match.end())
            if numpy.search(text[match.end() : end if end >= 0 else len(text)]):
                found.add(match.group(1))
        return frozenset(found)

    def with_followed(
        self, functions: Sequence[Statement], methods: Sequence[Statement], structure_lines: List[str]
    ) -> "ArrayMakers":
        """These makers, with the arguments of calls of these functions and methods (the
        module's definitions, read from these lines) followed to what the calls return."""
        by_callee: Dict[str, List[Statement]] = {}
        for function in functions:
            by_callee.setdefault(function.name or "", []).append(function)
        for method in methods:
            by_callee.setdefault(f"self.{method.name}", []).append(method)
        return replace(self, followed=FollowedCalls(by_callee, structure_lines))

    def with_sinks(self, names: Set[str]) -> "ArrayMakers":
        """These makers, with calls of the module's functions, classes and methods of these
        names taken as making tensors of the data they are given: their code makes a tensor
        of data (`fit(x, device)` of a `def fit(x, device): torch.from_numpy(x)...`), which
        may be what a caller passes."""
        if not names:
            return self
        return replace(self, tensor_of_data=_with_makers(self.tensor_of_data, frozenset(names)))

    def passing(self, text: str) -> str:
        """The part of a line of code (strings emptied) an array flows through to what
        the line binds: all of it but the arguments of calls other than NumPy's (`np.sin(`),
        array methods that keep the dtype (`.reshape(`) and `typing.cast(`, and of the module's
        own functions and methods (`followed`) those that may be what the call returns: the
        analysis follows an array into no other call."""
        parts: List[str] = []
        position = 0
        while True:
            call = _CALLEE.search(text, position)
            if call is None:
                parts.append(text[position:])
                return "".join(parts)
            parts.append(text[position : call.end()])
            position = call.end()
            callee = call.group(1)
            if keyword.iskeyword(callee) or callee in ("match", "case"):
                continue  # `if (`, `return (`: brackets, not a call
            last = callee.rsplit(".", 1)[-1]
            followed = (
                callee.split(".", 1)[0] in self.numpy_names or last in _KEEP_OR_CAST or last in self.keeping
                or callee in self.holding
            )
            if followed:
                continue
            arguments, position = call_arguments(text, position)
            if callee in self.followed:
                parts.append(self.passing(",".join(self.followed.handed_on(callee, arguments))))


def array_makers(code: str) -> ArrayMakers:
    """By whatever names the module's code imports NumPy as, anywhere."""
    modules = {"numpy", "np"}
    imported: Dict[str, str] = {}  # the name a NumPy function is imported as: its own name
    modules.update(_NUMPY_MODULE_ALIAS.findall(code))
    makers = set(_FROM_DATA)
    makers.update(alias for name, alias in _imported_from(r"torch", code) if name in _FROM_DATA and alias)
    if _BINDS in code:  # bound at the module's top: its definitions' own are read by `within`
        makers.update(bound for bound, name in _BOUND_AT_TOP_BY_PARTIAL.findall(code) if name in _FROM_DATA)
    for name, alias in _imported_from(r"numpy(?:\.random)?", code):
        if name == "random":
            modules.add(alias or name)
        else:
            imported[alias or name] = name
    by_default = _float_by_default()
    # Only the names the module's code has: most have none, and then search nothing more.
    # (Each is looked for among the code's words, a tenth of its text: a name, all word
    # characters, is in the code exactly when it is in one of them. A member read as
    # `.name` is a whole word there: it is looked up among the words, over a thousand of
    # them, each of which a search of the text would scan it for.)
    present = set(_WORD.findall(code))
    words = "\0".join(present)
    library = [rf"{name}\s*\(" for name in _OTHER_MAKERS if name in words]
    named = (name for owner, names in _probed_makers().items() if owner in words for name in names)
    library += [rf"{name}\s*\(" for name in named if name in words and name not in _OTHER_MAKERS]
    made = {name for maker, names in _members_by_maker().items() if maker in words for name in names}
    library += [rf"{name}(?<=\.{name})(?!\w)" for name in sorted(made & present)]
    return ArrayMakers(
        _calls(modules, {a for a, name in imported.items() if name in by_default}, by_default),
        _calls(modules, {a for a, name in imported.items() if name in _FOLLOW_DATA}, _FOLLOW_DATA),
        frozenset(modules | set(imported)),
        re.compile(rf"(?<!\w)(?:{'|'.join(sorted(makers))})\s*\("),
        library=AnyOf(*library),
        keeping=frozenset().union(*(names for owner, names in _probed_keeping().items() if owner in code)),
        holding=frozenset(_FIELDS_MADE.findall(code)),
    )


# A class whose decorator makes its `__init__` of its fields (`@dataclass`,
# `@dataclass(frozen=True)`, `@attrs.define`), by its name.
_FIELDS_MADE = re.compile(
    rf"^@(?:\w+\.)*(?:{'|'.join(sorted(set(short_names(GENERATES_INIT))))})\b.*\n(?:@.*\n)*class\s+(\w+)",
    re.MULTILINE,
)


# A name bound to what `partial` makes of a function (`to_device = partial(torch.as_tensor,
# device=d)`), with the function's last name.
_BINDS = short_names([BINDS_ARGUMENTS])[0]
_BOUND_BY_PARTIAL = re.compile(rf"(\w+)\s*=\s*(?:\w+\s*\.\s*)?{_BINDS}\s*\(\s*(?:\w+\s*\.\s*)*(\w+)\s*[,)]")
_BOUND_AT_TOP_BY_PARTIAL = re.compile(rf"^{_BOUND_BY_PARTIAL.pattern}", re.MULTILINE)


def _with_makers(tensor_of_data: "re.Pattern[str]", names: FrozenSet[str]) -> "re.Pattern[str]":
    """The calls a pattern of tensor makers finds, and calls of these names (compiled once
    per pattern text by `re`'s own cache, which is bounded: the server lints for hours)."""
    own = "|".join(sorted(re.escape(name) for name in names))
    return re.compile(rf"{tensor_of_data.pattern}|(?<!\w)(?:{own})\s*\(")


@lru_cache(maxsize=8)
def _numpy_calls(modules: FrozenSet[str]) -> AnyOf:
    """A call of any of NumPy's functions, by the names the module imports it as."""
    return _calls(set(modules), set(), [r"\w+"])


def _imported_from(module: str, code: str) -> List[Tuple[str, str]]:
    """(name, alias or "") of each `from <module> import name as alias`, parenthesized or not.
    (The pattern starts with its keyword, so that it is searched for fast.)"""
    pattern = rf"from\s+{module}\s+import\s+(\([^)]*\)|[^\n;]*)"
    return [pair for names in re.findall(pattern, code) for pair in _IMPORTED.findall(names)]


def _calls(modules: Set[str], functions: Set[str], names: List[str]) -> AnyOf:
    """`module.name(` (or in a submodule: `module.random.name(`, `module.fft.name(`,
    `module.polynomial.legendre.name(`) for these modules, and `function(`. Each
    pattern starts with its literal name, then checks the character before it (a pattern
    starting with a lookbehind is much slower to search for: see `AnyOf`)."""
    alternatives = "|".join(names)
    return AnyOf(
        *(
            rf"{re.escape(module)}(?<![\w.]{re.escape(module)})\s*\.\s*(?:\w+\s*\.\s*){{0,2}}(?:{alternatives})\s*\("
            for module in sorted(modules)
        ),
        *(rf"{re.escape(name)}(?<![\w.]{re.escape(name)})\s*\(" for name in sorted(functions)),
    )


class _ArrayLine:
    """A logical line of code (strings emptied), as float64 arrays flow through it: read
    when a generation first reaches it."""

    def __init__(self, text: str, makers: ArrayMakers) -> None:
        self.text = text
        self.makers = makers
        self.reads = frozenset(NAME.findall(text))
        self.data: Optional[Tuple[bool, FrozenSet[str]]] = None
        self.passed: Optional[Tuple[bool, FrozenSet[str], FrozenSet[str]]] = None
        self.makes: Optional[bool] = None  # does it call a maker, asked once for every generation

    def hands_to_torch(self, arrays: Set[str]) -> bool:
        """Does it make a tensor of an array it makes there or reads from these names?"""
        if self.data is None:
            if not self.makers.tensor_of_data.search(self.text):
                self.data = (False, frozenset())
            else:
                data = self.makers.passing(_data_given(self.text, self.makers.tensor_of_data))
                self.data = (self.makers.search(data), frozenset(NAME.findall(data)))
        makes, names = self.data
        return makes or not names.isdisjoint(arrays)

    def binds(self, arrays: Set[str]) -> FrozenSet[str]:
        """The names it binds to an array it makes or reads from these names."""
        if self.passed is None:
            if self.makes is None:
                self.makes = self.makers.search(self.text)
            if self.reads.isdisjoint(arrays) and not self.makes:
                return frozenset()
            passing = self.makers.passing(self.text)
            # A loop over an array binds its elements, which are float64 too; an array
            # appended to a list makes the list one of float64 data.
            bound = bound_names(self.text.split("\n")) | loop_targets(self.text) | grown_lists(self.text)
            self.passed = (self.makers.search(passing), frozenset(NAME.findall(passing)), bound)
        makes, names, bound = self.passed
        return bound if makes or not names.isdisjoint(arrays) else frozenset()


def _data_given(line: str, tensor_of_data: "re.Pattern[str]") -> str:
    """What a line of code (strings emptied) hands to torch as the data of a tensor made
    without a `dtype=`: the first argument of each `torch.from_numpy(`, `torch.tensor(`...,
    its positional arguments and `data=`, `ndarray=`, `obj=`."""
    given: List[str] = []
    for call in tensor_of_data.finditer(line):
        if _DEFINING.search(line, max(0, call.start() - 12), call.start()):
            continue  # `def fit(x, device):` of a function that makes a tensor of `x`: no call
        arguments, _ = call_arguments(line, call.end())
        if any(_DTYPE_KEYWORD.match(argument) for argument in arguments):
            continue
        for index, argument in enumerate(arguments):
            if index == 0 or not KEYWORD_ARGUMENT.match(argument) or _DATA_KEYWORD.match(argument):
                given.append(argument)
    return "\n".join(given)


def float_sequence_parameters(definition: str) -> Set[str]:
    """The parameters a definition's code annotates as sequences of Python floats
    (`probas: List[float]`), which NumPy makes float64 arrays of."""
    found = set()
    for items in _FLOAT_ITEMS.finditer(definition):
        start = max(definition.rfind("\n", 0, items.start()) + 1, items.start() - 120)
        annotated = _ANNOTATED_SEQUENCE.search(definition, start, items.start())
        if annotated is not None:
            found.add(annotated.group(1))
    return found


def hands_array_to_torch(definition: Statement, structure_lines: List[str], makers: ArrayMakers) -> bool:
    """Does a definition make a float64 array and hand it to torch as a tensor's data? The
    analysis follows an array only through names, NumPy's calls and the methods that keep
    its dtype, so this follows it generation by generation: the names bound to an array
    made on a line, then to one read from those names, and so on as far as the analysis
    follows names (`MAX_TRACE_DEPTH`). A class's methods are followed each on its own,
    sharing only what the class holds (`self.freqs`, its attributes and methods)."""
    makers = makers.within(definition.text)
    if not (makers.search(definition.text) and makers.tensor_of_data.search(definition.text)):
        return False
    # Names that may hold a float64 array, or floats NumPy makes one of (`probas: List[float]`),
    # and in a class the methods that make one, which may return it (`self.freqs` of a property).
    arrays = float_sequence_parameters(definition.text)
    members = (definition.members or class_members(definition, structure_lines)) if definition.is_class else []
    if not members:
        return _hands_to_torch([_lines(definition, structure_lines, makers)], arrays, frozenset())
    arrays |= _methods_making_arrays(definition.text, makers)
    groups = [_lines(member, structure_lines, makers) for member in members if member.name is not None]
    body = [line for member in members if member.name is None for line in _lines(member, structure_lines, makers)]
    held = {name for line in body for name in bound_names(line.text.split("\n"))}
    held |= {member.name for member in members if member.name is not None}
    held |= set(_HELD.findall(definition.text))
    return _hands_to_torch([*groups, body], arrays, frozenset(held))


def hands_parameter_to_torch(definition: Statement, structure_lines: List[str], makers: ArrayMakers) -> bool:
    """Does a function make a tensor of the data one of its parameters holds, followed as
    `hands_array_to_torch` follows an array (`def fit(self, x): torch.from_numpy(x)`)?"""
    makers = makers.within(definition.text)
    if not makers.tensor_of_data.search(definition.text):
        return False
    found = parameters(definition.text)
    names = set(found.names) if found is not None else set()
    return bool(names) and _hands_to_torch([_lines(definition, structure_lines, makers)], names, frozenset())


# What a class holds, named in its methods: `self.freqs`, `cls.table`.
_HELD = re.compile(r"(?:self(?<!\wself)|cls(?<!\wcls))\s*\.\s*(\w+)")  # (literal first: searched fast)


def _lines(definition: Statement, structure_lines: List[str], makers: ArrayMakers) -> List["_ArrayLine"]:
    return [
        _ArrayLine("\n".join(structure_lines[first : last + 1]), makers)
        for first, last in logical_lines(structure_lines, definition.first, definition.last)
    ]


def _hands_to_torch(groups: List[List["_ArrayLine"]], shared: Set[str], held: FrozenSet[str]) -> bool:
    """Do the lines make a tensor of an array, followed from these names? Each group of
    lines (a function, a method) binds names of its own, but those in `held` (what a class
    holds), which every group reads."""
    own: List[Set[str]] = [set() for _ in groups]
    for _ in range(MAX_TRACE_DEPTH + 1):
        arrays = [shared | names for names in own]
        if any(line.hands_to_torch(seen) for lines, seen in zip(groups, arrays) for line in lines):
            return True
        grown = False
        for lines, seen, names in zip(groups, arrays, own):
            bound = set().union(*(line.binds(seen) for line in lines)) - {"self", "cls"} - seen
            grown = grown or bool(bound)
            shared |= bound & held
            names |= bound - held
        if not grown:
            return False
    return False


_METHOD = re.compile(r"^[ \t]+(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)


def _methods_making_arrays(text: str, makers: ArrayMakers) -> Set[str]:
    """The names of the methods of a class's text whose text (to the next method) makes an array."""
    starts = list(_METHOD.finditer(text))
    ends = [match.start() for match in starts[1:]] + [len(text)]
    return {match.group(1) for match, end in zip(starts, ends) if makers.search(text[match.start() : end])}
