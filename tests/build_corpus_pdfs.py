"""Render the sample PDFs of the user guide into corpus/pdf/.

Run from the project folder after `make install`:

    .venv/bin/python tests/build_corpus_pdfs.py

Each PDF gets a metadata title (which the indexer uses as its title) and one topic per page, so that
page-level search and part ids such as `pdf/operations-handbook.pdf#page=4` point at something real.
Running the script twice writes the same bytes. The PDF core fonts cover latin-1 only, so the text stays
ASCII.

Page bodies use a tiny markup: paragraphs separated by blank lines, `## ` for a subheading, `- ` for a
bullet (continued on lines indented by two spaces), and lines indented by four spaces for code.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF

OUT_DIR = Path(__file__).resolve().parent.parent / "corpus" / "pdf"
FIXED_DATE = datetime(2025, 1, 1, tzinfo=UTC)  # keeps the output byte-for-byte reproducible


@dataclass(frozen=True)
class Page:
    heading: str
    body: str


@dataclass(frozen=True)
class Book:
    file_name: str
    title: str
    subject: str
    keywords: str
    pages: tuple[Page, ...]


@dataclass(frozen=True)
class Block:
    kind: str  # "p" | "h" | "ul" | "code"
    lines: tuple[str, ...]


OPERATIONS = Book(
    file_name="operations-handbook.pdf",
    title="docsearch operations handbook",
    subject="Running docsearch as a service: proxies, backups, upgrades, monitoring",
    keywords="docsearch operations reverse proxy backup upgrade monitoring healthz",
    pages=(
        Page(
            "About this handbook",
            r"""
            This handbook is for whoever keeps a docsearch server running for other people: a team that
            shares one index of its handbook, or a ChatGPT connector that must stay reachable. Each page
            covers one task, so a search for a task lands on the page that explains it.

            - Page 2 - Running the connector as a service
            - Page 3 - Running behind a reverse proxy
            - Page 4 - Backing up the index directory
            - Page 5 - Upgrading docsearch
            - Page 6 - Monitoring with /healthz

            Two facts shape every task below. First, the index is derived data: it can always be rebuilt
            from the documents folder with python -m indexer. Second, the connector only reads the index,
            and switches to a new index generation without a restart.
            """,
        ),
        Page(
            "Running the connector as a service",
            r"""
            On a server, start the connector from the project's virtual environment and let the service
            manager restart it. The [Service] section of a systemd unit, for example:

                [Service]
                WorkingDirectory=/opt/docsearch
                ExecStart=/opt/docsearch/.venv/bin/python -m connector \
                    --index /srv/docsearch/index --transport http
                Restart=on-failure

            Logs go to stderr, so the journal collects them. Index from a timer or from the job that
            publishes your documents; the running service picks up each new generation by itself.

            ## Several processes

            For more load, start several connector processes with --stateless (or DOCSEARCH_STATELESS=1),
            each on its own port or machine, and put any load balancer in front. Stateless HTTP keeps no
            session between requests, so no sticky sessions are needed. All processes can read one index
            directory; on separate machines, build the index once and copy the whole directory to each
            replica after the indexer has finished. A replica that listens on an address other than
            loopback refuses to start without authentication: give it --tokens-file or the --oauth-*
            options (guides/security.md in the user guide).
            """,
        ),
        Page(
            "Running behind a reverse proxy",
            r"""
            Keep the connector on 127.0.0.1 and let a reverse proxy such as nginx terminate TLS. ChatGPT
            needs a public HTTPS URL; the proxy provides it without a tunnel. An nginx sketch:

                location /mcp {
                    proxy_pass http://127.0.0.1:8000;
                    proxy_http_version 1.1;
                    proxy_buffering off;
                    proxy_read_timeout 300s;
                }
                location = /healthz {
                    proxy_pass http://127.0.0.1:8000;
                }

            - proxy_buffering off: Streamable HTTP can answer with an event stream, which must reach the
              client as it is written.
            - Keep nginx's default Host header, the upstream address. The connector refuses a Host header
              that names a foreign site (DNS-rebinding protection), so forwarding the public name with
              proxy_set_header Host $host gets 421 responses, unless that name is given with --allow-host
              or --public-url.
            - The connector's URL in ChatGPT is then https://docs.example.com/mcp.

            Requests from nginx arrive on 127.0.0.1, so a connector without authentication serves
            whoever reaches the public URL, every indexed document. For anything private, start it with
            --tokens-file or with the --oauth-* options and --public-url https://docs.example.com; the
            user guide's guides/security.md explains both, and which documents each caller then sees.
            """,
        ),
        Page(
            "Backing up the index directory",
            r"""
            The documents folder is what needs a real backup. The index can always be rebuilt from it, so
            backing up the index only saves the time of a full rebuild, which matters for large
            collections of PDFs.

            ## Making a backup

            Copy the index directory while no indexer is writing to it (stop make watch first). A running
            connector does not need to stop: it only reads.

                tar czf docsearch-index-$(date +%F).tar.gz -C /srv/docsearch index

            ## Restoring

            - Stop the connector and any indexer.
            - Replace the index directory with the copy from the backup.
            - Start the connector, then run the indexer once: it brings the index up to date with the
              documents, re-reading only the files that changed since the backup.

            Without a backup, python -m indexer DOCS --index DIR --rebuild produces the same index from
            scratch.
            """,
        ),
        Page(
            "Upgrading docsearch",
            r"""
            To move to a newer version of docsearch:

                git pull
                make install    # reinstalls when pyproject.toml changed
                make test       # optional: the suite takes a short while

            Then restart the connector so that it runs the new code. Read the release notes
            (release-notes.html in the user guide) for changes that need action.

            ## When the index format changes

            An index records the version of the indexer that wrote it. If a new version cannot read an old
            index, the connector refuses it with a message that says what to run. Rebuild:

                make index ARGS=--rebuild

            With several replicas, rebuild the index once, copy it out, then restart the replicas one at a
            time behind the load balancer.
            """,
        ),
        Page(
            "Monitoring with /healthz",
            r"""
            Over HTTP the connector answers GET /healthz without authentication. The answer reports the
            index generation being served, when it was built, and the docsearch version; the number of
            documents in it too, when the server itself has no authentication.

                curl -fsS http://127.0.0.1:8000/healthz

            ## What to watch

            - Reachability: point the load balancer's health check or an uptime monitor at /healthz. curl
              -f exits non-zero when the server does not answer with success.
            - Document count (servers without authentication): a sudden drop, especially to zero, usually
              means the indexer ran against the wrong or an empty folder.
            - Generation: it changes after each indexing run that changed something. If documents change
              but the generation does not, the indexer or make watch is not running.
            - Version: after an upgrade, every replica should report the new version.

            The indexer's own summary, written to stderr at the end of each run, lists skipped files with
            reasons. Keep it in the job's log and look at it when a document goes missing.
            """,
        ),
    ),
)


CHEAT_SHEET = Book(
    file_name="Search syntax cheat sheet.pdf",
    title="Search syntax cheat sheet",
    subject="The docsearch query language on three pages",
    keywords="docsearch search syntax query phrase field boolean wildcard",
    pages=(
        Page(
            "Plain words and phrases",
            r"""
            Plain natural language is the main path. Type what you want to know; documents that match your
            words best, especially in titles and headings, come first.

                how do I connect Claude Desktop
                rotate the signing key

            - Word forms are merged by stemming: indexing, indexed and indexes match each other.
            - Very common words such as the, of and to are ignored.
            - Upper and lower case do not matter in ordinary words.

            ## Exact phrases

            Double quotes find words next to each other, in order:

                "deep research"
                "address already in use"
            """,
        ),
        Page(
            "Fields and exact matches",
            r"""
            field:value limits a word to one field. Four fields exist:

                title:  words of the title           title:troubleshooting
                path:   words of the document id     path:connecting
                type:   markdown, pdf, text or html  type:pdf
                tag:    a front matter tag           tag:chatgpt

            Mix fields with plain words:

                type:pdf backup
                tag:reference cursor

            ## Exact match with =

            field=value matches the whole value exactly. Use it for ids and tags:

                path=getting-started/install.md
                tag=security
            """,
        ),
        Page(
            "Operators, wildcards and limits",
            r"""
            ## AND, OR, NOT and parentheses

            Write the operators in capitals. Parentheses group:

                tunnel AND (cloudflared OR ngrok)
                (claude OR cursor) AND config
                stdio NOT tag:cursor

            ## Suffix wildcard

            A * at the end of a word matches any ending: instal* finds install, installing and
            installation. Only suffix wildcards exist.

            ## Mistakes and limits

            - A query that does not parse, such as "deep research with no closing quote, is searched as
              its plain words. It is never an error.
            - A query longer than 1,000 characters is refused. Shorten it or split it.
            - An empty query is refused too.

            The full reference is reference/search-syntax.md in the user guide.
            """,
        ),
    ),
)


WALKTHROUGH = Book(
    file_name="deep-research-walkthrough.pdf",
    title="Deep research with docsearch: a walkthrough",
    subject="From a folder of documents to a cited ChatGPT deep research report",
    keywords="docsearch ChatGPT deep research search fetch citations walkthrough",
    pages=(
        Page(
            "Preparing the index",
            r"""
            Deep research in ChatGPT can use docsearch as a source. It calls only two tools: search, to
            find candidate documents, and fetch, to read them in full. This walkthrough follows one
            research session from start to finish.

            Start by indexing the documents with URLs that other people can open, so that the report's
            citations lead somewhere:

                make index DOCS=$HOME/handbook \
                  ARGS="--base-url https://handbook.example.com/ --drop-extensions"

            Then run make serve, open a tunnel (cloudflared tunnel --url http://127.0.0.1:8000) and add
            https://<tunnel-host>/mcp as a custom connector in ChatGPT, with no authentication.
            """,
        ),
        Page(
            "What happens during a session",
            r"""
            Suppose you ask: what is our policy for backing up production databases, and who approves
            exceptions? Deep research plans, then calls search several times with different wordings:

                search("database backup policy")
                search("backup exception approval")

            Each call returns up to 10 results, best first, each with an id, a title, a url and a short
            snippet from the best passage. The model reads the snippets and calls fetch on the documents
            worth reading:

                fetch("policies/backups.md")

            Long documents are cut at a documented limit; the fetch metadata then names the part ids for
            the rest. When the match is on page 12 of a 300-page manual, search can return
            manual.pdf#page=12 directly, and fetch returns just that page.
            """,
        ),
        Page(
            "Citations and good habits",
            r"""
            The report cites the documents it used. ChatGPT creates a citation only for results whose url
            is a non-empty string; docsearch always fills it in, and with --base-url the link opens the
            published page.

            ## Habits that improve reports

            - Describe the collection in the connector's description field, so the model knows when to use
              it.
            - Give documents clear titles and headings; they weigh more in ranking.
            - Keep one topic per section or page, so snippets are on point.
            - Re-index after changes (or keep make watch running); the server switches to the new index
              without a restart.
            - Stop the tunnel when the session is over: without authentication, anyone with the URL can
              read the indexed documents.
            """,
        ),
    ),
)


BOOKS = (OPERATIONS, CHEAT_SHEET, WALKTHROUGH)


def parse(body: str) -> list[Block]:
    """Split a page body written in the markup described at the top into blocks."""
    blocks = []
    for chunk in textwrap.dedent(body).strip("\n").split("\n\n"):
        lines = chunk.split("\n")
        if lines[0].startswith("## "):
            if len(lines) > 1:
                raise ValueError(f"a subheading stands alone, followed by a blank line: {chunk!r}")
            blocks.append(Block("h", (lines[0][3:],)))
        elif lines[0].startswith("    "):
            blocks.append(Block("code", tuple(line[4:] for line in lines)))
        elif lines[0].startswith("- "):
            items: list[str] = []
            for line in lines:
                if line.startswith("- "):
                    items.append(line[2:])
                else:
                    items[-1] += " " + line.strip()
            blocks.append(Block("ul", tuple(items)))
        else:
            blocks.append(Block("p", (" ".join(lines),)))
    return blocks


class GuidePDF(FPDF):
    """A plain A4 layout with the book title in the header and the page number in the footer."""

    def __init__(self, book: Book) -> None:
        super().__init__(format="A4")
        self.book = book
        self.set_auto_page_break(auto=False)
        self.set_margins(20, 20, 20)

    def header(self) -> None:
        self.set_font("helvetica", "I", 9)
        self.set_text_color(110)
        self.cell(0, 8, self.book.title, align="R", new_x="LMARGIN", new_y="NEXT")
        self.ln(4)

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font("helvetica", "I", 9)
        self.set_text_color(110)
        self.cell(0, 8, f"Page {self.page_no()} of {len(self.book.pages)}", align="C")


def render_block(pdf: GuidePDF, block: Block) -> None:
    pdf.set_text_color(0)
    if block.kind == "h":
        pdf.ln(2)
        pdf.set_font("helvetica", "B", 12)
        pdf.multi_cell(0, 7, block.lines[0], new_x="LMARGIN", new_y="NEXT")
    elif block.kind == "p":
        pdf.set_font("helvetica", "", 11)
        pdf.multi_cell(0, 6, block.lines[0], new_x="LMARGIN", new_y="NEXT")
    elif block.kind == "ul":
        pdf.set_font("helvetica", "", 11)
        for item in block.lines:
            pdf.set_x(pdf.l_margin + 4)
            pdf.multi_cell(0, 6, f"- {item}", new_x="LMARGIN", new_y="NEXT")
    else:
        pdf.set_font("courier", "", 10)
        for line in block.lines:
            pdf.set_x(pdf.l_margin + 6)
            pdf.multi_cell(0, 5, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)


def render(book: Book) -> bytes:
    pdf = GuidePDF(book)
    pdf.set_title(book.title)
    pdf.set_author("docsearch")
    pdf.set_subject(book.subject)
    pdf.set_keywords(book.keywords)
    pdf.set_creator("tests/build_corpus_pdfs.py")
    pdf.set_creation_date(FIXED_DATE)
    for page in book.pages:
        pdf.add_page()
        pdf.set_font("helvetica", "B", 16)
        pdf.multi_cell(0, 9, page.heading, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        for block in parse(page.body):
            render_block(pdf, block)
        if pdf.get_y() > pdf.h - 20:
            raise ValueError(f"{book.file_name}: page {page.heading!r} does not fit on one page")
    return bytes(pdf.output())


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for book in BOOKS:
        target = OUT_DIR / book.file_name
        target.write_bytes(render(book))
        print(f"wrote {target.relative_to(OUT_DIR.parent.parent)} ({len(book.pages)} pages)")


if __name__ == "__main__":
    main()
