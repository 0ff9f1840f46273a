"""The search and fetch tools, in memory, in both protocol eras: ChatGPT's result shapes, exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastmcp import Client, FastMCP

from support.connector import (
    DEEP_WORD,
    DENSE_WORD,
    DENSE_WORDS,
    NOTES,
    PAGE_WORDS,
    SECTION_WORDS,
    error_text,
    make_server,
    payload,
    reindex,
    search_ids,
    write_files,
)

pytestmark = pytest.mark.anyio
SEARCH_KEYS = {"id", "title", "url", "text"}


@pytest.fixture(scope="module")
def paged_server(index: Path) -> FastMCP:
    """fetch returns at most 4,000 characters, so long.md and long.pdf come in parts."""
    return make_server(index, fetch_max_chars=4000)


async def test_search_returns_one_text_item_with_the_results_json(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        result = await client.call_tool_mcp("search", {"query": "zebracorn"})
    data = payload(result)
    assert list(data) == ["results"]
    assert data["results"][0]["id"] == "guides/install.md"
    assert data["results"][0]["title"] == "Installation guide"
    for item in data["results"]:
        assert {"id", "title", "url"} <= set(item) <= SEARCH_KEYS


async def test_search_structured_content_is_the_same_object(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        result = await client.call_tool_mcp("search", {"query": "walrus"})
    assert result.structured_content == json.loads(result.content[0].text)


async def test_search_ranks_the_best_document_first(server: FastMCP) -> None:
    async with Client(server) as client:
        assert (await search_ids(client, "walrus"))[0] == "guides/walrus.md"
        assert (await search_ids(client, "commonword"))[0] == "notes/note-00.md"


async def test_search_returns_ten_results_by_default(server: FastMCP) -> None:
    assert NOTES > 10
    async with Client(server) as client:
        assert len(await search_ids(client, "commonword")) == 10


async def test_search_result_limit_is_configurable(index: Path) -> None:
    async with Client(make_server(index, result_limit=3)) as client:
        assert len(await search_ids(client, "commonword")) == 3


async def test_search_without_a_match_returns_empty_results(server: FastMCP) -> None:
    async with Client(server) as client:
        result = await client.call_tool_mcp("search", {"query": "nonexistentwordzz"})
    assert payload(result) == {"results": []}
    assert result.structured_content == {"results": []}


async def test_search_results_carry_a_snippet_by_default(server: FastMCP) -> None:
    async with Client(server) as client:
        results = payload(await client.call_tool_mcp("search", {"query": "gryphonbeak"}))["results"]
    assert "gryphonbeak" in results[0]["text"]


async def test_search_snippets_can_be_turned_off(index: Path) -> None:
    async with Client(make_server(index, snippets=False)) as client:
        results = payload(await client.call_tool_mcp("search", {"query": "commonword"}))["results"]
    assert results and all(set(item) == {"id", "title", "url"} for item in results)


async def test_search_urls_are_never_empty(server: FastMCP) -> None:
    async with Client(server) as client:
        for query in ["commonword", "walrus OR zebracorn OR periwinkle OR gryphonbeak", DEEP_WORD]:
            results = payload(await client.call_tool_mcp("search", {"query": query}))["results"]
            assert results and all(isinstance(r["url"], str) and r["url"] for r in results)


async def test_fetch_returns_the_full_text_with_exactly_the_contract_keys(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        result = await client.call_tool_mcp("fetch", {"id": "guides/install.md"})
    data = payload(result)
    assert list(data) == ["id", "title", "text", "url", "metadata"]
    assert data["id"] == "guides/install.md" and data["title"] == "Installation guide" and data["url"]
    assert "zebracorn" in data["text"] and "xylophonist" in data["text"]
    assert data["metadata"]["truncated"] is False
    assert result.structured_content == data


async def test_fetch_says_the_language_and_version_of_a_page_of_a_versioned_multilingual_site(
    tmp_path: Path, server: FastMCP
) -> None:
    site = {
        "docusaurus.config.js": "export default { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } };",
        "versions.json": '["2.0"]',
        "versioned_docs/version-2.0/intro.md": "# Intro\n\nThe zebracorn guide.\n",
        "i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md": "# Intro\n\nLe guide zebracorn.\n",
    }
    write_files(tmp_path / "site", site)
    reindex(tmp_path / "site", tmp_path / "index", languages="all")
    async with Client(make_server(tmp_path / "index")) as client:
        english = payload(await client.call_tool_mcp("fetch", {"id": "versioned_docs/version-2.0/intro.md"}))
        french = payload(
            await client.call_tool_mcp("fetch", {"id": "i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md"})
        )
    assert (english["metadata"]["language"], english["metadata"]["version"]) == ("en", "2.0")
    assert (french["metadata"]["language"], french["metadata"]["version"]) == ("fr", "2.0")
    async with Client(server) as client:  # a folder that is no such site: its pages say neither
        plain = payload(await client.call_tool_mcp("fetch", {"id": "guides/install.md"}))
    assert "language" not in plain["metadata"] and "version" not in plain["metadata"]


async def test_fetch_of_a_long_document_is_cut_and_says_what_comes_next(paged_server: FastMCP) -> None:
    async with Client(paged_server) as client:
        data = payload(await client.call_tool_mcp("fetch", {"id": "long.md"}))
    assert len(data["text"]) <= 4000
    assert data["metadata"]["truncated"] is True
    assert data["metadata"]["next"].startswith("long.md#")


@pytest.mark.parametrize(
    ("doc_id", "words"), [("long.md", SECTION_WORDS), ("long.pdf", PAGE_WORDS), ("dense.pdf", DENSE_WORDS)]
)
async def test_fetch_parts_chained_through_next_reach_the_end(
    server: FastMCP, paged_server: FastMCP, doc_id: str, words: list[str]
) -> None:
    parts: list[str] = []
    async with Client(paged_server) as client:
        next_id: str | None = doc_id
        while next_id is not None:
            assert len(parts) < 50, "metadata.next never ends"
            data = payload(await client.call_tool_mcp("fetch", {"id": next_id}))
            parts.append(data["text"])
            next_id = data["metadata"].get("next")
    async with Client(server) as client:
        whole = payload(await client.call_tool_mcp("fetch", {"id": doc_id}))["text"]
    assert len(parts) > 2
    assert all(word in "".join(parts) for word in words)
    assert "".join(parts) == whole  # nothing between two parts is lost (a heading between passages was)


async def test_search_for_a_match_deep_in_a_dense_page_returns_a_part_id_that_fetch_reads(
    paged_server: FastMCP,
) -> None:
    async with Client(paged_server) as client:
        results = payload(await client.call_tool_mcp("search", {"query": DENSE_WORD}))["results"]
        assert results[0]["id"].startswith("dense.pdf#")
        data = payload(await client.call_tool_mcp("fetch", {"id": results[0]["id"]}))
    assert DENSE_WORD in data["text"]


async def test_search_for_a_deep_match_returns_a_part_id_that_fetch_reads(paged_server: FastMCP) -> None:
    async with Client(paged_server) as client:
        results = payload(await client.call_tool_mcp("search", {"query": DEEP_WORD}))["results"]
        assert results[0]["id"] == "long.pdf#page=7"
        assert results[0]["url"].endswith("#page=7")
        data = payload(await client.call_tool_mcp("fetch", {"id": results[0]["id"]}))
    assert data["id"] == "long.pdf#page=7"
    assert DEEP_WORD in data["text"]


@pytest.mark.parametrize("doc_id", ["nosuchdoc.md", "../../etc/passwd", "/etc/passwd", "long.pdf#page=99", " "])
async def test_fetch_of_an_unknown_id_is_a_tool_error(server: FastMCP, doc_id: str) -> None:
    async with Client(server) as client:
        message = error_text(await client.call_tool_mcp("fetch", {"id": doc_id}))
    assert "id" in message and "search" in message
    assert "root:" not in message


@pytest.mark.parametrize("query", ["", "   \t\n"])
async def test_search_with_an_empty_query_is_a_tool_error(server: FastMCP, query: str) -> None:
    async with Client(server) as client:
        message = error_text(await client.call_tool_mcp("search", {"query": query}))
    assert "empty" in message


async def test_search_with_a_query_over_the_limit_is_a_tool_error(server: FastMCP) -> None:
    async with Client(server) as client:
        message = error_text(await client.call_tool_mcp("search", {"query": "a" * 1001}))
        payload(await client.call_tool_mcp("search", {"query": "a" * 1000}))
    assert "1,000" in message and "shorter" in message


async def test_query_length_limit_is_configurable(index: Path) -> None:
    async with Client(make_server(index, max_query_length=50)) as client:
        assert "50" in error_text(await client.call_tool_mcp("search", {"query": "x" * 51}))
        payload(await client.call_tool_mcp("search", {"query": "x" * 50}))


@pytest.mark.parametrize(
    "query",
    ["title:", '"unbalanced', "((", "))", "NOT", "*", "AND OR", "a\x00b", "\x00", "what is X?", "tag=", "path:**",
     "title:(", "OR walrus", "walrus AND", 'NOT "', ":::", "=", "-walrus", "+walrus~2^3"],
)  # fmt: skip
async def test_search_with_syntax_noise_never_errors(server: FastMCP, query: str) -> None:
    async with Client(server) as client:
        result = await client.call_tool_mcp("search", {"query": query})
    assert isinstance(payload(result)["results"], list)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ('"amber lantern"', ["guides/install.md"]),
        ("title:walrus", ["guides/walrus.md"]),
        ("path:reference walrus", ["reference/animals.txt"]),
        ("type:pdf manual", ["manuals/short.pdf", "long.pdf"]),
        ("tag:security", ["guides/backup.md"]),
        ("path=guides/install.md", ["guides/install.md"]),
        ("tag=setup", ["guides/install.md"]),
        ("zebracorn AND walrus", ["reference/animals.txt"]),
        ("quokkafish OR gryphonbeak", ["guides/backup.md", "reference/faq.html"]),
        ("zebracorn NOT walrus", ["guides/install.md"]),
        ("(walrus OR quokkafish) AND lantern", ["guides/backup.md"]),
        ("xylophon*", ["guides/install.md"]),
        ("instal*", ["guides/install.md"]),
        # a whole word and more: the index holds stems (installer -> instal), the wildcard starts where they agree
        ("installer*", ["guides/install.md"]),
        ("xylophonists*", ["guides/install.md"]),
    ],
)
async def test_search_query_syntax(server: FastMCP, query: str, expected: list[str]) -> None:
    async with Client(server) as client:
        assert sorted(await search_ids(client, query)) == sorted(expected)
