"""Collecting per-query figures and writing the EVAL.md table."""

from __future__ import annotations

import platform
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from statistics import fmean

ENGINES = ("ours", "lexical", "dense", "bm25s", "tantivy")  # ours: hybrid, as the search tool ranks
START, END = "<!-- eval:start -->", "<!-- eval:end -->"


@dataclass
class Row:
    name: str
    docs: int
    queries: int
    index_seconds: float
    latency_ms: float = 0.0
    scores: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)

    def add(self, engine: str, ndcg: float, recall: float, mrr: float) -> None:
        self.scores.setdefault(engine, []).append((ndcg, recall, mrr))

    def mean(self, engine: str, metric: int) -> float | None:
        values = self.scores.get(engine)
        return fmean(v[metric] for v in values) if values else None

    def summary(self) -> str:
        parts = [f"{e} nDCG@10 {self.mean(e, 0):.3f}" for e in ENGINES if e in self.scores]
        return f"  {self.name}: " + ", ".join(parts) + f"; median latency {self.latency_ms:.1f} ms"


def _cell(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def table(rows: list[Row]) -> str:
    lines = [
        "| collection | docs | queries | nDCG@10 ours | lexical | dense | bm25s | tantivy "
        "| R@100 ours | lexical | dense | bm25s | tantivy | MRR@10 ours | lexical | dense | bm25s | tantivy "
        "| median latency |",
        "|---|---:|---:" + "|---:" * 15 + "|---:|",
    ]
    for row in rows:
        cells = [_cell(row.mean(e, m)) for m in range(3) for e in ENGINES]
        lines.append(
            f"| {row.name} | {row.docs:,} | {row.queries} | " + " | ".join(cells) + f" | {row.latency_ms:.1f} ms |"
        )
    averages = []
    for metric in range(3):
        for engine in ENGINES:
            values = [row.mean(engine, metric) for row in rows]
            averages.append(
                _cell(fmean(v for v in values if v is not None) if all(v is not None for v in values) else None)
            )
    lines.append("| **average** | | | " + " | ".join(averages) + " | |")
    return "\n".join(lines)


def write_report(rows: list[Row], path: Path | None) -> str:
    text = table(rows)
    if path is None:
        return text
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    block = (
        f"{START}\nMeasured {datetime.now(UTC):%Y-%m-%d} at commit {commit} (Python {platform.python_version()}).\n\n"
        f"{text}\n{END}"
    )
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if START in old and END in old:
        new = old[: old.index(START)] + block + old[old.index(END) + len(END) :]
    else:
        new = old + ("\n" if old else "") + block + "\n"
    path.write_text(new, encoding="utf-8")
    return text
