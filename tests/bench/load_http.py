"""The load generator's HTTP/1.1: one keep-alive connection per simulated client, on asyncio streams.

httpx2 cost the load generator about 1.6 ms of CPU per request, on the same two cores as the server it measures;
this costs a fraction of it. It speaks only what the load test needs, and is strict about it: a request with a
Content-Length body; an answer with a Content-Length body, a chunked one (an event stream) or one that ends when
the server closes. Anything else (a malformed status line or header, a connection closed before the whole answer
came) raises HttpError, which the load test counts as a failed request. A connection the server closed while it
was idle is opened again before the next request, as any HTTP client's pool does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlsplit

MAX_HEAD = 64 * 1024


class HttpError(Exception):
    """The exchange failed below HTTP's status: no connection, or an answer that is not HTTP/1.1."""


class Response:
    def __init__(self, status_code: int, headers: dict[str, str], content: bytes) -> None:
        self.status_code = status_code
        self.headers = headers  # names in lower case; a repeated header keeps its last value
        self.content = content

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.content)


class Connection:
    """Requests to one URL's host, one at a time, over one connection kept open between them."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        parts = urlsplit(url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.path = parts.path or "/"
        sent = {"host": f"{self.host}:{self.port}", **{name.lower(): value for name, value in headers.items()}}
        self._head = "".join(f"{name}: {value}\r\n" for name, value in sent.items())
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def post(self, body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
        return await self.request("POST", json.dumps(body).encode(), headers)

    async def delete(self, headers: dict[str, str] | None = None) -> Response:
        return await self.request("DELETE", b"", headers)

    async def request(self, method: str, body: bytes, headers: dict[str, str] | None = None) -> Response:
        extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
        head = f"{method} {self.path} HTTP/1.1\r\n{self._head}{extra}content-length: {len(body)}\r\n\r\n"
        try:
            reader, writer = await self._open()
            writer.write(head.encode("latin-1") + body)
            response = await _read_response(reader)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
            await self.close()
            raise HttpError(f"{type(exc).__name__}: {exc}") from None
        except BaseException:
            await self.close()  # cancelled (a timeout) half-way: the connection's state is unknown
            raise
        if response.headers.get("connection", "").lower() == "close":
            await self.close()
        return response

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is not None and self._writer is not None and not self._reader.at_eof():
            return self._reader, self._writer
        await self.close()  # closed by the server while idle, or never opened
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port, limit=MAX_HEAD)
        return self._reader, self._writer


async def _read_response(reader: asyncio.StreamReader) -> Response:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head[:-4].decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    status = rest.split(" ", 1)[0]
    if version != "HTTP/1.1" or not (len(status) == 3 and status.isdigit()):
        raise HttpError(f"not an HTTP/1.1 status line: {lines[0][:200]!r}")
    headers = {}
    for line in lines[1:]:
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.strip():
            raise HttpError(f"malformed header line: {line[:200]!r}")
        headers[name.lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        content = await _read_chunked(reader)
    elif "content-length" in headers:
        content = await reader.readexactly(int(headers["content-length"]))
    elif status in ("204", "304"):
        content = b""
    else:
        content = await reader.read()  # the body ends when the server closes
        headers["connection"] = "close"
    return Response(int(status), headers, content)


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    chunks = []
    while True:
        size = int((await reader.readuntil(b"\r\n"))[:-2].split(b";", 1)[0], 16)
        if size == 0:
            while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers, then the empty line
                pass
            return b"".join(chunks)
        chunks.append(await reader.readexactly(size))
        if await reader.readexactly(2) != b"\r\n":
            raise HttpError("a chunk does not end with CRLF")
