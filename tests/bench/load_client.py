"""The load generator of `make loadtest`: simulated MCP clients speaking raw JSON-RPC over streamable HTTP
(load_http.py: one keep-alive HTTP/1.1 connection each).

Each client does what a real one does: initialize (protocol 2025-06-18), notifications/initialized, then its
Mcp-Session-Id on every request. Then it loops: a `search` tools/call with a query made from the corpus' own
words, and a `fetch` tools/call of one of the returned ids. A request fails when

    - the HTTP status is not 200 (202 for notifications/initialized), or the transport fails;
    - the JSON-RPC response has an error;
    - the tool result has isError true;
    - the result is not exactly one text content item holding JSON of the contract's shape
      ({"results": [...]} for search, {"id", "title", "text", "url", "metadata"} for fetch);
    - it takes longer than TIMEOUT_S.

Per-client HTTP headers (e.g. `Authorization: Bearer <token>`) come from `client_headers()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections import defaultdict
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from tests.bench.load_http import Connection, HttpError, Response

PROTOCOL_VERSION = "2025-06-18"
TIMEOUT_S = 30.0
FAILURE_PAUSE_S = 1.0
BASE_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
SEARCH_RESULT_KEYS = {"id", "title", "url"}  # and "text", the snippet, when the server sends snippets
FETCH_KEYS = {"id", "title", "text", "url", "metadata"}
T = TypeVar("T")


class Failed(Exception):
    """A request that did not get the answer the contract promises: `reason` is short (for counting), the
    message says everything."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


@dataclass(frozen=True)
class Failure:
    method: str
    client: int
    at: float  # seconds since the clients started
    reason: str
    detail: str


@dataclass
class Tally:
    """What all clients saw: the requests that succeeded, by method, as (finished at, latency) in seconds, and
    every failure."""

    samples: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    failures: list[Failure] = field(default_factory=list)
    empty_searches: int = 0
    started: float = field(default_factory=time.monotonic)


def client_headers(number: int, templates: Sequence[str] = ()) -> dict[str, str]:
    """The extra HTTP headers client `number` sends on every request: each "Name: value" template, with
    {client} replaced by the number (e.g. "Authorization: Bearer token-{client}")."""
    headers = {}
    for template in templates:
        name, _, value = template.format(client=number).partition(":")
        headers[name.strip()] = value.strip()
    return headers


class McpClient:
    """One simulated client: its own HTTP connection, its own session."""

    def __init__(self, url: str, number: int, headers: dict[str, str]) -> None:
        self.url = url
        self.number = number
        self.session_id: str | None = None
        self.initialized = False
        sent = {**BASE_HEADERS, "mcp-protocol-version": PROTOCOL_VERSION, **headers}
        self._http = Connection(url, sent)
        self._next_id = 0

    async def initialize(self) -> dict[str, Any]:
        """The handshake; returns the initialize result."""
        params = {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": f"loadtest-{self.number}", "version": "1"},
        }
        self.session_id = None
        response = await self._post({"jsonrpc": "2.0", "id": self._id(), "method": "initialize", "params": params})
        self.session_id = response.headers.get("mcp-session-id")  # none from a --stateless server
        result = _reply(response)
        sent = await self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})
        if sent.status_code != 202:
            raise Failed(f"HTTP {sent.status_code}", f"notifications/initialized: HTTP {sent.status_code} {sent.text}")
        self.initialized = True
        return result

    async def search(self, query: str) -> list[dict[str, Any]]:
        payload = await self._call_tool("search", {"query": query})
        results = payload.get("results")
        if set(payload) != {"results"} or not isinstance(results, list):
            raise Failed("search shape", f"search {query!r}: expected {{'results': [...]}}, got {payload!r:.500}")
        for item in results:
            if not isinstance(item, dict) or not SEARCH_RESULT_KEYS <= set(item) <= {*SEARCH_RESULT_KEYS, "text"}:
                raise Failed("search shape", f"search {query!r}: bad result {item!r:.500}")
        return results

    async def fetch(self, doc_id: str) -> dict[str, Any]:
        payload = await self._call_tool("fetch", {"id": doc_id})
        if set(payload) != FETCH_KEYS or not isinstance(payload["metadata"], dict) or payload["id"] != doc_id:
            raise Failed("fetch shape", f"fetch {doc_id!r}: expected {sorted(FETCH_KEYS)}, got {payload!r:.500}")
        return payload

    async def close(self) -> None:
        """End the session as a polite client does (DELETE), then the connection."""
        if self.session_id:
            with contextlib.suppress(HttpError, TimeoutError):
                async with asyncio.timeout(5):
                    await self._http.delete({"mcp-session-id": self.session_id})
        await self._http.close()

    async def _call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        params = {"name": name, "arguments": arguments}
        body = {"jsonrpc": "2.0", "id": self._id(), "method": "tools/call", "params": params}
        result = _reply(await self._post(body))
        content = result.get("content")
        if result.get("isError"):
            raise Failed("isError", f"{name} {arguments}: tool error {content!r:.500}")
        if not (isinstance(content, list) and len(content) == 1 and content[0].get("type") == "text"):
            raise Failed("content", f"{name} {arguments}: expected one text item, got {content!r:.500}")
        try:
            payload = json.loads(content[0]["text"])
        except (ValueError, KeyError, TypeError) as exc:
            raise Failed("content", f"{name} {arguments}: the text item is not JSON ({exc})") from None
        if not isinstance(payload, dict):
            raise Failed("content", f"{name} {arguments}: the text item is not a JSON object: {payload!r:.500}")
        return payload

    async def _post(self, body: dict[str, Any]) -> Response:
        headers = {"mcp-session-id": self.session_id} if self.session_id else None
        return await self._http.post(body, headers)

    def _id(self) -> int:
        self._next_id += 1
        return self._next_id


def _reply(response: Response) -> dict[str, Any]:
    """The JSON-RPC result in a 200 response, whether sent as JSON or as server-sent events."""
    if response.status_code != 200:
        raise Failed(f"HTTP {response.status_code}", f"HTTP {response.status_code}: {response.text[:500]}")
    if response.headers.get("content-type", "").startswith("application/json"):
        messages = [response.json()]
    else:
        messages = [json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:")]
    replies = [m for m in messages if "id" in m and ("result" in m or "error" in m)]
    if len(replies) != 1:
        raise Failed("no reply", f"expected one JSON-RPC reply, got: {response.text[:500]}")
    if "error" in replies[0]:
        raise Failed("JSON-RPC error", f"JSON-RPC error {replies[0]['error']}")
    result: dict[str, Any] = replies[0]["result"]
    return result


async def timed(tally: Tally, client: McpClient, method: str, call: Awaitable[T]) -> T | None:
    """Await one request; record its latency, or the failure (and None)."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(TIMEOUT_S):
            result = await call
    except Failed as exc:
        reason, detail = exc.reason, str(exc)
    except TimeoutError:
        reason, detail = "timeout", f"no complete response within {TIMEOUT_S:g} s"
    except HttpError as exc:
        reason, detail = f"transport: {str(exc).split(':', 1)[0]}", str(exc)
    else:
        tally.samples[method].append((time.monotonic() - tally.started, time.perf_counter() - started))
        return result
    at = time.monotonic() - tally.started
    tally.failures.append(Failure(method, client.number, at, reason, detail))
    return None


async def run_client(client: McpClient, queries: Sequence[str], tally: Tally, stop: asyncio.Event) -> None:
    """search, then fetch one of the results, until `stop` is set; the request in flight then finishes.
    After a failed request the client waits a second, as a real one would, rather than hammering the server."""
    rng = random.Random(f"client:{client.number}")
    while not stop.is_set():
        if not client.initialized:
            ok = await timed(tally, client, "handshake", client.initialize()) is not None
        elif (results := await timed(tally, client, "search", client.search(rng.choice(queries)))) is None:
            ok = False
        elif not results:
            tally.empty_searches += 1
            ok = True
        else:
            ok = await timed(tally, client, "fetch", client.fetch(rng.choice(results)["id"])) is not None
        if not ok:
            await asyncio.sleep(FAILURE_PAUSE_S)


# --- queries ----------------------------------------------------------------------------------------------------

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")
_QUESTIONS = ["how does {} work", "what is {}", "why {}", "how to {}", "{} explained", "what causes {}"]


def corpus_queries(files: Sequence[Path], count: int, seed: int, sample: int = 2000) -> list[str]:
    """`count` queries of 1-6 words from the text of `sample` of the files: key words, runs of consecutive words
    from one sentence, and questions around a few words."""
    rng = random.Random(f"queries:{seed}")
    texts = []
    for path in rng.sample(list(files), min(sample, len(files))):
        body = _FRONT_MATTER.sub("", path.read_text(encoding="utf-8"))
        words = [w.lower() for w in _WORD.findall(body)]
        if len(words) >= 8:
            texts.append(words)
    queries = []
    for _ in range(count):
        words = rng.choice(texts)
        kind = rng.random()
        if kind < 0.4:  # key words, scattered through the document
            query = " ".join(_some(rng, words, rng.randint(1, 3)))
        elif kind < 0.7:  # a run of words, as if remembered from the text
            n = rng.randint(3, 6)
            start = rng.randrange(len(words) - n + 1)
            query = " ".join(words[start : start + n])
        else:  # a question of at most 6 words
            template = rng.choice(_QUESTIONS)
            n = rng.randint(1, 6 - len(template.split()) + 1)
            query = template.format(" ".join(_some(rng, words, n)))
        queries.append(query)
    return queries


def _some(rng: random.Random, words: list[str], n: int) -> list[str]:
    """n different words of the document, in its order, preferring words longer than three letters."""
    pool = sorted({w for w in words if len(w) > 3}) or sorted(set(words))
    chosen = set(rng.sample(pool, min(n, len(pool))))
    return [w for w in dict.fromkeys(words) if w in chosen]
