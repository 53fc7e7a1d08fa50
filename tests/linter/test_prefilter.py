"""The prefilter never skips a file a rule would flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from f64lint.linter.prefilter import rules_that_may_fire
from f64lint.rules import ALL_RULES, RULES_BY_CODE

FIXTURES = Path(__file__).parents[2] / "fixtures"
INVALID = [(rule, example) for rule in ALL_RULES for example in rule.invalid]


@pytest.mark.parametrize(("rule", "example"), INVALID, ids=[f"{r.code}-invalid{i}" for i, (r, _) in enumerate(INVALID)])
def test_every_invalid_example_passes_its_rules_prefilter(rule, example):
    assert rule in rules_that_may_fire(ALL_RULES, example.source)


# (A whole project, fixtures/projects/, is tested as one: tests/end_to_end/test_project.py.)
MODULES = sorted(path for path in FIXTURES.rglob("*.py") if "projects" not in path.relative_to(FIXTURES).parts)


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.stem)
def test_every_fixture_passes_the_prefilter_of_each_rule_it_expects(module):
    text = module.read_text(encoding="utf-8")
    expected = {line.split()[1] for line in module.with_suffix(".expected").read_text().splitlines() if line}

    passed = {rule.code for rule in rules_that_may_fire(ALL_RULES, text)}
    assert expected <= passed


def test_prefilter_skips_code_without_float64_spellings():
    source = "import torch\n\ndef f(x):\n    return torch.zeros(3, dtype=torch.float32) + x.float()\n"
    assert [rule.code for rule in ALL_RULES if rule.required and rule.may_fire(source)] == []


@pytest.mark.parametrize(
    "source",
    [
        "x = float(y) + float (z)\nw = torch.float32\n",
        "def f(x: float = 1.0) -> float:\n    return x\n",
        "ok = isinstance(x, (int, float)) or type(x) == float or type(x) != complex\n",
    ],
)
def test_python_float_prefilter_ignores_float_calls_annotations_and_checks(source):
    assert not RULES_BY_CODE["F64008"].may_fire(source)


@pytest.mark.parametrize(
    "source",
    [
        "t = torch.ones(2, dtype=float)\n",
        "t = x.to(complex)\n",
        "t = x.to(device, float)\n",
        "DTYPE = float\n",
        "t = torch.tensor(v, dtype='f8')\n",
    ],
)
def test_python_float_prefilter_keeps_float_as_a_dtype(source):
    assert RULES_BY_CODE["F64008"].may_fire(source)


@pytest.mark.parametrize(
    ("source", "iterates"),
    [
        ("import torch\nfor x, y in train_loader:\n    x.to(device)\n", True),
        ("import torch\nbatch = next(iter(self.val_dataloader()))\n", True),
        ("import torch\nfor batch in tqdm(\n    loader, desc='train'\n):\n    pass\n", True),
        ("import torch\nfor x in DataLoader(ds):\n    pass\n", True),
        ("import torch\nfor i, batch in enumerate(\n    tqdm(\n        train_loader,\n    )\n):\n    pass\n", True),
        ("import torch\nfor x in batches:\n    log(\n        loader_name,\n    )\n", False),
        ("import torch\nfrom ..loaders import StableDiffusionLoraLoaderMixin\n", False),
        ("import torch\nvalues = [load(i) for load in loaders]\nfor f in intermediate_loaders:\n    f(i)\n", False),
        ("import torch\n# for x in loader: documented, not run\n", False),
    ],
)
def test_the_batch_rule_reads_only_files_that_iterate_a_loader(source, iterates):
    moving = source + "moved = x.to(device)\n"
    assert (RULES_BY_CODE["F64011"] in rules_that_may_fire(ALL_RULES, moving)) is iterates


def test_the_batch_rule_reads_only_files_that_move_something():
    loop = "import torch\n\n\ndef each(loader, device):\n    for x in loader:\n        yield x{}\n"
    assert RULES_BY_CODE["F64011"] not in rules_that_may_fire(ALL_RULES, loop.format(""))  # a loader's own code
    assert RULES_BY_CODE["F64011"] in rules_that_may_fire(ALL_RULES, loop.format(".to(device)"))


@pytest.mark.parametrize(
    ("source", "may_fire"),
    [
        ("t = torch.tensor(x, device=device).float()\n", True),
        ("t = torch.as_tensor(np.stack(xs), device=d)[0].half()\n", True),
        ("t = torch.tensor(\n    x, device=d)\nt = t.float()\n", True),
        ("t = torch.from_numpy(x).to(device).T.float()\n", True),
        ("t = x.to(device)\nt = t.float()\n", True),
        # A tensor made on the device of no data: most torch files have one.
        ("emb = torch.arange(half, device=device).float() * -scale\n", False),
        ("cov = torch.eye(n, device=device)\ncov = cov.float()\n", False),
    ],
)
def test_the_cast_after_move_rule_reads_moves_and_tensors_of_data_made_on_a_device(source, may_fire):
    assert (RULES_BY_CODE["F64009"] in rules_that_may_fire(ALL_RULES, "import torch\n" + source)) is may_fire
