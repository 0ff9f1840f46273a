"""A real HTTP server on a loopback port, and raw JSON-RPC over streamable HTTP, so that what is on the wire is
what is tested."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

from indexer.settings import ENV_PREFIX

from support.connector import ROOT, subprocess_env

HANDSHAKE_VERSIONS = ["2025-03-26", "2025-06-18", "2025-11-25"]
MODERN_VERSION = "2026-07-28"  # server/discover, no initialize, no session
SPEC = "io.modelcontextprotocol"
HTTP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class HttpServer:
    """`python -m connector --transport http` on a free loopback port, up once /healthz answers."""

    def __init__(self, index: Path, *args: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.url = self.base + "/mcp"
        command = [sys.executable, "-m", "connector", "--index", str(index), "--transport", "http"]
        self.command = [*command, "--port", str(self.port), "--log-level", "warning", *args]
        self.env = subprocess_env()
        self._process: subprocess.Popen[bytes] | None = None

    @classmethod
    def uvicorn_workers(cls, index: Path, workers: int) -> HttpServer:
        """The README's several-workers command: uvicorn with the ASGI factory, configured by the environment."""
        server = cls(index)
        server.command = [sys.executable, "-m", "uvicorn", "--factory", "connector.asgi:create", "--workers",
                          str(workers), "--port", str(server.port), "--log-level", "warning"]  # fmt: skip
        server.env.update({f"{ENV_PREFIX}INDEX": str(index), f"{ENV_PREFIX}STATELESS": "true"})
        return server

    def __enter__(self) -> HttpServer:
        self._process = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            assert self._process.poll() is None, f"the server exited with {self._process.returncode}"
            try:
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.__exit__()
        raise AssertionError("the HTTP server did not answer /healthz within 20 s")

    def __exit__(self, *exc: object) -> None:
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()


class LoggedHttpServer(HttpServer):
    """HttpServer with its stderr kept in a file, to check the log."""

    def __init__(self, index: Path, log: Path, *args: str) -> None:
        super().__init__(index, *args)
        self.log = log
        self.command = ["sh", "-c", 'log=$1; shift; exec "$@" 2>"$log"', "sh", str(log), *self.command]

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


class RawSession:
    """JSON-RPC over streamable HTTP by hand: what a client that is not the Python SDK puts on the wire."""

    def __init__(self, url: str, version: str = "2025-06-18", token: str | None = None) -> None:
        self.url = url
        self.version = version
        self.session_id: str | None = None
        self._http = httpx.Client(timeout=30, headers={"authorization": f"Bearer {token}"} if token else None)
        self._next_id = 0

    def __enter__(self) -> RawSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.close()

    def initialize(self, client_name: str = "raw-json-rpc") -> dict[str, Any]:
        """The handshake: initialize (its raw result is returned), then notifications/initialized."""
        params = {
            "protocolVersion": self.version,
            "capabilities": {},
            "clientInfo": {"name": client_name, "version": "1"},
        }
        response = self.post({"jsonrpc": "2.0", "id": self._id(), "method": "initialize", "params": params})
        self.session_id = response.headers.get("mcp-session-id")
        result: dict[str, Any] = self._message(response)["result"]
        assert self.post({"jsonrpc": "2.0", "method": "notifications/initialized"}).status_code == 202
        return result

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole JSON-RPC response message (with "result" or "error")."""
        body: dict[str, Any] = {"jsonrpc": "2.0", "id": self._id(), "method": method}
        headers = {}
        if self.version >= MODERN_VERSION:  # stateless era: each request says who is asking, no session
            meta = {f"{SPEC}/protocolVersion": self.version, f"{SPEC}/clientCapabilities": {},
                    f"{SPEC}/clientInfo": {"name": "raw-json-rpc", "version": "1"}}  # fmt: skip
            params = {**(params or {}), "_meta": meta}
            headers["mcp-method"] = method
            if "name" in params:
                headers["mcp-name"] = params["name"]
        if params is not None:
            body["params"] = params
        return self._message(self.post(body, **headers))

    def result(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        message = self.request(method, params)
        assert "result" in message, message
        result: dict[str, Any] = message["result"]
        return result

    def call_tool(self, name: str, **arguments: Any) -> dict[str, Any]:
        return self.result("tools/call", {"name": name, "arguments": arguments})

    def post(self, body: dict[str, Any], **headers: str) -> httpx.Response:
        sent = {**HTTP_HEADERS, "mcp-protocol-version": self.version, **headers}
        if self.session_id:
            sent["mcp-session-id"] = self.session_id
        return self._http.post(self.url, json=body, headers=sent)

    def _id(self) -> int:
        self._next_id += 1
        return self._next_id

    @staticmethod
    def _message(response: httpx.Response) -> dict[str, Any]:
        assert response.status_code == 200, (response.status_code, response.text)
        if response.headers["content-type"].startswith("application/json"):
            data: dict[str, Any] = response.json()
            return data
        messages = [json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:")]
        replies = [m for m in messages if "id" in m and ("result" in m or "error" in m)]
        assert len(replies) == 1, response.text
        return replies[0]  # type: ignore[no-any-return]


def read_until(sock: socket.socket, marker: bytes) -> bytes:
    """What a raw socket receives until `marker` has come (the first line, or the whole head of a response)."""
    data = b""
    while marker not in data:
        chunk = sock.recv(4096)
        assert chunk, f"the server closed the connection before answering: {data!r}"
        data += chunk
    return data
