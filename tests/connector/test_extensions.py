"""The search extensions through SDK clients in both eras: resources/search, tools/search, prompts/search,
tools/list with a query, the capabilities that announce them, and the research prompt."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import Client, FastMCP
from mcp.shared.exceptions import MCPError

from connector.extensions import EXPERIMENTAL_CAPABILITIES

from support.connector import NOTES, build_index, extension, list_tools_matching, make_server, search_ids

pytestmark = pytest.mark.anyio
RESOURCE_KEYS = {"uri", "name", "title", "description", "mimeType", "size"}


async def test_resources_search_returns_resources_ranked_like_search(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        found = await extension(client, "resources/search", "walrus")
        ranked = await search_ids(client, "walrus")
    assert set(found) == {"resources"}
    assert [r["name"] for r in found["resources"]] == ranked
    assert all(set(r) == RESOURCE_KEYS for r in found["resources"])
    assert found["resources"][0]["uri"] == "doc://guides/walrus.md"


async def test_resources_search_pages_through_all_matches_ten_at_a_time(server: FastMCP, mode: str) -> None:
    names: list[str] = []
    pages = 0
    async with Client(server, mode=mode) as client:
        cursor = None
        while True:
            page = await extension(client, "resources/search", "commonword", cursor)
            assert 0 < len(page["resources"]) <= 10
            names += [r["name"] for r in page["resources"]]
            pages += 1
            cursor = page.get("nextCursor")
            if cursor is None:
                break
    assert pages == 2
    assert len(names) == len(set(names)) == NOTES
    assert names[0] == "notes/note-00.md"


async def test_resources_search_without_a_match_is_empty(server: FastMCP) -> None:
    async with Client(server) as client:
        assert await extension(client, "resources/search", "nonexistentwordzz") == {"resources": []}


@pytest.mark.parametrize("cursor", ["garbage", "..", "a.b", "x" * 5000, "eyJrIjoicmVzb3VyY2VzL3NlYXJjaCJ9.AAAAAAAA"])
async def test_resources_search_with_a_malformed_cursor_is_invalid_params(server: FastMCP, cursor: str) -> None:
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await extension(client, "resources/search", "commonword", cursor)
    assert caught.value.error.code == -32602


async def test_resources_search_with_a_forged_cursor_is_invalid_params(server: FastMCP) -> None:
    async with Client(server) as client:
        cursor = (await extension(client, "resources/search", "commonword"))["nextCursor"]
        body, signature = cursor.split(".")
        forged = body + "." + signature[::-1]
        with pytest.raises(MCPError) as caught:
            await extension(client, "resources/search", "commonword", forged)
    assert caught.value.error.code == -32602
    assert "cursor" in caught.value.error.message


async def test_resources_search_cursor_used_with_another_query_is_invalid_params(server: FastMCP) -> None:
    async with Client(server) as client:
        cursor = (await extension(client, "resources/search", "commonword"))["nextCursor"]
        with pytest.raises(MCPError) as caught:
            await extension(client, "resources/search", "walrus", cursor)
    assert caught.value.error.code == -32602
    assert "another query" in caught.value.error.message


async def test_resources_list_cursor_is_refused_by_resources_search(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {f"d{n:03}.txt": "commonword" for n in range(101)}
    async with Client(make_server(build_index(tmp_path, files))) as client:
        list_cursor = (await client.list_resources_mcp()).next_cursor
        assert list_cursor
        with pytest.raises(MCPError) as caught:
            await extension(client, "resources/search", "commonword", list_cursor)
    assert caught.value.error.code == -32602
    assert "cursor" in caught.value.error.message


@pytest.mark.parametrize("query", ["", "   "])
async def test_resources_search_with_an_empty_query_is_invalid_params(server: FastMCP, query: str) -> None:
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await extension(client, "resources/search", query)
    assert caught.value.error.code == -32602


async def test_resources_search_with_a_query_over_the_limit_is_invalid_params(server: FastMCP) -> None:
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await extension(client, "resources/search", "a" * 1001)
    assert caught.value.error.code == -32602


async def test_resources_search_with_syntax_noise_never_errors(server: FastMCP) -> None:
    async with Client(server) as client:
        for query in ['"unbalanced', "((", "NOT", "*", "title:", "a\x00b"]:
            assert isinstance((await extension(client, "resources/search", query))["resources"], list)


async def test_tools_search_returns_the_matching_tools_best_first(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        found = await extension(client, "tools/search", "fetch read a document")
    assert set(found) == {"tools"}
    assert found["tools"][0]["name"] == "fetch"
    assert {"name", "description", "inputSchema", "annotations"} <= set(found["tools"][0])


async def test_tools_search_without_a_match_is_empty(server: FastMCP) -> None:
    async with Client(server) as client:
        assert await extension(client, "tools/search", "spreadsheet") == {"tools": []}


async def test_prompts_search_finds_the_research_prompt(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        found = await extension(client, "prompts/search", "research a topic")
    assert set(found) == {"prompts"}
    assert found["prompts"][0]["name"] == "research"
    assert found["prompts"][0]["arguments"][0]["name"] == "topic"


async def test_tools_search_with_a_forged_cursor_is_invalid_params(server: FastMCP) -> None:
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await extension(client, "tools/search", "search", "forged.cursor")
    assert caught.value.error.code == -32602


async def test_tools_list_with_a_query_filters_and_ranks_the_tools(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        assert (await list_tools_matching(client, "fetch"))[0] == "fetch"
        assert (await list_tools_matching(client, "search documents"))[0] == "search"
        assert await list_tools_matching(client, "spreadsheet") == []


async def test_tools_list_without_a_query_returns_both_tools(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        assert sorted(t.name for t in await client.list_tools()) == ["fetch", "search"]
        assert sorted(await list_tools_matching(client, None)) == ["fetch", "search"]


async def test_search_capabilities_are_announced_under_experimental(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        capabilities = client.server_capabilities
    assert capabilities is not None and capabilities.experimental is not None
    assert capabilities.experimental["resources"]["search"] is True
    assert capabilities.experimental["tools"]["filtering"] is True
    assert capabilities.experimental == EXPERIMENTAL_CAPABILITIES


async def test_handshake_clients_are_told_the_resource_list_changes(server: FastMCP) -> None:
    async with Client(server, mode="legacy") as client:
        capabilities = client.server_capabilities
    assert capabilities is not None and capabilities.resources is not None
    assert capabilities.resources.list_changed is True


async def test_research_prompt_uses_search_then_fetch(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        prompts = await client.list_prompts()
        result = await client.get_prompt("research", {"topic": "backups of the quokkafish archive"})
    assert [p.name for p in prompts] == ["research"]
    text = "\n".join(m.content.text for m in result.messages if m.content.type == "text")
    assert "quokkafish" in text
    assert "search" in text and "fetch" in text


async def test_instructions_explain_the_query_syntax(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        instructions = client.instructions
    assert instructions
    for example in ['"exact phrase"', "title:", "type:pdf", "tag:", "path=", "AND", "OR", "NOT", "instal*"]:
        assert example in instructions


async def test_tool_descriptions_teach_the_corpus_and_the_syntax(server: FastMCP) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in await client.list_tools()}
    search = tools["search"].description or ""
    assert "documents" in search and '"exact phrase"' in search and "fetch" in search
    assert "metadata.next" in (tools["fetch"].description or "")


async def test_the_owner_description_of_the_corpus_reaches_the_model(index: Path) -> None:
    server = make_server(index, description="the Zanzibar ferry company's operations manual")
    async with Client(server, mode="legacy") as client:
        tools = {t.name: t for t in await client.list_tools()}
        instructions = client.instructions or ""
    assert "Zanzibar ferry company's operations manual" in (tools["search"].description or "")
    assert "Zanzibar ferry company's operations manual" in instructions


async def test_an_openapi_spec_is_a_resource_said_to_be_one_and_the_corpus_says_what_it_holds(tmp_path: Path) -> None:
    """A spec in the folder is found by what its operations do, and its resource says what it is; the search
    tool's description tells the model which kinds of documents the collection holds, how many of each."""
    spec = (
        "openapi: 3.0.0\ninfo: {title: Otters}\npaths:\n  /otters:\n    post:\n"
        "      summary: Adopt an otter\n      responses: {'201': {description: Adopted.}}\n"
    )
    files: dict[str, str | bytes] = {
        "otters.openapi.yaml": spec,
        "a.md": "# Feeding\n\nFish.",
        "b.md": "# Care\n\nWater.",
    }
    async with Client(make_server(build_index(tmp_path, files))) as client:
        found = await extension(client, "resources/search", "adopt an otter")
        tools = {t.name: t for t in await client.list_tools()}
    (resource,) = found["resources"]
    assert (resource["uri"], resource["title"]) == ("doc://otters.openapi.yaml", "Otters")
    assert resource["description"].startswith("OpenAPI spec")
    assert "a private collection of 3 documents (Markdown 2, OpenAPI spec 1), e.g.: Feeding; Care; Otters" in (
        tools["search"].description or ""
    )
