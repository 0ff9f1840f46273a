"""The pages in a real browser: headless Chromium (Debian's `chromium`; .ci/run installs it) loads the search page
and a document page through a citation's anchor, and a hostile document runs no script: the DOM after load has
nothing that the document's script would have added. Skipped where no Chromium is installed."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.folders import index, write
from support.http import HttpServer, RawSession
from support.pages import holds, page_text, search

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser") if shutil.which(name)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")

PWN = "document.body.setAttribute('data-pwned', 'yes'); document.title = 'pwned'"
HOSTILE_TXT = f'Notes on hostilebrowser.\n<script>{PWN}</script>\n<img src=x onerror="{PWN}">\n<svg onload="{PWN}">\n'
HOSTILE_MD = f"# Hostile markdown\n\nAbout hostilebrowser.\n\n<script>{PWN}</script>\n\n[run](javascript:{PWN})\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    docs = tmp_path_factory.mktemp("browser") / "docs"
    for n in range(4):
        filler = "The lantern keeps the harbour lit through the night. " * 20
        text = f"# Guide {n}\n\n{filler}\n\n## Part two\n\n{filler}\n\nThe tidewrangler {n} step.\n"
        write(docs, f"guide-{n}.md", text)
    write(docs, "hostile.txt", HOSTILE_TXT)
    write(docs, "hostile.md", HOSTILE_MD)
    index(docs, docs.parent / "index")
    with HttpServer(docs.parent / "index") as running:
        yield running


def dump_dom(url: str, profile: Path) -> str:
    """The DOM after the page loaded and ran whatever it could (Chromium's --dump-dom)."""
    command = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               f"--user-data-dir={profile}", "--virtual-time-budget=3000", "--dump-dom", url]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_search_page_renders_results_in_a_browser(server: HttpServer, tmp_path: Path) -> None:
    dom = dump_dom(f"{server.base}/?q=tidewrangler", tmp_path)
    assert "<title>tidewrangler - search</title>" in dom
    assert "Guide 0" in page_text(dom) and dom.count('class="snippet"') == 4


def test_a_citation_opens_at_its_passage_in_a_browser(server: HttpServer, tmp_path: Path) -> None:
    with RawSession(server.url) as raw:
        raw.initialize()
        result = search(raw, "tidewrangler")[0]
    assert "#p-" in result["url"]
    dom = dump_dom(result["url"], tmp_path)
    anchor = result["url"].rsplit("#", 1)[1]
    after = dom.split(f'id="{anchor}"', 1)[1]
    assert holds(after, result["text"]) and not holds(dom.split(f'id="{anchor}"', 1)[0], result["text"])
    assert "<mark>tidewrangler</mark>" in after


@pytest.mark.parametrize("doc_id", ["hostile.txt", "hostile.md"])
def test_a_hostile_document_runs_no_script_in_a_browser(server: HttpServer, tmp_path: Path, doc_id: str) -> None:
    dom = dump_dom(f"{server.base}/docs/{doc_id}?q=hostilebrowser", tmp_path)
    assert "hostilebrowser" in page_text(dom)
    assert "data-pwned" not in dom.split("<main>", 1)[0]  # the script would have set it on <body>
    assert "<title>pwned</title>" not in dom
    main = dom.split("<main>", 1)[1]
    for tag in ("<script", "<img", "<svg", "<iframe", 'href="javascript:'):
        assert tag not in main.lower()
