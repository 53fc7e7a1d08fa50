"""Releases from the package registry, downloaded and unpacked once into a work folder (for
bench/recall.py and bench/precision.py)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path


def unpacked_release(name: str, version: str, work: Path, source_only: bool = False) -> Path:
    """The folder a release's files are in: `work/<name>-<version>`, downloaded (`pip download
    --no-deps`, an sdist with `source_only`) and unpacked on first use."""
    target = work / f"{name}-{version}"
    if target.is_dir():
        return target
    downloads = work / "downloads" / f"{name}-{version}"
    downloads.mkdir(parents=True, exist_ok=True)
    if not any(downloads.iterdir()):
        # --no-binary for the package alone: its build requirements may still come as wheels.
        only_source = ["--no-binary", name] if source_only else []
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *only_source,
             "-d", str(downloads), f"{name}=={version}"],
            check=True,
        )
    archive = next(iter(sorted(downloads.iterdir())))
    outer = staging = Path(tempfile.mkdtemp(dir=work))
    if archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as opened:
            opened.extractall(staging)
    else:
        with tarfile.open(archive) as opened:
            if hasattr(tarfile, "data_filter"):  # Python 3.12, and security releases of 3.9-3.11
                opened.extractall(staging, filter="data")
            else:
                opened.extractall(staging)
    inner = [p for p in staging.iterdir() if p.is_dir()]
    if archive.suffix != ".whl" and len(inner) == 1 and len(list(staging.iterdir())) == 1:
        staging = inner[0]  # an sdist's files are under <name>-<version>/
    staging.rename(target)
    if outer != staging:
        outer.rmdir()
    return target
