"""Fixtures for every room: a clean environment, an empty docs folder and an index folder beside it, and the one
index of hostile documents that the search and connector rooms both attack. Helpers live in tests/support."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from indexer import Searcher, Snapshot
from indexer.settings import ENV_PREFIX

from support.connector import build_index, make_server
from support.hostile import Remote, connect, hostile_corpus


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings come from the test, never from DOCSEARCH_* variables of the shell that runs pytest."""
    for name in list(os.environ):
        if name.startswith(ENV_PREFIX):
            monkeypatch.delenv(name)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    return folder


@pytest.fixture
def index_dir(tmp_path: Path) -> Path:
    return tmp_path / "index"


@pytest.fixture(scope="session")
def hostile_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample corpus with hostile documents beside it (support.hostile); only read, never rewritten."""
    return build_index(tmp_path_factory.mktemp("hostile"), hostile_corpus())


@pytest.fixture(scope="session")
def hostile_snapshot(hostile_index: Path) -> Snapshot:
    return Searcher(hostile_index).snapshot()


@pytest.fixture(scope="session")
def hostile_remote(hostile_index: Path) -> Iterator[Remote]:
    """A client session to the in-memory server over the hostile index, driven from synchronous tests."""
    yield from connect(make_server(hostile_index))
