"""What the benchmarks record about the machine they ran on: CPU time, how busy other programs kept it, the commit."""

from __future__ import annotations

import os
import resource
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH_DIR = ROOT / ".bench"  # generated corpora and the indexes the benchmarks build


def cpu_seconds(who: int = resource.RUSAGE_CHILDREN) -> float:
    """User and system CPU seconds of this process (RUSAGE_SELF) or of its waited-for children."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def machine_busy() -> float:
    """CPU seconds all programs have used since boot (Linux /proc/stat; 0 elsewhere)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def wait_for_idle(max_wait: float) -> None:
    """Wait (up to max_wait seconds) until other programs use under a quarter of a core: a shared machine."""
    deadline = time.monotonic() + max_wait
    while time.monotonic() < deadline:
        busy = machine_busy()
        time.sleep(1.0)
        if machine_busy() - busy < 0.25:
            return
    if max_wait > 0:
        print(f"  (the machine is still busy after {max_wait:g} s: timing anyway)", flush=True)


def git_commit() -> str:
    """HEAD's short hash, and whether the product's code (indexer/, connector/) has uncommitted changes."""
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}  # read-only: never refresh git's index file
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "indexer", "connector"], cwd=ROOT, env=env)
    return head + (" (with uncommitted changes in indexer/ or connector/)" if dirty.returncode else "")
