"""Rate, size and concurrency limits over real HTTP: one client cannot take the server from the others."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from fastmcp.server.auth import AccessToken
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser

from connector.budgets import RateLimiter
from connector.limits import client_key
from connector.tokens import TokensFile

from support.folders import index, write
from support.http import HTTP_HEADERS, HttpServer, RawSession

PARAMS = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "limits", "version": "1"}}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": PARAMS}


@pytest.fixture(scope="module")
def small_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    docs = tmp_path_factory.mktemp("docs")
    write(docs, "a.md", "# Alpha\n\nSome text about alpha.\n")
    index(docs, docs.parent / "index")
    return docs.parent / "index"


@pytest.fixture(scope="module")
def tokens(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str, str]:
    path = tmp_path_factory.mktemp("auth") / "tokens.json"
    tokens = TokensFile(path)
    return path, tokens.add("one", ()), tokens.add("two", ()), tokens.add("three", ())


def post(server: HttpServer, token: str | None = None, **kwargs: object) -> httpx.Response:
    headers = {**HTTP_HEADERS, "mcp-protocol-version": "2025-06-18"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    kwargs.setdefault("json", LIST)
    return httpx.post(server.url, headers=headers, timeout=20, **kwargs)  # type: ignore[arg-type]


def refusal(response: httpx.Response) -> str:
    error = response.json()["error"]
    assert response.json()["jsonrpc"] == "2.0" and error["code"] == -32000
    return str(error["message"])


def test_the_token_bucket_allows_a_burst_then_the_rate() -> None:
    limiter = RateLimiter(rate=2.0, burst=3)
    assert [limiter.take("a", now=100.0) for _ in range(3)] == [0, 0, 0]
    assert limiter.take("a", now=100.0) == pytest.approx(0.5)  # one token comes back every 0.5 s
    assert limiter.take("b", now=100.0) == 0  # another client has its own bucket
    assert limiter.take("a", now=100.5) == 0
    assert limiter.take("a", now=100.5) == pytest.approx(0.5)
    assert [limiter.take("a", now=200.0) for _ in range(3)] == [0, 0, 0]  # refilled up to the burst, no more
    assert limiter.take("a", now=200.0) > 0
    assert RateLimiter(rate=0, burst=1).take("a") == 0  # 0 turns it off


@pytest.fixture(scope="module")
def limited(small_index: Path, tokens: tuple[Path, str, str, str]) -> Iterator[HttpServer]:
    args = ["--tokens-file", str(tokens[0]), "--rate-limit", "1", "--rate-burst", "3", "--max-body-bytes", "4096",
            "--max-client-requests", "1", "--max-in-flight", "2"]  # fmt: skip
    with HttpServer(small_index, *args) as server:
        yield server


def test_over_the_rate_a_client_gets_429_with_retry_after_and_others_are_not_affected(
    limited: HttpServer, tokens: tuple[Path, str, str, str]
) -> None:
    _, one, two, _ = tokens
    statuses = [post(limited, one) for _ in range(6)]
    codes = [r.status_code for r in statuses]
    assert codes[:3] == [200, 200, 200] and 429 in codes[3:], codes
    refused = next(r for r in statuses if r.status_code == 429)
    assert int(refused.headers["retry-after"]) >= 1
    assert "Rate limit" in refusal(refused)
    assert post(limited, two).status_code == 200  # another token has its own budget
    time.sleep(int(refused.headers["retry-after"]) + 0.1)
    assert post(limited, one).status_code == 200  # and the limit lifts after Retry-After


def test_unauthenticated_requests_are_limited_by_address_too(limited: HttpServer) -> None:
    codes = [post(limited).status_code for _ in range(6)]
    assert codes.count(401) >= 3 and 429 in codes  # junk traffic cannot make the server verify forever


def test_a_body_over_the_limit_gets_413_whether_or_not_it_declares_its_length(
    limited: HttpServer, tokens: tuple[Path, str, str, str]
) -> None:
    time.sleep(3)  # a full bucket
    _, one, _, _ = tokens
    big = {**LIST, "params": {**PARAMS, "padding": "x" * 5000}}
    response = post(limited, one, json=big)
    assert response.status_code == 413 and "4,096 bytes" in refusal(response)

    def chunks() -> Iterator[bytes]:
        data = json.dumps(big).encode()
        for i in range(0, len(data), 1000):
            yield data[i : i + 1000]

    response = post(limited, one, json=None, content=chunks())
    assert response.status_code == 413
    assert post(limited, one).status_code == 200  # the connection budget was given back


def _open_slow_request(server: HttpServer, token: str) -> socket.socket:
    """A POST whose body never finishes arriving: a request that stays running."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    head = (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nAuthorization: Bearer {token}\r\n"
            "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            "Content-Length: 100\r\n\r\n{")  # fmt: skip
    sock.sendall(head.encode())
    return sock


def test_running_requests_are_capped_per_client_and_in_all(
    limited: HttpServer, tokens: tuple[Path, str, str, str], small_index: Path
) -> None:
    time.sleep(3)
    _, one, two, three = tokens
    slow = _open_slow_request(limited, one)
    try:
        time.sleep(0.5)
        busy = post(limited, one)
        assert busy.status_code == 429 and "at once" in refusal(busy)
        assert int(busy.headers["retry-after"]) >= 1
        second = _open_slow_request(limited, two)  # in flight: 2 of 2
        try:
            time.sleep(0.5)
            full = post(limited, three)
            assert full.status_code == 503 and "busy" in refusal(full)
            with RawSession(limited.url) as anonymous:  # no token: its own budget, untouched by the others'
                assert anonymous.post(LIST).status_code == 401
        finally:
            second.close()
    finally:
        slow.close()
    deadline = time.monotonic() + 10
    while post(limited, two).status_code != 200:  # the slots come back when the slow clients go away
        assert time.monotonic() < deadline
        time.sleep(0.5)


def test_defaults_leave_a_normal_client_alone(small_index: Path) -> None:
    with HttpServer(small_index) as server, RawSession(server.url) as raw:
        raw.initialize()
        for _ in range(30):
            assert "results" in json.loads(raw.call_tool("search", query="alpha")["content"][0]["text"])


def test_a_client_is_its_user_not_only_its_app() -> None:
    def scope(client_id: str, subject: str | None) -> dict[str, object]:
        token = AccessToken(token="t", client_id=client_id, scopes=[], subject=subject)
        return {"user": AuthenticatedUser(token), "client": ("10.0.0.1", 5000)}

    chatgpt_users = {client_key(scope("chatgpt", sub)) for sub in ("ann", "ben")}
    assert len(chatgpt_users) == 2  # two people behind one OAuth app have their own budgets
    assert client_key({"client": ("10.0.0.1", 5000)}) != client_key({"client": ("10.0.0.2", 5000)})
