"""The real transports: a stdio subprocess, an HTTP server (with sessions and --stateless) driven by SDK clients in
both eras and by raw JSON-RPC, /healthz, and the command line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from connector.cli import OPTIONS
from connector.settings import ENV_PREFIX
from indexer import __version__

from support.connector import NOTES, ROOT, corpus, payload, subprocess_env
from support.http import HttpServer, RawSession

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def http_server(index: Path) -> Iterator[HttpServer]:
    with HttpServer(index) as running:
        yield running


@pytest.fixture(scope="module")
def stateless_server(index: Path) -> Iterator[HttpServer]:
    with HttpServer(index, "--stateless") as running:
        yield running


async def search_and_fetch(client: Client) -> None:
    results = payload(await client.call_tool_mcp("search", {"query": "zebracorn"}))["results"]
    assert results[0]["id"] == "guides/install.md"
    document = payload(await client.call_tool_mcp("fetch", {"id": results[0]["id"]}))
    assert "xylophonist" in document["text"]


async def test_stdio_subprocess_serves_an_sdk_client(index: Path, mode: str) -> None:
    args = ["-m", "connector", "--index", str(index)]
    transport = StdioTransport(command=sys.executable, args=args, env=subprocess_env(), cwd=str(ROOT))
    async with Client(transport, mode=mode) as client:
        assert client.server_info is not None and client.server_info.name == "docsearch"
        assert sorted(t.name for t in await client.list_tools()) == ["fetch", "search"]
        await search_and_fetch(client)


def test_stdio_stdout_carries_only_json_rpc(index: Path) -> None:
    """Every line on stdout is a JSON-RPC message, even when a tool fails and logs its error."""
    initialize = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}
    requests: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "search", "arguments": {"query": "walrus"}},
        },
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "fetch", "arguments": {"id": "nope"}}},
        {"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": "doc://nope"}},
    ]
    command = [sys.executable, "-m", "connector", "--index", str(index), "--log-level", "debug"]
    pipe = subprocess.PIPE
    with subprocess.Popen(
        command, cwd=ROOT, env=subprocess_env(), text=True, stdin=pipe, stdout=pipe, stderr=pipe
    ) as process:
        assert process.stdin and process.stdout and process.stderr
        lines = []
        for request in requests:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            if "id" in request:  # wait for the answer: the server may drop requests still running at EOF
                lines.append(process.stdout.readline())
        process.stdin.close()
        lines += process.stdout.readlines()
        stderr = process.stderr.read()
        assert process.wait(timeout=20) == 0
    messages = [json.loads(line) for line in lines]
    assert all(m.get("jsonrpc") == "2.0" for m in messages)
    by_id = {m["id"]: m for m in messages if "id" in m}
    assert by_id[2]["result"]["isError"] is False
    assert by_id[3]["result"]["isError"] is True
    assert by_id[4]["error"]["code"] == -32002
    assert "serving" in stderr  # the logs went to stderr


async def test_http_server_serves_sdk_clients(http_server: HttpServer, mode: str) -> None:
    async with Client(http_server.url, mode=mode) as client:
        await search_and_fetch(client)
        assert (await client.read_resource_mcp("doc://guides/walrus.md")).contents


def test_healthz_reports_generation_documents_and_version(http_server: HttpServer) -> None:
    response = httpx.get(http_server.base + "/healthz")
    assert response.status_code == 200
    health = response.json()
    assert health["status"] == "ok"
    assert health["version"] == __version__
    assert health["documents"] == len(corpus())
    assert isinstance(health["generation"], int) and health["generation"] >= 1


def test_stateless_http_answers_requests_without_a_session(stateless_server: HttpServer) -> None:
    with RawSession(stateless_server.url) as raw:
        assert raw.initialize() and raw.session_id is None
        result = raw.call_tool("search", query="zebracorn")
    assert json.loads(result["content"][0]["text"])["results"][0]["id"] == "guides/install.md"


def test_stateless_http_needs_no_initialize(stateless_server: HttpServer) -> None:
    with RawSession(stateless_server.url) as raw:  # as a second replica behind a load balancer would be asked
        result = raw.call_tool("fetch", id="guides/install.md")
        found = raw.result("resources/search", {"query": "walrus"})
    assert "zebracorn" in json.loads(result["content"][0]["text"])["text"]
    assert found["resources"][0]["name"] == "guides/walrus.md"


async def test_stateless_http_serves_sdk_clients(stateless_server: HttpServer, mode: str) -> None:
    async with Client(stateless_server.url, mode=mode) as client:
        await search_and_fetch(client)


def test_stateless_replicas_of_one_index_accept_each_others_cursors(
    stateless_server: HttpServer, index: Path, tmp_path: Path
) -> None:
    copy = shutil.copytree(index, tmp_path / "replica-index")  # as rsync would bring it to another machine
    with (
        HttpServer(copy, "--stateless") as replica,
        RawSession(stateless_server.url) as one,
        RawSession(replica.url) as two,
    ):
        first = one.result("resources/search", {"query": "commonword"})
        second = two.result("resources/search", {"query": "commonword", "cursor": first["nextCursor"]})
    names = [r["name"] for r in first["resources"] + second["resources"]]
    assert len(names) == len(set(names)) == NOTES


def test_uvicorn_workers_serve_stateless_requests(index: Path) -> None:
    with HttpServer.uvicorn_workers(index, workers=2) as server, RawSession(server.url) as raw:
        for _ in range(6):  # whichever worker takes it
            result = raw.call_tool("search", query="zebracorn")
            assert json.loads(result["content"][0]["text"])["results"][0]["id"] == "guides/install.md"
        assert raw.session_id is None


def test_workers_serve_with_the_command_lines_settings(group_index: Path, tokens: tuple[Path, dict[str, str]]) -> None:
    """`--workers 2`: every worker takes the options given on the command line (here: authentication), on
    connections of their own, whichever worker answers."""
    tokens_file, made = tokens
    args = ["--stateless", "--workers", "2", "--tokens-file", str(tokens_file), "--result-limit", "1"]
    with HttpServer(group_index, *args) as server:
        for _ in range(6):  # a new connection each time
            with RawSession(server.url, token=made["alice"]) as alice, RawSession(server.url) as nobody:
                results = json.loads(alice.call_tool("search", query="salaries")["content"][0]["text"])["results"]
                assert [r["id"] for r in results] == ["finance/payroll.md"]
                assert nobody.post({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).status_code == 401


def test_workers_without_stateless_are_refused(index: Path) -> None:
    result = run_connector("--index", str(index), "--transport", "http", "--workers", "2")
    assert result.returncode == 2
    assert "--workers needs --stateless" in result.stderr


def run_connector(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "connector", *args],
        cwd=ROOT, env={**subprocess_env(), **env}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_setting_out_of_range_is_named_as_it_was_given(index: Path) -> None:
    """The error names the option or the environment variable a user wrote, not the settings' field inside
    (`http_workers` for --workers)."""
    given = run_connector("--index", str(index), "--workers", "0")
    assert given.returncode == 2
    assert given.stderr.strip() == "connector: error: --workers: Input should be greater than or equal to 1"
    environment = run_connector("--index", str(index), DOCSEARCH_RESULT_LIMIT="99")
    assert environment.returncode == 2
    assert "connector: error: DOCSEARCH_RESULT_LIMIT: Input should be less than or equal to 50" in environment.stderr


def test_help_documents_every_option_and_its_environment_variable() -> None:
    result = run_connector("--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for option, name, _ in OPTIONS:
        assert option in text
        assert f"{ENV_PREFIX}{name.upper()}" in text
    assert "DOCSEARCH_HOST; default: 127.0.0.1" in text  # loopback unless told otherwise


def test_missing_index_exits_1_with_a_one_line_message(tmp_path: Path) -> None:
    result = run_connector("--index", str(tmp_path / "nothing-here"))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "nothing-here" in lines[0] and "python -m indexer" in lines[0]
    assert result.stdout == ""
