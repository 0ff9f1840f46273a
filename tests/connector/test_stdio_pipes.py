"""The stdio server's own pipe transport (connector/stdio.py), through real subprocesses and raw JSON-RPC: requests
sent all at once in one stream, a line longer than a pipe holds, bytes that are not UTF-8 and lines that are not
JSON, answers that fill the pipe before the client reads them or after it closed stdin, the wire moved off fds 0
and 1 while serving, the client's pipes left blocking when the server is killed, and the SDK's transport where
stdin and stdout are a socket."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from pathlib import Path
from typing import IO

import pytest

from support.connector import build_index
from support.pipes import INITIALIZE, LIMIT, message, read_answers, stdio_server


@pytest.fixture(scope="module")
def big_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One document of about 60,000 characters: a fetch answers with its first 50,000, twice (text and
    structuredContent), more than a pipe holds."""
    paragraphs = [f"Paragraph {n} of the long story about the ochre heron and its nest." for n in range(900)]
    return build_index(tmp_path_factory.mktemp("big"), {"big.md": "# Big\n\n" + "\n\n".join(paragraphs) + "\n"})


def search(id_: int, query: str) -> bytes:
    return message(id_, "tools/call", {"name": "search", "arguments": {"query": query}})


def send_in_background(stream: IO[bytes], data: bytes) -> threading.Thread:
    """Writes `data` from a thread, so that answers can be read while the server is still taking it in."""

    def write() -> None:
        stream.write(data)
        stream.flush()

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_requests_sent_at_once_are_all_answered_even_when_answers_fill_the_pipe(index: Path) -> None:
    """300 searches, a line of a megabyte, undecodable bytes and lines that are not JSON, written in one go
    without reading: every request is answered (the answers, some 400 KB, wait for the client in the server)."""
    searches = range(10, 310)
    stream = message(1, "initialize", INITIALIZE) + message(None, "notifications/initialized")
    stream += b"".join(search(n, "zebracorn" if n % 2 else "quokkafish") for n in searches)
    stream += b"this is not JSON\n\n" + search(2, "x" * 1_000_000)  # longer than a pipe holds (64 KB on Linux)
    stream += search(3, "zebracorn").replace(b"zebracorn", b"zebracorn \xff\xfe")  # not UTF-8: replaced as by the SDK
    with stdio_server(index) as process:
        assert process.stdin and process.stdout
        writer = send_in_background(process.stdin, stream)
        answers = read_answers(process.stdout, {1, 2, 3, *searches})
        writer.join(LIMIT)
        process.stdin.close()
        assert process.wait(timeout=LIMIT) == 0
    assert answers[1]["result"]["serverInfo"]["name"] == "docsearch"
    for n in searches:
        result = answers[n]["result"]
        assert result["isError"] is False
        expected = "guides/install.md" if n % 2 else "guides/backup.md"
        assert json.loads(result["content"][0]["text"])["results"][0]["id"] == expected
    assert answers[2]["result"]["isError"] is True
    assert "1,000,000 characters long" in answers[2]["result"]["content"][0]["text"]
    assert answers[3]["result"]["isError"] is False
    assert json.loads(answers[3]["result"]["content"][0]["text"])["results"][0]["id"] == "guides/install.md"


def test_the_wire_is_moved_off_stdin_and_stdout_while_serving(index: Path) -> None:
    """While the server runs, its fd 0 reads the null device and fd 1 writes where stderr goes, so whatever a
    library prints cannot reach the protocol's pipes."""
    with stdio_server(index) as process:
        assert process.stdin and process.stdout
        process.stdin.write(message(1, "initialize", INITIALIZE))
        process.stdin.flush()
        read_answers(process.stdout, {1})
        fds = Path(f"/proc/{process.pid}/fd")
        assert os.readlink(fds / "0") == os.devnull
        assert os.readlink(fds / "1") == os.readlink(fds / "2")
        process.stdin.close()
        assert process.wait(timeout=LIMIT) == 0


def test_a_socket_as_stdin_and_stdout_is_served(index: Path) -> None:
    """Some launchers hand the server one socket for both directions: it is served too (by the SDK's transport)."""
    ours, theirs = socket.socketpair()
    with ours, theirs, stdio_server(index, stdin=theirs, stdout=theirs) as process:
        theirs.close()
        ours.sendall(message(1, "initialize", INITIALIZE) + message(None, "notifications/initialized"))
        ours.sendall(search(2, "zebracorn"))
        with ours.makefile("rb") as stream:
            answers = read_answers(stream, {1, 2})
            ours.shutdown(socket.SHUT_WR)
            assert process.wait(timeout=LIMIT) == 0
    assert json.loads(answers[2]["result"]["content"][0]["text"])["results"][0]["id"] == "guides/install.md"


def test_answers_still_waiting_when_stdin_closes_reach_a_slow_reader_whole(big_index: Path) -> None:
    """A batch client writes its requests, closes stdin, and reads the answers later (here after 7 s): the
    server writes every answer whole before it exits, however long the reader takes."""
    fetch = message(2, "tools/call", {"name": "fetch", "arguments": {"id": "big.md"}})
    with stdio_server(big_index) as process:
        assert process.stdin and process.stdout
        process.stdin.write(message(1, "initialize", INITIALIZE) + message(None, "notifications/initialized"))
        process.stdin.flush()
        read_answers(process.stdout, {1})
        process.stdin.write(fetch)
        process.stdin.flush()
        time.sleep(2)  # the fetch is answered before the end of the input (a request still running then is not)
        process.stdin.close()
        time.sleep(7)
        answers = read_answers(process.stdout, {2})
        assert process.wait(timeout=LIMIT) == 0
    assert "result" in answers[2], answers[2]
    text = json.loads(answers[2]["result"]["content"][0]["text"])["text"]
    assert len(text) > 40_000 and "ochre heron" in text


def test_a_client_that_closes_stdout_ends_the_server_quietly(index: Path) -> None:
    """A client that stops reading (closes its end of stdout) and then closes stdin: the server drops the answers
    it can no longer send and exits as after any client's end, without a traceback on stderr. (Its debug log
    says when an answer is dropped: stdin is closed only after the answer met the closed pipe.)"""
    with stdio_server(index, "--log-level", "debug") as process:
        assert process.stdin and process.stdout and process.stderr
        process.stdin.write(message(1, "initialize", INITIALIZE) + message(None, "notifications/initialized"))
        process.stdin.flush()
        read_answers(process.stdout, {1})
        process.stdout.close()
        process.stdin.write(search(2, "zebracorn"))
        process.stdin.flush()
        err = ""
        while "dropped: it closed stdout" not in err:
            line = process.stderr.readline().decode()
            assert line, f"the server ended before it dropped the answer: {err}"
            err += line
        process.stdin.close()
        assert process.wait(timeout=LIMIT) == 0
        err += process.stderr.read().decode()
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_a_killed_server_leaves_the_clients_pipes_blocking(index: Path) -> None:
    """The server reads and writes its pipes without blocking, through open files of its own: the pipes that
    the client (and whatever shares them) holds stay blocking, even when the server is killed."""
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    with stdio_server(index, stdin=stdin_read, stdout=stdout_write) as process:
        os.write(stdin_write, message(1, "initialize", INITIALIZE))
        with os.fdopen(os.dup(stdout_read), "rb") as stream:
            read_answers(stream, {1})
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=LIMIT)
    try:
        assert os.get_blocking(stdin_read) and os.get_blocking(stdout_write)
    finally:
        for fd in (stdin_read, stdin_write, stdout_read, stdout_write):
            os.close(fd)
