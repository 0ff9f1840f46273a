"""Folders of documents for tests: written into tmp_path, indexed through the real pipeline, read back through
Searcher, and the indexer's command line in a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from indexer.ingest.pipeline import update_index
from indexer.model import Document, IndexReport
from indexer.search.searcher import Searcher, Snapshot
from indexer.settings import ENV_PREFIX, IndexerSettings
from indexer.store import storage

ROOT = Path(__file__).resolve().parents[2]


def _permissions_enforced() -> bool:
    """False when running as root (with its usual capabilities): then a chmod 000 file is still readable."""
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder, "probe")
        probe.write_bytes(b"x")
        probe.chmod(0)
        try:
            probe.read_bytes()
        except PermissionError:
            return True
        return False


needs_non_root = pytest.mark.skipif(
    not _permissions_enforced(), reason="running as root: files can be read and written whatever their permissions"
)


def write(docs: Path, relpath: str, content: str | bytes) -> Path:
    """Write a file under `docs`, making its folders; str content is written as UTF-8."""
    path = docs / relpath
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def index(docs: Path, index_dir: Path, rebuild: bool = False, **settings: Any) -> IndexReport:
    """One run of the real pipeline over `docs` into `index_dir`."""
    return update_index(docs, IndexerSettings(index=index_dir, **settings), rebuild=rebuild)


def snapshot(index_dir: Path) -> Snapshot:
    """The newest published generation, opened afresh (no refresh delay)."""
    return Searcher(index_dir).snapshot()


def whoosh_snapshot(index_dir: Path) -> Snapshot:
    """The newest published generation, ranking every query with Whoosh alone (the reference the postings
    copy is held to)."""
    current = storage.current_generation(index_dir)
    assert current is not None
    return Snapshot(current, postings=False)


def found(index_dir: Path, query: str) -> list[str]:
    """Ids of the documents a query finds, best first."""
    return [hit.document.id for hit in snapshot(index_dir).search(query, limit=10_000)]


def document(index_dir: Path, doc_id: str) -> Document:
    doc = snapshot(index_dir).document(doc_id)
    assert doc is not None, f"{doc_id} is not in the index"
    return doc


def text_of(index_dir: Path, doc_id: str) -> str:
    """The indexed text of one document ("" when the index does not hold it)."""
    return snapshot(index_dir).text(doc_id) or ""


def warnings_of(report: IndexReport, doc_id: str) -> list[str]:
    """The warnings a run gave one document."""
    return [warning.reason for warning in report.warnings if warning.id == doc_id]


def all_ids(index_dir: Path) -> list[str]:
    return [d.id for d in snapshot(index_dir).list_documents(limit=100_000)]


def skipped(report: IndexReport) -> dict[str, str]:
    return {s.id: s.reason for s in report.skipped}


def set_mtime(path: Path, mtime_ns: int) -> None:
    os.utime(path, ns=(mtime_ns, mtime_ns))


def run_cli(*args: str | Path, env: dict[str, str] | None = None, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """`python -m indexer ARGS` in a real subprocess, with DOCSEARCH_* variables only from `env`."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(ENV_PREFIX)}
    return subprocess.run(
        [sys.executable, "-m", "indexer", *map(str, args)],
        cwd=ROOT,
        env={**clean, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        **kwargs,
    )


@dataclass(frozen=True)
class Ran:
    """One in-process run of the indexer's command line (the ingest room's `indexer_main` fixture)."""

    code: int
    out: str
    err: str


Main = Callable[..., Ran]


# A small MyST site (Sphinx with myst-parser): its directives, roles, a toctree, an include from above docs/
MYST_SITE = {
    "docs/conf.py": "extensions = ['myst_parser']\n",
    "docs/index.md": (
        "(home)=\n# Mystsite\n\n```{toctree}\n:maxdepth: 2\n\nusage\n```\n\n"
        "Read {ref}`the usage guide <usage-label>` or run {command}`mystcli build`.\n\n"
        ":::{note}\nThe mystwort note.\n:::\n\n"
        "````{warning}\nThe warnwort text, with code:\n\n```python\nprint('warnwort code')\n```\n````\n\n"
        "```{code-block} python\n:caption: example.py\n:linenos:\n\nprint('codewort')\n```\n\n"
        ":::{admonition} Custom titlewort\n:class: tip\n\nThe admonwort body.\n:::\n\n"
        "```{versionadded} 2.1\nThe versionwort feature.\n```\n\n"
        "```{include} ../README.md\n```\n\n```{image} diagram.png\n:alt: A diagramwort\n```\n"
    ),
    "docs/usage.md": "(usage-label)=\n# Usage\n\nThe usagewort page, see {doc}`index`.\n",
    "README.md": "# Readme\n\nThe readmewort text.\n",
}
