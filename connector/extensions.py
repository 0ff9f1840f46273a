"""The search extensions of the MCP drafts, and the capability keys that announce them.

This is the code most likely to break when the SDK changes, so it stays in one module:
- resources/search, tools/search, prompts/search (the "Search" proposal): {query, cursor} ->
  {resources|tools|prompts, nextCursor}, at most 10 per page, ranked by relevance;
- tools/list with an optional `query` (SEP-1821) that filters and ranks the tools;
- the keys resources.search, tools.search, tools.filtering, prompts.search put into the initialize and
  server/discover results on the wire (the SDK's models drop unknown keys), and under `experimental`;
- notifications/resources/list_changed to connected clients when the indexer publishes a new generation.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import weakref
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import anyio
from fastmcp import FastMCP
from mcp.shared.exceptions import MCPError
from mcp.types import RequestParams
from mcp_types.methods import serialize_server_result
from pydantic import Field

from connector.auth import Access, cursor_scope
from connector.cursors import CursorCodec
from connector.errors import INVALID_PARAMS, BadInput, check_query, protocol_errors
from connector.resources import resource_entry
from connector.settings import ConnectorSettings
from connector.signing import index_secret
from indexer import Searcher, terms_of

PAGE_SIZE = 10
WATCH_SECONDS = 1.0
EXPERIMENTAL_CAPABILITIES = {
    "resources": {"search": True},
    "tools": {"search": True, "filtering": True},
    "prompts": {"search": True},
}
log = logging.getLogger(__name__)


class SearchParams(RequestParams):
    query: str = Field(description="What to search for.")
    cursor: str | None = Field(None, description="nextCursor of the previous page, with the same query.")


def cursor_secret(searcher: Searcher) -> bytes:
    """The index's secret (shared by every replica serving the same index), else a random one."""
    return index_secret(searcher) or secrets.token_bytes(32)


def rank_catalog(query: str, entries: list[dict[str, Any]], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """Entries sharing at least one word with the query, most shared words (names count double) first."""
    wanted = terms_of(query)
    scored = []
    for order, entry in enumerate(entries):
        score = 0.0
        for name in fields:
            value = entry.get(name) or ""
            words = terms_of(str(value).replace("_", " "))
            score += len(wanted & words) * (2.0 if name == "name" else 1.0)
        if score > 0:
            scored.append((-score, order, entry))
    return [entry for _, _, entry in sorted(scored, key=lambda item: item[:2])]


class Connections:
    """The live client connections, to tell them when the index changes."""

    def __init__(self) -> None:
        self._live: weakref.WeakSet[Any] = weakref.WeakSet()

    def add(self, ctx: Any) -> None:
        connection = getattr(ctx.session, "_connection", None)  # the SDK exposes no public handle yet
        if connection is not None:
            self._live.add(connection)

    async def notify_resources_changed(self) -> int:
        sent = 0
        for connection in list(self._live):
            with contextlib.suppress(Exception):  # a client that went away must not stop the others
                await connection.send_resource_list_changed()
                sent += 1
        return sent


def generation_watcher(searcher: Searcher, connections: Connections) -> Callable[[Any], Any]:
    """A server lifespan that polls the index and announces new generations."""

    @contextlib.asynccontextmanager
    async def lifespan(server: Any) -> AsyncIterator[dict[str, Any]]:
        async def watch() -> None:
            generation = searcher.snapshot().generation
            while True:
                await anyio.sleep(WATCH_SECONDS)
                try:
                    current = (await anyio.to_thread.run_sync(searcher.snapshot)).generation
                except Exception:
                    log.exception("could not open the newest index generation; still serving the previous one")
                    continue
                if current != generation:
                    generation = current
                    sent = await connections.notify_resources_changed()
                    log.info("serving index generation %d (told %d connected clients)", current, sent)

        # The lifespan may be left from another task than the one that entered it: no task group here.
        task = asyncio.get_running_loop().create_task(watch())
        try:
            yield {}
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    return lifespan


def register(
    mcp: FastMCP,
    searcher: Searcher,
    settings: ConnectorSettings,
    codec: CursorCodec,
    connections: Connections,
    access: Access,
    answered: Callable[[str], None] = lambda method: None,
) -> None:
    """The search methods and the wire middleware; `answered(method)` is called after each request answered."""
    server = mcp._mcp_server
    server.middleware.insert(0, _WireMiddleware(mcp, settings, connections, answered))

    @protocol_errors
    async def resources_search(ctx: Any, params: SearchParams) -> dict[str, Any]:
        query = check_query(params.query, settings.max_query_length)
        groups = access.groups(ctx.request)
        scope = cursor_scope(groups, query)
        offset = _offset(codec, params.cursor, "resources/search", scope)
        hits = await anyio.to_thread.run_sync(
            lambda: searcher.snapshot().search(query, limit=PAGE_SIZE + 1, offset=offset, snippets=False, groups=groups)
        )
        result: dict[str, Any] = {"resources": [resource_entry(h.document) for h in hits[:PAGE_SIZE]]}
        if len(hits) > PAGE_SIZE:
            result["nextCursor"] = codec.encode("resources/search", scope, offset + PAGE_SIZE)
        return result

    def catalog_search(kind: str, entries: Callable[[], Any], fields: tuple[str, ...]) -> Any:
        @protocol_errors
        async def handler(ctx: Any, params: SearchParams) -> dict[str, Any]:
            query = check_query(params.query, settings.max_query_length)
            offset = _offset(codec, params.cursor, f"{kind}/search", query)
            ranked = rank_catalog(query, await entries(), fields)
            result: dict[str, Any] = {kind: ranked[offset : offset + PAGE_SIZE]}
            if len(ranked) > offset + PAGE_SIZE:
                result["nextCursor"] = codec.encode(f"{kind}/search", query, offset + PAGE_SIZE)
            return result

        return handler

    async def tools() -> list[dict[str, Any]]:
        return [_wire(t.to_mcp_tool()) for t in await mcp.list_tools()]

    async def prompts() -> list[dict[str, Any]]:
        return [_wire(p.to_mcp_prompt()) for p in await mcp.list_prompts()]

    server.add_request_handler("resources/search", SearchParams, resources_search)
    server.add_request_handler("tools/search", SearchParams, catalog_search("tools", tools, _TOOL_FIELDS))
    server.add_request_handler("prompts/search", SearchParams, catalog_search("prompts", prompts, _TOOL_FIELDS))


_TOOL_FIELDS = ("name", "title", "description")


def _offset(codec: CursorCodec, cursor: str | None, kind: str, query: str) -> int:
    """The result offset a search cursor holds (0 without one); BadInput for a cursor that is not ours."""
    offset = codec.decode(cursor, kind, query) if cursor else 0
    if not isinstance(offset, int) or offset < 0:
        raise BadInput("Invalid cursor: pass back the nextCursor of the previous page unchanged.")
    return offset


def _wire(model: Any) -> dict[str, Any]:
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


class _WireMiddleware:
    """Outermost SDK middleware: tracks connections, adds capability keys, and serves tools/list?query."""

    def __init__(
        self, mcp: FastMCP, settings: ConnectorSettings, connections: Connections, answered: Callable[[str], None]
    ) -> None:
        self._mcp = mcp
        self._settings = settings
        self._connections = connections
        self._answered = answered

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.request_id is not None:
            self._connections.add(ctx)
        if ctx.method == "tools/list" and isinstance(ctx.params, dict) and "query" in ctx.params:
            result = await self._filtered_tools(ctx, call_next)
        else:
            result = await call_next(ctx)
            if ctx.method in ("initialize", "server/discover") and result is not None:
                result = _with_search_capabilities(ctx, result)
        asyncio.get_running_loop().call_soon(self._answered, ctx.method)  # once this answer is on its way
        return result

    async def _filtered_tools(self, ctx: Any, call_next: Any) -> Any:
        params = dict(ctx.params)
        query = params.pop("query")
        if query is not None and (not isinstance(query, str) or len(query) > self._settings.max_query_length):
            raise MCPError(code=INVALID_PARAMS, message="query must be a string of at most "
                           f"{self._settings.max_query_length} characters")  # fmt: skip
        params.pop("cursor", None)
        result = await call_next(replace(ctx, params=params))
        if not query or not query.strip():
            return result
        listing = _wire(result) if not isinstance(result, dict) else dict(result)
        listing["tools"] = rank_catalog(query, listing.get("tools", []), _TOOL_FIELDS)
        listing.pop("nextCursor", None)
        return listing


def _with_search_capabilities(ctx: Any, result: Any) -> dict[str, Any]:
    data = _wire(result) if not isinstance(result, dict) else dict(result)
    version = data.get("protocolVersion") or ctx.protocol_version
    with contextlib.suppress(Exception):  # shape it for the negotiated version, as the SDK would
        data = serialize_server_result(ctx.method, version, data)
    capabilities = data.setdefault("capabilities", {})
    capabilities.setdefault("resources", {})["search"] = True
    capabilities.setdefault("tools", {}).update({"search": True, "filtering": True})
    capabilities.setdefault("prompts", {})["search"] = True
    experimental = capabilities.setdefault("experimental", {})
    for key, value in EXPERIMENTAL_CAPABILITIES.items():
        experimental.setdefault(key, {}).update(value)
    return data
