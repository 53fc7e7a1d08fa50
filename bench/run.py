"""Benchmark f64lint against its peers on the installed source of torch, transformers and
diffusers. Not a test: it prints figures.

    python bench/run.py [--runs 3] [--slow-runs 1] [--workdir /tmp/f64lint-bench]

The first run sets everything up in the work folder (kept for later runs): a virtualenv
with the pinned corpus packages, whose .py/.pyi files are copied to one plain folder (out
of site-packages and of any git repository, so that no tool's default excludes or
.gitignore handling differ); a virtualenv with ruff and Fixit; and one with TorchFix,
which pins an older LibCST. Every tool then reads the same files.

Each command runs `--runs` times (`--slow-runs` for TorchFix and Fixit) and the median is
reported: wall time, CPU time (user + system, children included), peak resident memory of
the largest process, files per second, and f64lint's speed-up against each. Then the five
files f64lint takes longest on, each linted alone (bench/slowest.py; `--skip "slowest
files"` leaves them out).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import slowest  # noqa: E402
from bench.generated import hadamard_module  # noqa: E402
from f64lint.runner.cache import RACY_NS  # noqa: E402
from f64lint.cli.doc_pages import performance_table  # noqa: E402

# A quantisation module of written-out Hadamard tables (bench/generated.py), about 490 KB.
TABLES, TABLE_SIZE = 4, 148
CORPUS_PACKAGES = {"torch": "2.13.0", "transformers": "5.24.0", "diffusers": "0.42.1"}
TOOLS = {"ruff": "0.17.6", "fixit": "2.2.1"}
TORCHFIX = "0.7.0"

FIXIT_RULE = '''\
import fixit
import libcst as cst
from libcst.metadata import QualifiedNameProvider

FLOAT64 = {"torch.float64", "torch.double"}


class TorchFloat64(fixit.LintRule):
    """The smallest useful Fixit rule: torch.float64 by qualified name."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider,)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        names = self.get_metadata(QualifiedNameProvider, node, set())
        if any(name.name in FLOAT64 for name in names):
            self.report(node, "torch.float64 hardcoded")
'''


@dataclass
class Measurement:
    wall: float
    cpu: float
    peak_mb: float


def venv(path: Path, packages: Sequence[str]) -> Path:
    python = path / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *packages], check=True)
    return path / "bin"


def site_packages(bin_dir: Path) -> Path:
    out = subprocess.run(
        [str(bin_dir / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    )
    return Path(out.stdout.strip())


def copy_corpus(source_root: Path, corpus: Path) -> int:
    if not corpus.exists():
        for package in CORPUS_PACKAGES:
            for path in (source_root / package).rglob("*"):
                if path.suffix in (".py", ".pyi") and path.is_file():
                    target = corpus / path.relative_to(source_root)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
    return sum(1 for path in corpus.rglob("*") if path.suffix in (".py", ".pyi"))


def newest_change(folder: Path) -> float:
    """When a file of the folder last changed (its data or its metadata), in seconds."""
    statuses = (path.stat() for path in folder.rglob("*.py"))
    return max((max(status.st_mtime, status.st_ctime) for status in statuses), default=0.0)


def measure(command: Sequence[str], env: Dict[str, str], cwd: Path) -> Measurement:
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # wait4 reports the process and the descendants it waited for: CPU summed, memory the peak.
    _, _, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return Measurement(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def precommit_batch(corpus: Path) -> List[Path]:
    """What a pre-commit hook sees: five model files that the prefilter lets through."""
    models = sorted((corpus / "transformers" / "models").glob("*/modeling_*.py"))
    chosen = [path for path in models if "float64" in path.read_text(encoding="utf-8", errors="replace")]
    return chosen[:5]


def median(samples: List[Measurement]) -> Measurement:
    return Measurement(
        statistics.median(s.wall for s in samples),
        statistics.median(s.cpu for s in samples),
        statistics.median(s.peak_mb for s in samples),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--slow-runs", type=int, default=1, help="runs for TorchFix and Fixit")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "f64lint-bench")
    parser.add_argument("--skip", action="append", default=[], help="leave out a tool (repeatable)")
    parser.add_argument("--save", type=Path, help="write the figures as JSON (bench/results.json makes docs/performance.md)")
    args = parser.parse_args()

    work = args.workdir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    corpus_bin = venv(work / "corpus-venv", [f"{p}=={v}" for p, v in CORPUS_PACKAGES.items()])
    tools_bin = venv(work / "tools-venv", [f"{p}=={v}" for p, v in TOOLS.items()])
    torchfix_bin = venv(work / "torchfix-venv", [f"torchfix=={TORCHFIX}"])
    corpus = work / "corpus"
    files = copy_corpus(site_packages(corpus_bin), corpus)
    rules = work / "fixit-rules"
    rules.mkdir(exist_ok=True)
    (rules / "f64_fixit_rule.py").write_text(FIXIT_RULE)
    cache = work / "f64lint-cache"
    shutil.rmtree(cache, ignore_errors=True)

    env = dict(os.environ)
    # Users' installs have compiled bytecode; without it every start recompiles f64lint.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    f64lint = [sys.executable, "-m", "f64lint", "--isolated", "--exit-zero", "-q"]
    # The stamp index does not trust a file changed in the last two seconds (f64lint.runner.cache
    # RACY_NS): a corpus copied just now would be indexed only by the first warm run.
    time.sleep(max(0.0, RACY_NS / 1e9 - (time.time() - newest_change(corpus))))
    # Fills the cache for the warm runs, from the folder they run in (as a user's runs).
    subprocess.run([*f64lint, "--cache-dir", str(cache), str(corpus)], env=env, cwd=work, check=True,
                   stdout=subprocess.DEVNULL)
    commands = {
        "f64lint cold": ([*f64lint, "--no-cache", str(corpus)], args.runs),
        "f64lint warm": ([*f64lint, "--cache-dir", str(cache), str(corpus)], args.runs),
        "f64lint --jobs 1 cold": ([*f64lint, "--no-cache", "--jobs", "1", str(corpus)], args.runs),
        "ruff --select ALL": ([str(tools_bin / "ruff"), "check", "--no-cache", "--select", "ALL",
                               "--exit-zero", "-q", str(corpus)], args.runs),
        "torchfix --select ALL": ([str(torchfix_bin / "torchfix"), "--select", "ALL", str(corpus)], args.slow_runs),
        "fixit (1 rule)": ([str(tools_bin / "fixit"), "--rules", "f64_fixit_rule", "lint", str(corpus)], args.slow_runs),
        "grep -rl float64": (["grep", "-rl", "float64", str(corpus)], args.runs),
    }
    batch = precommit_batch(corpus)
    commands["f64lint 5-file batch"] = ([*f64lint, "--no-cache", *map(str, batch)], args.runs)
    tables = work / "generated" / "hadamard_tables.py"  # outside the corpus: timed alone
    tables.parent.mkdir(exist_ok=True)
    tables.write_text(hadamard_module(TABLES, TABLE_SIZE))
    commands[f"f64lint table module ({tables.stat().st_size // 1000} KB)"] = (
        [*f64lint, "--no-cache", str(tables)], args.runs)
    fixit_env = dict(env, PYTHONPATH=str(rules))

    results: Dict[str, Measurement] = {}
    for name, (command, runs) in commands.items():
        if any(name.startswith(skipped) for skipped in args.skip):
            continue
        run_env = fixit_env if name.startswith("fixit") else env
        results[name] = median([measure(command, run_env, work) for _ in range(runs)])
        print(f"  measured {name}: {results[name].wall:.2f} s", file=sys.stderr, flush=True)

    cold = results["f64lint cold"].wall
    record: Dict[str, object] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
                   f"{platform.system()} {platform.release()}",
        "corpus": f"{files} files ({', '.join(f'{p} {v}' for p, v in CORPUS_PACKAGES.items())})",
        "rows": [[name, m.wall, m.cpu, m.peak_mb, files / m.wall, m.wall / cold] for name, m in results.items()],
        "targets": targets(results, cold),
    }
    print(performance_table(record))
    if "slowest files" not in args.skip:
        print("\nThe slowest files, each linted alone in one process:")
        print(slowest.table(slowest.slowest_files(corpus)))
    if args.save is not None:
        args.save.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def targets(results: Dict[str, Measurement], cold: float) -> List[List[object]]:
    """Each target: [what, met, the figure]."""
    found: List[List[object]] = []

    def target(label: str, ok: bool, detail: str) -> None:
        found.append([label, ok, detail])

    for peer in ("torchfix --select ALL", "fixit (1 rule)"):
        if peer in results:
            ratio = results[peer].wall / cold
            target(f"cold at least 10x faster than {peer}", ratio >= 10, f"{ratio:.1f}x")
    if "ruff --select ALL" in results:
        ratio = results["ruff --select ALL"].wall / cold
        target("cold faster than ruff --select ALL", ratio > 1, f"{ratio:.2f}x")
    if "grep -rl float64" in results:
        ratio = results["f64lint warm"].wall / results["grep -rl float64"].wall
        target("warm within 3x of grep -rl", ratio <= 3, f"{ratio:.2f}x grep")
    batch_wall = results["f64lint 5-file batch"].wall
    target("a 5-file pre-commit batch under 0.5 s", batch_wall < 0.5, f"{batch_wall:.2f} s")
    ratio = results["f64lint --jobs 1 cold"].wall / cold
    target(f"default jobs ({os.cpu_count()}) at least 1.7x faster than --jobs 1", ratio >= 1.7, f"{ratio:.2f}x")
    peak = max(m.peak_mb for name, m in results.items() if name.startswith("f64lint"))
    target("peak memory under 300 MB on every run, the table module's included", peak < 300, f"{peak:.0f} MB")
    return found


if __name__ == "__main__":
    main()
