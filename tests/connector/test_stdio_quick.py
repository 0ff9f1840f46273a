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


def test_lines_the_sdk_refuses_or_reads_otherwise_get_its_answers_and_the_server_goes_on(index: Path) -> None:
    initialize = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}
    surrogate_id = (
        b'{"jsonrpc":"2.0","id":"\\ud800","method":"tools/call","params":{"name":"search","arguments":{"query":"x"}}}\n'
    )
    requests = [
        b"[" * 200_000 + b"\n",  # nested too deep for a parser's recursion
        message(1, "initialize", initialize),
        message(None, "notifications/initialized"),
        b"\xef\xbb\xbf" + call(30, "search", {"query": "zebracorn"}),  # a byte order mark: no JSON
        surrogate_id,
        call(31, "search", {"query": "install\ud800"}),  # a lone surrogate: no UTF-8
        call(32, "search", {"query": "zebracorn"}, {"progressToken": [1]}),  # _meta the surface refuses
        message(2, "initialize", initialize),  # a second handshake: no quick answer until it is answered
        call(33, "search", {"query": "zebracorn"}),
        call(34, "fetch", {"id": "guides/install.md"}),
    ]
    ids = {1, 2, 32, 33, 34}
    piped, quick = exchange(index, requests, ids, "pipes")
    socketed, _ = exchange(index, requests, ids, "socket")
    assert piped == socketed
    assert "error" in piped[32] and "result" in piped[33] and "result" in piped[34]
    assert not quick & {30, 31, 32}


def test_a_first_request_with_null_params_or_bytes_that_are_no_utf8_opens_a_handshake_connection(index: Path) -> None:
    envelope = {f"{SPEC}/protocolVersion": MODERN_VERSION, f"{SPEC}/clientCapabilities": {}}
    for first in (
        b'{"jsonrpc":"2.0","id":1,"method":"ping","params":null}\n',
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},'
        b'"clientInfo":{"name":"\xff","version":"1"}}}\n',
    ):
        requests = [first, call(10, "search", {"query": "zebracorn"}, envelope)]
        piped, quick = exchange(index, requests, {1, 10}, "pipes")
        socketed, _ = exchange(index, requests, {1, 10}, "socket")
        assert piped == socketed and "error" in piped[10] and not quick
