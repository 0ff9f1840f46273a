"""The HTML of the pages the server serves to people (connector.pages): a document, the search page, the sign-in
form, the 404. Everything from a document or a request is escaped here; the pages carry no script, and their one
stylesheet is served at STYLESHEET_PATH (the Content-Security-Policy allows nothing else)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from html import escape

from indexer import Document, Passage, terms_of, word_matches

STYLESHEET_PATH = "/static/docsearch.css"
STYLESHEET = """\
body{font:16px/1.55 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#1d1d1f;background:#fff}
a{color:#0b57d0}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;font-size:.9rem;color:#444}
dl.meta dt{font-weight:600}dl.meta dd{margin:0;overflow-wrap:anywhere}
.passage{white-space:pre-wrap;overflow-wrap:anywhere;margin:.6rem 0}.passage:target{background:#fff8d6}
h2:target{background:#fff8d6}mark{background:#ffe066;padding:0 .1em}
form.search{display:flex;gap:.5rem;margin:1rem 0}form.search input[type=search]{flex:1;font-size:1rem;padding:.4rem}
button,input[type=submit]{font-size:1rem;padding:.4rem .8rem}.syntax{font-size:.85rem;color:#555}
ol.results{padding-left:1.2rem}ol.results li{margin:1rem 0}.snippet{color:#333;margin:.2rem 0}
.path{font-size:.85rem;color:#1e6b36;overflow-wrap:anywhere}.paging{display:flex;gap:1rem;margin:1.5rem 0}
.notice{padding:.8rem;background:#f3f3f3;border-left:4px solid #999}
"""
SYNTAX_LINE = 'Plain words work best. Also: "exact phrase", title:word, type:pdf, tag:name, AND / OR / NOT, prefix*.'


def page(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title>'
        f'<link rel="stylesheet" href="{STYLESHEET_PATH}"></head><body>{body}</body></html>'
    )


def not_found(message: str = "There is no document here, or you may not see it.") -> str:
    return page("Not found", f'<h1>Not found</h1><p class="notice">{escape(message)}</p><p><a href="/">Search</a></p>')


def notice(message: str) -> str:
    """A message to the reader, escaped like everything else here."""
    return f'<p class="notice">{escape(message)}</p>'


def highlighter(query: str) -> Callable[[str], str]:
    """Escapes a text, with the words that match the query's terms (as the index reads words) in <mark>."""
    wanted = terms_of(query) if query.strip() else set()
    seen: dict[str, bool] = {}

    def matches(word: str) -> bool:
        if word not in seen:
            seen[word] = bool(terms_of(word) & wanted) if len(seen) < 100_000 else False
        return seen[word]

    def mark(text: str) -> str:
        if not wanted:
            return escape(text)
        out, at = [], 0
        for found in word_matches(text):
            if matches(found.group()):
                out.append(escape(text[at : found.start()]))
                out.append(f"<mark>{escape(found.group())}</mark>")
                at = found.end()
        out.append(escape(text[at:]))
        return "".join(out)

    return mark


def metadata(document: Document, file_url: str | None) -> str:
    modified = datetime.fromtimestamp(document.modified, UTC).strftime("%Y-%m-%d %H:%M UTC")
    rows = [("Path", escape(document.id)), ("Type", escape(document.format)), ("Size", f"{document.size:,} bytes")]
    rows.append(("Modified", modified))
    if document.pages is not None:
        rows.append(("Pages", str(document.pages)))
    if document.tags:
        rows.append(("Tags", escape(", ".join(document.tags))))
    if file_url is not None:
        rows.append(("Original", f'<a href="{escape(file_url)}">download the file</a>'))
    return '<dl class="meta">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl>"


def document_text(
    document: Document, text: str, passages: list[Passage], mark: Callable[[str], str], file_url: str = ""
) -> str:
    """The text laid out by section (a heading) or page (a PDF), each passage a paragraph with its anchor #p-N;
    a PDF's pages have the anchors #page-N, and a link to that page of the original file (`file_url`)."""
    if not passages:
        return f'<div class="passage" id="p-0">{mark(text)}</div>'
    out = [f'<div class="passage">{mark(text[: passages[0].start])}</div>'] if passages[0].start > 0 else []
    heading, page_no = "", None
    for i, passage in enumerate(passages):
        end = passages[i + 1].start if i + 1 < len(passages) else len(text)
        if passage.page is not None and passage.page != page_no:
            page_no = passage.page
            original = f' <a href="{escape(file_url)}#page={page_no}">(original)</a>' if file_url else ""
            out.append(f'<h2 id="page-{page_no}">Page {page_no}{original}</h2>')
        if passage.heading and passage.heading != heading:
            out.append(
                f"<h3>{mark(passage.heading)}</h3>" if page_no is not None else f"<h2>{mark(passage.heading)}</h2>"
            )
        heading = passage.heading
        out.append(f'<div class="passage" id="p-{passage.ordinal}">{mark(text[passage.start : end])}</div>')
    return "".join(out)


def document_page(document: Document, body: str, file_url: str | None) -> str:
    head = f'<p><a href="/">Search</a></p><h1>{escape(document.title)}</h1>{metadata(document, file_url)}'
    return page(document.title, head + f"<main>{body}</main>")


def search_form(query: str) -> str:
    return (
        '<form class="search" method="get" action="/" role="search">'
        f'<input type="search" name="q" value="{escape(query)}" aria-label="Search" autofocus>'
        f'<input type="submit" value="Search"></form><p class="syntax">{escape(SYNTAX_LINE)}</p>'
    )


def search_page(query: str, results: Iterable[tuple[str, str, str, str]], previous: str, following: str) -> str:
    """results: (title, url, path, snippet); previous/following: the urls of the neighbouring pages, or ""."""
    items = [
        f'<li><a href="{escape(url)}">{escape(title)}</a><div class="path">{escape(path)}</div>'
        f'<p class="snippet">{escape(snippet)}</p></li>'
        for title, url, path, snippet in results
    ]
    body = "<h1>Search the documents</h1>" + search_form(query)
    if query.strip():
        body += f'<ol class="results">{"".join(items)}</ol>' if items else '<p class="notice">No results.</p>'
    links = [f'<a href="{escape(u)}" rel="{r}">{t}</a>' for u, r, t in
             ((previous, "prev", "Previous"), (following, "next", "Next")) if u]  # fmt: skip
    if links:
        body += f'<nav class="paging">{"".join(links)}</nav>'
    return page(f"{query} - search" if query.strip() else "Search", body)


def signin_page(error: str = "") -> str:
    notice = f'<p class="notice">{escape(error)}</p>' if error else ""
    return page(
        "Sign in",
        "<h1>Sign in</h1>" + notice + '<form method="post" action="/signin"><p><label>Access token '
        '<input type="password" name="token" autocomplete="current-password" required></label></p>'
        '<p><input type="submit" value="Sign in"></p></form>'
        "<p>Ask the server's operator for a token (<code>python -m connector tokens add NAME</code>).</p>",
    )
