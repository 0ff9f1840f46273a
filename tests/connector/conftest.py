"""Fixtures of the connector's tests: the sample corpus indexed once, and the server over it in memory. Tests that
rewrite an index or need other options build their own."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import FastMCP

from support.connector import build_index, corpus, make_server


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
