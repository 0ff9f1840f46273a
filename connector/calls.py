"""tools/call of search and fetch, answered on the SDK's own dispatch: the quick path of the two tools that carry
nearly all of the traffic.

FastMCP runs every tools/call through its component machinery: a Context, the middleware chain (ArgumentErrors),
provider and visibility lookups, telemetry spans, argument validation against the function's signature, and a
ToolResult whose structured content is written to JSON and read back. For a well-formed call of search or fetch
none of it changes the answer, and together it cost about as much as the protocol itself. So the SDK's tools/call
handler is wrapped: a call of `search` with `{"query": <string>}` or `fetch` with `{"id": <string>}` (and nothing
else but `_meta`) is answered here by the same code the tools run (connector.server.Tools); the SDK still
validates the request, shapes the result for the negotiated protocol version and writes it. Anything else, and
any call whose answer is an error (an empty query, an unknown id, an unavailable index), goes the regular way,
so FastMCP words every error exactly as before and this path only ever returns the contract's success shape:
one text item holding the JSON and the same object as structuredContent.
"""

from __future__ import annotations

from typing import Any, Protocol
from weakref import WeakKeyDictionary

from fastmcp import FastMCP
from mcp.types import CallToolRequestParams

from connector.contract import as_text

__all__ = ["plain_argument", "register", "result", "tools_of"]


class Tools(Protocol):
    """What the tools do for a request (connector.server.Tools): the payload, or the error the regular path words."""

    async def search(self, query: Any, request: Any) -> dict[str, Any]: ...

    async def fetch(self, doc_id: Any, request: Any) -> dict[str, Any]: ...


QUICK = {"search": "query", "fetch": "id"}  # the tools answered here (Tools has a method of each name): their argument
PLAIN_FIELDS = {"name", "arguments", "meta"}  # a call with a task, input responses or request state is not plain
_REGISTERED: WeakKeyDictionary[FastMCP, Tools] = WeakKeyDictionary()  # the tools each server answers here


def tools_of(mcp: FastMCP) -> Tools | None:
    """The tools whose calls register() answers for a server (stdioquick.py answers them earlier still)."""
    return _REGISTERED.get(mcp)


def register(mcp: FastMCP, tools: Tools) -> None:
    server = mcp._mcp_server
    entry = server.get_request_handler("tools/call")
    if entry is None:  # pragma: no cover - FastMCP registers it when the server is made
        raise RuntimeError("FastMCP registered no tools/call handler")
    regular = entry.handler

    async def call_tool(ctx: Any, params: CallToolRequestParams) -> Any:
        value = plain_argument(params.name, params.arguments) if params.model_fields_set <= PLAIN_FIELDS else None
        if value is None:
            return await regular(ctx, params)
        try:
            payload = await getattr(tools, params.name)(value, ctx.request)
        except Exception:  # the regular path meets the same failure and words it (and logs what is unexpected)
            return await regular(ctx, params)
        return result(payload)

    server.add_request_handler("tools/call", CallToolRequestParams, call_tool)
    _REGISTERED[mcp] = tools


def plain_argument(name: Any, arguments: Any) -> str | None:
    """The one argument of a call of search or fetch given only it, as a string; None for any other call. (A plain
    call has only a name, arguments and _meta: a model's unset fields are not sent, PLAIN_FIELDS.)"""
    argument = QUICK.get(name) if isinstance(name, str) else None
    if argument is None or not isinstance(arguments, dict) or len(arguments) != 1:
        return None
    value = arguments.get(argument)
    return value if isinstance(value, str) else None


def result(payload: dict[str, Any]) -> dict[str, Any]:
    """The contract's success: one text item holding the payload's JSON, and the payload as structuredContent."""
    content = [{"type": "text", "text": as_text(payload)}]
    return {"content": content, "structuredContent": payload, "isError": False, "resultType": "complete"}
