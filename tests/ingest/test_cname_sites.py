"""Sites published on GitHub Pages under a domain of their own whose config names no address (mdBook's never
does): the run's summary names the address their CNAME (a file, or book.toml's `output.html.cname`) gives,
instead of `--base-url https://SITE`."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from indexer.model import IndexReport

from support.folders import Main, document, found, index, text_of, write

ADVICE = "no --base-url: pages are cited by file:// URLs; the site's config says it is served at "


def dev_guide(root: Path) -> Path:
    """A book shaped like the rustc dev guide: book.toml and a CNAME at the repository's root (its CI copies the
    CNAME into the built book), pages in src/ and below, an example the pages include from examples/."""
    write(root, "book.toml", '[book]\ntitle = "Compiler Guide"\n\n[output.html]\ngit-repository-url = "x"\n')
    write(root, "CNAME", "guide.zebracorn.example\n")
    write(root, "examples/driver.rs", "fn main() { run_quillfern(); }\n")
    write(root, "src/SUMMARY.md", "# Summary\n\n- [Queries](query.md)\n- [UI tests](tests/ui.md)\n")
    include = "```rust\n{{#include ../examples/driver.rs}}\n```\n"
    write(root, "src/query.md", f"# Queries\n\nDemand-driven zebracorn.\n\n{include}")
    write(root, "src/tests/ui.md", "# UI tests\n\nRun the ui tests with `./x test tests/ui`.\n")
    return root


@pytest.mark.parametrize(("folder", "served"), [(".", ""), ("src", ""), ("src/tests", "tests/")])
def test_a_book_with_a_cname_file_is_told_its_address(
    tmp_path: Path, indexer_main: Main, folder: str, served: str
) -> None:
    """The rustc dev guide's summary said `--base-url https://SITE`, though its CNAME names the domain GitHub Pages
    serves it at: from the repository, from src/ or a folder in it, the address given is the page's on the site,
    and the URLs it gives are the live site's."""
    docs = dev_guide(tmp_path / "guide") / folder
    address = f"https://guide.zebracorn.example/{served}"
    bare = indexer_main(docs, "--index", tmp_path / "bare", "--no-embeddings")
    assert f"{ADVICE}{address}: --base-url {address} --url-extension html cites them" in bare.err
    assert "https://SITE" not in bare.err
    cited = indexer_main(
        docs, "--index", tmp_path / "cited", "--no-embeddings", "--base-url", address, "--url-extension", "html"
    )
    assert cited.code == 0 and "no --base-url" not in cited.err
    ui = {".": "src/tests/ui.md", "src": "tests/ui.md", "src/tests": "ui.md"}[folder]
    assert document(tmp_path / "cited", ui).url == "https://guide.zebracorn.example/tests/ui.html"
    if folder != "src/tests":  # the page that includes the example from outside src/ shows it
        query = document(tmp_path / "cited", "src/query.md" if folder == "." else "query.md")
        assert query.url == "https://guide.zebracorn.example/query.html"
        assert "run_quillfern()" in text_of(tmp_path / "cited", query.id)


def test_book_toml_cname_and_site_url_and_a_cname_in_src(tmp_path: Path, indexer_main: Main) -> None:
    """mdBook's own `cname` option wins over a CNAME file, and `site-url` (the path the book is served at) is
    joined to it; without the option, a CNAME in src/ (mdBook copies it into the site) names the domain."""
    book = tmp_path / "book"
    write(book, "book.toml", '[output.html]\ncname = "Docs.Example.ORG"\nsite-url = "/handbook/"\n')
    write(book, "CNAME", "other.example.net\n")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(book, "src/intro.md", "# Intro\n\nA zebracorn.\n")
    ran = indexer_main(book, "--index", tmp_path / "i1", "--no-embeddings")
    assert f"{ADVICE}https://docs.example.org/handbook/: --base-url https://docs.example.org/handbook/" in ran.err
    write(book, "book.toml", '[book]\ntitle = "Book"\n')
    (book / "CNAME").unlink()
    write(book, "src/CNAME", "\n  book.example.com  \n")
    ran = indexer_main(book / "src", "--index", tmp_path / "i2", "--no-embeddings")
    assert f"{ADVICE}https://book.example.com/: --base-url https://book.example.com/ --url-extension html" in ran.err


@pytest.mark.parametrize(
    ("html", "address"),
    [
        ('site-url = "https://zebracorn.github.io/handbook/"\n', "https://zebracorn.github.io/handbook/"),
        (
            'site-url = "https://zebracorn.github.io/handbook/"\ncname = "docs.zebracorn.dev"\n',
            "https://docs.zebracorn.dev/",
        ),
        (
            'site-url = "https://docs.zebracorn.dev/handbook"\ncname = "docs.zebracorn.dev"\n',
            "https://docs.zebracorn.dev/handbook/",
        ),
    ],
    ids=["full-site-url", "github-io-site-url-and-cname", "site-url-on-the-cname"],
)
def test_a_full_site_url_is_the_address_or_the_path_on_the_cname(
    tmp_path: Path, indexer_main: Main, html: str, address: str
) -> None:
    """mdBook's `site-url` is a full URL where a preprocessor wants one (mdbook-rss-feed): it is where the book is
    hosted, and a book whose CNAME names another domain is served at that domain's root (GitHub Pages redirects
    there). A book with both gave https://docs.zebracorn.dev/https:/zebracorn.github.io/handbook/."""
    book = tmp_path / "book"
    write(book, "book.toml", f"[book]\ntitle = 'Book'\n\n[output.html]\n{html}")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(book, "src/intro.md", "# Intro\n\nA zebracorn.\n")
    ran = indexer_main(book, "--index", tmp_path / "index", "--no-embeddings")
    assert f"{ADVICE}{address}: --base-url {address} --url-extension html" in ran.err


@pytest.mark.parametrize(
    "cname",
    [
        b"https://guide.example.org/",  # a URL: GitHub Pages takes a domain alone
        b"guide example org",
        b"localhost",
        b"-bad-.example.org",
        b"a." * 50_000,
        b"\x00\xff\xfe" * 1_000,
        b"",
    ],
)
def test_a_cname_that_names_no_domain_leaves_the_advice_as_it_was(
    tmp_path: Path, indexer_main: Main, cname: bytes
) -> None:
    """A CNAME that is no host name, a huge one, or a binary one gives no address, quickly and without a crash:
    the summary asks for `--base-url https://SITE` as it does for a book that names none."""
    book = tmp_path / "book"
    write(book, "book.toml", f'[output.html]\ncname = "{"a" * 100_000}"\n')
    write(book, "CNAME", cname)
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(book, "src/intro.md", "# Intro\n\nA zebracorn.\n")
    started = time.monotonic()
    ran = indexer_main(book, "--index", tmp_path / "index", "--no-embeddings")
    assert time.monotonic() - started < 10
    assert ran.code == 0
    assert "DOCS is built with mdBook: --base-url https://SITE --url-extension html" in ran.err


def test_a_folder_named_cname_is_no_domain(tmp_path: Path, indexer_main: Main) -> None:
    book = tmp_path / "book"
    write(book, "book.toml", "[book]\n")
    write(book, "CNAME/README.md", "guide.example.org\n")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(book, "src/intro.md", "# Intro\n\nA zebracorn.\n")
    ran = indexer_main(book / "src", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0 and "--base-url https://SITE --url-extension html" in ran.err


def test_a_named_pipe_called_cname_is_no_domain_and_no_wait(tmp_path: Path) -> None:
    """A CNAME that is a named pipe with no writer: the run read it and waited for ever."""
    book = tmp_path / "book"
    write(book, "book.toml", "[book]\n")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(book, "src/intro.md", "# Intro\n\nA zebracorn.\n")
    os.mkfifo(book / "src/CNAME")
    reports: list[IndexReport] = []
    run = threading.Thread(target=lambda: reports.append(index(book, tmp_path / "index")), daemon=True)
    run.start()
    run.join(timeout=30)  # a hang detector
    assert reports, "reading a named pipe blocked"
    assert reports[0].served_at == "" and found(tmp_path / "index", "zebracorn") == ["src/intro.md"]


def test_an_mkdocs_project_without_site_url_is_told_the_domain_of_its_docs_cname(
    tmp_path: Path, indexer_main: Main
) -> None:
    """MkDocs' docs tell a project served under its own domain to put a CNAME in docs_dir (`mkdocs gh-deploy`
    copies it): with no `site_url`, that domain is the address, from the project's folder and from docs/; a
    `site_url` still wins, and a CNAME elsewhere in the project is none of the site's."""
    project = tmp_path / "project"
    write(project, "mkdocs.yml", "site_name: Zebracorn\n")
    write(project, "docs/CNAME", "zebracorn.example.dev\n")
    write(project, "docs/setup.md", "# Setup\n\nInstall the zebracorn.\n")
    for docs in (project, project / "docs"):
        ran = indexer_main(docs, "--index", tmp_path / "index", "--rebuild", "--no-embeddings")
        assert f"{ADVICE}https://zebracorn.example.dev/: --base-url https://zebracorn.example.dev/ --drop-" in ran.err
    cited = indexer_main(
        project, "--index", tmp_path / "cited", "--no-embeddings",
        "--base-url", "https://zebracorn.example.dev/", "--drop-extensions",
    )  # fmt: skip
    assert cited.code == 0 and "no --base-url" not in cited.err
    assert document(tmp_path / "cited", "docs/setup.md").url == "https://zebracorn.example.dev/setup/"
    write(project, "mkdocs.yml", "site_name: Zebracorn\nsite_url: https://docs.zebracorn.org/\n")
    ran = indexer_main(project, "--index", tmp_path / "i2", "--no-embeddings")
    assert f"{ADVICE}https://docs.zebracorn.org/:" in ran.err
    write(project, "mkdocs.yml", "site_name: Zebracorn\n")
    (project / "docs/CNAME").rename(project / "CNAME")
    ran = indexer_main(project, "--index", tmp_path / "i3", "--no-embeddings")
    assert "DOCS is built with MkDocs: --base-url https://SITE --drop-extensions" in ran.err


def test_a_jekyll_site_without_url_is_told_the_domain_of_its_cname(tmp_path: Path, indexer_main: Main) -> None:
    """GitHub's Jekyll takes `site.url` from the site's CNAME when _config.yml gives none: that domain, joined
    with `baseurl`, is the address; a `url` in the config still wins."""
    site = tmp_path / "site"
    write(site, "_config.yml", 'title: Zebracorn\nbaseurl: "/handbook"\n')
    write(site, "CNAME", "www.zebracorn.example\n")
    write(site, "setup.md", "---\ntitle: Setup\n---\nInstall the zebracorn.\n")
    ran = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings")
    address = "https://www.zebracorn.example/handbook/"
    assert f"{ADVICE}{address}: --base-url {address} --url-extension html" in ran.err
    write(site, "_config.yml", 'title: Zebracorn\nurl: "https://zebracorn.org"\n')
    ran = indexer_main(site, "--index", tmp_path / "i2", "--no-embeddings")
    assert f"{ADVICE}https://zebracorn.org/:" in ran.err


@pytest.mark.parametrize(
    "toml", ['[output.html\ncname = "x.example.org"\n', "output = 3\n", "[output]\nhtml = [1]\n", "[" * 100_000]
)
def test_a_book_toml_that_is_no_table_of_outputs_falls_back_to_the_cname_file(
    tmp_path: Path, indexer_main: Main, toml: str
) -> None:
    book = tmp_path / "book"
    write(book, "book.toml", toml)
    write(book, "src/CNAME", "book.zebracorn.example\n")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(book, "src/intro.md", "# Intro\n\nA zebracorn.\n")
    ran = indexer_main(book / "src", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0 and f"{ADVICE}https://book.zebracorn.example/:" in ran.err


@pytest.mark.parametrize(
    ("config", "content"),
    [
        ("hugo.toml", "baseURL = 'https://example.org/'\ntitle = 'My New Hugo Site'\n"),
        ("hugo.yaml", "title: Zebracorn\n"),
    ],
)
def test_a_hugo_site_with_the_starters_base_url_is_told_the_domain_of_its_static_cname(
    tmp_path: Path, indexer_main: Main, config: str, content: str
) -> None:
    """`hugo new site` writes `baseURL = 'https://example.org/'`, which the summary gave as the site's address (every
    page cited at example.org); GitHub's Hugo workflow passes the real one when it builds. The placeholder is no
    address: the CNAME Hugo copies from static/ names the site's, and without one the summary asks for it."""
    site = tmp_path / "site"
    write(site, config, content)
    write(site, "content/docs/setup.md", "---\ntitle: Setup\n---\nInstall the zebracorn.\n")
    ran = indexer_main(site, "--index", tmp_path / "i1", "--no-embeddings")
    assert "example.org" not in ran.err
    assert "DOCS is built with Hugo: --base-url https://SITE --drop-extensions" in ran.err
    write(site, "static/CNAME", "zebracorn.dev\n")
    for docs in (site, site / "content"):
        ran = indexer_main(docs, "--index", tmp_path / "i2", "--rebuild", "--no-embeddings")
        assert f"{ADVICE}https://zebracorn.dev/: --base-url https://zebracorn.dev/ --drop-extensions" in ran.err


@pytest.mark.parametrize(
    "url", ["https://your-docusaurus-site.example.com", "https://your-docusaurus-test-site.com", "http://EXAMPLE.com"]
)
def test_a_docusaurus_template_url_is_no_address(tmp_path: Path, indexer_main: Main, url: str) -> None:
    """Docusaurus's templates write a `url` of their own until the site names its own: the summary asks for the
    address rather than give the template's."""
    site = tmp_path / "site"
    write(site, "docusaurus.config.js", f"module.exports = {{ url: '{url}', baseUrl: '/' }};\n")
    write(site, "docs/intro.md", "# Intro\n\nA zebracorn.\n")
    ran = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0 and "served at" not in ran.err and "--base-url https://SITE" in ran.err


def test_a_vitepress_site_without_a_sitemap_hostname_is_told_the_domain_of_its_public_cname(
    tmp_path: Path, indexer_main: Main
) -> None:
    """VitePress serves srcDir's public/ as it is, a CNAME in it too: with no sitemap hostname in the config, its
    domain joined with `base` is the address, from the site's folder and from srcDir."""
    site = tmp_path / "site"
    write(site, ".vitepress/config.mts", "export default {\n  srcDir: 'docs',\n  cleanUrls: true,\n}\n")
    write(site, "docs/public/CNAME", "zebracorn.dev\n")
    write(site, "docs/guide/setup.md", "# Setup\n\nInstall the zebracorn.\n")
    for docs in (site, site / "docs"):
        ran = indexer_main(docs, "--index", tmp_path / "index", "--rebuild", "--no-embeddings")
        assert f"{ADVICE}https://zebracorn.dev/: --base-url https://zebracorn.dev/ --drop-extensions" in ran.err
    (site / "docs/public/CNAME").unlink()
    ran = indexer_main(site, "--index", tmp_path / "i2", "--no-embeddings")
    assert "DOCS is built with VitePress: --base-url https://SITE --drop-extensions" in ran.err
