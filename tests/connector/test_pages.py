"""The pages a citation opens, over the real HTTP server without authentication (loopback): every search result
of the bundled sample links to a page that shows its snippet, a PDF result opens at its page, the original file
is served only while it is still the indexed one, and nothing in a document runs in the reader's browser."""

from __future__ import annotations

import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from connector.pages import HEADERS
from connector.render import highlighter

from support.connector import ROOT, make_server, payload
from support.folders import index, write
from support.http import HttpServer, RawSession, read_until
from support.pages import assert_secure, fetch, get, holds, page_text, search

HOSTILE_MD = """# Hostile page

Plain words about hostilemarker.

<script>document.body.setAttribute('data-pwned', 'script')</script>
<img src="x" onerror="document.body.setAttribute('data-pwned', 'img')">
<iframe src="https://example.com/"></iframe>

[click me](javascript:alert(1)) and [a page](https://example.com/ok)
"""
HOSTILE_TXT = "Notes about hostiletext.\n<script>alert('txt')</script>\n<img src=x onerror=alert(2)>\n"
STRUCTURE_MD = """---
title: Structured page
---
# Structured page

Intro about structurewords.

## Steps

- first step
- second step

| Name | Value |
| --- | --- |
| alpha | one |

```sh
make serve
```

See [the site](https://example.com/docs) or [mail](mailto:ops@example.com).
"""
QUERIES = ["install", "deep research", "backup", "tunnel", "type:pdf backup", "release notes", "rate limit"]


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled sample, plus hostile documents, one with its own url and one that the tests change."""
    folder = tmp_path_factory.mktemp("sample") / "docs"
    shutil.copytree(ROOT / "corpus", folder)
    write(folder, "hostile/page.md", HOSTILE_MD)
    write(folder, "hostile/notes.txt", HOSTILE_TXT)
    write(folder, "own-url.md", "---\nurl: https://wiki.example.com/own\n---\n# Own url\n\nAbout ownurlword.\n")
    write(folder, "changing.md", "# Changing\n\nAbout changingword.\n")
    write(folder, "structure.md", STRUCTURE_MD)
    return folder


@pytest.fixture(scope="module")
def server(docs: Path) -> Iterator[HttpServer]:
    index_dir = docs.parent / "index"
    index(docs, index_dir)
    with HttpServer(index_dir) as running:
        yield running


@pytest.fixture
def raw(server: HttpServer) -> Iterator[RawSession]:
    with RawSession(server.url) as session:
        session.initialize()
        yield session


def test_every_search_result_of_the_sample_opens_a_page_holding_its_snippet(
    server: HttpServer, raw: RawSession
) -> None:
    checked = 0
    for query in QUERIES:
        for result in search(raw, query):
            assert result["url"].startswith(f"{server.base}/docs/"), result
            response = get(result["url"])
            assert response.status_code == 200, result["url"]
            assert page_text(result["title"]) in page_text(response.text)
            assert holds(response.text, result["text"]), result["url"]
            checked += 1
    assert checked >= 30


def test_a_deep_match_links_to_its_passage_and_a_pdf_result_to_its_page(server: HttpServer, raw: RawSession) -> None:
    pdf = next(r for r in search(raw, "type:pdf backup") if ".pdf" in r["url"] and "#page-" in r["url"])
    page = int(pdf["url"].rsplit("#page-", 1)[1])
    markup = get(pdf["url"]).text
    assert f'<h2 id="page-{page}">' in markup
    on_page = markup.split(f'id="page-{page}"', 1)[1].split('<h2 id="page-', 1)[0]
    assert holds(on_page, pdf["text"])
    original = re.search(r'<a href="([^"]+)">\(original\)</a>', on_page)
    assert original is not None and original.group(1).endswith(f"/file#page={page}")
    assert get(server.base + original.group(1).split("#")[0]).headers["content-type"] == "application/pdf"

    deep = next(r for r in search(raw, "install") if "#p-" in r["url"])
    passage = deep["url"].rsplit("#", 1)[1]
    markup = get(deep["url"]).text
    assert holds(markup.split(f'id="{passage}"', 1)[1], deep["text"])
    assert not holds(markup.split(f'id="{passage}"', 1)[0], deep["text"])


def test_fetch_cites_the_page_and_a_documents_own_url_still_wins(server: HttpServer, raw: RawSession) -> None:
    fetched = fetch(raw, "index.md")
    assert fetched["url"] == f"{server.base}/docs/index.md"
    assert get(fetched["url"]).status_code == 200
    assert [r["url"] for r in search(raw, "ownurlword")] == ["https://wiki.example.com/own"]
    assert fetch(raw, "own-url.md")["url"] == "https://wiki.example.com/own"


@pytest.mark.anyio
async def test_stdio_and_in_process_callers_keep_file_urls(docs: Path) -> None:
    from fastmcp import Client

    async with Client(make_server(docs.parent / "index")) as client:
        results = payload(await client.call_tool("search", {"query": "changingword"}))["results"]
    assert results[0]["url"].startswith("file://")


def test_the_query_in_a_link_highlights_the_matched_words(server: HttpServer) -> None:
    markup = get(f"{server.base}/docs/changing.md?q=changingword").text
    assert "<mark>changingword</mark>" in markup
    assert "<mark>" not in get(f"{server.base}/docs/changing.md").text


def test_a_compound_is_highlighted_whole_when_the_query_finds_it() -> None:
    """A page opened from a search for "finetuning" marks the "fine-tuned" that the search found in it."""
    marked = highlighter("finetuning")("We fine-tuned the model, then tuned it finely.")
    assert marked == "We <mark>fine-tuned</mark> the model, then tuned it finely."
    assert highlighter("tune")("fine-tune <b>") == "<mark>fine-tune</mark> &lt;b&gt;"


def test_html_and_script_in_a_document_are_shown_as_text_never_run(server: HttpServer) -> None:
    for doc_id in ("hostile/page.md", "hostile/notes.txt"):
        markup = get(f"{server.base}/docs/{doc_id}").text
        body = markup.split("<main>", 1)[1]
        assert not re.search(r"<(script|iframe|img|object|embed)\b", body, re.IGNORECASE), doc_id
        assert not re.search(r"<[^>]*\son\w+\s*=", body), doc_id
        hrefs = re.findall(r"""href\s*=\s*["']?([^"'\s>]*)""", markup)
        assert not any(href.strip().lower().startswith("javascript:") for href in hrefs), doc_id
    notes = get(f"{server.base}/docs/hostile/notes.txt").text
    assert "&lt;script&gt;alert(&#x27;txt&#x27;)&lt;/script&gt;" in notes


def test_a_markdown_page_is_rendered_with_its_structure(server: HttpServer) -> None:
    markup = get(f"{server.base}/docs/structure.md?q=structurewords").text
    body = markup.split("<main>", 1)[1]
    assert "<h2>Steps</h2>" in body and "<li>first step</li>" in body
    assert "<table>" in body and "<td>alpha</td>" in body
    assert '<pre><code class="language-sh">make serve' in body
    assert '<a href="https://example.com/docs">the site</a>' in body and 'href="mailto:ops@example.com"' in body
    assert "<mark>structurewords</mark>" in body and "title: Structured page" not in body


@pytest.mark.parametrize(
    "path", ["/", "/?q=backup", "/docs/index.md", "/docs/nothing.md", "/docs/pdf/operations-handbook.pdf/file"]
)
def test_every_page_sends_the_security_headers(server: HttpServer, path: str) -> None:
    response = get(server.base + path)
    assert response.status_code in (200, 404)
    assert_secure(response)
    if not path.endswith("/file"):  # the file route sends a policy of its own (test below)
        assert response.headers["content-security-policy"] == HEADERS["Content-Security-Policy"]


def test_the_file_route_serves_the_indexed_file_and_refuses_a_changed_one(server: HttpServer, docs: Path) -> None:
    pdf = get(f"{server.base}/docs/pdf/operations-handbook.pdf/file")
    assert pdf.status_code == 200
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content == (docs / "pdf/operations-handbook.pdf").read_bytes()
    assert pdf.headers["content-disposition"].startswith('inline; filename="operations-handbook.pdf"')

    text = get(f"{server.base}/docs/changing.md/file")
    assert text.status_code == 200 and text.text == (docs / "changing.md").read_text()
    assert "sandbox" in text.headers["content-security-policy"]

    (docs / "changing.md").write_text("# Changing\n\nAbout changingword, edited after indexing.\n")
    changed = get(f"{server.base}/docs/changing.md/file")
    assert changed.status_code == 404
    assert "changed or moved since it was indexed" in page_text(changed.text)
    assert_secure(changed)
    page = get(f"{server.base}/docs/changing.md")  # the page still shows the text as indexed
    assert page.status_code == 200 and "changingword" in page.text and "edited after indexing" not in page.text


@pytest.mark.parametrize(
    "path",
    ["/docs/nothing.md", "/docs/../../etc/passwd", "/docs/%2e%2e/%2e%2e/etc/passwd", "/docs/%2Fetc%2Fpasswd/file",
     "/docs/guides/../../../etc/passwd/file", "/docs/index.md/../../../etc/passwd"],
)  # fmt: skip
def test_an_unknown_id_or_a_path_outside_the_index_is_404(server: HttpServer, path: str) -> None:
    """Sent as written over a raw socket: an HTTP client would collapse the dots before the server saw them."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode())
        answer = read_until(sock, b"\r\n\r\n")
        while chunk := sock.recv(65536):  # the server closes the connection after its answer
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 404 "), answer[:200]
    assert b"root:" not in answer


def test_the_search_page_ranks_as_the_search_tool_does_and_pages(server: HttpServer, raw: RawSession) -> None:
    tool = search(raw, "install")
    markup = get(f"{server.base}/?q=install").text
    listed = re.findall(r'<li><a href="([^"]+)">', markup)
    assert [u.split("?")[0] for u in listed] == [r["url"].split("?")[0].removeprefix(server.base) for r in tool]
    for url in listed[:3]:
        assert get(server.base + url.replace("&amp;", "&")).status_code == 200
    following = re.search(r'<a href="([^"]+)" rel="next">', markup)
    assert following is not None
    second = get(server.base + following.group(1).replace("&amp;", "&")).text
    assert not set(re.findall(r'<li><a href="([^"?]+)', second)) & {u.split("?")[0] for u in listed}
    assert 'rel="prev"' in second


def test_a_foreign_host_header_is_refused_on_the_pages_too(server: HttpServer) -> None:
    for path in ("/", "/docs/index.md", "/docs/index.md/file"):
        assert get(server.base + path, host="evil.example.com").status_code == 421


def test_the_search_tool_json_carries_no_file_url_over_http(raw: RawSession) -> None:
    urls = [r["url"] for q in QUERIES for r in search(raw, q)]
    assert urls and not [u for u in urls if not u.startswith("http://")]


def test_the_pages_have_the_rate_limit_of_mcp(server: HttpServer, docs: Path) -> None:
    with HttpServer(docs.parent / "index", "--rate-limit", "0.01", "--rate-burst", "3") as limited:
        assert [get(f"{limited.base}/docs/index.md").status_code for _ in range(3)] == [200, 200, 200]
        refused = get(f"{limited.base}/?q=install")
        assert refused.status_code == 429 and "retry-after" in refused.headers
        assert refused.headers["x-content-type-options"] == "nosniff"


def test_a_sign_in_form_that_never_finishes_arriving_gets_408(server: HttpServer, docs: Path) -> None:
    head = "POST /signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    with (
        HttpServer(docs.parent / "index", "--body-timeout", "1") as slow,
        socket.create_connection(("127.0.0.1", slow.port), timeout=60) as sock,
    ):
        sock.sendall(f"{head}Content-Length: 100\r\n\r\ntoken=ds_".encode())
        answer = read_until(sock, b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 408")
