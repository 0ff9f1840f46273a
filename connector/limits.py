"""HTTP admission control: what one client, and all clients together, may ask of the server.

A request to the MCP endpoint is admitted, or refused before any of it runs, in this order:
1. body size: over max_body_bytes -> 413;
2. rate: a token bucket per client (rate_limit per second, rate_burst at once) -> 429 with Retry-After;
3. concurrency: max_client_requests running for this client -> 429, max_in_flight in all -> 503, both with
   Retry-After.
A client is its authenticated identity when it has one (so a token keeps its budget across addresses and
clients behind one proxy have their own), else its remote address. Long-lived GET event streams count for
the rate but not for concurrency. Refusals are JSON-RPC error objects, so MCP clients can show them.
"""

from __future__ import annotations

import ipaddress
import json
import math
import threading
import time
from collections import OrderedDict

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from connector.settings import ConnectorSettings

MAX_TRACKED_CLIENTS = 100_000  # buckets kept; the least recently seen are dropped (a full bucket is the default)
SERVER_BUSY = -32000
INVALID_REQUEST = -32600


class Refusal(Exception):
    def __init__(self, status: int, message: str, retry_after: float | None = None, code: int = SERVER_BUSY) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.code = code


class RateLimiter:
    """Token buckets, one per client key."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> float:
        """0 when the client may go ahead (one token spent), else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, at = self._buckets.pop(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - at) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[key] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self._buckets) > MAX_TRACKED_CLIENTS:
                self._buckets.popitem(last=False)
            return wait


class Admission:
    """Counts of running requests, per client and in all."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client = per_client
        self.total = total
        self.running: dict[str, int] = {}
        self.in_flight = 0
        self._lock = threading.Lock()

    def enter(self, key: str) -> None:
        with self._lock:
            if self.running.get(key, 0) >= self.per_client:
                raise Refusal(429, f"Too many requests at once from this client (limit {self.per_client}).", 1)
            if self.in_flight >= self.total:
                raise Refusal(503, "The server is busy; retry shortly.", 1)
            self.running[key] = self.running.get(key, 0) + 1
            self.in_flight += 1

    def leave(self, key: str) -> None:
        with self._lock:
            count = self.running.get(key, 0) - 1
            if count > 0:
                self.running[key] = count
            else:
                self.running.pop(key, None)
            self.in_flight -= 1


class Limits:
    """ASGI middleware applying the limits to `path`. Placed after authentication, so it sees the caller."""

    def __init__(self, app: ASGIApp, settings: ConnectorSettings, path: str = "/mcp") -> None:
        self.app = app
        self.path = path
        # No authentication and no --allow-unauthenticated: only loopback connections may use the endpoint
        # (the CLI refuses to bind elsewhere; this also covers uvicorn --host with the ASGI factory).
        self.loopback_only = not settings.authenticated and not settings.allow_unauthenticated
        self.max_body = settings.max_body_bytes
        self.rates = RateLimiter(settings.rate_limit, settings.rate_burst)
        self.admission = Admission(settings.max_client_requests, settings.max_in_flight)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].rstrip("/") != self.path:
            await self.app(scope, receive, send)
            return
        key = client_key(scope)
        streaming = scope["method"] == "GET"
        try:
            if self.loopback_only and not _arrived_on_loopback(scope):
                raise Refusal(403, "This server has no authentication, so it answers on loopback only.")
            declared = _content_length(scope)
            if declared is not None and declared > self.max_body:
                raise _too_large(self.max_body)
            wait = self.rates.take(key)
            if wait > 0:
                raise Refusal(429, f"Rate limit exceeded; retry after {math.ceil(wait)} s.", wait)
            if not streaming:
                self.admission.enter(key)
        except Refusal as refusal:
            await _refuse(send, refusal)
            return
        if streaming:
            await self.app(scope, receive, send)
            return
        running = True

        def done() -> None:
            nonlocal running
            if running:
                running = False
                self.admission.leave(key)

        async def send_then_count(message: Message) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                done()  # the answer is out: the transport's clean-up after it is no longer the client's request

        try:
            try:
                body = await _read_body(receive, self.max_body)
                _check_request_ids(body)
            except Refusal as refusal:
                await _refuse(send, refusal)
                return
            await self.app(scope, _replay(body, receive), send_then_count)
        finally:
            done()


def client_key(scope: Scope) -> str:
    token = getattr(scope.get("user"), "access_token", None)
    if token is not None:  # the user, not only the app: every ChatGPT user's token names ChatGPT's client id
        return f"id:{token.client_id}:{token.subject or ''}"
    client = scope.get("client")
    return f"ip:{client[0]}" if client else "ip:unknown"


def _arrived_on_loopback(scope: Scope) -> bool:
    server = scope.get("server")
    if not server or server[1] is None:
        return True  # an in-process transport, or a Unix socket
    try:
        return ipaddress.ip_address(str(server[0]).strip("[]")).is_loopback
    except ValueError:
        return str(server[0]) == "localhost"


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                raise Refusal(400, "Content-Length is not a number.") from None
    return None


def _too_large(limit: int) -> Refusal:
    return Refusal(413, f"The request body is larger than the server's limit of {limit:,} bytes.")


async def _read_body(receive: Receive, limit: int) -> bytes:
    """The whole body, refused as soon as it passes `limit` (a chunked body declares no length)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _check_request_ids(body: bytes) -> None:
    """Refuse a request whose id is not a string or an integer. The SDK's 2025-era transport would take it for a
    notification (it ignores unknown keys), answer 202 and never reply, leaving the client waiting forever."""
    if b'"id"' not in body:
        return
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return  # not JSON: the transport answers that itself (-32700)
    for item in message if isinstance(message, list) else [message]:
        if isinstance(item, dict) and "method" in item and "id" in item:
            request_id = item["id"]
            if isinstance(request_id, bool) or not isinstance(request_id, str | int):
                message_text = "Invalid request: a JSON-RPC id must be a string or an integer."
                raise Refusal(400, message_text, code=INVALID_REQUEST)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: wait for the client to disconnect, as the app expects

    return replay


async def _refuse(send: Send, refusal: Refusal) -> None:
    error = {"code": refusal.code, "message": refusal.message}
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode()
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if refusal.retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(refusal.retry_after))).encode()))
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
