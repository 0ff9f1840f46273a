"""Fixtures of the connector's tests: the sample corpus indexed once, and the server over it in memory; an index
with access groups and a tokens file, served over HTTP with authentication. Tests that rewrite an index or need
other options build their own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastmcp import FastMCP

from connector.tokens import TokensFile
from indexer.ingest.access import ACCESS_FILE

from support.connector import build_index, corpus, make_server
from support.folders import index as index_folder
from support.folders import write
from support.http import HttpServer


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample corpus (support.connector.corpus) indexed; only read, never rewritten."""
    return build_index(tmp_path_factory.mktemp("corpus"), corpus())


@pytest.fixture(scope="session")
def server(index: Path) -> FastMCP:
    return make_server(index)


@pytest.fixture(params=["legacy", "auto"])
def mode(request: pytest.FixtureRequest) -> str:
    """The client speaks the handshake-era protocol, or the newest one the server offers."""
    return str(request.param)


@pytest.fixture(scope="session")
def group_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 public manuals and a finance and an HR document, all about the budget; only read, never rewritten."""
    docs = tmp_path_factory.mktemp("group-docs")
    write(docs, ACCESS_FILE, "finance/** finance\n")
    for n in range(12):
        write(docs, f"manual-{n:02d}.md", f"# Manual {n}\n\nHow the budget process works, part {n}.\n")
    write(docs, "finance/payroll.md", "# Payroll 2027\n\nThe budget for salaries: confidential figures.\n")
    write(docs, "hr.md", "---\naccess: [hr]\n---\n# Reviews\n\nThe budget for bonuses.\n")
    index_dir = docs.parent / "group-index"
    index_folder(docs, index_dir)
    return index_dir


@pytest.fixture(scope="session")
def tokens(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A tokens file holding alice (group finance) and bob (no group), and their tokens. A test that adds a token
    revokes it before it ends."""
    tokens_file = tmp_path_factory.mktemp("auth") / "tokens.json"
    made = {"alice": TokensFile(tokens_file).add("alice", ("finance",)), "bob": TokensFile(tokens_file).add("bob", ())}
    return tokens_file, made


@pytest.fixture(scope="session")
def tokens_server(group_index: Path, tokens: tuple[Path, dict[str, str]]) -> Iterator[HttpServer]:
    """The group index over HTTP, authenticated by the tokens file."""
    with HttpServer(group_index, "--tokens-file", str(tokens[0])) as running:
        yield running
