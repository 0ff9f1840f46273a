"""Imports point one way, connector -> indexer, and Whoosh stays inside indexer/ (checked with ast); only the
test that holds our segment writer to Whoosh's own, and the benchmark's plain Whoosh writer (the indexing target's
reference), call Whoosh from outside."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path

from conftest import ROOT

SKIP_DIRS = {"node_modules", "__pycache__", "build", "dist"}


def _python_files() -> Iterator[Path]:
    """Every Python file of the project: hidden folders (.venv, .git) and build output left out."""
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if not (d.startswith(".") or d in SKIP_DIRS or d.endswith(".egg-info"))]
        yield from (Path(folder, name) for name in files if name.endswith(".py"))


def _imports(source: bytes, package: list[str]) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import in a module of `package`, relative imports resolved."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            yield node.lineno, module


def _importers(top_level: str) -> list[str]:
    return sorted(
        f"{path.relative_to(ROOT)}:{line}"
        for path in _python_files()
        for line, module in _imports(path.read_bytes(), list(path.relative_to(ROOT).parts[:-1]))
        if module.split(".")[0] == top_level
    )


def _under(where: str, folder: str) -> bool:
    return Path(where.split(":")[0]).parts[0] == folder


def test_nothing_in_indexer_imports_connector() -> None:
    assert [where for where in _importers("connector") if _under(where, "indexer")] == []


# Holds the indexer's segment writer to Whoosh's own, so it has to call Whoosh itself.
WHOOSH_CONFORMANCE_TEST = "tests/test_segment_writer.py"
# The indexing benchmark times a plain Whoosh writer beside ours: nothing of ours may run in it.
WHOOSH_REFERENCE_BENCH = "tests/bench/whoosh_reference.py"


def test_whoosh_is_imported_only_in_indexer() -> None:
    importers = _importers("whoosh")
    assert any(where.startswith("indexer/search.py:") for where in importers), "the walk found no Whoosh import"
    outside = [where for where in importers if not _under(where, "indexer")]
    allowed = (WHOOSH_CONFORMANCE_TEST + ":", WHOOSH_REFERENCE_BENCH + ":")
    assert [where for where in outside if not where.startswith(allowed)] == []


def test_relative_and_nested_imports_are_seen() -> None:
    source = b"import os\nfrom ..search import Hit\ndef f():\n    from . import base\n    import whoosh.index\n"
    assert list(_imports(source, ["indexer", "loaders"])) == [
        (1, "os"),
        (2, "indexer.search"),
        (4, "indexer.loaders"),
        (5, "whoosh.index"),
    ]
