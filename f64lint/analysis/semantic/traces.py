"""The answers of the depth-bounded traces, kept per file.

The analysis follows a value back through names, arithmetic and calls, and forward through
its reads, each to a bounded depth. The bound limits recursion, not work: a name whose
value is arithmetic of names, each read several times (`x = np.sign(x) * np.log1p(mu *
np.abs(x)) / np.log1p(mu)` reassigned line after line, or given several values by
branches), is reached once per path to it, and the paths multiply with every line. A
trace's answer is a function of the node, the depth it is asked at (the depth left is
what it can still see) and its other arguments, so it is kept by all of them: each is
worked out once per file, the work is bounded by the nodes times the depths, and the
answers are those the trace gave before.

The steps the traces work out are counted per file (`Traces.step`): past `TRACE_STEPS`
the file's analysis stops with `TraceLimit`, which the linter reports as one diagnostic,
so that no file takes unbounded time whatever it holds. Counted in steps, not seconds,
the outcome does not depend on the machine.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable, Dict, Optional, Tuple, TypeVar

# The steps one file's traces may work out: 250 times what the most of any file of the
# corpus takes (3,998, transformers' modeling_qwen2_5_omni.py), some seconds of work.
TRACE_STEPS = 1_000_000

_MISSING = object()
Trace = TypeVar("Trace", bound=Callable[..., Any])


class TraceLimit(Exception):
    """A file's traces worked out more than their budget of steps."""


class Traces:
    """Kept answers, and the steps worked out: the module's facts hold the file's, and each
    object of its analysis whose answers depend on more than the facts (a `Flow` on the
    exports it is given) its own, counting its steps with the facts' (`sharing`)."""

    __slots__ = ("_counts", "answers", "limit", "steps")

    def __init__(self, limit: Optional[int] = None) -> None:
        self.answers: Dict[Tuple[Any, ...], Any] = {}
        self.steps = 0
        self.limit = TRACE_STEPS if limit is None else limit
        self._counts = self

    def sharing(self) -> "Traces":
        """Answers of their own, steps counted with these."""
        own = Traces(self.limit)
        own._counts = self._counts
        return own

    def step(self) -> None:
        """Count one step worked out (an answer read from `answers` is none)."""
        counts = self._counts
        counts.steps += 1
        if counts.steps > counts.limit:
            raise TraceLimit(f"its analysis took more than {counts.limit:,} steps")


def kept(trace: Trace) -> Trace:
    """Keep a trace's answers, by node, depth and its other arguments: `trace(owner, node,
    depth=0, ...)`, where `owner` is the module's facts or an object of its analysis, and
    its `traces` keep them. The trace must be a function of those alone (and of what does
    not change while the file is analysed), with no effect but its answer."""

    @wraps(trace)
    def keeping(owner: Any, node: Any, depth: int = 0, *rest: Any, **named: Any) -> Any:
        traces = owner.traces
        key = (trace, node, depth, *rest, *named.items()) if named else (trace, node, depth, *rest)
        found = traces.answers.get(key, _MISSING)
        if found is _MISSING:
            traces.step()
            found = traces.answers[key] = trace(owner, node, depth, *rest, **named)
        return found

    return keeping  # type: ignore[return-value]
