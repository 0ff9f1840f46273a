"""What a request to the MCP endpoint must look like before anything runs it, and how a refusal is written.

A refusal is a JSON-RPC error object (id null) with an HTTP status, so MCP clients can show it:
- 400, -32600: a header that must be single is given twice (two Authorization headers would leave it to the first
  to decide who is calling); a body that is not one JSON-RPC 2.0 message (a batch, [], null, {}, a number), whose
  method is not a string or whose request id is not a string or an integer (the SDK's 2025-era transport would
  take such a request for a notification, answer 202 and never reply);
- 400, -32602: params that are not an object;
- 408: a body that does not arrive within the time limit; 413: a body over the size limit.
Media types are case-insensitive (RFC 9110): the Content-Type is passed on with its media type in lower case.
A body that is not JSON at all is left to the transport, which answers it with a parse error (-32700).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass

import anyio
from starlette.types import Message, Receive, Scope, Send

SERVER_BUSY = -32000
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SINGLE_HEADERS = (b"authorization", b"content-type", b"mcp-session-id", b"mcp-protocol-version")
EXAMPLE = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'


class Refusal(Exception):
    """A request refused before any of it runs: the HTTP status, and the JSON-RPC error that says why."""

    def __init__(self, status: int, message: str, retry_after: float | None = None, code: int = SERVER_BUSY) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.code = code


def checked_headers(scope: Scope) -> Scope:
    """The scope with its Content-Type's media type in lower case; Refusal when a single header is repeated."""
    headers: list[tuple[bytes, bytes]] = list(scope.get("headers", ()))
    counts = Counter(name for name, _ in headers if name in SINGLE_HEADERS)  # ASGI header names are lower case
    for name, count in counts.items():
        if count > 1:
            title = name.decode().title()
            raise Refusal(400, f"The request has {count} {title} headers; send exactly one.", code=INVALID_REQUEST)
    if b"content-type" in counts:
        headers = [(name, _lower_media_type(value) if name == b"content-type" else value) for name, value in headers]
    return {**scope, "headers": headers}


def header(scope: Scope, name: bytes) -> str | None:
    return next((value.decode("latin-1") for key, value in scope.get("headers", ()) if key == name), None)


def content_length(scope: Scope) -> int | None:
    value = header(scope, b"content-length")
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise Refusal(400, "Content-Length is not a number.") from None


def too_large(limit: int) -> Refusal:
    return Refusal(413, f"The request body is larger than the server's limit of {limit:,} bytes.")


async def read_body(receive: Receive, limit: int, timeout: float) -> bytes:
    """The whole body, refused as soon as it passes `limit` (a chunked body declares no length) or when it has
    not all arrived within `timeout` seconds."""
    chunks: list[bytes] = []
    size = 0
    try:
        with anyio.fail_after(timeout):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    break
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    raise too_large(limit)
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        raise Refusal(408, f"The request body did not arrive within {timeout:g} s; send it at once.") from None
    return b"".join(chunks)


@dataclass(frozen=True)
class Incoming:
    """What the server needs to know of a message before it runs: its method and, for a request, its id as the SDK
    files it (str(id): 1 and "1" are one id). Both None for a response or a body that is not JSON."""

    method: str | None = None
    request_id: str | None = None


def incoming(body: bytes) -> Incoming:
    """The message in `body`; Refusal when the body is JSON but not one JSON-RPC message."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return Incoming()  # not JSON (or a number too long to read): the transport answers that itself (-32700)
    if isinstance(message, list):
        raise Refusal(400, "Invalid request: batches are not supported; send one JSON-RPC message per HTTP request.",
                      code=INVALID_REQUEST)  # fmt: skip
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or not message.keys() & {"method", "result",
                                                                                                  "error"}:  # fmt: skip
        raise Refusal(400, f"Invalid request: the body must be one JSON-RPC 2.0 message, e.g. {EXAMPLE}.",
                      code=INVALID_REQUEST)  # fmt: skip
    if "method" not in message:
        return Incoming()  # a response to a request of the server's
    method = message["method"]
    if not isinstance(method, str):
        raise Refusal(400, "Invalid request: the method must be a string, e.g. 'tools/list'.", code=INVALID_REQUEST)
    if "params" in message and not isinstance(message["params"], dict):
        raise Refusal(400, "Invalid params: params must be an object of named parameters.", code=INVALID_PARAMS)
    if "id" not in message:
        return Incoming(method)  # a notification
    value = message["id"]
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise Refusal(400, "Invalid request: a JSON-RPC id must be a string or an integer.", code=INVALID_REQUEST)
    return Incoming(method, str(value))


def replay(body: bytes, receive: Receive) -> Receive:
    """`receive` for the app, which reads the body that was already read."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: wait for the client to disconnect, as the app expects

    return replayed


async def refuse(send: Send, refusal: Refusal, plain: bool = False) -> None:
    """The refusal as a JSON-RPC error object (what MCP clients show), or as plain text for a person's browser
    (`plain`, with the pages' two safety headers)."""
    if plain:
        body = refusal.message.encode()
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"x-content-type-options", b"nosniff"),
                   (b"referrer-policy", b"no-referrer")]  # fmt: skip
    else:
        error = {"code": refusal.code, "message": refusal.message}
        body = json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode()
        headers = [(b"content-type", b"application/json")]
    headers.append((b"content-length", str(len(body)).encode()))
    if refusal.retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(refusal.retry_after))).encode()))
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _lower_media_type(value: bytes) -> bytes:
    media_type, separator, parameters = value.partition(b";")
    return media_type.strip().lower() + separator + parameters


def response_header(message: Message, name: bytes) -> str | None:
    """A header of an http.response.start message."""
    return next((v.decode("latin-1") for k, v in message.get("headers", ()) if k.lower() == name), None)
