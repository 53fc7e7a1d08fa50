"""bench/recall/bugs.toml: well-formed, and no bug from a package kept for independent
evaluation (issue 16 lists them)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from bench.recall import BUGS, KINDS, load

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

# Never a source of bugs for this corpus, in any version.
RESERVED = {
    "diffusers", "lightning", "pytorch-lightning", "tianshou", "torchrl", "rl-games", "torchcrepe", "kornia",
    "captum", "botorch", "trl", "chemprop", "pytorch-tabular", "etna", "gptqmodel", "genesis-world", "invokeai",
    "silentcipher", "ace-step", "simpletuner", "dacapo", "ahcore", "miles-credit", "stable-diffusion-webui",
    "stable-diffusion-webui-forge", "comfyui", "scvi-tools", "sbi", "sam2", "segment-anything", "keras",
    "depth-anything", "cellpose", "anomalib", "stable-baselines3", "chatterbox", "chatterbox-tts", "ltx-video",
    "lerobot", "peft", "yolov5", "ultralytics", "stable-audio", "stable-audio-tools", "so-vits-svc", "wan2.1",
    "wan2gp", "timesfm", "vllm-omni",
}


def normalised(package: str) -> str:
    return re.sub(r"[-_.]+", "-", package).lower()


def test_every_bug_is_complete_and_of_a_known_kind():
    bugs = load(BUGS)
    entries = tomllib.loads(BUGS.read_text(encoding="utf-8"))["bug"]
    assert len({bug.id for bug in bugs}) == len(bugs)
    for bug, entry in zip(bugs, entries):
        assert bug.kind in KINDS
        assert bug.lines and all(line > 0 for line in bug.lines), bug.id
        assert bug.file.endswith(".py") and not Path(bug.file).is_absolute(), bug.id
        assert entry.get("reference") and entry.get("description") and entry.get("fixed_in"), bug.id


def test_no_bug_comes_from_a_package_kept_for_independent_evaluation():
    used = {normalised(bug.package) for bug in load(BUGS)}
    assert not used & {normalised(name) for name in RESERVED}
    assert not any(name.startswith("comfyui") for name in used)
