"""Helpers for the connector's tests: a small corpus with sentinel words, indexed by the real pipeline and served
in memory to SDK clients. connector_http.py has the real HTTP server and raw JSON-RPC.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from fastmcp import Client, FastMCP
from fpdf import FPDF
from mcp.types import CallToolResult, Request, RequestParams
from pydantic import TypeAdapter

from connector import ConnectorSettings, create_server
from connector.extensions import SearchParams
from indexer import IndexerSettings, IndexReport, Searcher, update_index
from indexer.settings import ENV_PREFIX

from support.pdfs import make_pdf

ROOT = Path(__file__).resolve().parents[2]
QUIET = {"FASTMCP_SHOW_SERVER_BANNER": "false", "FASTMCP_CHECK_FOR_UPDATES": "off"}

FILLER = (
    "The service reads its settings at start and keeps a small cache of recent answers. Operators can "
    "change the cache size and the log level without a restart; other changes need one. "
)
# One made-up word per section of long.md and per page of long.pdf, found nowhere else.
SECTION_WORDS = ["quillfern", "brassmoth", "copperwren", "dunegrass", "emberlark", "frostvale", "gloamreed",
                 "hollyshade", "ironthorn", "junipermoss"]  # fmt: skip
PAGE_WORDS = ["pagemoss", "pagefinch", "pagecedar", "pageotter", "pagebirch", "pageheron", "pagevolcano",
              "pagemaple", "pagebadger", "pagelily", "pagewillow", "pageosprey"]  # fmt: skip
DEEP_WORD = PAGE_WORDS[6]  # on page 7 of long.pdf, far beyond what one fetch of 4,000 characters returns
DENSE_WORDS = ["densewombat", "densegecko", "denseibis"]
DENSE_WORD = DENSE_WORDS[1]  # deep inside page 2 of dense.pdf, past what one fetch from the top of the page returns
NOTES = 12  # notes/note-NN.md all mention "commonword": more than one page of results


def long_markdown() -> str:
    """About 20,000 characters in ten sections, each with its own sentinel word in its middle."""
    sections = []
    for number, word in enumerate(SECTION_WORDS, start=1):
        paragraphs = [FILLER * 3 for _ in range(4)]
        paragraphs.insert(2, f"This section is about {word} and nothing else.")
        sections.append(f"## Section {number}\n\n" + "\n\n".join(paragraphs))
    return "# The long handbook\n\n" + "\n\n".join(sections) + "\n"


def long_pdf() -> bytes:
    """Twelve pages of about 1,200 characters, each with its own sentinel word."""
    pages = [f"{FILLER * 3}\nThis page is about {word}.\n{FILLER * 3}" for word in PAGE_WORDS]
    return make_pdf(pages, title="The long manual")


def dense_pdf() -> bytes:
    """Three pages of about 5,800 characters in small print: one page holds more than a 4,000-character fetch.
    Each page ends with its sentinel word; DENSE_WORD sits at the bottom of page 2."""
    pdf = FPDF()
    pdf.set_font("Helvetica", size=6)
    pdf.set_auto_page_break(False)
    for word in DENSE_WORDS:
        pdf.add_page()
        pdf.set_xy(5, 5)
        pdf.multi_cell(200, 2.5, "\n".join(FILLER for _ in range(30)) + f"\nThe page ends with {word}.")
    return bytes(pdf.output())


def corpus() -> dict[str, str | bytes]:
    """The main test corpus: each document has a sentinel word, and some are built for the query syntax."""
    files: dict[str, str | bytes] = {
        "guides/install.md": "---\ntitle: Installation guide\ntags: [ops, setup]\n---\n# Installation\n\n"
        "Run the zebracorn installer, then check the amber lantern lights up.\n\n## Proxy\n\n"
        "Behind a proxy, set the proxy variable before the xylophonist step.\n",
        "guides/backup.md": "---\ntitle: Backups\ntags: [ops, security]\n---\n# Backups\n\n"
        "Back up the quokkafish archive nightly. A lantern of amber colour marks the backup room.\n",
        "guides/walrus.md": "# Walrus handbook\n\nEverything about marine mammals and their tusks.\n",
        "reference/animals.txt": "A field guide mentioning the walrus once, and the zebracorn once, among many other "
        "creatures of the sea and the shore.\n",
        "reference/faq.html": "<html><head><title>Frequently asked</title></head><body><h1>FAQ</h1>"
        "<p>Does the gryphonbeak option exist? Yes, since version two.</p></body></html>",
        "manuals/short.pdf": make_pdf(["The short manual explains the periwinkle mode.", "Page two."], title="Short"),
        "long.md": long_markdown(),
        "long.pdf": long_pdf(),
        "dense.pdf": dense_pdf(),
    }
    for n in range(NOTES):
        body = "commonword " * (30 if n == 0 else 1)
        title = "Commonword handbook" if n == 0 else f"Note {n}"
        files[f"notes/note-{n:02}.md"] = f"# {title}\n\n{body}and other remarks on note {n}.\n"
    return files


def write_files(folder: Path, files: dict[str, str | bytes]) -> None:
    for relpath, content in files.items():
        path = folder / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)


def reindex(docs: Path, index: Path, **options: Any) -> IndexReport:
    """One run of the real indexer (in this process: a handful of files)."""
    with _without_settings_env():
        return update_index(docs, IndexerSettings(index=index, workers=1, **options))


def build_index(folder: Path, files: dict[str, str | bytes]) -> Path:
    """Write the files into folder/docs and index them into folder/index."""
    write_files(folder / "docs", files)
    reindex(folder / "docs", folder / "index")
    return folder / "index"


def settings(index: Path, **overrides: Any) -> ConnectorSettings:
    with _without_settings_env():
        return ConnectorSettings(index=index, **overrides)


def make_server(index: Path, **overrides: Any) -> FastMCP:
    return create_server(Searcher(index), settings(index, **overrides))


@contextmanager
def _without_settings_env() -> Iterator[None]:
    """Settings come from the test, never from the DOCSEARCH_* variables of the shell running pytest."""
    saved = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith(ENV_PREFIX)}
    try:
        yield
    finally:
        os.environ.update(saved)


def subprocess_env() -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if not k.startswith(ENV_PREFIX)}, **QUIET}


# --- tool results ---------------------------------------------------------------------------------------------


def payload(result: CallToolResult) -> dict[str, Any]:
    """The JSON of a tool result's one text item (the ChatGPT contract allows no other shape)."""
    assert not result.is_error, result.content
    assert len(result.content) == 1 and result.content[0].type == "text", result.content
    data: dict[str, Any] = json.loads(result.content[0].text)
    return data


def error_text(result: CallToolResult) -> str:
    assert result.is_error, result
    assert len(result.content) == 1 and result.content[0].type == "text"
    return result.content[0].text


async def search_ids(client: Client, query: str) -> list[str]:
    return [r["id"] for r in payload(await client.call_tool_mcp("search", {"query": query}))["results"]]


# --- the search extensions through an SDK client ----------------------------------------------------------------


class ResourcesSearch(Request[SearchParams, Literal["resources/search"]]):
    method: Literal["resources/search"] = "resources/search"
    params: SearchParams


class ToolsSearch(Request[SearchParams, Literal["tools/search"]]):
    method: Literal["tools/search"] = "tools/search"
    params: SearchParams


class PromptsSearch(Request[SearchParams, Literal["prompts/search"]]):
    method: Literal["prompts/search"] = "prompts/search"
    params: SearchParams


class ToolListParams(RequestParams):
    query: str | None = None


class ToolsListWithQuery(Request[ToolListParams, Literal["tools/list"]]):
    method: Literal["tools/list"] = "tools/list"
    params: ToolListParams


# Keys the SDK adds to every result of the 2026-07-28 era, whatever the method.
ENVELOPE = {"_meta", "resultType"}

SEARCH_REQUESTS: dict[str, type[Any]] = {
    "resources/search": ResourcesSearch,
    "tools/search": ToolsSearch,
    "prompts/search": PromptsSearch,
}


async def extension(client: Client, method: str, query: str, cursor: str | None = None) -> dict[str, Any]:
    """One call of resources/search, tools/search or prompts/search; MCPError on a JSON-RPC error."""
    request = SEARCH_REQUESTS[method](params=SearchParams(query=query, cursor=cursor))
    result: dict[str, Any] = await client.session.send_request(request, TypeAdapter(dict))
    return {k: v for k, v in result.items() if k not in ENVELOPE}


async def list_tools_matching(client: Client, query: str | None) -> list[str]:
    request = ToolsListWithQuery(params=ToolListParams(query=query))
    result = await client.session.send_request(request, TypeAdapter(dict))
    return [tool["name"] for tool in result["tools"]]
