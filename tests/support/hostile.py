"""Helpers for the hostile-input tests: hypothesis settings and strategies, and an in-memory client that
synchronous (hypothesis) tests can call."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

import anyio
from anyio.from_thread import BlockingPortal, start_blocking_portal
from fastmcp import Client, FastMCP
from hypothesis import settings
from hypothesis import strategies as st
from mcp.types import CallToolResult, ReadResourceRequest, ReadResourceRequestParams
from pydantic import TypeAdapter

from support.connector import corpus

T = TypeVar("T")
HANG_SECONDS = 10  # a hang detector only: the bounds on work are asserted on structure, never by timing
# derandomize: the same examples on every run, so a CI failure reproduces; no example database in the tree.
PROPERTIES = settings(max_examples=150, deadline=None, derandomize=True, database=None)
FEW = settings(PROPERTIES, max_examples=40)  # each example is a round trip through an MCP client

ANY_CHAR = st.characters(exclude_categories=())  # every code point: NUL, controls, lone surrogates
WILD_WORDS = [f"zzq{letter}" for letter in "abcdef"]  # one per document of wild/, found nowhere else


def hostile_corpus() -> dict[str, str | bytes]:
    """The connector tests' corpus, plus documents whose words share a prefix, for the wildcard limits."""
    wild = {f"wild/{word}.md": f"# Wild {n}\n\nThe word {word} is here.\n" for n, word in enumerate(WILD_WORDS)}
    return {**corpus(), **wild}


class Remote:
    """An in-memory SDK client connected once, called from synchronous tests through a blocking portal.
    `remote(request, *args)` runs `await request(client, *args)`, failing after HANG_SECONDS."""

    def __init__(self, portal: BlockingPortal, client: Client) -> None:
        self._portal = portal
        self._client = client

    def __call__(self, request: Callable[..., Awaitable[T]], *args: Any) -> T:
        return self._portal.call(self._bounded, request, *args)

    async def _bounded(self, request: Callable[..., Awaitable[T]], *args: Any) -> T:
        with anyio.fail_after(HANG_SECONDS):
            return await request(self._client, *args)


def connect(server: FastMCP) -> Iterator[Remote]:
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(Client(server)) as client:
        yield Remote(portal, client)


async def call_tool(client: Client, name: str, arguments: dict[str, Any]) -> CallToolResult:
    return await client.call_tool_mcp(name, arguments)


async def read_resource(client: Client, uri: str) -> dict[str, Any]:
    """resources/read with the URI sent as is (the SDK client's read_resource normalizes it first)."""
    request = ReadResourceRequest(params=ReadResourceRequestParams(uri=uri))
    result: dict[str, Any] = await client.session.send_request(request, TypeAdapter(dict))
    return result


def result_ids(result: CallToolResult) -> list[str]:
    """The ids of a search tool result, which must not be an error."""
    assert not result.is_error, result.content
    return [r["id"] for r in json.loads(result.content[0].text)["results"]]
