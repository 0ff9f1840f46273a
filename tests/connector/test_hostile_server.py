"""Hostile clients against the real HTTP server (issue 19): a request id used twice at once, a token that opens
sessions in a loop, token-less traffic that holds bodies open, headers that say two things. Each gets an answer or
a clear refusal, never a hang, and the other users of the server do not notice."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from connector.settings import ConnectorSettings
from connector.tokens import TokensFile

from support.connector import build_index
from support.http import HTTP_HEADERS, HttpServer, LoggedHttpServer, read_until

HANG_GUARD = 30.0  # seconds; a hang detector only, nothing here should take a fraction of it
VERSION = "2025-06-18"
PARAMS = {"protocolVersion": VERSION, "capabilities": {}, "clientInfo": {"name": "hostile", "version": "1"}}
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": PARAMS}
LIST = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
BIG_WORDS = "The harbour log records the tides, the winds and the cargo of every ship that came in that day. "
FILES: dict[str, str | bytes] = {
    "big.md": "# Harbour log\n\n" + "\n\n".join(f"## Day {n}\n\n{BIG_WORDS * 40}" for n in range(400)),
    "small.md": "# Small\n\nThe zebracorn lives here.\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_index(tmp_path_factory.mktemp("hostile-server"), FILES)


@pytest.fixture(scope="module")
def tokens(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("auth") / "tokens.json"
    made = TokensFile(path)
    return {"file": str(path), **{name: made.add(name, ()) for name in ("one", "two", "three")}}


def post(server: HttpServer, body: Any, token: str | None = None, session: str | None = None,
         **headers: str) -> httpx.Response:  # fmt: skip
    sent = {**HTTP_HEADERS, "mcp-protocol-version": VERSION, **headers}
    if token:
        sent["authorization"] = f"Bearer {token}"
    if session:
        sent["mcp-session-id"] = session
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.post(server.url, content=content, headers=sent, timeout=HANG_GUARD)


def reply(response: httpx.Response) -> dict[str, Any]:
    """The JSON-RPC message of an answer, whether sent as JSON or as server-sent events."""
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        lines = [line[5:] for line in response.text.splitlines() if line.startswith("data:")]
        data: dict[str, Any] = json.loads(lines[-1])
    else:
        data = response.json()
    return data


def exchange(server: HttpServer, body: dict[str, Any], session: str) -> tuple[int, dict[str, Any]]:
    """A request in a session: its HTTP status and its JSON-RPC answer. An AssertionError when no answer came
    within HANG_GUARD (an event stream that only sends keep-alive pings is no answer)."""
    deadline = time.monotonic() + HANG_GUARD
    headers = {**HTTP_HEADERS, "mcp-protocol-version": VERSION, "mcp-session-id": session}
    with httpx.stream("POST", server.url, json=body, headers=headers, timeout=HANG_GUARD) as response:
        if not response.headers.get("content-type", "").startswith("text/event-stream"):
            return response.status_code, json.loads(response.read())
        for line in response.iter_lines():
            assert time.monotonic() < deadline, f"the request with id {body['id']!r} was never answered"
            if line.startswith("data:") and "id" in (message := json.loads(line[5:])):
                return response.status_code, message
    raise AssertionError(f"the answer to the request with id {body['id']!r} ended without a message")


def open_session(server: HttpServer, token: str | None = None) -> str:
    response = post(server, INITIALIZE, token)
    assert response.status_code == 200, (response.status_code, response.text)
    session = response.headers["mcp-session-id"]
    notified = post(server, {"jsonrpc": "2.0", "method": "notifications/initialized"}, token, session)
    assert notified.status_code == 202, notified.text
    return session


def status_in(server: HttpServer, token: str | None, session: str) -> int:
    """200 while the session works, 404 once the server has closed it."""
    return post(server, LIST, token, session).status_code


def raw_socket(server: HttpServer, head: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=HANG_GUARD)
    sock.sendall(head.encode())
    return sock


def slow_body(server: HttpServer, token: str | None = None, declared: int = 100) -> socket.socket:
    """A POST whose body never finishes arriving."""
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return raw_socket(server, f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n{auth}"
                      "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                      f"Content-Length: {declared}\r\n\r\n{{")  # fmt: skip


def event_stream(server: HttpServer, token: str | None, session: str) -> socket.socket:
    """The session's GET event stream, open: the session is in use while it is."""
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    sock = raw_socket(server, f"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n{auth}"
                      f"Accept: text/event-stream\r\nMcp-Protocol-Version: {VERSION}\r\n"
                      f"Mcp-Session-Id: {session}\r\n\r\n")  # fmt: skip
    assert status_line(sock).startswith("HTTP/1.1 200 ")
    return sock


def status_line(sock: socket.socket) -> str:
    return read_until(sock, b"\r\n").split(b"\r\n", 1)[0].decode()


# --- a request id used twice at once --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def open_server(index: Path) -> Iterator[HttpServer]:
    with HttpServer(index, "--rate-limit", "0", "--fetch-max-chars", "5000000") as running:
        yield running


def test_a_request_whose_id_is_still_running_in_its_session_is_answered_or_refused_never_left_hanging(
    open_server: HttpServer,
) -> None:
    session = open_session(open_server)
    for request_id in range(100, 106):
        fetch = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                 "params": {"name": "fetch", "arguments": {"id": "big.md"}}}  # fmt: skip
        search = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                  "params": {"name": "search", "arguments": {"query": "zebracorn"}}}  # fmt: skip
        with ThreadPoolExecutor(max_workers=2) as pool:
            answers = list(pool.map(lambda body: exchange(open_server, body, session), (fetch, search)))
        for (status, message), expected in zip(answers, ("text", "results"), strict=True):
            if status == 200:  # each answer is its own request's, never the other's
                payload = json.loads(message["result"]["content"][0]["text"])
                assert expected in payload, (expected, str(payload)[:300])
            else:
                assert status == 409, (status, message)
                assert message["error"]["code"] == -32600
                assert f"id {request_id}" in message["error"]["message"]
    assert status_in(open_server, None, session) == 200


def test_a_refused_duplicate_does_not_spend_the_id_of_the_request_that_runs(open_server: HttpServer) -> None:
    session = open_session(open_server)
    request = {"jsonrpc": "2.0", "id": "same", "method": "tools/call",
               "params": {"name": "search", "arguments": {"query": "zebracorn"}}}  # fmt: skip
    for _ in range(3):  # one after the other, an id may be used again once its request is answered
        assert reply(post(open_server, request, None, session))["result"]["isError"] is False


def test_the_id_the_transport_files_the_event_stream_under_is_refused(open_server: HttpServer) -> None:
    session = open_session(open_server)
    stream = event_stream(open_server, None, session)
    try:
        refused = post(open_server, {**LIST, "id": "_GET_stream"}, None, session)
        assert refused.status_code == 400 and reply(refused)["error"]["code"] == -32600
        second = raw_socket(open_server, f"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:{open_server.port}\r\n"
                            f"Accept: text/event-stream\r\nMcp-Session-Id: {session}\r\n\r\n")  # fmt: skip
        assert status_line(second).startswith("HTTP/1.1 409 ")  # the session's one stream is still the first
        second.close()
    finally:
        stream.close()


# --- sessions: a cap per client, fair in all, idle ones expire -------------------------------------------------------


@pytest.fixture(scope="module")
def session_server(index: Path, tokens: dict[str, Any]) -> Iterator[HttpServer]:
    args = ["--tokens-file", tokens["file"], "--rate-limit", "0", "--max-client-sessions", "3", "--max-sessions", "5"]
    with HttpServer(index, *args) as running:
        yield running


def test_by_default_one_token_cannot_open_sessions_without_end(
    index: Path, tokens: dict[str, Any], tmp_path: Path
) -> None:
    cap = ConnectorSettings.model_fields["max_client_sessions"].default
    args = ["--tokens-file", tokens["file"], "--rate-limit", "0", "--log-level", "info"]
    with LoggedHttpServer(index, tmp_path / "server.log", *args) as server:
        sessions = [open_session(server, tokens["one"]) for _ in range(cap + 2)]
        assert [status_in(server, tokens["one"], s) for s in sessions[:2]] == [404, 404]  # the oldest were closed
        assert {status_in(server, tokens["one"], s) for s in sessions[2:]} == {200}
        assert status_in(server, tokens["two"], open_session(server, tokens["two"])) == 200
        for closed in sessions[:2]:  # really ended, its memory given back, not only refused at the door
            assert f"Terminating session: {closed}" in server.log_text()


def test_a_client_over_its_session_cap_loses_its_least_recently_used_session(
    session_server: HttpServer, tokens: dict[str, Any]
) -> None:
    one = tokens["one"]
    first, second, third = (open_session(session_server, one) for _ in range(3))
    assert status_in(session_server, one, first) == 200  # first is now the most recently used
    fourth = open_session(session_server, one)
    assert status_in(session_server, one, second) == 404
    assert [status_in(session_server, one, s) for s in (first, third, fourth)] == [200, 200, 200]


def test_when_the_server_is_full_the_client_with_the_most_sessions_gives_one_up(
    session_server: HttpServer, tokens: dict[str, Any]
) -> None:
    one, two, three = tokens["one"], tokens["two"], tokens["three"]
    ones = [open_session(session_server, one) for _ in range(3)]  # one: 3 of 5 (the earlier test's were replaced)
    twos = [open_session(session_server, two) for _ in range(2)]  # two: 2; the server is full
    newcomer = open_session(session_server, three)
    assert status_in(session_server, three, newcomer) == 200
    assert status_in(session_server, one, ones[0]) == 404  # one's oldest made room
    assert [status_in(session_server, two, s) for s in twos] == [200, 200]
    assert [status_in(session_server, one, s) for s in ones[1:]] == [200, 200]


def test_a_session_in_use_is_never_closed_to_make_room(session_server: HttpServer, tokens: dict[str, Any]) -> None:
    one = tokens["one"]
    sessions = [open_session(session_server, one) for _ in range(3)]
    streams = [event_stream(session_server, one, s) for s in sessions]
    try:
        refused = post(session_server, INITIALIZE, one)
        assert refused.status_code == 429, (refused.status_code, refused.text)
        assert int(refused.headers["retry-after"]) >= 1
        assert "sessions" in reply(refused)["error"]["message"]
        streams.pop(0).close()  # the client lets one session go idle: it may be replaced
        deadline = time.monotonic() + HANG_GUARD
        while (response := post(session_server, INITIALIZE, one)).status_code != 200:
            assert response.status_code == 429 and time.monotonic() < deadline, response.text
            time.sleep(0.2)
        assert status_in(session_server, one, sessions[0]) == 404
    finally:
        for stream in streams:
            stream.close()


def test_an_idle_session_expires(index: Path, tmp_path: Path) -> None:
    args = ["--session-idle-timeout", "1", "--log-level", "info"]
    with LoggedHttpServer(index, tmp_path / "server.log", *args) as server:
        session = open_session(server)
        deadline = time.monotonic() + HANG_GUARD
        while status_in(server, None, session) != 404:
            assert time.monotonic() < deadline, "the idle session never expired"
            time.sleep(1.5)
        assert f"Session {session} idle timeout" in server.log_text()


# --- requests without a token: answered 401 from their headers, on their own budget --------------------------------


@pytest.fixture(scope="module")
def auth_server(index: Path, tokens: dict[str, Any]) -> Iterator[HttpServer]:
    args = ["--tokens-file", tokens["file"], "--max-in-flight", "4", "--max-client-requests", "2",
            "--body-timeout", "2"]  # fmt: skip
    with HttpServer(index, *args) as running:
        yield running


def test_requests_without_a_token_do_not_spend_the_budget_of_those_with_one(
    auth_server: HttpServer, tokens: dict[str, Any]
) -> None:
    slow = [slow_body(auth_server) for _ in range(6)]
    try:
        for sock in slow:
            assert status_line(sock).startswith("HTTP/1.1 401 ")  # answered from the headers alone
        for name in ("one", "two"):
            response = post(auth_server, INITIALIZE, tokens[name])
            assert response.status_code == 200, (name, response.status_code, response.text)
    finally:
        for sock in slow:
            sock.close()


def test_a_huge_body_without_a_token_is_401_not_413(auth_server: HttpServer) -> None:
    sock = slow_body(auth_server, declared=50_000_000)
    try:
        assert status_line(sock).startswith("HTTP/1.1 401 ")
    finally:
        sock.close()


def test_a_body_that_is_not_sent_in_time_gets_408_and_its_slot_back(
    auth_server: HttpServer, tokens: dict[str, Any]
) -> None:
    slow = [slow_body(auth_server, tokens["three"]) for _ in range(2)]  # both of its slots
    try:
        for sock in slow:
            assert status_line(sock).startswith("HTTP/1.1 408 ")
    finally:
        for sock in slow:
            sock.close()
    assert post(auth_server, INITIALIZE, tokens["three"]).status_code == 200


@pytest.mark.parametrize("second", ["valid", "invalid"])
def test_two_authorization_headers_are_refused(auth_server: HttpServer, tokens: dict[str, Any], second: str) -> None:
    other = tokens["two"] if second == "valid" else "dsk_not-a-token"
    headers = [(k, v) for k, v in HTTP_HEADERS.items()]
    headers += [("authorization", f"Bearer {tokens['one']}"), ("authorization", f"Bearer {other}")]
    response = httpx.post(auth_server.url, json=INITIALIZE, headers=headers, timeout=HANG_GUARD)
    assert response.status_code == 400, (response.status_code, response.text)
    assert "Authorization" in reply(response)["error"]["message"]


# --- protocol details -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content_type", ["APPLICATION/JSON", "Application/Json; charset=UTF-8"])
def test_media_types_are_case_insensitive(open_server: HttpServer, content_type: str) -> None:
    response = post(open_server, INITIALIZE, **{"content-type": content_type})
    assert response.status_code == 200, (response.status_code, response.text)
    assert reply(response)["result"]["serverInfo"]["name"] == "docsearch"
