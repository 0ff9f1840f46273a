"""Raw JSON-RPC to a real HTTP server on a loopback port: what a client that is not the Python SDK sees."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.http import HANDSHAKE_VERSIONS, MODERN_VERSION, HttpServer, RawSession

CONTRACT_ANNOTATIONS = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


@pytest.fixture(scope="module")
def server(index: Path) -> Iterator[HttpServer]:
    with HttpServer(index) as running:
        yield running


@pytest.fixture
def session(server: HttpServer) -> Iterator[RawSession]:
    with RawSession(server.url) as raw:
        raw.initialize()
        yield raw


def contract_payload(result: dict[str, Any]) -> dict[str, Any]:
    assert result["isError"] is False, result
    assert len(result["content"]) == 1 and result["content"][0]["type"] == "text"
    data: dict[str, Any] = json.loads(result["content"][0]["text"])
    assert result["structuredContent"] == data
    return data


@pytest.mark.parametrize("version", HANDSHAKE_VERSIONS)
def test_handshake_versions_get_the_search_capabilities_on_the_wire(server: HttpServer, version: str) -> None:
    with RawSession(server.url, version) as raw:
        result = raw.initialize()
        found = contract_payload(raw.call_tool("search", query="zebracorn"))
    assert found["results"][0]["id"] == "guides/install.md"
    assert result["protocolVersion"] == version
    capabilities = result["capabilities"]
    assert capabilities["resources"]["search"] is True
    assert capabilities["tools"]["filtering"] is True
    assert capabilities["experimental"]["resources"]["search"] is True
    assert capabilities["experimental"]["tools"]["filtering"] is True
    assert capabilities["resources"]["listChanged"] is True


def test_server_discover_puts_the_search_capabilities_on_the_wire(server: HttpServer) -> None:
    with RawSession(server.url, MODERN_VERSION) as raw:
        capabilities = raw.result("server/discover")["capabilities"]
        data = contract_payload(raw.call_tool("search", query="walrus"))
    assert capabilities["resources"]["search"] is True
    assert capabilities["tools"]["filtering"] is True
    assert capabilities["experimental"]["resources"]["search"] is True
    assert data["results"][0]["id"] == "guides/walrus.md"


def test_chatgpt_sees_exactly_search_and_fetch_with_the_contract_schemas(server: HttpServer) -> None:
    with RawSession(server.url) as raw:
        raw.initialize(client_name="openai-mcp")
        tools = {tool["name"]: tool for tool in raw.result("tools/list")["tools"]}
    assert set(tools) == {"search", "fetch"}
    for name, argument in [("search", "query"), ("fetch", "id")]:
        schema = tools[name]["inputSchema"]
        assert schema["type"] == "object"
        assert list(schema["properties"]) == [argument]
        assert schema["properties"][argument]["type"] == "string"
        assert schema["required"] == [argument]
        assert tools[name]["title"]
        assert tools[name]["annotations"] == {**CONTRACT_ANNOTATIONS, "title": tools[name]["title"]}
        assert tools[name]["description"]


def test_chatgpt_gets_the_same_results_as_any_client(server: HttpServer, session: RawSession) -> None:
    with RawSession(server.url) as chatgpt:
        chatgpt.initialize(client_name="openai-mcp")
        for tool, arguments in [("search", {"query": "zebracorn"}), ("fetch", {"id": "guides/install.md"})]:
            assert chatgpt.call_tool(tool, **arguments) == session.call_tool(tool, **arguments)
        data = contract_payload(chatgpt.call_tool("search", query="zebracorn"))
        fetched = contract_payload(chatgpt.call_tool("fetch", id=data["results"][0]["id"]))
    assert list(data) == ["results"]
    assert data["results"][0]["id"] == "guides/install.md"
    assert set(data["results"][0]) <= {"id", "title", "url", "text"}
    assert list(fetched) == ["id", "title", "text", "url", "metadata"]


def test_search_result_on_the_wire_is_one_text_item_and_the_same_structured_content(session: RawSession) -> None:
    data = contract_payload(session.call_tool("search", query="commonword"))
    assert list(data) == ["results"] and len(data["results"]) == 10


@pytest.mark.parametrize(("tool", "arguments"), [("fetch", {"id": "../../etc/passwd"}), ("search", {"query": ""})])
def test_tool_errors_on_the_wire_are_is_error_results(
    session: RawSession, tool: str, arguments: dict[str, str]
) -> None:
    result = session.call_tool(tool, **arguments)
    assert result["isError"] is True
    assert result["content"][0]["type"] == "text" and result["content"][0]["text"]


def test_unknown_method_is_method_not_found(session: RawSession) -> None:
    assert session.request("resources/frobnicate", {})["error"]["code"] == -32601


@pytest.mark.parametrize(
    "params", [{}, {"cursor": None}, {"query": 5}, {"query": None}, {"query": "walrus", "cursor": 12}]
)
def test_resources_search_with_bad_params_is_invalid_params(session: RawSession, params: dict[str, Any]) -> None:
    assert session.request("resources/search", params)["error"]["code"] == -32602


def test_resources_search_over_http_pages_with_its_cursor(session: RawSession) -> None:
    first = session.result("resources/search", {"query": "commonword"})
    second = session.result("resources/search", {"query": "commonword", "cursor": first["nextCursor"]})
    names = [r["name"] for r in first["resources"] + second["resources"]]
    assert len(first["resources"]) == 10 and "nextCursor" not in second
    assert len(names) == len(set(names)) == 12
    other = session.request("resources/search", {"query": "walrus", "cursor": first["nextCursor"]})
    assert other["error"]["code"] == -32602


def test_tools_list_with_a_query_over_http_ranks_fetch_first(session: RawSession) -> None:
    assert session.result("tools/list", {"query": "fetch"})["tools"][0]["name"] == "fetch"
    assert sorted(t["name"] for t in session.result("tools/list")["tools"]) == ["fetch", "search"]
    assert session.request("tools/list", {"query": 7})["error"]["code"] == -32602


def test_tools_and_prompts_search_over_http(session: RawSession) -> None:
    assert session.result("tools/search", {"query": "fetch"})["tools"][0]["name"] == "fetch"
    assert session.result("prompts/search", {"query": "research"})["prompts"][0]["name"] == "research"


def test_foreign_host_header_is_refused(session: RawSession) -> None:
    response = session.post({"jsonrpc": "2.0", "id": 99, "method": "tools/list"}, host="evil.example.com")
    assert response.status_code == 421


def test_foreign_origin_is_refused(session: RawSession) -> None:
    response = session.post({"jsonrpc": "2.0", "id": 99, "method": "tools/list"}, origin="https://evil.example.com")
    assert response.status_code == 403


def test_loopback_origin_is_accepted(server: HttpServer, session: RawSession) -> None:
    body = {"jsonrpc": "2.0", "id": 99, "method": "tools/list"}
    assert session.post(body, origin=f"http://127.0.0.1:{server.port}").status_code == 200
