"""Everything rules may ask about one module, layer by layer: the semantic record, its
guards, data flow and containment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import FrozenSet, Optional

from f64lint.analysis.domain.devices import NO_FLOAT64_DEVICES
from f64lint.analysis.domain.guards import Guards
from f64lint.analysis.domain.library import NAMESPACES, STAR_EXPORTS
from f64lint.analysis.flow.containment import Containment
from f64lint.analysis.flow.data import DataOrigins
from f64lint.analysis.flow.values import Flow
from f64lint.analysis.project.exports import Imported
from f64lint.analysis.project.observed import Observed
from f64lint.analysis.semantic.facts import ModuleFacts, Suite
from f64lint.analysis.semantic.walk import walk
from f64lint.cst import cst


@dataclass
class Analysis:
    """One module's analysis. Rules read `facts` for what the code means, `guards` for
    where MPS cannot be, `flow` for where float64 values go and `containment` for whether
    a float64 value made on the CPU stays out of harm's way; `data` for data whose dtype
    the code does not show."""

    facts: ModuleFacts
    imported: Imported = field(default_factory=Imported)
    observed: Observed = field(default_factory=Observed)
    guards: Guards = field(init=False)
    flow: Flow = field(init=False)
    containment: Containment = field(init=False)
    data: DataOrigins = field(init=False)

    def __post_init__(self) -> None:
        self.guards = Guards(self.facts)
        self.flow = Flow(self.facts, self.guards, self.imported, self.observed)
        self.containment = Containment(self.facts, self.flow)
        self.data = DataOrigins(self.facts, self.flow)


def analyse(
    module: cst.Module,
    devices: FrozenSet[str] = NO_FLOAT64_DEVICES,
    text: Optional[str] = None,
    module_name: Optional[str] = None,
    package: Optional[str] = None,
    imported: Imported = Imported(),
    in_tests: bool = False,
    suite: Suite = Suite(),
    in_script: bool = False,
    observed: Observed = Observed(),
) -> Analysis:
    """`text`, the source the module was parsed from, spares generating its code again;
    `module_name` and `package` (when the file's place in a package is known) resolve its
    relative imports; `imported` are the exports of the other modules of the run;
    `in_tests` says the module is a test, and `suite` what the rest of its test suite
    says about its tests; `in_script` that it runs as a program; `observed`, what the
    project's tests saw of the module's values at run time."""
    facts = walk(module, devices, text, module_name, package, in_tests, suite, in_script, NAMESPACES, STAR_EXPORTS)
    return Analysis(facts, imported, observed)
