"""Packages kept for independent evaluation (issues 16 and 37 list them): never a source of bugs
for the recall corpus nor of code for the precision corpus, in any version."""

from __future__ import annotations

import re

RESERVED = frozenset({
    "diffusers", "lightning", "pytorch-lightning", "tianshou", "torchrl", "rl-games", "torchcrepe", "kornia",
    "captum", "botorch", "trl", "chemprop", "pytorch-tabular", "etna", "gptqmodel", "genesis-world", "invokeai",
    "silentcipher", "ace-step", "simpletuner", "dacapo", "ahcore", "miles-credit", "stable-diffusion-webui",
    "stable-diffusion-webui-forge", "comfyui", "scvi-tools", "sbi", "sam2", "segment-anything", "keras",
    "depth-anything", "cellpose", "anomalib", "stable-baselines3", "chatterbox", "chatterbox-tts", "ltx-video",
    "lerobot", "peft", "yolov5", "ultralytics", "stable-audio", "stable-audio-tools", "so-vits-svc", "wan2.1",
    "wan2gp", "timesfm", "vllm-omni",
    "res4lyf", "deeplabcut", "multidimensionalfeatures", "mpol", "kilosort", "retrieval-based-voice-conversion",
    "rvc", "rvc-python", "stable-fast-3d", "stablediffusion", "dreamboothmac", "yolov7", "audiotools",
    "descript-audiotools", "himalaya", "tabfm", "pyramid-flow", "point-e", "openai-whisper", "whisper", "torchdiffeq",
    "invsr",
})


def normalised(package: str) -> str:
    """A package's name as the registry compares names (PEP 503): `Pyannote.Audio` is `pyannote-audio`."""
    return re.sub(r"[-_.]+", "-", package).lower()


def is_reserved(package: str) -> bool:
    """Reserved by name, or a ComfyUI custom node (`comfyui-...`)."""
    name = normalised(package)
    return name in {normalised(reserved) for reserved in RESERVED} or name.startswith("comfyui")
