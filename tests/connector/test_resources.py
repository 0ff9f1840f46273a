"""Every document as a resource: resources/list with opaque cursors, resources/read, resources/templates/list."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fastmcp import Client, FastMCP
from mcp.shared.exceptions import MCPError

from support.connector import build_index, corpus, make_server

pytestmark = pytest.mark.anyio
MANY = 230  # more than two pages of 100


@pytest.fixture(scope="module")
def many_server(tmp_path_factory: pytest.TempPathFactory) -> FastMCP:
    files: dict[str, str | bytes] = {f"pile/doc-{n:03}.txt": f"Pile document {n}.\n" for n in range(MANY)}
    return make_server(build_index(tmp_path_factory.mktemp("many"), files))


async def test_resources_list_describes_every_document(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        listing = await client.list_resources_mcp()
    by_uri = {str(r.uri): r for r in listing.resources}
    assert set(by_uri) == {f"doc://{doc_id}" for doc_id in corpus()}
    install = by_uri["doc://guides/install.md"]
    assert install.name == "guides/install.md"
    assert install.title == "Installation guide"
    assert install.mime_type == "text/plain"
    assert install.description and "Markdown" in install.description and "ops" in install.description
    assert install.size and install.size > 50
    assert all(r.name and r.title and r.description and r.mime_type and r.size for r in listing.resources)
    assert listing.next_cursor is None


async def test_resources_list_pages_through_every_document_once(many_server: FastMCP, mode: str) -> None:
    names: list[str] = []
    cursors: list[str] = []
    async with Client(many_server, mode=mode) as client:
        cursor = None
        while True:
            listing = await client.list_resources_mcp(cursor=cursor)
            assert 0 < len(listing.resources) <= 100
            names += [r.name for r in listing.resources]
            if listing.next_cursor is None:
                break
            cursor = listing.next_cursor
            cursors.append(cursor)
    assert len(cursors) == 2
    assert len(names) == len(set(names)) == MANY
    assert set(names) == {f"pile/doc-{n:03}.txt" for n in range(MANY)}


async def test_resources_list_cursor_is_opaque(many_server: FastMCP) -> None:
    async with Client(many_server) as client:
        cursor = (await client.list_resources_mcp()).next_cursor
    assert cursor and "pile/doc-" not in cursor and "099" not in cursor


@pytest.mark.parametrize("cursor", ["forged", "pile/doc-150.txt", "eyJrIjoicmVzb3VyY2VzL2xpc3QifQ.AAAA", "a.b"])
async def test_resources_list_with_a_forged_cursor_is_invalid_params(many_server: FastMCP, cursor: str) -> None:
    async with Client(many_server) as client:
        with pytest.raises(MCPError) as caught:
            await client.list_resources_mcp(cursor=cursor)
    assert caught.value.error.code == -32602
    assert "cursor" in caught.value.error.message


async def test_resources_list_cursor_with_one_character_changed_is_invalid_params(many_server: FastMCP) -> None:
    async with Client(many_server) as client:
        cursor = (await client.list_resources_mcp()).next_cursor
        assert cursor
        altered = cursor[:5] + ("A" if cursor[5] != "A" else "B") + cursor[6:]
        with pytest.raises(MCPError) as caught:
            await client.list_resources_mcp(cursor=altered)
    assert caught.value.error.code == -32602


async def test_resources_read_returns_the_documents_text(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        result = await client.read_resource_mcp("doc://guides/install.md")
    assert len(result.contents) >= 1
    content = result.contents[0]
    assert str(content.uri) == "doc://guides/install.md"
    assert content.mime_type == "text/plain"
    assert "zebracorn" in content.text and "xylophonist" in content.text


async def test_resources_read_of_a_pdf_returns_its_text(server: FastMCP) -> None:
    async with Client(server) as client:
        result = await client.read_resource_mcp("doc://manuals/short.pdf")
    assert "periwinkle" in result.contents[0].text


@pytest.mark.parametrize("uri", ["doc://nosuchdoc.md", "doc://../../etc/passwd", "file:///etc/passwd"])
async def test_resources_read_of_an_unknown_uri_is_resource_not_found(server: FastMCP, uri: str) -> None:
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await client.read_resource_mcp(uri)
    assert caught.value.error.code == -32002
    assert "search" in caught.value.error.message


async def test_resource_template_describes_the_uri_shape(server: FastMCP, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        templates = (await client.list_resource_templates_mcp()).resource_templates
    assert len(templates) == 1
    assert templates[0].uri_template == "doc://{+id}"
    assert templates[0].name and templates[0].description


async def test_every_listed_resource_can_be_read(server: FastMCP) -> None:
    async with Client(server) as client:
        for resource in (await client.list_resources_mcp()).resources:
            contents = (await client.read_resource_mcp(str(resource.uri))).contents
            assert contents[0].text.strip(), resource.uri


async def test_internal_errors_are_reported_without_a_stack_trace(tmp_path: Path) -> None:
    index = build_index(tmp_path, {"a.md": "# A\n\nzebracorn\n"})
    async with Client(make_server(index)) as client:
        database = next(index.rglob("docs.sqlite"))
        database.write_bytes(os.urandom(database.stat().st_size))  # the disk went bad under the server
        with pytest.raises(MCPError) as caught:
            await client.read_resource_mcp("doc://a.md")
        tool = await client.call_tool_mcp("fetch", {"id": "a.md"})
    assert caught.value.error.code == -32603
    assert "Traceback" not in caught.value.error.message and caught.value.error.data is None
    assert tool.is_error and "Traceback" not in tool.content[0].text and "sqlite" not in tool.content[0].text
