"""Authentication and per-document access control over real HTTP: bearer tokens from a tokens file made by
the real CLI, JWTs checked against a JWKS endpoint served by the test, and what each caller may see."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastmcp.server.auth.providers.jwt import RSAKeyPair
from joserfc import jwt as joserfc_jwt
from joserfc.jwk import RSAKey

from connector.tokens import TokensFile

from support.connector import ROOT, subprocess_env
from support.http import HTTP_HEADERS, HttpServer, RawSession, free_port

ISSUER = "https://auth.example.com"
SCOPE = "docs:read"


@pytest.fixture
def server(tokens_server: HttpServer) -> HttpServer:
    return tokens_server


def tokens_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "connector", "tokens", *map(str, args)]
    return subprocess.run(command, cwd=ROOT, env=subprocess_env(), capture_output=True, text=True, timeout=60)


def new_token(tokens_file: Path, name: str, groups: str = "") -> str:
    result = tokens_cli("add", name, "--groups", groups, "--tokens-file", tokens_file)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def session(server: HttpServer, token: str | None) -> RawSession:
    raw = RawSession(server.url, token=token)
    raw.initialize()
    return raw


def search_ids(raw: RawSession, query: str) -> set[str]:
    result = raw.call_tool("search", query=query)
    return {r["id"] for r in json.loads(result["content"][0]["text"])["results"]}


# --- the tokens command -----------------------------------------------------------------------------------


def test_tokens_add_prints_the_token_once_and_stores_only_its_hash(tmp_path: Path) -> None:
    tokens_file = tmp_path / "t.json"
    result = tokens_cli("add", "ci-bot", "--groups", "finance, ops", "--tokens-file", tokens_file)
    assert result.returncode == 0, result.stderr
    token = result.stdout.strip().splitlines()[-1]
    assert token.startswith("dsk_") and len(token) > 40
    stored = tokens_file.read_text()
    assert token not in stored and token[4:] not in stored
    entry = json.loads(stored)["tokens"][0]
    assert (entry["name"], entry["groups"]) == ("ci-bot", ["finance", "ops"])
    assert stat.S_IMODE(tokens_file.stat().st_mode) == 0o600
    listing = tokens_cli("list", "--tokens-file", tokens_file)
    assert "ci-bot" in listing.stdout and "finance,ops" in listing.stdout and token not in listing.stdout
    assert TokensFile(tokens_file).add("other", ()) != token


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["add", "ci-bot"], 1, "a token named 'ci-bot' exists"),
        (["add", "bad name"], 1, "invalid token name"),
        (["add", "x", "--groups", "ok,*"], 1, "'*' is not a group name"),
        (["revoke", "nobody"], 1, "no token named 'nobody'"),
    ],
)
def test_tokens_command_refuses_what_it_cannot_do(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    tokens_file = tmp_path / "t.json"
    TokensFile(tokens_file).add("ci-bot", ())
    before = tokens_file.read_text()
    result = tokens_cli(*args, "--tokens-file", tokens_file)
    assert (result.returncode, message in result.stderr) == (code, True), result.stderr
    assert tokens_file.read_text() == before


def test_tokens_command_needs_a_file() -> None:
    result = tokens_cli("list")
    assert result.returncode == 2
    assert "--tokens-file" in result.stderr


# --- starting without authentication --------------------------------------------------------------------


def test_a_non_loopback_address_without_authentication_refuses_to_start(group_index: Path) -> None:
    command = [sys.executable, "-m", "connector", "--index", str(group_index), "--transport", "http",
               "--host", "0.0.0.0", "--port", str(free_port())]  # fmt: skip
    result = subprocess.run(command, cwd=ROOT, env=subprocess_env(), capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "without authentication" in result.stderr and "--allow-unauthenticated" in result.stderr


def test_allow_unauthenticated_starts_on_any_address(group_index: Path) -> None:
    running = HttpServer(group_index, "--host", "0.0.0.0", "--allow-unauthenticated")
    with running, RawSession(running.url) as raw:
        raw.initialize()
        assert "finance/payroll.md" in search_ids(raw, "budget salaries")  # no auth: the owner sees everything


# --- bearer tokens --------------------------------------------------------------------------------------


def test_a_request_without_a_valid_token_gets_401_with_a_challenge(server: HttpServer) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    for headers in ({}, {"authorization": "Bearer dsk_not-a-token"}, {"authorization": "Basic YTpi"}):
        response = httpx.post(server.url, json=body, headers={**HTTP_HEADERS, **headers}, timeout=10)
        assert response.status_code == 401, headers
        assert response.headers["www-authenticate"].startswith("Bearer")


def test_each_token_sees_only_the_documents_of_its_groups(server: HttpServer, tokens: Any) -> None:
    _, made = tokens
    with session(server, made["alice"]) as alice, session(server, made["bob"]) as bob:
        assert "finance/payroll.md" in search_ids(alice, "budget salaries confidential")
        assert "hr.md" not in search_ids(alice, "budget salaries bonuses")
        assert search_ids(bob, "salaries confidential bonuses") == set()
        assert all(i.startswith("manual-") for i in search_ids(bob, "budget"))

        listed = {r["name"] for r in bob.result("resources/list")["resources"]}
        assert listed == {f"manual-{n:02d}.md" for n in range(12)}
        listed = {r["name"] for r in alice.result("resources/list")["resources"]}
        assert listed == {f"manual-{n:02d}.md" for n in range(12)} | {"finance/payroll.md"}

        found = bob.result("resources/search", {"query": "payroll salaries"})["resources"]
        assert all(r["name"].startswith("manual-") for r in found)


def test_a_hidden_document_answers_exactly_like_an_unknown_one(server: HttpServer, tokens: Any) -> None:
    _, made = tokens
    with session(server, made["bob"]) as bob:
        for hidden, unknown in (("finance/payroll.md", "finance/nothing.md"), ("hr.md#part=0", "hx.md#part=0")):
            answers = [bob.call_tool("fetch", id=ref) for ref in (hidden, unknown)]
            assert all(a["isError"] for a in answers)
            texts = [a["content"][0]["text"] for a in answers]
            assert texts[0].replace(hidden, "ID") == texts[1].replace(unknown, "ID")
            reads = [bob.request("resources/read", {"uri": f"doc://{ref}"})["error"] for ref in (hidden, unknown)]
            assert reads[0]["code"] == reads[1]["code"] == -32002
            assert reads[0]["message"].replace(hidden, "ID") == reads[1]["message"].replace(unknown, "ID")
    with session(server, made["alice"]) as alice:
        fetched = json.loads(alice.call_tool("fetch", id="finance/payroll.md")["content"][0]["text"])
        assert "confidential figures" in fetched["text"]


def test_a_cursor_is_refused_to_a_caller_with_other_groups(server: HttpServer, tokens: Any) -> None:
    _, made = tokens
    with session(server, made["alice"]) as alice, session(server, made["bob"]) as bob:
        first = alice.result("resources/search", {"query": "budget"})
        cursor = first["nextCursor"]
        assert alice.result("resources/search", {"query": "budget", "cursor": cursor})["resources"]
        refused = bob.request("resources/search", {"query": "budget", "cursor": cursor})
        assert refused["error"]["code"] == -32602


def test_healthz_tells_no_document_count_when_authentication_is_on(server: HttpServer) -> None:
    health = httpx.get(server.base + "/healthz", timeout=10).json()
    assert health["status"] == "ok" and "documents" not in health


def test_a_revoked_token_stops_working_without_a_restart(server: HttpServer, tokens: Any) -> None:
    tokens_file, _ = tokens
    token = new_token(tokens_file, "carol", "hr")
    with session(server, token) as carol:
        assert "hr.md" in search_ids(carol, "bonuses")
        assert tokens_cli("revoke", "carol", "--tokens-file", tokens_file).returncode == 0
        deadline = time.monotonic() + 10
        status = 200
        while time.monotonic() < deadline and status != 401:
            status = carol.post({"jsonrpc": "2.0", "id": 9, "method": "tools/list"}).status_code
            time.sleep(0.2)
        assert status == 401


# --- OAuth: JWTs from an authorization server -------------------------------------------------------------


class _Jwks(BaseHTTPRequestHandler):
    body = b"{}"

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def keys() -> RSAKeyPair:
    return RSAKeyPair.generate()


@pytest.fixture(scope="module")
def oauth_server(group_index: Path, keys: RSAKeyPair, tokens: tuple[Path, dict[str, str]]) -> Iterator[HttpServer]:
    jwk = {**RSAKey.import_key(keys.public_key).as_dict(private=False), "kid": "k1", "use": "sig", "alg": "RS256"}
    handler = type("Jwks", (_Jwks,), {"body": json.dumps({"keys": [jwk]}).encode()})
    jwks = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=jwks.serve_forever, daemon=True).start()
    running = HttpServer(group_index)
    running.command += ["--oauth-jwks-url", f"http://127.0.0.1:{jwks.server_address[1]}/jwks",
                        "--oauth-issuer", ISSUER, "--oauth-scopes", SCOPE, "--public-url", running.base,
                        "--tokens-file", str(tokens[0])]  # fmt: skip
    try:
        with running:
            yield running
    finally:
        jwks.shutdown()
        jwks.server_close()


def jwt(keys: RSAKeyPair, server: HttpServer, **overrides: Any) -> str:
    claims = {"groups": ["finance"]}
    claims.update(overrides.pop("claims", {}))
    options: dict[str, Any] = {"issuer": ISSUER, "audience": server.url, "scopes": [SCOPE], "kid": "k1"}
    options.update(overrides)
    return keys.create_token(subject="dana", additional_claims=claims, **options)


def test_a_valid_jwt_reads_its_groups_from_the_groups_claim(oauth_server: HttpServer, keys: RSAKeyPair) -> None:
    with session(oauth_server, jwt(keys, oauth_server)) as dana:
        assert "finance/payroll.md" in search_ids(dana, "budget salaries confidential")
        assert "hr.md" not in search_ids(dana, "bonuses")
    with session(oauth_server, jwt(keys, oauth_server, claims={"groups": "hr other"})) as erin:
        assert search_ids(erin, "bonuses salaries") == {"hr.md"}
    with session(oauth_server, jwt(keys, oauth_server, claims={"groups": None})) as nobody:
        assert search_ids(nobody, "salaries bonuses confidential") == set()


@pytest.mark.parametrize(
    "bad",
    [
        {"audience": "https://another.example.com/mcp"},
        {"issuer": "https://evil.example.com"},
        {"expires_in_seconds": -60},
        {"scopes": ["other:scope"]},
        {"kid": "unknown-key"},
    ],
)
def test_a_jwt_that_fails_a_check_gets_401(oauth_server: HttpServer, keys: RSAKeyPair, bad: dict[str, Any]) -> None:
    token = jwt(keys, oauth_server, **bad)
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = {**HTTP_HEADERS, "authorization": f"Bearer {token}"}
    assert httpx.post(oauth_server.url, json=body, headers=headers, timeout=10).status_code in (401, 403)


def unchecked_jwt(keys: RSAKeyPair, server: HttpServer, **claims: Any) -> str:
    """A JWT signed by the right key with exactly these time claims (None: left out)."""
    now = int(time.time())
    payload = {"sub": "dana", "iss": ISSUER, "aud": server.url, "scope": SCOPE, "groups": ["finance"],
               "iat": now, "exp": now + 3600}  # fmt: skip
    payload.update(claims)
    payload = {k: v for k, v in payload.items() if v is not None}
    key = RSAKey.import_key(keys.private_key.get_secret_value())
    return joserfc_jwt.encode({"alg": "RS256", "kid": "k1"}, payload, key)


@pytest.mark.parametrize(
    "claims",
    [{"exp": None}, {"iat": int(time.time()) + 3600}, {"nbf": int(time.time()) + 3600}, {"exp": "tomorrow"}],
    ids=["no exp", "issued in an hour", "valid from an hour from now", "exp not a number"],
)
def test_a_jwt_without_expiry_or_from_the_future_gets_401(
    oauth_server: HttpServer, keys: RSAKeyPair, claims: dict[str, Any]
) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = {**HTTP_HEADERS, "authorization": f"Bearer {unchecked_jwt(keys, oauth_server, **claims)}"}
    assert httpx.post(oauth_server.url, json=body, headers=headers, timeout=10).status_code == 401


def test_a_jwt_a_few_seconds_ahead_of_the_clock_is_accepted(oauth_server: HttpServer, keys: RSAKeyPair) -> None:
    ahead = int(time.time()) + 10  # the issuer's clock runs a little fast
    with session(oauth_server, unchecked_jwt(keys, oauth_server, iat=ahead, nbf=ahead)) as dana:
        assert "finance/payroll.md" in search_ids(dana, "budget salaries confidential")


def test_a_jwt_signed_by_another_key_gets_401(oauth_server: HttpServer) -> None:
    forged = RSAKeyPair.generate().create_token(
        subject="mallory", issuer=ISSUER, audience=oauth_server.url, scopes=[SCOPE], kid="k1"
    )
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = {**HTTP_HEADERS, "authorization": f"Bearer {forged}"}
    assert httpx.post(oauth_server.url, json=body, headers=headers, timeout=10).status_code == 401


def test_clients_find_the_authorization_server_from_the_challenge(oauth_server: HttpServer) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize"}
    challenge = httpx.post(oauth_server.url, json=body, headers=HTTP_HEADERS, timeout=10)
    assert challenge.status_code == 401
    header = challenge.headers["www-authenticate"]
    metadata_url = header.split('resource_metadata="', 1)[1].split('"', 1)[0]
    assert metadata_url == oauth_server.base + "/.well-known/oauth-protected-resource/mcp"
    metadata = httpx.get(metadata_url, timeout=10).json()
    assert metadata["resource"] == oauth_server.url
    assert [s.rstrip("/") for s in metadata["authorization_servers"]] == [ISSUER]
    assert metadata["scopes_supported"] == [SCOPE]


def test_tokens_file_tokens_work_beside_oauth(oauth_server: HttpServer, tokens: Any) -> None:
    _, made = tokens
    with session(oauth_server, made["alice"]) as alice:
        assert "finance/payroll.md" in search_ids(alice, "salaries confidential")


def test_oauth_needs_the_issuer_and_a_public_url(group_index: Path) -> None:
    command = [sys.executable, "-m", "connector", "--index", str(group_index), "--transport", "http",
               "--oauth-jwks-url", "https://auth.example.com/jwks"]  # fmt: skip
    result = subprocess.run(command, cwd=ROOT, env=subprocess_env(), capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "oauth_issuer" in result.stderr and "public_url" in result.stderr


def test_stdio_ignores_authentication_options_with_a_warning(group_index: Path, tmp_path: Path) -> None:
    env = {**subprocess_env(), "DOCSEARCH_TOKENS_FILE": str(tmp_path / "none.json")}
    command = [sys.executable, "-m", "connector", "--index", str(group_index)]
    process = subprocess.run(command, cwd=ROOT, env=env, input="", capture_output=True, text=True, timeout=60)
    assert process.returncode == 0, process.stderr
    assert "apply to HTTP only" in process.stderr
