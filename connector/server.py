"""create_server(): the MCP server over one index — the search and fetch tools, a research prompt,
resources, and the search extensions. Everything it needs is handed in; nothing is opened at import time."""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from fastmcp import FastMCP
from fastmcp.server.auth import AuthProvider
from fastmcp.tools.base import ToolResult
from mcp.types import TextContent, ToolAnnotations
from pydantic import Field

from connector import calls, extensions, resources
from connector.auth import Access, http_request
from connector.contract import UrlFor, as_text, fetch_payload, search_payload
from connector.cursors import CursorCodec
from connector.errors import ArgumentErrors, BadInput, check_query, tool_errors
from connector.links import Links, make_links
from connector.settings import ConnectorSettings
from indexer import Groups, Searcher, __version__

SEARCH_THREADS = 4  # per process (see Tools)
_STATE_STORE_MODULES = ("key_value.aio.adapters.pydantic", "key_value.aio.stores.memory")  # FastMCP's _state_store
READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}

QUERY_SYNTAX = """\
Write queries as plain natural language or key words; that is the main path and always works:
  how do I connect Claude Desktop
Optional syntax, for precision:
  "exact phrase"                      words next to each other, in order
  title:install   heading:proxy       words in a field (also path:, type:, tag:, body:)
  type:pdf   tag:security             filter by format (markdown, pdf, text, html) or front matter tag
  version:2.x   lang:fr               filter by a site's version or language, where the index holds several
  path=guides/install.md   tag=ops    field=value matches the whole value exactly
  backup AND (nginx OR caddy) NOT draft   operators in capitals, with parentheses
  instal*                             suffix wildcard
A query that does not parse is read as plain words. Queries are limited to {limit} characters."""


def describe_corpus(searcher: Searcher, groups: Groups = None) -> str:
    """A line on the collection for the instructions every caller reads: with authentication, made from the
    documents that every caller may see (`groups` = no groups), so it names nothing a caller may not see."""
    snapshot = searcher.snapshot()
    formats = snapshot.formats(groups)
    count = sum(n for _, n in formats)
    titles = [d.title for d in snapshot.list_documents(limit=4, groups=groups)]
    if not titles:
        return f"a private collection of {count:,} documents"
    kinds = ", ".join(f"{resources.FORMAT_NAMES.get(fmt, fmt)} {n:,}" for fmt, n in formats[:6])
    return f"a private collection of {count:,} documents ({kinds}), e.g.: {'; '.join(titles)}"


def create_server(
    searcher: Searcher,
    settings: ConnectorSettings,
    corpus: str | None = None,
    auth: AuthProvider | None = None,
    one_client: bool = False,
) -> FastMCP:
    """The server. With `auth` (HTTP), every request needs a token and sees only its groups' documents.
    `one_client` (stdio) runs the tools' searches and reads on the event loop, not in threads (see Tools)."""
    access = Access(enforced=auth is not None)
    corpus = corpus or settings.description.strip() or describe_corpus(searcher, frozenset() if auth else None)
    connections = extensions.Connections()
    syntax = QUERY_SYNTAX.format(limit=settings.max_query_length)
    instructions = (
        f"This server searches {corpus}.\n"
        "Use `search` to find documents, then `fetch` with a result's id to read the full text; cite the url.\n"
        f"{syntax}\n"
        "Every document is also a resource (doc://<id>), searchable with resources/search. "
        "Tool search (tools/search, tools/list with a query): simple keywords such as 'search', "
        "'read a document', 'research'."
    )
    mcp = FastMCP(
        "docsearch",
        instructions=instructions,
        version=__version__,
        experimental_capabilities=extensions.EXPERIMENTAL_CAPABILITIES,
        lifespan=extensions.generation_watcher(searcher, connections),
        auth=auth,
    )
    mcp.add_middleware(ArgumentErrors(mcp))
    codec = CursorCodec(extensions.cursor_secret(searcher))
    links = make_links(searcher, settings, authenticated=auth is not None)
    tools = Tools(searcher, settings, access, links, in_threads=not one_client)
    _register_tools(mcp, tools, settings, corpus, syntax)
    _register_prompts(mcp)
    resources.register(mcp, searcher, codec, access)
    extensions.register(mcp, searcher, settings, codec, connections, access, WarmUp(mcp, searcher).answered)
    calls.register(mcp, tools)
    return mcp


class WarmUp:
    """What the first requests of a server would otherwise wait for, done in a thread while the client reads
    the answer before and thinks: after the first `initialize`, the imports of FastMCP's session state store, which
    it makes on the first tools/list (its key-value library: 0.2-0.4 s here); after the first tools/list, one
    search of the generation, which builds what every later one reuses (feedback's vocabulary, the document
    table, the embedding model of a hybrid index: 0.1 s to over 1 s). Not Whoosh's searcher, which only field
    queries and operators open: it copies its terms tables into memory (160 MB at 100,000 documents), which a
    server that only ever gets words should not pay. Nothing of it changes an answer; a failure here is left for
    the request that meets it to report."""

    def __init__(self, mcp: FastMCP, searcher: Searcher) -> None:
        self._tasks: dict[str, Callable[[], None]] = {"initialize": self._state_store, "tools/list": self._search}
        self._mcp = mcp
        self._searcher = searcher

    def answered(self, method: str) -> None:
        """Called when a request of `method` has been answered: starts what follows it, the first time."""
        task = self._tasks.pop(method, None)
        if task is not None:
            threading.Thread(target=task, name=f"warm-up after {method}", daemon=True).start()

    def _state_store(self) -> None:
        """Imports what FastMCP's lazy session state store needs (its making, 1 ms, is left to the request that
        first uses it, on the event loop: a property made from two threads at once could be made twice)."""
        for module in _STATE_STORE_MODULES:
            with contextlib.suppress(Exception):  # another release may not have them: no harm
                importlib.import_module(module)

    def _search(self) -> None:
        with contextlib.suppress(Exception):
            snapshot = self._searcher.snapshot()
            first = snapshot.list_documents(limit=1)
            words = [word for word in first[0].title.split() if word.isalnum()][:3] if first else []
            if words:
                snapshot.search(" ".join(words), limit=1)


def search_results(
    searcher: Searcher, settings: ConnectorSettings, query: str, groups: Groups = None, url_for: UrlFor | None = None
) -> dict[str, Any]:
    """What the search tool returns for a query (already checked) to a caller in `groups`: the ChatGPT
    results object. `url_for` (over HTTP) gives the server's page to documents with no url of their own."""
    hits = searcher.snapshot().search(query, limit=settings.result_limit, snippets=settings.snippets, groups=groups)
    return search_payload(hits, settings.fetch_max_chars, settings.snippets, url_for)


class Tools:
    """What the search and fetch tools do for a request (`request`: its HTTP request, None off HTTP): the
    payload, or BadInput / DocumentNotFoundError / IndexerError. The tools registered with FastMCP and the quick
    path of tools/call (connector.calls) both answer with these.

    `in_threads`: the searches and reads run in worker threads, so that the event loop goes on answering the
    other clients meanwhile (HTTP). Off (stdio: one client), they run on the event loop itself: handing a search
    to a thread and its answer back costs two wake-ups, about 0.6 ms of a search's 10 over stdio here, and one
    client gains little from overlap, which the GIL mostly prevents anyway."""

    def __init__(
        self, searcher: Searcher, settings: ConnectorSettings, access: Access, links: Links, in_threads: bool = True
    ) -> None:
        self.searcher = searcher
        self.settings = settings
        self.access = access
        self.links = links
        self.in_threads = in_threads
        # The tools' searches run in at most this many threads at once: each thread that wants the GIL delays the
        # event loop, which answers every request, by up to a switch interval (5 ms), so 40 threads (anyio's
        # default) busy with searches starved it; the rest wait their turn in order.
        self.threads = anyio.CapacityLimiter(SEARCH_THREADS)

    async def _run(self, work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if not self.in_threads:
            return work()
        return await anyio.to_thread.run_sync(work, limiter=self.threads)

    async def search(self, query: Any, request: Any) -> dict[str, Any]:
        settings = self.settings
        text = check_query(query, settings.max_query_length)
        groups = self.access.groups(request)
        url_for = self.links.for_request(request, groups, text)
        return await self._run(lambda: search_results(self.searcher, settings, text, groups, url_for))

    async def fetch(self, doc_id: Any, request: Any) -> dict[str, Any]:
        if not isinstance(doc_id, str) or not doc_id.strip():
            raise BadInput("The id is empty. Pass the id of a search result, e.g. 'guides/install.md'.")
        if len(doc_id) > 4096:
            raise BadInput("The id is too long to be a document id. Pass the id of a search result.")
        groups = self.access.groups(request)
        url_for = self.links.for_request(request, groups)
        limit = self.settings.fetch_max_chars

        def run() -> dict[str, object]:
            return fetch_payload(self.searcher.snapshot().excerpt(doc_id, limit, groups), url_for)

        return await self._run(run)


def _one_text_item(payload: dict[str, Any]) -> ToolResult:
    """ChatGPT's contract: exactly one text item holding the JSON, and the same object as structuredContent."""
    return ToolResult(content=[TextContent(type="text", text=as_text(payload))], structured_content=payload)


def _register_tools(mcp: FastMCP, tools: Tools, settings: ConnectorSettings, corpus: str, syntax: str) -> None:
    @mcp.tool(
        name="search",
        title="Search documents",
        description=(
            f"Search {corpus}. Returns up to {settings.result_limit} results, best first, as JSON "
            '{"results":[{"id","title","url","text"}]} where text is a short snippet of the best matching '
            "passage. Pass a result's id to fetch to read it.\n" + syntax
        ),
        annotations=ToolAnnotations(title="Search documents", **READ_ONLY),
        output_schema=None,
    )
    @tool_errors
    async def search(
        query: Annotated[str, Field(description="What to look for: a question or key words; see the syntax above.")],
    ) -> ToolResult:
        return _one_text_item(await tools.search(query, http_request()))

    @mcp.tool(
        name="fetch",
        title="Fetch a document",
        description=(
            "Read the full text of a document by the id a search result gave (e.g. 'guides/install.md'). "
            'Returns JSON {"id","title","text","url","metadata"}. A document longer than '
            f"{settings.fetch_max_chars:,} characters is returned in parts: metadata.truncated is true and "
            "metadata.next holds the id to fetch for the rest (part ids look like 'manual.pdf#page=12' or "
            "'guide.md#part=7')."
        ),
        annotations=ToolAnnotations(title="Fetch a document", **READ_ONLY),
        output_schema=None,
    )
    @tool_errors
    async def fetch(
        id: Annotated[str, Field(description="A document or part id from search results or metadata.next.")],
    ) -> ToolResult:
        return _one_text_item(await tools.fetch(id, http_request()))


def _register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt(
        name="research",
        title="Research a topic in the documents",
        description="Research a topic: search with several phrasings, fetch the best documents, answer with citations.",
    )
    def research(topic: Annotated[str, Field(description="The question or topic to research.")]) -> str:
        return (
            f"Research this in the document collection: {topic}\n\n"
            "1. Call the search tool with two to four different phrasings (key words, synonyms, the exact terms "
            "the documents are likely to use; quote exact phrases).\n"
            "2. Fetch the most relevant results by id; when metadata.next is set and the rest matters, fetch it.\n"
            "3. Answer from what you read only, citing each claim with the document's title and url. Say plainly "
            "what the documents do not cover."
        )
