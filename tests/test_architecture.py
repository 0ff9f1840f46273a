"""Imports point one way, connector -> indexer, and Whoosh stays inside indexer/ (checked with ast); only the
test that holds our segment writer to Whoosh's own, and the benchmark's plain Whoosh writer (the indexing target's
reference), call Whoosh from outside."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path

from support.folders import ROOT

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
WHOOSH_CONFORMANCE_TEST = "tests/store/test_segment_writer.py"
# The indexing benchmark times a plain Whoosh writer beside ours: nothing of ours may run in it.
WHOOSH_REFERENCE_BENCH = "tests/bench/whoosh_reference.py"


def test_whoosh_is_imported_only_in_indexer() -> None:
    importers = _importers("whoosh")
    assert any(where.startswith("indexer/search/searcher.py:") for where in importers), (
        "the walk found no Whoosh import"
    )
    outside = [where for where in importers if not _under(where, "indexer")]
    allowed = (WHOOSH_CONFORMANCE_TEST + ":", WHOOSH_REFERENCE_BENCH + ":")
    assert [where for where in outside if not where.startswith(allowed)] == []


# indexer's rooms, and the rooms each may import. Every room may also import the shared modules (SHARED); a
# shared module imports only other shared ones; the shell around ingest (cli, summary, watch, progress) and the
# public face (__init__, __main__) may import anything in indexer.
ROOMS: dict[str, set[str]] = {
    "text": set(),
    "embed": set(),
    "loaders": {"text"},
    "store": {"text"},
    "ingest": {"text", "loaders", "store", "embed"},
    "search": {"text", "store", "embed"},
}
SHARED = {"model", "errors", "groups", "settings"}
SHELL = {"cli", "summary", "watch", "progress", "__init__", "__main__"}


def _room(module: str) -> str:
    """The room of a module of indexer: its subpackage, or its own name for a module at the top."""
    return module.split(".")[1] if module.count(".") else "__init__"


def _forbidden(importer: str, imported: str) -> bool:
    """Whether the indexer module `importer` may not import the indexer module `imported`."""
    mine, theirs = _room(importer), _room(imported)
    if mine == theirs or mine in SHELL or theirs in SHARED:
        return False
    if mine in SHARED:
        return True
    return theirs not in ROOMS.get(mine, set())


def _indexer_imports() -> Iterator[tuple[str, str, str]]:
    """(where, importing module, imported module) of every import of indexer's modules within indexer."""
    for path in _python_files():
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[0] != "indexer":
            continue
        importer = ".".join(parts)
        for line, module in _imports(path.read_bytes(), parts[:-1]):
            if module.split(".")[0] == "indexer" and module != "indexer":
                yield f"{path.relative_to(ROOT)}:{line}", importer, module


def test_the_rooms_of_indexer_import_only_the_rooms_below_them() -> None:
    imports = list(_indexer_imports())
    assert any(_room(imported) == "store" for _, _, imported in imports), "the walk found no import of store"
    assert [
        f"{where} imports {imported}" for where, importer, imported in imports if _forbidden(importer, imported)
    ] == []


def test_every_module_of_indexer_is_in_a_room_or_shared() -> None:
    known = set(ROOMS) | SHARED | SHELL
    rooms = {_room(importer) for _, importer, _ in _indexer_imports()}
    assert rooms - known == set(), "a module outside every room: add it to ROOMS, SHARED or SHELL"


def test_connector_imports_only_the_public_face_of_indexer() -> None:
    inner = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in _python_files()
        if path.relative_to(ROOT).parts[0] == "connector"
        for line, module in _imports(path.read_bytes(), list(path.relative_to(ROOT).parts[:-1]))
        if module.startswith("indexer.")
    ]
    assert inner == []


def test_relative_and_nested_imports_are_seen() -> None:
    source = b"import os\nfrom ..search import Hit\ndef f():\n    from . import base\n    import whoosh.index\n"
    assert list(_imports(source, ["indexer", "loaders"])) == [
        (1, "os"),
        (2, "indexer.search"),
        (4, "indexer.loaders"),
        (5, "whoosh.index"),
    ]
