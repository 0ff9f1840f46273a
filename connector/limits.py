"""HTTP admission control: the one place where a request to the MCP endpoint is admitted, or refused before any
of it runs, and what one client, and all clients together, may ask of the server. In this order:
1. where it arrived: a server without authentication answers loopback connections only (403);
2. its headers (connector.wire): a header that must be single given twice -> 400;
3. who is calling: authentication (the middleware before this one) has read the token from the headers. When a
   token is required and the request has none that is valid, it is answered 401 from its headers alone (its body
   is never read), on a budget of its own: the rate per address (429) and at most max_unauthenticated such
   requests at once (503). It never counts against the limits below, which are those of the callers with a token;
4. body size: over max_body_bytes -> 413;
5. rate: a token bucket per client (rate_limit per second, rate_burst at once) -> 429 with Retry-After;
6. concurrency: max_client_requests running for this client -> 429, max_in_flight in all -> 503, both with
   Retry-After;
7. the body: all of it within body_timeout (408), one JSON-RPC message (400, connector.wire);
8. its session (connector.sessions): unknown or expired -> 404, a request id still running in it -> 409; a request
   that opens a session needs room for it (429, 503).
A client is its authenticated identity when it has one (so a token keeps its budget across addresses and
clients behind one proxy have their own), else its remote address. Long-lived GET event streams count for
the rate and keep their session in use, but do not count for concurrency. Refusals are JSON-RPC error objects,
so MCP clients can show them.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable

from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from connector.budgets import Admission, RateLimiter
from connector.sessions import Session, Sessions
from connector.settings import ConnectorSettings
from connector.wire import (
    Refusal,
    checked_headers,
    content_length,
    header,
    incoming,
    read_body,
    refuse,
    replay,
    response_header,
    too_large,
)

log = logging.getLogger(__name__)
__all__ = ["Limits", "Refusal", "arrived_on_loopback", "client_key"]


class Limits:
    """ASGI middleware applying the limits to `path`. Placed after authentication, so it sees the caller."""

    def __init__(self, app: ASGIApp, settings: ConnectorSettings, path: str = "/mcp") -> None:
        self.app = app
        self.path = path
        # No authentication and no --allow-unauthenticated: only loopback connections may use the endpoint
        # (the CLI refuses to bind elsewhere; this also covers uvicorn --host with the ASGI factory).
        self.loopback_only = not settings.authenticated and not settings.allow_unauthenticated
        self.token_required = settings.authenticated
        self.max_body = settings.max_body_bytes
        self.body_timeout = settings.body_timeout
        self.rates = RateLimiter(settings.rate_limit, settings.rate_burst)
        self.admission = Admission(settings.max_client_requests, settings.max_in_flight)
        without_token = settings.max_unauthenticated
        busy = "The server is busy with requests that carry no valid token; retry shortly."
        self.without_token = Admission(min(settings.max_client_requests, without_token), without_token, busy)
        self.sessions: Sessions | None = None
        if not settings.stateless:
            self.sessions = Sessions(settings.max_client_sessions, settings.max_sessions, settings.session_idle_timeout)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].rstrip("/") != self.path:
            await self.app(scope, receive, send)
            return
        try:  # every Refusal below is raised before the app has sent anything
            if self.loopback_only and not arrived_on_loopback(scope):
                raise Refusal(403, "This server has no authentication, so it answers on loopback only.")
            scope = checked_headers(scope)
            key = client_key(scope)
            if self.token_required and not isinstance(scope.get("user"), AuthenticatedUser):
                await self._without_token(scope, receive, send, key)
            elif scope["method"] == "GET":
                await self._stream(scope, receive, send, key)
            else:
                await self._request(scope, receive, send, key)
        except Refusal as refusal:
            await refuse(send, refusal)

    async def _without_token(self, scope: Scope, receive: Receive, send: Send, key: str) -> None:
        """The app answers 401 (with its challenge) from the headers: the body is never read."""
        self.rates.spend(key)
        self.without_token.enter(key)
        try:
            await self.app(scope, receive, send)
        finally:
            self.without_token.leave(key)

    async def _stream(self, scope: Scope, receive: Receive, send: Send, key: str) -> None:
        """A GET event stream: long-lived, so not counted for concurrency, but its session is in use."""
        self.rates.spend(key)
        session_id = header(scope, b"mcp-session-id") if self._has_sessions(scope) else None
        if session_id is None:
            await self.app(scope, receive, send)
            return
        await self._in_session(scope, receive, Answer(send), session_id, None)

    async def _request(self, scope: Scope, receive: Receive, send: Send, key: str) -> None:
        declared = content_length(scope)
        if declared is not None and declared > self.max_body:
            raise too_large(self.max_body)
        self.rates.spend(key)
        self.admission.enter(key)
        answer = Answer(send)
        answer.when_sent(lambda: self.admission.leave(key))
        try:
            body = await read_body(receive, self.max_body, self.body_timeout)
            message = incoming(body)
            replayed = replay(body, receive)
            session_id = header(scope, b"mcp-session-id")
            if self._has_sessions(scope) and session_id is not None:
                await self._in_session(scope, replayed, answer, session_id, message.request_id)
            elif self._has_sessions(scope) and message.method == "initialize":
                await self._open_session(scope, replayed, answer, key)
            else:
                await self.app(scope, replayed, answer)
        finally:
            answer.sent()  # the slot is given back once: when the answer is out, else when the request ends

    async def _in_session(self, scope: Scope, receive: Receive, answer: Answer, session_id: str,
                          running: str | None) -> None:  # fmt: skip
        sessions = self.sessions
        assert sessions is not None
        sessions.enter(session_id, running)
        answer.when_sent(lambda: sessions.done(session_id, running))  # a client may reuse an id once answered
        try:
            await self.app(scope, receive, answer)
        finally:
            answer.sent()
            sessions.leave(session_id)
            if answer.status == 404 or (scope["method"] == "DELETE" and answer.status in (200, 202, 204)):
                sessions.forget(session_id)  # the SDK no longer has it, or its client ended it

    async def _open_session(self, scope: Scope, receive: Receive, answer: Answer, key: str) -> None:
        """An initialize without a session: the SDK opens one when it succeeds. The session is known from the head
        of the answer on, since its client may use it as soon as it has read the answer."""
        sessions = self.sessions
        assert sessions is not None
        victims = sessions.reserve(key)
        owner = dict(scope)
        opened = False

        def started(status: int, session_id: str | None) -> None:
            nonlocal opened
            if status < 400 and session_id:  # the rule by which the SDK keeps the session it made
                sessions.opened(key, session_id, owner)
                opened = True

        answer.when_started(started)
        try:
            for victim in victims:
                await self._close(victim)
            await self.app(scope, receive, answer)
        finally:
            if not opened:
                sessions.release(key)

    async def _close(self, session: Session) -> None:
        """End a session as its owner would: a DELETE through the app, with the owner's identity and token."""
        log.info("closing session %s of %s to make room for a new one", session.session_id[:8], session.client)
        token = [(name, value) for name, value in session.owner["headers"] if name == b"authorization"]
        headers = [*token, (b"mcp-session-id", session.session_id.encode())]
        scope = {**session.owner, "method": "DELETE", "query_string": b"", "headers": headers}
        requested = False
        answer = Answer(_discard)

        async def receive() -> Message:
            nonlocal requested
            if not requested:
                requested = True
                return {"type": "http.request", "body": b"", "more_body": False}
            return {"type": "http.disconnect"}

        await self.app(scope, receive, answer)
        if answer.status != 200:
            log.warning("session %s could not be closed (HTTP %s)", session.session_id[:8], answer.status)

    def _has_sessions(self, scope: Scope) -> bool:
        """Whether the SDK serves this request on its sessions (the handshake era, not --stateless)."""
        version = header(scope, b"mcp-protocol-version")
        return self.sessions is not None and (version is None or version in HANDSHAKE_PROTOCOL_VERSIONS)


class Answer:
    """The `send` of a request, which tells what it sends: when its head is out (with its status and session id)
    and, once, when the whole answer is out (the transport's clean-up after it is no longer the client's request)."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self._started: list[Callable[[int, str | None], None]] = []
        self._sent: list[Callable[[], None]] = []
        self.status: int | None = None

    def when_started(self, callback: Callable[[int, str | None], None]) -> None:
        self._started.append(callback)

    def when_sent(self, callback: Callable[[], None]) -> None:
        self._sent.append(callback)

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            for started in self._started:
                started(message["status"], response_header(message, b"mcp-session-id"))
        await self._send(message)
        if message["type"] == "http.response.body" and not message.get("more_body", False):
            self.sent()

    def sent(self) -> None:
        callbacks, self._sent = self._sent, []
        for callback in callbacks:
            callback()


async def _discard(message: Message) -> None:
    pass


def client_key(scope: Scope) -> str:
    token = getattr(scope.get("user"), "access_token", None)
    if token is not None:  # the user, not only the app: every ChatGPT user's token names ChatGPT's client id
        return f"id:{token.client_id}:{token.subject or ''}"
    client = scope.get("client")
    return f"ip:{client[0]}" if client else "ip:unknown"


def arrived_on_loopback(scope: Scope) -> bool:
    server = scope.get("server")
    if not server or server[1] is None:
        return True  # an in-process transport, or a Unix socket
    try:
        return ipaddress.ip_address(str(server[0]).strip("[]")).is_loopback
    except ValueError:
        return str(server[0]) == "localhost"
