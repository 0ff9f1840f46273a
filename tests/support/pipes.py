"""Raw JSON-RPC with the stdio server: `python -m connector` as a subprocess over pipes (or the streams given),
requests written as lines and answers read back by id."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from support.connector import ROOT, subprocess_env

INITIALIZE = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}
LIMIT = 60  # seconds before a test gives up on the server (it kills it, and the test fails)


def message(id_: int | None, method: str, params: dict[str, Any] | None = None) -> bytes:
    body: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if id_ is not None:
        body["id"] = id_
    if params is not None:
        body["params"] = params
    return json.dumps(body).encode() + b"\n"


@contextmanager
def stdio_server(index: Path, *options: str, **streams: Any) -> Iterator[subprocess.Popen[bytes]]:
    """`python -m connector --index INDEX [options]` over pipes (or the streams given), killed after LIMIT
    seconds."""
    pipe = subprocess.PIPE
    command = [sys.executable, "-m", "connector", "--index", str(index), *options]
    pipes = {"stdin": pipe, "stdout": pipe, "stderr": pipe, **streams}
    with subprocess.Popen(command, cwd=ROOT, env=subprocess_env(), **pipes) as process:
        watchdog = threading.Timer(LIMIT, process.kill)
        watchdog.start()
        try:
            yield process
        finally:
            watchdog.cancel()
            process.kill()


def read_answers(stream: IO[bytes], ids: set[int]) -> dict[int, dict[str, Any]]:
    """Lines from the server until every id in `ids` has its answer; every line must be JSON-RPC."""
    answers: dict[int, dict[str, Any]] = {}
    while not ids <= answers.keys():
        line = stream.readline()
        assert line, f"the server closed stdout; unanswered: {sorted(ids - answers.keys())}"
        decoded = json.loads(line)
        assert decoded["jsonrpc"] == "2.0"
        if "id" in decoded:
            answers[decoded["id"]] = decoded
    return answers
