"""The stdio transport's pipes, read and written on the event loop.

The SDK's stdio transport reads each line, writes each answer and flushes it in worker threads (anyio.wrap_file):
three hand-offs between threads per request, most of a round trip here (a ping took 1.8 ms, 1.0 ms without them).
And it hands every message between tasks twice more: a task reads and parses the lines and passes each message
on, and a task takes each answer from the handlers and writes it (about 0.2 ms of a search's round trip here).
When stdin and stdout are both pipes, which is how MCP clients spawn a server, asyncio's own pipe transports read
and write them here, through the two streams of this module (the SDK's ReadStream and WriteStream): a line is
parsed and validated as the SDK's transport does it when the SDK's server asks for the next message (its runner
relays them to the dispatcher), and an answer is written to JSON as the SDK writes it and handed to the pipe by
the handler that sends it. An answer the client no longer reads (it closed stdout) is dropped, as the SDK drops
one sent to a stream whose reader is gone (BrokenResourceError), and the server ends when stdin does. Anything
else (a terminal, a file, a socket) keeps the SDK's transport: asyncio cannot poll a file, a terminal left
non-blocking troubles the shell after exit, and one socket serving both directions looks closed to asyncio's
write transport when data arrives.

While serving, as with the SDK's transport, fd 0 reads the null device and fd 1 writes to stderr, so stray output
of any library misses the wire; both are restored on exit. A message ends at "\n", as the spec says (the SDK's text
reader also ends one at a lone "\r").
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import anyio
import anyio.lowlevel
from mcp.shared.message import SessionMessage
from mcp.types import jsonrpc_message_adapter

from connector.stdioquick import QuickCalls

if TYPE_CHECKING:
    from fastmcp import FastMCP

__all__ = ["run"]

_log = logging.getLogger(__name__)
PAUSE_AT = 4 << 20  # bytes of whole lines waiting to be read before the pipe is no longer read (until half are)


def run(server: FastMCP) -> None:
    """Serve `server` over stdio: over the pipes here when stdin and stdout are pipes, else the SDK's way."""
    import fastmcp.server.mixins.transport as fastmcp_transport
    from mcp.server.stdio import stdio_server

    # FastMCP opens the SDK's stdio_server by this name; if a release moves it, the SDK's transport serves
    wire = _open_wire() if getattr(fastmcp_transport, "stdio_server", None) is stdio_server else None
    if wire is not None:
        fastmcp_transport.stdio_server = partial(pipe_stdio_server, *wire, QuickCalls.of(server))
    server.run(transport="stdio", show_banner=False)


def _open_wire() -> tuple[int, int] | None:
    """The pipes of stdin and stdout opened anew (through /proc/self/fd), non-blocking: asyncio needs them so,
    and a new open file of each keeps the flag off the ones that the client and any other process sharing them
    hold, even if this process is killed. None when they are not both pipes or cannot be opened so."""
    if sys.platform == "win32" or not (_is_pipe(0) and _is_pipe(1)):
        return None
    opened: list[int] = []
    try:
        for fd, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY)):
            opened.append(os.open(f"/proc/self/fd/{fd}", mode | os.O_NONBLOCK | os.O_CLOEXEC))
    except OSError:
        for fd in opened:
            os.close(fd)
        return None
    return opened[0], opened[1]


def _is_pipe(fd: int) -> bool:
    try:
        return stat.S_ISFIFO(os.fstat(fd).st_mode)
    except OSError:
        return False


@asynccontextmanager
async def pipe_stdio_server(
    wire_in: int, wire_out: int, quick: QuickCalls | None = None
) -> AsyncIterator[tuple[Any, Any]]:
    """The stdio transport's two streams over the wire's pipes (fds of their own), fds 0 and 1 moved off them
    meanwhile, with `quick` answering the calls it can before the SDK reads them (stdioquick.py). At its end it
    waits until the last answers are written, as the SDK's transport does (a client that keeps stdout open
    without reading keeps it waiting), unless it is cancelled (Ctrl-C)."""
    loop = asyncio.get_running_loop()
    saved = _divert()
    lines = _Lines()
    sent = _Sent(loop)
    try:
        reader, _ = await loop.connect_read_pipe(lambda: lines, os.fdopen(wire_in, "rb", buffering=0, closefd=False))
        writer, _ = await loop.connect_write_pipe(lambda: sent, os.fdopen(wire_out, "wb", buffering=0, closefd=False))
        try:
            outgoing = _Outgoing(writer, sent, quick)
            yield _Incoming(lines, quick, outgoing), outgoing
        finally:
            reader.close()
            writer.close()  # after what it still holds is written
            try:
                await asyncio.shield(sent.closed)
            finally:  # cancelled: the wire's fds are closed next, and nothing may write to them then
                if not sent.closed.done():
                    writer.abort()
    finally:
        _restore(saved)
        os.close(wire_in)
        os.close(wire_out)


def _divert() -> tuple[int, int]:
    """fd 0 reads the null device and fd 1 writes to stderr; returns copies of what they were."""
    import fcntl  # POSIX only: run() serves Windows the SDK's way

    saved = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3), fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
    sys.stdout.flush()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return saved


def _restore(saved: tuple[int, int]) -> None:
    """fds 0 and 1 as they were before _divert()."""
    with suppress(ValueError, OSError):
        sys.stdout.flush()  # what was printed meanwhile goes to stderr, not the wire
    for fd, copy in enumerate(saved):
        with suppress(OSError):
            os.dup2(copy, fd)
        os.close(copy)


class _Lines(asyncio.Protocol):
    """The lines that the reading end of the pipe receives, without their newline. Reading stops while
    PAUSE_AT bytes of whole lines wait for the server (one longer line is still read whole)."""

    def __init__(self) -> None:
        self.lines: deque[bytes] = deque()
        self.waiting = 0  # bytes in self.lines
        self.partial = bytearray()
        self.ended = False
        self.paused = False
        self.transport: asyncio.ReadTransport | None = None
        self.wakeup: asyncio.Future[None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.ReadTransport, transport)

    def data_received(self, data: bytes) -> None:
        *whole, rest = data.split(b"\n")
        if whole:
            whole[0] = bytes(self.partial + whole[0])
            self.partial = bytearray(rest)
            self.lines.extend(whole)
            self.waiting += sum(map(len, whole))
            if self.waiting > PAUSE_AT and not self.paused and self.transport is not None:
                self.paused = True
                self.transport.pause_reading()
            self._wake()
        else:
            self.partial += rest

    def eof_received(self) -> None:
        self._end()

    def connection_lost(self, exc: Exception | None) -> None:
        self._end()

    def _end(self) -> None:
        if not self.ended:
            self.ended = True
            if self.partial:
                self.lines.append(bytes(self.partial))
                self.partial = bytearray()
            self._wake()

    def _wake(self) -> None:
        if self.wakeup is not None and not self.wakeup.done():
            self.wakeup.set_result(None)

    async def next(self) -> bytes | None:
        """The next line, or None at the end of the input."""
        while not self.lines:
            if self.ended:
                return None
            self.wakeup = asyncio.get_running_loop().create_future()
            await self.wakeup
        line = self.lines.popleft()
        self.waiting -= len(line)
        if self.paused and self.waiting <= PAUSE_AT // 2 and self.transport is not None:
            self.paused = False
            self.transport.resume_reading()
        return line


class _Sent(asyncio.Protocol):
    """Flow control of the writing end: whether it may be written now, and whether it has closed."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.error: BaseException | None = None

    def pause_writing(self) -> None:
        self.writable.clear()

    def resume_writing(self) -> None:
        self.writable.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.error = exc or BrokenPipeError("the client closed stdout")
        self.writable.set()
        if not self.closed.done():
            self.closed.set_result(None)


class _Incoming:
    """The messages the client sends, as the SDK's server reads them (its ReadStream): each line parsed and
    validated as the SDK's stdio transport does (UTF-8, undecodable bytes replaced; a line that is no JSON-RPC
    message is handed on as its exception, which the SDK answers), when the server asks for the next one."""

    def __init__(self, lines: _Lines, quick: QuickCalls | None, outgoing: _Outgoing) -> None:
        self.lines = lines
        self.quick = quick
        self.outgoing = outgoing

    async def receive(self) -> SessionMessage | Exception:
        while True:
            if self.lines.lines:  # one waits already: the other tasks get their turn first, as at each receive of
                await anyio.lowlevel.checkpoint()  # the SDK's streams (a client that waits for answers never waits)
            line = await self.lines.next()
            if line is None:
                raise anyio.EndOfStream
            try:
                message = jsonrpc_message_adapter.validate_json(line.decode("utf-8", "replace"), by_name=False)
            except Exception as exc:  # handed on, as the SDK's transport hands it on
                return exc
            answer = await self._quick(message)
            if answer is None:
                return SessionMessage(message)
            with suppress(anyio.BrokenResourceError):  # the client closed stdout: dropped, as the SDK drops one
                await self.outgoing.write(answer)

    async def _quick(self, message: Any) -> bytes | None:
        """The quick answer to a message (stdioquick.py), or None: the SDK answers it, and words any failure."""
        if self.quick is None:
            return None
        try:
            return await self.quick.answer(message)
        except Exception:
            _log.debug("a call is left to the SDK: its quick answer failed", exc_info=True)
            return None

    def __aiter__(self) -> _Incoming:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        """Nothing to close: the pipe is closed when the transport ends (pipe_stdio_server)."""

    async def __aenter__(self) -> _Incoming:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class _Outgoing:
    """The answers, as the SDK writes them (its WriteStream): each message written to JSON as the SDK's stdio
    transport writes it and handed to the pipe at once (asyncio buffers what the pipe does not take); a send
    waits while too much is buffered. Sent after the stream is closed, a message raises ClosedResourceError,
    as the SDK's own stream does."""

    def __init__(self, transport: asyncio.WriteTransport, sent: _Sent, quick: QuickCalls | None) -> None:
        self.transport = transport
        self.sent = sent
        self.quick = quick
        self.closed = False

    async def send(self, item: SessionMessage) -> None:
        if self.closed:
            raise anyio.ClosedResourceError
        if self.quick is not None:
            self.quick.sent(item.message)
        await self.write(item.message.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8") + b"\n")

    async def write(self, line: bytes) -> None:
        """Hands a message's line to the pipe, and waits while too much is buffered; a message the client no
        longer reads (it closed stdout) is dropped, and BrokenResourceError says so."""
        if self.sent.error is None:
            self.transport.write(line)
            await self.sent.writable.wait()
        if self.sent.error is not None:
            _log.debug("a message to the client is dropped: it closed stdout")
            raise anyio.BrokenResourceError from self.sent.error

    async def aclose(self) -> None:
        self.closed = True

    async def __aenter__(self) -> _Outgoing:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
