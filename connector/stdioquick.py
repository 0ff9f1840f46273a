"""tools/call of search and fetch over stdio's pipes, answered as each line is read: the protocol's floor.

calls.py answers the two tools that carry nearly all of the traffic on the SDK's own tools/call handler. What
still ran for each call, before it and after it, was the SDK's dispatch: a task per request, a request context
and, at 2026-07-28, a connection made from the request's envelope and torn down again, the middleware chain
(FastMCP's request context, its telemetry span, the request state), the request's validation, and the answer
written through a model: about 0.7 ms of a search's round trip over stdio here, more than half of what the
protocol costs (tests/bench/stdio_turns.py). Over the pipes (stdio.py) a line that is a plain call of one of the
two tools is answered here instead, with what the SDK would answer: the same payload (connector.server.Tools),
shaped for the request's protocol version by the SDK's own serializer (each version's result surface; at
2026-07-28, resultType and the serverInfo stamp), as the SDK's runner shapes it.

Only where that answer is known, for a line the SDK's transport reads as a request (stdio.py parses each line
once, as the SDK does, and hands this the message). A connection opens in the era of its first request, as the
SDK decides it (runner.serve_dual_era_loop): a handshake connection is served here once the SDK has answered its
`initialize` (at the version it negotiated; none while another `initialize` waits), a 2026-07-28 connection for
each call whose envelope the SDK's own ladder accepts (classify_inbound_request); the call's params are validated
against that version's surface, as the SDK validates them. Anything else goes to the SDK as before: another
method, a call with more than its one string argument and `_meta`, a call that fails (the SDK words the error),
and every call while an OpenTelemetry tracer provider is set (the SDK's path records the spans).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from fastmcp import FastMCP
from mcp.shared.inbound import PROTOCOL_VERSION_META_KEY, InboundModernRoute, classify_inbound_request
from mcp_types import SERVER_INFO_META_KEY, JSONRPCError, JSONRPCRequest, JSONRPCResponse
from mcp_types import methods as sdk_methods
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from opentelemetry import trace
from pydantic import ValidationError

from connector.calls import Tools, plain_argument, result, tools_of

__all__ = ["QuickCalls"]

_log = logging.getLogger(__name__)
_PARAMS = {"name", "arguments", "_meta"}  # a plain call's params on the wire (calls.PLAIN_FIELDS, by alias)


class QuickCalls:
    """The quick answers of one stdio connection: what it has seen of the protocol's state, and the answers."""

    def __init__(self, server: FastMCP, tools: Tools) -> None:
        self._server = server._mcp_server
        self._tools = tools
        self._era: str | None = None  # "handshake" or "modern", from the connection's first request
        self._initialize_ids: list[Any] = []  # ids of `initialize` requests not yet answered
        self._version: str | None = None  # the handshake's negotiated version, once the SDK answered it

    @classmethod
    def of(cls, server: FastMCP) -> QuickCalls | None:
        """The quick answers of a server whose tools calls.register() answers; None for any other server."""
        tools = tools_of(server)
        return cls(server, tools) if tools is not None else None

    async def answer(self, message: Any) -> bytes | None:
        """The answer to a message the client sent (the line of its JSON-RPC response), or None: the SDK answers it."""
        if not isinstance(message, JSONRPCRequest):
            return None
        self._follow(message)
        params = message.params
        if message.method != "tools/call" or not isinstance(params, dict) or not params.keys() <= _PARAMS:
            return None
        value = plain_argument(params.get("name"), params.get("arguments"))
        version = self._version_of(params) if value is not None else None
        if version is None or self._server.cache_hints.get("tools/call") is not None or _traced():
            return None
        try:
            sdk_methods.validate_client_request("tools/call", version, params)
        except (ValidationError, KeyError, ValueError):
            return None
        payload = await getattr(self._tools, params["name"])(value, None)
        answer = {"jsonrpc": "2.0", "id": message.id, "result": self._shaped(version, payload)}
        line = json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        _log.debug("tools/call %s (id %r) answered on the pipe", params["name"], message.id)
        return line

    def sent(self, message: Any) -> None:
        """Follows the answers the SDK writes: its answer to `initialize` says the handshake's version."""
        if not self._initialize_ids or not isinstance(message, JSONRPCResponse | JSONRPCError):
            return
        if message.id in self._initialize_ids:
            self._initialize_ids.remove(message.id)
            found = message.result.get("protocolVersion") if isinstance(message, JSONRPCResponse) else None
            self._version = found if isinstance(found, str) else self._version

    def _follow(self, request: JSONRPCRequest) -> None:
        """Notes the connection's era from its first request, and the ids of `initialize` requests."""
        if self._era is None:
            modern = request.method != "initialize" and _enveloped(request.params)
            self._era = "modern" if modern else "handshake"
        if self._era == "handshake" and request.method == "initialize":
            self._initialize_ids.append(request.id)

    def _version_of(self, params: dict[str, Any]) -> str | None:
        """The protocol version a call is answered at, where the SDK would serve it; None where it would refuse
        it (its era's rule), the connection is not open yet, or an `initialize` waits for its answer."""
        if self._era == "handshake":
            return None if _enveloped(params) or self._initialize_ids else self._version
        if self._era == "modern":
            route = classify_inbound_request({"method": "tools/call", "params": params})
            return route.protocol_version if isinstance(route, InboundModernRoute) else None
        return None

    def _shaped(self, version: str, payload: dict[str, Any]) -> dict[str, Any]:
        """The contract's result (calls.result) as the SDK's runner shapes a tools/call result for `version`
        (ServerRunner._serialize: the version's surface; at 2026-07-28, resultType and the serverInfo stamp)."""
        shaped = sdk_methods.serialize_server_result("tools/call", version, result(payload))
        if version in MODERN_PROTOCOL_VERSIONS:
            shaped.setdefault("resultType", "complete")
            meta = shaped.get("_meta")
            if meta is None or (isinstance(meta, dict) and meta.get(SERVER_INFO_META_KEY) is None):
                shaped["_meta"] = {**(meta or {}), SERVER_INFO_META_KEY: self._server.server_info_stamp}
        return shaped


def _enveloped(params: Any) -> bool:
    """Whether a request carries the 2026-07-28 envelope (as the SDK's runner tells it)."""
    meta = params.get("_meta") if isinstance(params, Mapping) else None
    return isinstance(meta, Mapping) and PROTOCOL_VERSION_META_KEY in meta


def _traced() -> bool:
    """Whether an OpenTelemetry tracer provider is set, whose spans the SDK's path records."""
    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider | trace.NoOpTracerProvider)
