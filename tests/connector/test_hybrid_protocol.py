"""Hybrid ranking through the protocol: the search tool and resources/search rank the same way, by meaning too."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import Client

from support.connector import extension, make_server, search_ids
from support.embedding import ANSWER, PARAPHRASE, QUESTION, index_and_embed

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def hybrid_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hybrid-protocol")
    index_and_embed(root / "docs", root / "index", PARAPHRASE)
    return root / "index"


async def test_the_search_tool_finds_a_paraphrase_by_its_meaning(hybrid_index: Path, mode: str) -> None:
    async with Client(make_server(hybrid_index), mode=mode) as client:
        ranked = await search_ids(client, QUESTION)
        found = await extension(client, "resources/search", QUESTION)
    assert ranked[0].split("#")[0] == ANSWER
    assert [r["name"] for r in found["resources"]] == ranked
