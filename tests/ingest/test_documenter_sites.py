"""A Documenter.jl project (Julia's documentation generator) as its repositories hold one: docs/make.jl calling
makedocs, its pages in docs/src, the package's source beside in src/. Found by its make.jl, it gives its pages the
URLs the site serves (pretty URLs: each page a folder) and its summary the address make.jl names."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import all_ids, document, index, skipped, text_of, warnings_of, write

MAKE_JL = """using Documenter, Zebra

# prettyurls = false  (a comment: the site's URLs are pretty)
makedocs(
    sitename = "Zebra.jl",
    format = Documenter.HTML(
        prettyurls = !("local" in ARGS),
        canonical = "https://zebra.example/Zebra.jl/stable/",
    ),
    pages = ["Home" => "index.md", "Guide" => "man/guide.md"],
)
deploydocs(repo = "github.com/zebra/Zebra.jl.git")
"""


def _project(repo: Path, make_jl: str = MAKE_JL) -> None:
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "Project.toml", 'name = "Zebra"\n')
    write(repo, "src/Zebra.jl", '"""\n    frobnicate(x)\n"""\nfrobnicate(x) = x\n')
    write(repo, "benchmarks/make.jl", "run(`julia bench.jl`)\n")  # a script of that name, no site's
    write(repo, "docs/make.jl", make_jl)
    write(repo, "docs/README.md", "# How to build these docs\n\nRun make.jl.\n")
    write(repo, "docs/src/index.md", "# Zebra.jl\n\nThe zebracorn package.\n")
    write(repo, "docs/src/man/guide.md", "# Guide\n\nHow to frobnicate.\n")
    write(repo, "docs/src/lib/index.md", "# Library\n\nEvery function.\n")


URLS = {
    "index.md": "https://zebra.example/Zebra.jl/stable/",
    "man/guide.md": "https://zebra.example/Zebra.jl/stable/man/guide/",
    "lib/index.md": "https://zebra.example/Zebra.jl/stable/lib/",
}


@pytest.mark.parametrize("folder", ["docs", "docs/src"])
def test_a_documenter_site_is_found_by_its_make_jl_and_served_as_it_says(tmp_path: Path, folder: str) -> None:
    """Indexed from docs/ (make.jl's folder: its pages are those of src/, served from the site's root) or from
    docs/src, the summary names Documenter.jl, the address make.jl's `canonical` gives and --drop-extensions;
    with them each page has the URL the site serves it at, index.md its folder's."""
    _project(tmp_path / "repo")
    docs, index_dir = tmp_path / "repo" / folder, tmp_path / "index"
    report = index(docs, index_dir)
    assert (report.site, report.url_option) == ("Documenter.jl", "--drop-extensions")
    assert report.served_at == "https://zebra.example/Zebra.jl/stable/"
    report = index(docs, index_dir, base_url=report.served_at, drop_extensions=True)
    prefix = "src/" if folder == "docs" else ""
    assert sorted(all_ids(index_dir)) == sorted(prefix + doc_id for doc_id in URLS)
    for doc_id, url in URLS.items():
        assert document(index_dir, prefix + doc_id).url == url
    if folder == "docs":  # what lies beside src/ is no page of the site
        assert "src/" in skipped(report)["README.md"]


def test_indexed_from_the_repository_the_summary_names_the_docs_folder(tmp_path: Path) -> None:
    """A Julia package's root holds its source and tests: the summary names docs/, whose make.jl builds the site
    (not benchmarks/, whose make.jl calls no makedocs)."""
    _project(tmp_path / "repo")
    report = index(tmp_path / "repo", tmp_path / "index")
    assert report.nested_site == ("Documenter.jl", "docs")


def test_a_make_jl_that_turns_pretty_urls_off_serves_html_files(tmp_path: Path) -> None:
    """`prettyurls = false` serves `man/guide.md` at `man/guide.html`; a make.jl that calls no makedocs is no
    Documenter site's, and a folder of it keeps the rules all generators share."""
    _project(tmp_path / "repo", MAKE_JL.replace('!("local" in ARGS)', "false"))
    docs, index_dir = tmp_path / "repo" / "docs", tmp_path / "index"
    report = index(docs, index_dir)
    assert report.url_option == "--url-extension html"
    index(docs, index_dir, base_url=report.served_at, url_extension="html")
    assert document(index_dir, "src/man/guide.md").url == "https://zebra.example/Zebra.jl/stable/man/guide.html"
    report = index(tmp_path / "repo" / "benchmarks", tmp_path / "other")
    assert (report.site, report.served_at) == ("", "")


def test_an_mdbook_holding_a_julia_make_jl_is_still_an_mdbook_for_its_includes(tmp_path: Path) -> None:
    """A make.jl that calls no makedocs( is no Documenter config, for the summary and for the mdBook whose src/
    holds it alike: indexed from src/, the book's listings beside it are included, as for any mdBook."""
    book = tmp_path / "book"
    write(book, "book.toml", '[book]\ntitle = "The Book"\n')
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Listing](ch1.md)\n")
    write(book, "src/ch1.md", "# Listing\n\n{{#include ../listings/main.jl}}\n")
    write(book, "src/make.jl", "run(`mdbook build`)\n")
    write(book, "listings/main.jl", "zebracorn() = 1\n")
    report = index(book / "src", tmp_path / "index")
    assert "zebracorn() = 1" in text_of(tmp_path / "index", "ch1.md")
    assert not warnings_of(report, "ch1.md")
