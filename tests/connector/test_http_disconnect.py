"""Issue 5, load and faults: a client that disconnects mid-request or mid-response does not disturb the others.

A real server (`python -m connector --transport http`) on a loopback port, with and without sessions. Some clients
hang up abruptly (raw sockets closed with a TCP reset): before reading the answer to a large fetch, in the middle of
reading it, half-way through sending their request, and (with sessions) with their event stream open while index
changes are announced on it. Meanwhile other clients keep searching and fetching, and one keeps an event stream open.
The others must all get correct answers, the server must stay healthy, and its log must stay free of errors.

Every client connects from its own loopback address (127.0.0.N), as separate machines would, so the server's
per-client limits do not mix them up.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from support.connector import reindex, write_files
from support.http import HTTP_HEADERS, LoggedHttpServer, RawSession, read_until

VERSION = "2025-06-18"
PARAGRAPH = "The harbour log records the tides, the winds and the cargo of every ship that came in that day. "
SECTIONS = 300
FILES: dict[str, str | bytes] = {
    # About 1 MB of text: a fetch answer of 2 MB (text and structuredContent), far more than a reset client reads.
    "big.md": "# Harbour log\n\n"
    + "\n\n".join(f"## Day {n}\n\n{PARAGRAPH * 35}Entry harbourmark{n}." for n in range(SECTIONS)),
    "small.md": "# Small\n\nThe zebracorn lives here.\n",
    "notes/tides.md": "# Tides\n\nSpring tides and neap tides.\n",
}
ROUNDS = 15  # hang-ups per misbehaving client
GENERATIONS = 2  # index generations published while clients hang up (with sessions)
HANG_GUARD = 30.0  # seconds; nothing here should take more than a fraction of it


class BoundSession(RawSession):
    """RawSession connecting from a given loopback address."""

    def __init__(self, url: str, source: str) -> None:
        super().__init__(url, VERSION)
        self._http.close()
        self._http = httpx.Client(timeout=HANG_GUARD, transport=httpx.HTTPTransport(local_address=source))


def _address(n: int) -> str:
    return f"127.0.0.{n}"


def _connect(port: int, source: str, receive_buffer: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(HANG_GUARD)
    if receive_buffer:  # set before connecting: the window the server may fill stays this small
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def _reset(sock: socket.socket) -> None:
    """Close abruptly: a TCP reset, unread data thrown away, as when a client process dies."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def _post(port: int, session: str | None, message: dict[str, Any]) -> tuple[bytes, bytes]:
    """The head and body of a JSON-RPC POST to /mcp, as raw bytes."""
    body = json.dumps(message).encode()
    headers = {**HTTP_HEADERS, "host": f"127.0.0.1:{port}", "mcp-protocol-version": VERSION}
    headers["content-length"] = str(len(body))
    if session:
        headers["mcp-session-id"] = session
    head = "POST /mcp HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    return head.encode(), body


def _event_stream_request(port: int, session: str) -> bytes:
    headers = {"host": f"127.0.0.1:{port}", "accept": "text/event-stream", "mcp-protocol-version": VERSION,
               "mcp-session-id": session}  # fmt: skip
    return ("GET /mcp HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n").encode()


def _heavy_requests(large_only: bool = False) -> Iterator[dict[str, Any]]:
    """Requests with large answers, and a search, in turn."""
    requests = [
        ("tools/call", {"name": "fetch", "arguments": {"id": "big.md"}}),
        ("resources/read", {"uri": "doc://big.md"}),
    ]
    if not large_only:
        requests.append(("tools/call", {"name": "search", "arguments": {"query": "harbour tides"}}))
    n = 0
    while True:
        method, params = requests[n % len(requests)]
        n += 1
        yield {"jsonrpc": "2.0", "id": n, "method": method, "params": params}


# --- the clients that hang up -------------------------------------------------------------------------------------


def hang_up_before_reading(port: int, source: str, session: str | None) -> str:
    for message, _ in zip(_heavy_requests(), range(ROUNDS), strict=False):
        head, body = _post(port, session, message)
        sock = _connect(port, source)
        sock.sendall(head + body)
        _reset(sock)
    return f"{ROUNDS} requests sent, then reset before reading"


def hang_up_mid_response(port: int, source: str, session: str | None) -> str:
    """Read the status line and a few kilobytes of a large answer through a small window, then reset."""
    rng = random.Random(port)
    for message, _ in zip(_heavy_requests(large_only=True), range(ROUNDS), strict=False):
        head, body = _post(port, session, message)
        sock = _connect(port, source, receive_buffer=65536)
        try:
            sock.sendall(head + body)
            data = read_until(sock, b"\r\n\r\n")
            assert data.startswith(b"HTTP/1.1 200 "), data[:300]
            while len(data) < rng.randint(5_000, 40_000):
                chunk = sock.recv(4096)
                assert chunk, f"the answer ended after {len(data)} bytes"
                data += chunk
            time.sleep(rng.uniform(0, 0.05))  # the server is blocked writing the rest
        finally:
            _reset(sock)
    return f"{ROUNDS} answers cut after a few kilobytes"


def hang_up_mid_request(port: int, source: str, session: str | None) -> str:
    """Send the head and half of the body, then reset."""
    for message, _ in zip(_heavy_requests(), range(ROUNDS), strict=False):
        head, body = _post(port, session, message)
        sock = _connect(port, source)
        sock.sendall(head + body[: len(body) // 2])
        time.sleep(0.02)
        _reset(sock)
    return f"{ROUNDS} requests cut half-way"


def hang_up_event_stream(port: int, source: str, session: str | None) -> str:
    """Open the session's event stream (GET), keep it a random while (index changes are announced on it), reset."""
    assert session is not None
    rng = random.Random(port + 1)
    for _ in range(ROUNDS):
        sock = _connect(port, source)
        try:
            sock.sendall(_event_stream_request(port, session))
            data = read_until(sock, b"\r\n\r\n")
            assert data.startswith(b"HTTP/1.1 200 "), data[:300]
            time.sleep(rng.uniform(0, 0.4))
        finally:
            _reset(sock)
    return f"{ROUNDS} event streams cut"


# --- the clients that behave ----------------------------------------------------------------------------------------


def _text(result: dict[str, Any]) -> str:
    assert result.get("isError") is False, result
    text: str = result["content"][0]["text"]
    return text


def keep_working(url: str, source: str, stop: threading.Event, expected: dict[str, str]) -> int:
    """Search, fetch and read until told to stop; every answer must be right. Returns the rounds done."""
    rounds = 0
    with BoundSession(url, source) as client:
        client.initialize()
        while not stop.is_set() or rounds < 3:
            results = json.loads(_text(client.call_tool("search", query="zebracorn")))["results"]
            assert [r["id"] for r in results] == ["small.md"], results
            fetched = json.loads(_text(client.call_tool("fetch", id="big.md")))
            assert fetched["text"] == expected["fetch"], f"fetch returned {len(fetched['text'])} characters"
            contents = client.result("resources/read", {"uri": "doc://big.md"})["contents"]
            assert contents[0]["text"] == expected["read"], f"read returned {len(contents[0]['text'])} characters"
            rounds += 1
    return rounds


class Listener:
    """A session whose event stream stays open, counting the index-change notifications it receives."""

    def __init__(self, url: str, source: str) -> None:
        self.client = BoundSession(url, source)
        self.client.initialize()
        self.client.result("tools/list")  # the server announces changes to clients it has served
        self.notifications = 0
        self.changed = threading.Condition()
        self.opened = threading.Event()
        self.source = source

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.__exit__()

    def listen(self) -> int:
        """Read the event stream until every generation published has been announced."""
        headers = {"accept": "text/event-stream", "mcp-protocol-version": VERSION}
        headers["mcp-session-id"] = self.client.session_id or ""
        transport = httpx.HTTPTransport(local_address=self.source)
        with (
            httpx.Client(timeout=HANG_GUARD, transport=transport) as http,
            http.stream("GET", self.client.url, headers=headers) as response,
        ):
            assert response.status_code == 200, response.status_code
            self.opened.set()
            for line in response.iter_lines():
                if line.startswith("data:") and json.loads(line[5:]).get("method") == (
                    "notifications/resources/list_changed"
                ):
                    with self.changed:
                        self.notifications += 1
                        self.changed.notify_all()
                if self.notifications >= GENERATIONS:
                    break
        return self.notifications

    def wait_for(self, count: int) -> None:
        with self.changed:
            told = self.changed.wait_for(lambda: self.notifications >= count, timeout=HANG_GUARD)
        assert told, f"the listening client got {self.notifications} change notifications, not {count}"


# --- the test -------------------------------------------------------------------------------------------------------


@pytest.fixture
def docs_and_index(tmp_path: Path) -> tuple[Path, Path]:
    docs, index = tmp_path / "docs", tmp_path / "index"
    write_files(docs, FILES)
    reindex(docs, index)
    return docs, index


def _loopback_aliases_work() -> bool:
    try:
        with socket.socket() as sock:
            sock.bind((_address(99), 0))
    except OSError:
        return False
    return True


def _result(future: Future[Any], what: str) -> Any:
    try:
        return future.result(timeout=120)
    except Exception as exc:
        raise AssertionError(f"{what} failed: {type(exc).__name__}: {exc}") from exc


@pytest.mark.skipif(not _loopback_aliases_work(), reason="needs 127.0.0.N loopback addresses (Linux)")
@pytest.mark.parametrize("stateless", [False, True], ids=["sessions", "stateless"])
def test_clients_that_hang_up_do_not_disturb_the_others(
    docs_and_index: tuple[Path, Path], tmp_path: Path, stateless: bool
) -> None:
    docs, index = docs_and_index
    # the clients that behave send as fast as the host answers: on a fast one, past the default rate per client
    # (30 a second), which is not what this test is about
    args = ["--fetch-max-chars", "5000000", "--log-level", "info", "--rate-limit", "0"]
    args += ["--stateless"] if stateless else []
    with LoggedHttpServer(index, tmp_path / "server.log", *args) as server, contextlib.ExitStack() as stack:
        port = server.port
        with BoundSession(server.url, _address(2)) as probe:  # what every answer must be, taken before the storm
            probe.initialize()
            expected = {
                "fetch": json.loads(_text(probe.call_tool("fetch", id="big.md")))["text"],
                "read": probe.result("resources/read", {"uri": "doc://big.md"})["contents"][0]["text"],
            }
        assert "harbourmark0." in expected["fetch"] and f"harbourmark{SECTIONS - 1}." in expected["fetch"]
        generation = httpx.get(server.base + "/healthz", timeout=HANG_GUARD).json()["generation"]

        hang_ups: list[tuple[Callable[[int, str, str | None], str], str]] = [
            (hang_up_before_reading, _address(10)),
            (hang_up_mid_response, _address(11)),
            (hang_up_mid_request, _address(12)),
        ]
        if not stateless:
            hang_ups.append((hang_up_event_stream, _address(13)))
        sessions: dict[str, str | None] = {}
        for _, source in hang_ups:
            with BoundSession(server.url, source) as owner:
                owner.initialize()
                sessions[source] = owner.session_id
        listener = None if stateless else stack.enter_context(Listener(server.url, _address(30)))

        stop = threading.Event()
        with ThreadPoolExecutor(max_workers=len(hang_ups) + 4) as pool:
            try:
                working = {
                    f"client {_address(20 + n)}": pool.submit(
                        keep_working, server.url, _address(20 + n), stop, expected
                    )
                    for n in range(3)
                }
                heard = pool.submit(listener.listen) if listener else None
                assert listener is None or listener.opened.wait(HANG_GUARD)
                rude = {f"{hang_up.__name__} from {source}": pool.submit(hang_up, port, source, sessions[source])
                        for hang_up, source in hang_ups}  # fmt: skip
                if listener:  # announcements go out while event streams are being cut
                    for n in range(1, GENERATIONS + 1):
                        write_files(docs, {f"extra-{n}.md": f"# Extra {n}\n\nPublished while clients hang up.\n"})
                        reindex(docs, index)
                        listener.wait_for(n)
                done = {what: _result(future, what) for what, future in rude.items()}
            finally:
                stop.set()
            rounds = {what: _result(future, what) for what, future in working.items()}
            if heard:
                assert _result(heard, "the listening client") == GENERATIONS
        assert all(n >= 3 for n in rounds.values()), rounds
        assert len(done) == len(hang_ups), done

        # The server is still healthy and answering everyone, the clients that hung up included.
        health = httpx.get(server.base + "/healthz", timeout=HANG_GUARD)
        assert health.status_code == 200, health.text
        published = 0 if stateless else GENERATIONS
        assert health.json()["status"] == "ok"
        assert health.json()["documents"] == len(FILES) + published
        assert health.json()["generation"] == generation + published
        for source, session in sessions.items():
            with BoundSession(server.url, source) as again:
                if session:
                    again.session_id = session  # its session outlived its hang-ups
                else:
                    again.initialize()
                results = json.loads(_text(again.call_tool("search", query="zebracorn")))["results"]
                assert [r["id"] for r in results] == ["small.md"], (source, results)
        if not stateless:
            source = _address(13)
            sock = _connect(port, source)  # the cut event stream was let go: the session may open another
            try:
                sock.sendall(_event_stream_request(port, sessions[source] or ""))
                assert read_until(sock, b"\r\n\r\n").startswith(b"HTTP/1.1 200 ")
            finally:
                _reset(sock)

    log = server.log_text()
    assert "MCP endpoint: http://127.0.0.1" in log  # the log is the server's
    assert "Traceback" not in log, log[-5000:]
    assert "ERROR" not in log, log[-5000:]
