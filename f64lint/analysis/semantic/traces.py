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

A node is mostly reached at several depths, and its answer is mostly the same at all of
them: the depth matters only where a trace tests it against its bound (`Traces.beyond`).
So an answer is kept with the depths it holds at, those at which every test of the depth
it took (its own, and those of the answers it read) comes out as it did: a trace asked
again at another of those depths reads it, where it would have worked the same answer out
again, the same way.

The steps the traces work out are counted per file (`Traces.step`): past `TRACE_STEPS`
the file's analysis stops with `TraceLimit`, which the linter reports as one diagnostic,
so that no file takes unbounded time whatever it holds. Counted in steps, not seconds,
the outcome does not depend on the machine.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar

# The steps one file's traces may work out: 250 times what the most of any file of the
# corpus takes (3,998, transformers' modeling_qwen2_5_omni.py), some seconds of work.
TRACE_STEPS = 1_000_000

Trace = TypeVar("Trace", bound=Callable[..., Any])
# The depths an answer holds at, lowest and highest, and the answer.
Kept = Tuple[int, int, Any]
_DEEPEST = 1 << 30


class TraceLimit(Exception):
    """A file's traces worked out more than their budget of steps."""


class Traces:
    """Kept answers, and the steps worked out: the module's facts hold the file's, and each
    object of its analysis whose answers depend on more than the facts (a `Flow` on the
    exports it is given) its own, counting its steps with the facts' (`sharing`), and
    sharing the traces being worked out. (None of them refers to itself: a file's answers,
    and the tree they hold, are freed with its analysis, not by a cyclic collection.)"""

    __slots__ = ("_counts", "_working", "answers", "limit", "steps")

    def __init__(self, limit: Optional[int] = None) -> None:
        self.answers: Dict[Tuple[Any, ...], List[Kept]] = {}
        self.steps = 0
        self.limit = TRACE_STEPS if limit is None else limit
        self._counts: Optional[Traces] = None
        # Of each trace being worked out, innermost last: the depth it was asked at, and
        # the lowest and highest depths its answer holds at so far.
        self._working: List[List[int]] = []

    def sharing(self) -> "Traces":
        """Answers of their own, steps and the traces being worked out shared with these."""
        own = Traces(self.limit)
        own._counts = self._counts or self
        own._working = self._working
        return own

    def step(self) -> None:
        """Count one step worked out (an answer read from `answers` is none)."""
        counts = self._counts or self
        counts.steps += 1
        if counts.steps > counts.limit:
            raise TraceLimit(f"its analysis took more than {counts.limit:,} steps")

    def beyond(self, depth: int, bound: int) -> bool:
        """Is a trace past its bound (`depth > bound`)? Every test of a depth a trace was
        asked at, or one it reached from there (`depth + 1`), is this one, so that the
        answer being worked out is kept for the depths at which the test comes out the
        same: past the bound, or up to it."""
        past = depth > bound
        if past:
            self._read(depth, bound + 1, _DEEPEST)
        else:
            self._read(depth, -_DEEPEST, bound)
        return past

    def _read(self, depth: int, low: int, high: int) -> None:
        """What holds from depth `low` to `high` (an answer, a test's outcome) was read at
        `depth`: the answer being worked out holds where that depth stays between them."""
        if self._working:
            asked = self._working[-1]
            offset = depth - asked[0]
            asked[1] = max(asked[1], low - offset)
            asked[2] = min(asked[2], high - offset)


def kept(trace: Trace) -> Trace:
    """Keep a trace's answers, by node, its other arguments and the depths they hold at:
    `trace(owner, node, depth=0, ...)`, where `owner` is the module's facts or an object
    of its analysis, and its `traces` keep them. The trace must be a function of those
    alone (and of what does not change while the file is analysed), with no effect but
    its answer; it tests a depth only with `Traces.beyond`, and hands on only depths it
    was asked at or reached from there, or 0."""

    @wraps(trace)
    def keeping(owner: Any, node: Any, depth: int = 0, *rest: Any, **named: Any) -> Any:
        traces = owner.traces
        key = (trace, node, *rest, *named.items()) if named else (trace, node, *rest)
        answers = traces.answers.get(key)
        if answers is not None:
            for low, high, answer in answers:
                if low <= depth <= high:
                    traces._read(depth, low, high)
                    return answer
        traces.step()
        working = traces._working
        working.append([depth, 0, _DEEPEST])
        try:
            answer = trace(owner, node, depth, *rest, **named)
        finally:
            _, low, high = working.pop()
        traces.answers.setdefault(key, []).append((low, high, answer))
        traces._read(depth, low, high)
        return answer

    return keeping  # type: ignore[return-value]
