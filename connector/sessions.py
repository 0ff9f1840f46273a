"""The sessions of streamable HTTP (handshake era, without --stateless): how many each client and all clients may
hold, and which requests run in each. connector.limits consults it for every request to the endpoint.

- A client holds at most `per_client` sessions: opening one more closes its least recently used idle session, or
  is refused (429) when all of them are in use.
- All clients together hold at most `total`: when full, a new session closes the least recently used idle session
  of the client that holds the most (so one client filling the server gives way to the others), or is refused
  (503) when every session is in use.
- A session with nothing running for `idle_timeout` seconds has expired (the SDK ends it after the same time).
- In a session, a request id can be running only once: the SDK keeps one answer channel per id, so a second
  request with the id of a running one would take the first one's channel and one of them would never be answered.
  The SDK files the session's GET event stream under the id GET_STREAM_KEY, so a request with that id is refused
  (a second event stream is the SDK's to refuse, 409).
A session is in use while a request in it runs or its GET event stream is open.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mcp.server.streamable_http import GET_STREAM_KEY

from connector.wire import INVALID_REQUEST, Refusal

__all__ = ["Session", "Sessions"]


@dataclass
class Session:
    session_id: str
    client: str
    owner: dict[str, Any]  # the ASGI scope that opened it: the session is closed as its owner
    last_used: float
    running: set[str] = field(default_factory=set)  # ids of the requests in flight, as the SDK files them
    requests: int = 0  # HTTP requests in flight, the GET event stream included


class Sessions:
    def __init__(
        self, per_client: int, total: int, idle_timeout: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_client = per_client
        self.total = total
        self.idle_timeout = idle_timeout
        self._clock = clock
        self._sessions: dict[str, Session] = {}
        self._held: Counter[str] = Counter()  # per client: its sessions, and the ones it is opening
        self._lock = threading.Lock()

    def reserve(self, client: str) -> list[Session]:
        """Room for a session `client` is opening: the sessions to close to make it (already forgotten here), or
        Refusal. Each reservation ends with opened() or release()."""
        with self._lock:
            self._expire()
            closing = []
            if self._held[client] >= self.per_client:
                victim = self._least_recent(lambda s: s.client == client)
                if victim is None:
                    raise Refusal(
                        429, f"This client already holds {self.per_client} sessions, all in use; end one (HTTP "
                        "DELETE with its Mcp-Session-Id) or retry shortly.", 1,
                    )  # fmt: skip
                closing.append(self._forget(victim.session_id))
            if self._held.total() >= self.total:
                victim = self._least_recent(lambda s: True, by_holding=True)
                if victim is None:
                    raise Refusal(503, "The server holds as many sessions as it can, all in use; retry shortly.", 1)
                closing.append(self._forget(victim.session_id))
            self._held[client] += 1
            return [s for s in closing if s is not None]

    def release(self, client: str) -> None:
        """The opening request did not open a session."""
        with self._lock:
            self._unhold(client)

    def opened(self, client: str, session_id: str, owner: dict[str, Any]) -> None:
        with self._lock:
            self._sessions[session_id] = Session(session_id, client, owner, self._clock())

    def enter(self, session_id: str, request_id: str | None) -> None:
        """A request in the session starts (request_id None: a notification, a response, a GET or a DELETE)."""
        with self._lock:
            session = self._sessions.get(session_id)
            if session is not None and self._expired(session, self._clock() - self.idle_timeout):
                self._forget(session_id)
                session = None
            if session is None:
                raise Refusal(
                    404, "Session not found: it expired or was closed. Send initialize to start a new one.",
                    code=INVALID_REQUEST,
                )  # fmt: skip
            if request_id == GET_STREAM_KEY:
                raise Refusal(400, f"Invalid request: the id {GET_STREAM_KEY!r} is reserved for the session's event "
                              "stream; use another id.", code=INVALID_REQUEST)  # fmt: skip
            if request_id is not None and request_id in session.running:
                raise Refusal(
                    409, f"Invalid request: a request with id {request_id} is still running in this session; give "
                    "each request its own id.", code=INVALID_REQUEST,
                )  # fmt: skip
            if request_id is not None:
                session.running.add(request_id)
            session.requests += 1

    def done(self, session_id: str, request_id: str | None) -> None:
        """The request's answer is out: its id may be used again."""
        with self._lock:
            session = self._sessions.get(session_id)
            if session is not None and request_id is not None:
                session.running.discard(request_id)

    def leave(self, session_id: str) -> None:
        """The request has ended (after done())."""
        with self._lock:
            session = self._sessions.get(session_id)
            if session is not None:
                session.requests -= 1
                session.last_used = self._clock()

    def forget(self, session_id: str) -> None:
        """The session ended (closed by its client, or unknown to the SDK)."""
        with self._lock:
            self._forget(session_id)

    def _forget(self, session_id: str) -> Session | None:
        session = self._sessions.pop(session_id, None)
        if session is not None:
            self._unhold(session.client)
        return session

    def _unhold(self, client: str) -> None:
        self._held[client] -= 1
        if self._held[client] <= 0:
            del self._held[client]

    def _least_recent(self, matches: Callable[[Session], bool], by_holding: bool = False) -> Session | None:
        """The idle session that matches and was used the longest ago; with by_holding, of the client that holds
        the most sessions."""
        idle = [s for s in self._sessions.values() if s.requests == 0 and matches(s)]
        if by_holding and idle:
            most = max(self._held[s.client] for s in idle)
            idle = [s for s in idle if self._held[s.client] == most]
        return min(idle, key=lambda s: s.last_used, default=None)

    def _expire(self) -> None:
        deadline = self._clock() - self.idle_timeout
        for session in [s for s in self._sessions.values() if self._expired(s, deadline)]:
            self._forget(session.session_id)

    @staticmethod
    def _expired(session: Session, deadline: float) -> bool:
        return session.requests == 0 and session.last_used < deadline
