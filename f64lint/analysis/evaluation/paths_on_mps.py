"""Which of the values that may reach an expression may reach it when the code runs on
MPS: a name's bindings, what a class sets on `self`, a function's returns, a conditional's
branches. Not one made in code that never runs there (the `else:` of `if device.type ==
"mps":`, what follows `if device.type == "mps": return`, a test skipped on MPS:
domain/guards.py), nor a binding that reaches a read only past a branch MPS always takes
that binds the name again (`dtype = torch.float64`, then `if device.type == "mps": dtype =
torch.float32`). The branches that bind a name again are read here too, for the
evaluator to tell which values their tests let past (`if x.dtype == torch.float64: x =
x.float()`). Code that runs on MPS and handles its failure there (`try:`) binds names
all the same.

On `self`, a value set off MPS is left out only where the test asks about the object's
own device or the machine: a test of a device handed to one call (`set_timesteps(device)`)
says nothing of where the object's tensors go later.

Where that leaves none, all are kept: the question is then not one of MPS.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from f64lint.analysis.domain.devices import device_like_name, taken_on_mps, true_on_mps, true_only_off_mps
from f64lint.analysis.domain.guards import Guards
from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.nodes import descendants, is_self_attribute, own_nodes
from f64lint.cst import cst


class PathsOnMps:
    """The values of one module that may reach an expression on MPS."""

    def __init__(self, facts: ModuleFacts, guards: Guards) -> None:
        self.facts = facts
        self.guards = guards

    def reaching(self, read: cst.CSTNode, reaching: Sequence[Binding]) -> Sequence[Binding]:
        """The bindings that may reach a read when it runs on MPS: not those made in code that
        never runs there (`else:` of `if device.type == "mps":`), nor those that reach it only
        past a branch MPS always takes that binds it again (`dtype = torch.float64`, then
        `if device.type == "mps": dtype = torch.float32`); all, where that leaves none."""
        if len(reaching) < 2 or self.guards.never_on_mps(read):
            return reaching
        on_mps = [seen for seen in reaching if not self._made_off_mps(_bound(seen))]
        taken = [
            branch
            for seen in on_mps
            if (branch := self._taken_on_mps(_bound(seen))) is not None and not self._inside(read, branch)
        ]
        on_mps = [seen for seen in on_mps if not any(self._before(_bound(seen), branch) for branch in taken)]
        return on_mps or reaching

    def past_branches(self, read: cst.Name, reaching: Sequence[Binding]) -> List[Tuple[Binding, Binding, cst.If]]:
        """The bindings that reach a read only past an `if` that binds the name again in
        its body (`x = torch.as_tensor(x)`, then `if x.dtype == torch.float64: x =
        x.float()`; a loop's target bound before an `if` in its body), each with that
        binding and the `if`: where the test holds for a value, that value does not reach
        the read past it."""
        if len(reaching) < 2:
            return []
        found: List[Tuple[Binding, Binding, cst.If]] = []
        for again in reaching:
            branch = self._rebinding_branch(_bound(again))
            if branch is None or self._inside(read, branch):
                continue
            found.extend((seen, again, branch) for seen in reaching if self._bound_before(seen, branch))
        return found

    def _rebinding_branch(self, node: Optional[cst.CSTNode]) -> Optional[cst.If]:
        """The `if` whose body surely runs a node when it is taken: none past a loop (which
        may run no time), a `try`, another function or an `else:`."""
        child, current = node, self.facts.parent(node) if node is not None else None
        # (by type: syntax/nodes.py `own_nodes`)
        while current is not None and type(current) not in (cst.FunctionDef, cst.Lambda, cst.Module):
            if type(current) is cst.If:
                return current if child is current.body else None
            if type(current) in (cst.For, cst.While, cst.Try, cst.IfExp):
                return None
            child, current = current, self.facts.parent(current)
        return None

    def _bound_before(self, seen: Binding, branch: cst.If) -> bool:
        """Is a binding made before an `if` of the same block, or is it the target of the
        loop whose body holds it?"""
        loop = self.facts.parent(seen.iterated) if seen.iterated is not None else None
        if isinstance(loop, cst.For) and seen.value is None and seen.unpacked is None:
            return self._inside(branch, loop.body)
        return self._before(_bound(seen), branch)

    def set_on_self(self, values: Sequence[cst.BaseExpression]) -> Sequence[cst.BaseExpression]:
        """The values a class sets on `self.<name>` that may be there on MPS, as for the
        bindings of a name (`reaching`): not one set off MPS, nor one a branch MPS
        always takes sets again (`self.dtype = torch.float64`, then `if device.type ==
        "mps": self.dtype = torch.float32`)."""
        on_mps = [value for value in values if not (self._made_off_mps(value) and self._for_the_object(value))]
        on_mps = on_mps or list(values)
        taken = [branch for value in on_mps if (branch := self._taken_on_mps(value)) is not None]
        return [value for value in on_mps if not any(self._before(value, branch) for branch in taken)] or on_mps

    def _for_the_object(self, value: cst.BaseExpression) -> bool:
        """Does the test that keeps a value set on `self` off MPS ask about the object's own
        device (`self.device.type`, `x.is_mps` where the method keeps `self.device =
        x.device`) or the machine (`torch.backends.mps.is_available()`)? One about a device
        handed to a single call (`set_timesteps(device)`) says nothing of where the object's
        tensors go later."""
        test = self._off_mps_test(value)
        if test is None:
            return False
        asked = {name.value for name in _names_in(test) if self._is_local(name) and name.value != "self"}
        function = self.facts.enclosing_function(value)
        kept = {
            name.value
            for node in (own_nodes(function.body, cst.Assign) if function is not None else ())
            if any(_sets_a_device_on_self(target.target) for target in node.targets)
            for name in _names_in(node.value)
        }
        return asked <= kept

    def _off_mps_test(self, node: cst.CSTNode) -> Optional[cst.BaseExpression]:
        """The test of the `if` (or conditional) whose branch keeps a node off MPS."""
        current = node
        parent = self.facts.parent(current)
        while parent is not None and not isinstance(parent, cst.FunctionDef):
            if isinstance(parent, (cst.If, cst.IfExp)):
                if current is parent.body and true_only_off_mps(self.facts, parent.test):
                    return self._deciding(parent.test)
                if current is parent.orelse and true_on_mps(self.facts, parent.test):
                    return parent.test
            current, parent = parent, self.facts.parent(parent)
        return None

    def _deciding(self, test: cst.BaseExpression) -> cst.BaseExpression:
        """The part of a test true only off MPS that makes it so: of `precise and
        device.type != "mps"`, the device test (the flag says nothing of devices)."""
        while isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
            test = test.left if true_only_off_mps(self.facts, test.left) else test.right
        return test

    def _is_local(self, name: cst.Name) -> bool:
        binding = self.facts.bindings.get(name)
        return binding is not None and binding.qualified_name is None

    def made(self, made: Sequence[cst.BaseExpression]) -> Sequence[cst.BaseExpression]:
        """The values that may be made on MPS: not those made in code that never runs there
        (`return torch.float64` after `if device.type == "mps": return torch.float32`);
        all, where that leaves none."""
        on_mps = [value for value in made if not self._made_off_mps(value)]
        return on_mps or made

    def _made_off_mps(self, node: Optional[cst.CSTNode]) -> bool:
        return node is not None and self.guards.never_on_mps(node)

    def _taken_on_mps(self, node: Optional[cst.CSTNode]) -> Optional[cst.If]:
        return taken_on_mps(self.facts, node) if node is not None else None

    def _before(self, node: Optional[cst.CSTNode], branch: cst.If) -> bool:
        """Is a node in a statement of the block of an `if` before it?"""
        block = self.facts.parent(branch)
        statements = list(block.body) if isinstance(block, (cst.IndentedBlock, cst.Module)) else []
        earlier = statements[: statements.index(branch)] if branch in statements else []
        current = node  # the statement of the block that holds the node, if one does
        while current is not None and self.facts.parent(current) is not block:
            current = self.facts.parent(current)
        return current is not None and any(statement is current for statement in earlier)

    def _inside(self, node: Optional[cst.CSTNode], ancestor: cst.CSTNode) -> bool:
        current = node
        while current is not None and current is not ancestor:
            current = self.facts.parent(current)
        return current is not None




def _bound(binding: Binding) -> Optional[cst.BaseExpression]:
    """What a binding binds a name to, is unpacked from or iterates."""
    return binding.value or binding.unpacked or binding.iterated


def _names_in(node: cst.CSTNode) -> List[cst.Name]:
    return [found for found in descendants([node]) if isinstance(found, cst.Name)]


def _sets_a_device_on_self(target: cst.BaseExpression) -> bool:
    """`self.device = ...` (an attribute named like a device)."""
    return is_self_attribute(target) and isinstance(target, cst.Attribute) and device_like_name(target.attr.value)
