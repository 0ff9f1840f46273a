"""Calls of search and fetch answered on stdio's pipes as they are read (connector/stdioquick.py): through real
subprocesses and raw JSON-RPC, every answer is the one the SDK gives over a socket (where the SDK's transport, and
so its whole dispatch, serves), at each protocol version the server speaks; the debug log says which calls the
pipes answered, and calls before the handshake, calls of another era, errors and calls with more than their one
argument are the SDK's."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest

from support.http import HANDSHAKE_VERSIONS, MODERN_VERSION
from support.pipes import message, read_answers, stdio_server

SPEC = "io.modelcontextprotocol"
QUICK_LOG = re.compile(rb"tools/call (search|fetch) \(id (\d+)\) answered on the pipe")


def call(id_: int, tool: str, arguments: dict[str, Any], meta: dict[str, Any] | None = None) -> bytes:
    params: dict[str, Any] = {"name": tool, "arguments": arguments}
    if meta is not None:
        params["_meta"] = meta
    return message(id_, "tools/call", params)


def calls(meta: dict[str, Any] | None) -> list[bytes]:
    """Ids 10-16: plain calls the pipes answer (10-13) and calls the SDK answers as errors or with other arguments."""
    progress = {**(meta or {}), "progressToken": "p1"}
    return [
        call(10, "search", {"query": "zebracorn"}, meta),
        call(11, "search", {"query": "install guide"}, progress),
        call(12, "fetch", {"id": "guides/install.md"}, meta),
        call(13, "search", {"query": "caf\u00e9 \u201cquoted\u201d"}, meta),
        call(14, "search", {"query": ""}, meta),  # an error: the SDK words it
        call(15, "fetch", {"id": "no/such/page.md"}, meta),
        call(16, "search", {"query": "zebracorn", "limit": 3}, meta),  # an argument the tool does not take
    ]


def exchange(index: Path, requests: list[bytes], ids: set[int], over: str) -> tuple[dict[int, Any], set[int]]:
    """The answers to `requests` (by id) over pipes or a socket, and the ids the pipes answered themselves."""
    data = b"".join(requests)
    if over == "pipes":
        with stdio_server(index, "--log-level", "debug") as process:
            assert process.stdin and process.stdout and process.stderr
            process.stdin.write(data)
            process.stdin.flush()
            answers = read_answers(process.stdout, ids)
            process.stdin.close()
            log = process.stderr.read()
        return answers, {int(found.group(2)) for found in QUICK_LOG.finditer(log)}
    ours, theirs = socket.socketpair()
    with ours, theirs, stdio_server(index, "--log-level", "debug", stdin=theirs, stdout=theirs) as process:
        theirs.close()
        ours.sendall(data)
        with ours.makefile("rb") as stream:
            answers = read_answers(stream, ids)
        ours.shutdown(socket.SHUT_WR)
        assert process.stderr
        log = process.stderr.read()
    return answers, {int(found.group(2)) for found in QUICK_LOG.finditer(log)}


@pytest.mark.parametrize("version", HANDSHAKE_VERSIONS)
def test_a_handshake_connections_calls_are_answered_on_the_pipe_as_the_sdk_answers_them(
    index: Path, version: str
) -> None:
    initialize = {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}
    before = call(1, "search", {"query": "zebracorn"})  # before the handshake: the SDK refuses it
    requests = [before, message(2, "initialize", initialize), message(None, "notifications/initialized"), *calls(None)]
    ids = {1, 2, *range(10, 17)}
    piped, quick = exchange(index, requests, ids, "pipes")
    socketed, none = exchange(index, requests, ids, "socket")
    assert quick == {10, 11, 12, 13} and not none
    assert piped == socketed
    assert "error" in piped[1] and "error" not in piped[10]
    found = json.loads(piped[10]["result"]["content"][0]["text"])
    assert found["results"][0]["id"] == "guides/install.md" and piped[10]["result"]["structuredContent"] == found


def test_a_2026_connections_calls_are_answered_on_the_pipe_as_the_sdk_answers_them(index: Path) -> None:
    envelope = {f"{SPEC}/protocolVersion": MODERN_VERSION, f"{SPEC}/clientCapabilities": {}}
    unsupported = {**envelope, f"{SPEC}/protocolVersion": "2099-01-01"}
    no_capabilities = {f"{SPEC}/protocolVersion": MODERN_VERSION}
    requests = [
        *calls(envelope),
        call(20, "search", {"query": "zebracorn"}, unsupported),  # the SDK's ladder refuses these two
        call(21, "search", {"query": "zebracorn"}, no_capabilities),
        call(22, "search", {"query": "zebracorn"}),  # no envelope on a 2026 connection
        message(23, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}}),
    ]
    ids = {*range(10, 17), 20, 21, 22, 23}
    piped, quick = exchange(index, requests, ids, "pipes")
    socketed, none = exchange(index, requests, ids, "socket")
    assert quick == {10, 11, 12, 13} and not none
    assert piped == socketed
    assert {"resultType", "_meta"} <= piped[12]["result"].keys()
    assert all("error" in piped[n] for n in (20, 21, 22, 23))


def test_calls_of_a_connection_that_opened_in_the_handshake_era_with_a_2026_envelope_are_the_sdks(
    index: Path,
) -> None:
    envelope = {f"{SPEC}/protocolVersion": MODERN_VERSION, f"{SPEC}/clientCapabilities": {}}
    initialize = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}
    requests = [message(1, "initialize", initialize), call(10, "search", {"query": "zebracorn"}, envelope)]
    piped, quick = exchange(index, requests, {1, 10}, "pipes")
    socketed, _ = exchange(index, requests, {1, 10}, "socket")
    assert not quick and piped == socketed and "error" in piped[10]
