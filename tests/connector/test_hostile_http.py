"""Malformed requests over real HTTP: invalid UTF-8, bodies that are not JSON or not a JSON-RPC object, params of
the wrong types, a huge id, deeply nested JSON. Each gets a 4xx or a JSON-RPC error, never a 500, a traceback
or a dropped connection, and the server goes on answering."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from support.http import HTTP_HEADERS, MODERN_VERSION, SPEC, HttpServer, RawSession

CLEAN_CODES = {-32700, -32600, -32602}  # parse error, invalid request, invalid params
HEADER_MISMATCH = -32020  # 2026 era: the mcp-name header must repeat the tool name or resource URI
META = {f"{SPEC}/protocolVersion": MODERN_VERSION, f"{SPEC}/clientCapabilities": {},
        f"{SPEC}/clientInfo": {"name": "hostile", "version": "1"}}  # fmt: skip
NESTED = b"[" * 100_000 + b"]" * 100_000
BODIES = {
    "invalid UTF-8": b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":'
    b'{"query":"wal\xffrus"}}}',
    "an overlong UTF-8 slash": b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"\xc0\xaf"}}',
    "a truncated UTF-8 sequence": b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"\xe2\x82"}}',
    "a lone surrogate escape": b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch",'
    b'"arguments":{"id":"long.md\\ud800"}}}',
    "an empty body": b"",
    "not JSON": b"search for walrus",
    "JSON cut short": b'{"jsonrpc":"2.0","id":1,"method":',
    "NUL bytes": b"\x00" * 64,
    "a JSON array": b"[]",
    "a batch": b'[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]',
    "a JSON number": b"42",
    "a JSON string": b'"tools/list"',
    "JSON null": b"null",
    "an object without jsonrpc": b'{"id":1,"method":"tools/list"}',
    "a method that is a number": b'{"jsonrpc":"2.0","id":1,"method":7}',
    "params that are a list": b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":["search","walrus"]}',
    "a 5,000-digit id": b'{"jsonrpc":"2.0","id":' + b"9" * 5000 + b',"method":"tools/list"}',
    "100,000 nested arrays": NESTED,
    "100,000 nested arrays as the query": b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search",'
    b'"arguments":{"query":' + NESTED + b"}}}",
}
WRONG_TYPES = [None, 5, True, ["walrus"], {"query": "walrus"}]


@pytest.fixture(scope="module")
def server(index: Path) -> Iterator[HttpServer]:
    with HttpServer(index, "--rate-limit", "0") as running:  # every request here comes from one client
        yield running


@pytest.fixture(scope="module", params=["2025-06-18", MODERN_VERSION])
def session(request: pytest.FixtureRequest, server: HttpServer) -> Iterator[RawSession]:
    """One session of a handshake-era client, or a client of the stateless era (no initialize), for every test:
    after each malformed request, the same session must go on working."""
    with RawSession(server.url, request.param) as raw:
        if raw.version < MODERN_VERSION:
            raw.initialize()
        yield raw


def post_raw(session: RawSession, body: bytes, method: str = "tools/call", **extra: str) -> httpx.Response:
    """Bytes as the body of a request, with the headers a client of the session's era sends."""
    headers = {**HTTP_HEADERS, "mcp-protocol-version": session.version, "mcp-method": method, **extra}
    if session.session_id:
        headers["mcp-session-id"] = session.session_id
    return httpx.post(session.url, content=body, headers=headers, timeout=30)


def send(session: RawSession, method: str, params: dict[str, Any], request_id: Any = 7) -> dict[str, Any]:
    """One JSON-RPC request as a client of the session's era sends it; the answer, whatever its HTTP status."""
    if session.version >= MODERN_VERSION:
        params = {**params, "_meta": META}
    body = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
    headers = {}
    name = params.get("name", params.get("uri"))
    if session.version >= MODERN_VERSION and isinstance(name, str):
        headers["mcp-name"] = name
    return message(post_raw(session, json.dumps(body).encode(), method, **headers))


def message(response: httpx.Response) -> dict[str, Any]:
    """The JSON-RPC message of a response that is an answer or a clean refusal: never a 5xx or a traceback."""
    assert response.status_code in (200, 400, 404, 406, 415, 422), (response.status_code, response.text)
    assert "Traceback" not in response.text
    if response.headers["content-type"].startswith("text/event-stream"):
        lines = [line[5:] for line in response.text.splitlines() if line.startswith("data:")]
        data: dict[str, Any] = json.loads(lines[-1])
    else:
        data = response.json()
    assert data["jsonrpc"] == "2.0" and ("result" in data) != ("error" in data), data
    return data


def still_answers(session: RawSession) -> None:
    result = session.call_tool("search", query="zebracorn")
    assert json.loads(result["content"][0]["text"])["results"][0]["id"] == "guides/install.md"


@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_a_malformed_body_is_refused_cleanly(session: RawSession, body: bytes) -> None:
    response = post_raw(session, body)
    assert response.status_code == 400
    assert message(response)["error"]["code"] in CLEAN_CODES
    still_answers(session)


@pytest.mark.parametrize("value", WRONG_TYPES, ids=repr)
@pytest.mark.parametrize(("tool", "argument"), [("search", "query"), ("fetch", "id")])
def test_a_tool_argument_of_the_wrong_type_is_a_tool_error(
    session: RawSession, tool: str, argument: str, value: Any
) -> None:
    answer = send(session, "tools/call", {"name": tool, "arguments": {argument: value}})
    if "error" in answer:
        assert answer["error"]["code"] == -32602, answer
    else:
        assert answer["result"]["isError"] is True, answer
    still_answers(session)


@pytest.mark.parametrize("value", [v for v in WRONG_TYPES if v is not None], ids=repr)
@pytest.mark.parametrize(
    ("method", "params"),
    [("resources/search", {"query": "walrus", "cursor": "VALUE"}), ("resources/search", {"query": "VALUE"}),
     ("tools/search", {"query": "VALUE"}), ("resources/list", {"cursor": "VALUE"}),
     ("resources/read", {"uri": "VALUE"}), ("tools/list", {"query": "VALUE"}), ("tools/call", {"name": "VALUE"})],
)  # fmt: skip
def test_a_method_param_of_the_wrong_type_is_invalid_params(
    session: RawSession, method: str, params: dict[str, Any], value: Any
) -> None:
    answer = send(session, method, {key: value if given == "VALUE" else given for key, given in params.items()})
    expected = CLEAN_CODES | ({HEADER_MISMATCH} if method in ("resources/read", "tools/call") else set())
    assert answer["error"]["code"] in expected, answer
    still_answers(session)


def test_a_huge_integer_id_that_parses_is_answered_with_that_id(session: RawSession) -> None:
    answer = send(session, "tools/list", {}, request_id=10**100)
    assert answer["id"] == 10**100 and {"search", "fetch"} <= {tool["name"] for tool in answer["result"]["tools"]}


@pytest.mark.parametrize("request_id", [[1], {"n": 1}, 1.5, True], ids=repr)
def test_a_request_whose_id_is_not_a_string_or_integer_is_refused(
    request: pytest.FixtureRequest, session: RawSession, request_id: Any
) -> None:
    assert send(session, "tools/list", {}, request_id=request_id)["error"]["code"] in CLEAN_CODES
    still_answers(session)


NOT_ONE_MESSAGE = {"an empty array": b"[]", "a batch": BODIES["a batch"], "null": b"null", "an empty object": b"{}",
                   "a number": b"42", "a string": b'"tools/list"'}  # fmt: skip


@pytest.mark.parametrize("body", NOT_ONE_MESSAGE.values(), ids=NOT_ONE_MESSAGE.keys())
def test_a_body_that_is_not_one_json_rpc_message_is_an_invalid_request_in_a_sentence(
    session: RawSession, body: bytes
) -> None:
    response = post_raw(session, body)
    assert response.status_code == 400
    error = message(response)["error"]
    assert error["code"] == -32600, error
    assert "validation error" not in error["message"].lower() and "pydantic" not in error["message"]
    assert len(error["message"]) < 300, error["message"]
    still_answers(session)


ARGUMENT_ERRORS = [
    ("search", {"query": 5}, ["'query'", "string"]),
    ("search", {}, ["'query'", "missing"]),
    ("fetch", {"id": ["guides/install.md"]}, ["'id'", "string"]),
    ("fetch", {"id": "guides/install.md", "colour": "red"}, ["'colour'", "'id'"]),
]


@pytest.mark.parametrize(("tool", "arguments", "named"), ARGUMENT_ERRORS, ids=repr)
def test_a_tool_argument_error_names_the_parameter_in_a_sentence(
    session: RawSession, tool: str, arguments: dict[str, Any], named: list[str]
) -> None:
    result = send(session, "tools/call", {"name": tool, "arguments": arguments})["result"]
    assert result["isError"] is True
    text = result["content"][0]["text"]
    for word in named:
        assert word in text, text
    for internal in ("pydantic", "type=", "input_value", "validation error for", "\n"):
        assert internal not in text, text
