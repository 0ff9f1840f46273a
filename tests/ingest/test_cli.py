"""`python -m indexer`: exit codes, one-line errors and the summary on stderr, nothing on stdout.

A few runs are real subprocesses (the entry point, stdout, the environment); the rest call cli.main() in-process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer import cli, summary
from indexer.settings import IndexerSettings

from support.folders import Main, document, found, index, needs_non_root, run_cli, text_of, write
from support.pdfs import make_pdf


def test_run_writes_the_index_and_its_summary_goes_to_stderr(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/install.md", "# Install\n\nThe cliwort page.\n")
    first = run_cli(docs, "--index", index_dir)
    assert first.returncode == 0, first.stderr
    assert first.stdout == ""
    assert "1 added, 0 updated, 0 removed" in first.stderr
    assert "(generation 1)" in first.stderr
    second = run_cli(docs, "--index", index_dir)
    assert second.returncode == 0, second.stderr
    assert second.stdout == ""
    assert "is up to date: 0 added, 0 updated, 0 removed" in second.stderr


def test_missing_docs_folder_exits_1_with_one_line(tmp_path: Path, index_dir: Path) -> None:
    result = run_cli(tmp_path / "nowhere", "--index", index_dir)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("indexer: error: ")
    assert "does not exist" in result.stderr
    assert not index_dir.exists()


def test_base_url_from_the_environment_is_used(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/install.md", "body\n")
    result = run_cli(docs, "--index", index_dir, env={"DOCSEARCH_BASE_URL": "https://env.example.com/"})
    assert result.returncode == 0, result.stderr
    assert document(index_dir, "guides/install.md").url == "https://env.example.com/guides/install.md"


def test_docs_that_is_a_file_exits_1(docs: Path, index_dir: Path, indexer_main: Main) -> None:
    ran = indexer_main(write(docs, "page.md", "body\n"), "--index", index_dir)
    assert ran.code == 1
    assert ran.out == ""
    assert ran.err.count("\n") == 1
    assert "is not a folder" in ran.err


@needs_non_root
def test_unwritable_index_folder_exits_1(docs: Path, tmp_path: Path, indexer_main: Main) -> None:
    write(docs, "page.md", "body\n")
    parent = tmp_path / "readonly"
    parent.mkdir()
    parent.chmod(0o555)
    try:
        ran = indexer_main(docs, "--index", parent / "index")
    finally:
        parent.chmod(0o755)
    assert ran.code == 1
    assert ran.err.count("\n") == 1
    assert "permission denied" in ran.err


def test_base_url_without_a_scheme_is_a_usage_error(
    docs: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main([str(docs), "--index", str(index_dir), "--base-url", "docs.example.com"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "error: --base-url: base URL must be absolute" in err  # the option as written, not the field
    assert "Value error" not in err
    assert not index_dir.exists()


def test_bad_setting_in_the_environment_is_a_usage_error(
    docs: Path, index_dir: Path, monkeypatch: pytest.MonkeyPatch, indexer_main: Main
) -> None:
    monkeypatch.setenv("DOCSEARCH_BASE_URL", "not-a-url")
    ran = indexer_main(docs, "--index", index_dir)
    assert ran.code == 2
    assert "bad environment setting: DOCSEARCH_BASE_URL: " in ran.err
    assert "Value error" not in ran.err


def test_bad_files_do_not_change_the_exit_code_and_are_listed(docs: Path, index_dir: Path, indexer_main: Main) -> None:
    write(docs, "good.md", "# Good\n\nfine\n")
    write(docs, "empty.md", b"")
    write(docs, "data.txt", bytes(range(256)) * 4)
    ran = indexer_main(docs, "--index", index_dir)
    assert ran.code == 0
    assert ran.out == ""
    assert "skipped 2 file(s):" in ran.err
    assert "    data.txt: binary content in a text file" in ran.err
    assert "    empty.md: empty file" in ran.err


def test_many_files_the_site_does_not_publish_are_one_line(docs: Path, index_dir: Path, indexer_main: Main) -> None:
    """A site's pages that it does not publish can be hundreds (an mdBook's listings): one line for them. A file
    skipped for a fault of its own is always named, however many share its reason."""
    write(docs, "_category_.json", "{}")  # a Docusaurus docs folder: files named _x are partials, no pages
    for n in range(12):
        write(docs, f"_part{n:02}.md", "Shared text.\n")
        write(docs, f"empty{n:02}.md", b"")
    write(docs, "page.md", "# Page\n\nWords.\n")
    ran = indexer_main(docs, "--index", index_dir)
    assert ran.code == 0
    assert "skipped 24 file(s):\n    12 files: a Docusaurus partial" in ran.err
    assert "(e.g. _part00.md, _part01.md, _part02.md)" in ran.err
    assert all(f"    empty{n:02}.md: empty file" in ran.err for n in range(12))


def test_max_file_size_option_sets_the_limit(docs: Path, index_dir: Path, indexer_main: Main) -> None:
    write(docs, "big.txt", "x " * 2000)
    ran = indexer_main(docs, "--index", index_dir, "--max-file-size", "0.001")
    assert ran.code == 0
    assert "big.txt: larger than the 0.001 MB limit (--max-file-size)" in ran.err


def test_quiet_run_prints_only_the_first_line_and_a_skipped_count(
    docs: Path, index_dir: Path, indexer_main: Main
) -> None:
    write(docs, "good.md", "fine\n")
    write(docs, "empty.md", b"")
    ran = indexer_main(docs, "--index", index_dir, "-q")
    assert ran.code == 0
    lines = ran.err.splitlines()
    assert len(lines) == 2
    assert "1 added, 0 updated, 0 removed" in lines[0]
    assert "skipped 1 file(s); run without --quiet for the list" in lines[1]


def test_quiet_run_counts_its_warnings_too(docs: Path, index_dir: Path, indexer_main: Main) -> None:
    """A page indexed with a warning is not listed by a quiet run, but counted: the user knows to look."""
    write(docs, "long.md", "# " + "very long title " * 40 + "\n\ntext\n")
    write(docs, "empty.md", b"")
    ran = indexer_main(docs, "--index", index_dir, "-q")
    assert ran.code == 0
    lines = ran.err.splitlines()
    assert len(lines) == 2
    assert "skipped 1 file(s), 1 warning(s); run without --quiet for the list" in lines[1]
    (docs / "empty.md").unlink()
    again = indexer_main(docs, "--index", index_dir, "-q", "--rebuild").err.splitlines()
    assert again[1:] == ["  1 warning(s); run without --quiet for the list"]


def test_redirect_pages_are_no_documents_and_are_said_once(docs: Path, index_dir: Path, indexer_main: Main) -> None:
    """pnpm.io keeps 36 stubs in static/ that send the reader on (`<meta http-equiv="refresh" content="0;
    url=/en/cli/list">`): each was listed as a file with "no text", as if it had failed; they are no pages, by
    design, said in one line. A page that only reloads itself now and then is a page."""
    stub = '<html><head><meta http-equiv="refresh" content="0; url=/en/cli/{}" /></head><body>Moved.</body></html>'
    for n in range(12):
        write(docs, f"static/old-{n}.html", stub.format(n))
    write(docs, "static/board.html", '<meta content="300" http-equiv="refresh"><h1>Board</h1><p>okapi board</p>')
    write(docs, "guide.md", "# Guide\n\nokapi guide\n")
    ran = indexer_main(docs, "--index", index_dir, "--no-embeddings")
    assert ran.code == 0
    assert sorted(found(index_dir, "okapi")) == ["guide.md", "static/board.html"]
    assert found(index_dir, "moved") == []
    assert "    12 files: a redirect (its meta refresh sends the reader to another address at once): no page" in ran.err
    assert "no text" not in ran.err


def test_summary_lists_counts_bytes_skipped_files_and_warnings(
    docs: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(docs, "a.md", "# A\n\nfine words\n")
    write(docs, "scan.pdf", make_pdf([""], title="Scan"))
    write(docs, "empty.md", b"")
    report = index(docs, index_dir)
    capsys.readouterr()
    summary.print_report(report, IndexerSettings(index=index_dir))
    out, err = capsys.readouterr()
    assert out == ""
    assert f"indexed into {index_dir} (generation 1)" in err
    assert "2 added, 0 updated, 0 removed" in err
    assert "2 documents in the index" in err
    assert "read 0.0 MB" in err
    assert "skipped 1 file(s):\n    empty.md: empty file" in err
    assert "indexed with warnings, 1:\n    scan.pdf: no text layer" in err


def test_summary_names_the_mkdocs_config_a_site_without_mkdocs_yml_is_read_by(
    tmp_path: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Textual has no mkdocs.yml but mkdocs-online.yml and mkdocs-offline.yml: the summary says which is read."""
    write(tmp_path, ".git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "mkdocs-common.yml", "site_name: Zebra\n")
    write(tmp_path, "mkdocs-online.yml", "INHERIT: mkdocs-common.yml\nsite_url: https://zebra.example/\n")
    write(tmp_path, "mkdocs-offline.yml", "INHERIT: mkdocs-common.yml\nplugins:\n  - offline\n")
    write(tmp_path, "docs/index.md", "# Zebra\n\nfine words\n")
    report = index(tmp_path / "docs", index_dir)
    capsys.readouterr()
    summary.print_report(report, IndexerSettings(index=index_dir))
    assert (
        "  no mkdocs.yml: DOCS is read as the MkDocs site that ../mkdocs-online.yml builds (../mkdocs-offline.yml "
        "builds another: not read)\n" in capsys.readouterr().err
    )


def test_summary_says_an_mkdocs_yml_inherits_a_file_not_there(
    tmp_path: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ruff's mkdocs.yml INHERITs mkdocs.generated.yml, written by its build: the summary says so, and which
    config the site is read as, or that it is read without the settings that file would give."""
    write(tmp_path, ".git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "mkdocs.yml", "INHERIT: mkdocs.generated.yml\n")
    write(tmp_path, "docs/index.md", "# Zebra\n\nfine words\n")
    report = index(tmp_path / "docs", index_dir)
    capsys.readouterr()
    summary.print_report(report, IndexerSettings(index=index_dir))
    assert (
        "  ../mkdocs.yml INHERITs ../mkdocs.generated.yml, which is not there (a build step writes it?): the site "
        "is read without the settings it gives (its address, its extensions)\n" in capsys.readouterr().err
    )
    write(tmp_path, "mkdocs.template.yml", "site_name: Zebra\nsite_url: https://zebra.example/\n")
    summary.print_report(index(tmp_path / "docs", index_dir), IndexerSettings(index=index_dir))
    err = capsys.readouterr().err
    assert (
        "  ../mkdocs.yml INHERITs ../mkdocs.generated.yml, which is not there (a build step writes it?): DOCS is read "
        "as the MkDocs site that ../mkdocs.template.yml builds\n" in err
    )
    assert "--base-url https://zebra.example/ --drop-extensions" in err


def test_summary_names_the_folder_that_holds_the_files_pages_include_from_outside_docs(
    tmp_path: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FastAPI's docs/en pages include their examples from ../../docs_src: the summary said "give --includes-from a
    folder that holds both", leaving the user to work out which; it names the repository's root. A file named
    beyond the project (../../../../etc/hostname) is not one to suggest a folder for."""
    repo = tmp_path / "repo"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "docs_src/app.py", "print('quokkaberry')\n")
    write(repo, "docs/en/mkdocs.yml", "site_name: Zebra\nmarkdown_extensions:\n  - mdx_include\n")
    write(repo, "docs/en/docs/index.md", "# Zebra\n\nThe app:\n\n```python\n{!../../docs_src/app.py!}\n```\n")
    write(repo, "docs/en/docs/odd.md", "# Odd\n\nA host:\n\n{!" + "../" * 30 + "etc/hostname!}\n")
    report = index(repo / "docs/en", index_dir)
    capsys.readouterr()
    summary.print_report(report, IndexerSettings(index=index_dir))
    assert f"  pages include files from outside DOCS: --includes-from {repo} holds them\n" in capsys.readouterr().err
    report = index(repo / "docs/en", index_dir, includes_from=repo)
    assert found(index_dir, "quokkaberry") == ["docs/index.md"]
    summary.print_report(report, IndexerSettings(index=index_dir, includes_from=repo))
    assert "pages include files from outside" not in capsys.readouterr().err
    (repo / "docs/en/docs/index.md").unlink()
    report = index(repo / "docs/en", tmp_path / "other")
    assert [w.id for w in report.warnings] == ["docs/odd.md"]
    summary.print_report(report, IndexerSettings(index=tmp_path / "other"))
    assert "pages include files from outside" not in capsys.readouterr().err


HUGO_INCLUDE = """{{- $file := .Get "file" -}}
{{- with site.GetPage $file -}}{{- .RenderShortcodes -}}
{{- else -}}{{- readFile (path.Join "content" $file) -}}{{- end -}}
"""


def test_summary_names_the_folder_that_holds_what_a_hugo_include_names_outside_docs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Hugo site's include shortcode refused outside DOCS (its template in the site's layouts/ when content/ is
    indexed alone; a file it names above the site) warned on its page, but the summary's line naming the folder
    to give --includes-from was missing: only the files includes.py's reader refused were counted."""
    repo, site = tmp_path / "repo", tmp_path / "repo/site"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "shared/nix.md", "Nix needs quokkaberry.\n")
    write(site, "hugo.yaml", "baseURL: https://zebra.example/\n")
    write(site, "layouts/shortcodes/g_include.html", HUGO_INCLUDE)
    write(site, "content/includes/token.md", "token: unicornfish\n")
    write(site, "content/docs/scoop.md", '# Scoop\n\nScoop settings:\n\n{{% g_include file="includes/token.md" %}}\n')
    write(site, "content/docs/nix.md", '# Nix\n\nNix settings:\n\n{{% g_include file="../../shared/nix.md" %}}\n')
    for docs, holder, page, sentinel in (
        (site / "content", site, "docs/scoop.md", "unicornfish"),  # the template is outside
        (site, repo, "content/docs/nix.md", "quokkaberry"),  # the file is outside
    ):
        index_dir = tmp_path / f"index-{docs.name}"
        report = index(docs, index_dir)
        capsys.readouterr()
        summary.print_report(report, IndexerSettings(index=index_dir))
        advice = f"  pages include files from outside DOCS: --includes-from {holder} holds them\n"
        assert advice in capsys.readouterr().err
        index(docs, index_dir, includes_from=holder)
        assert sentinel in text_of(index_dir, page)


def test_summary_names_the_folder_for_a_page_skipped_as_its_one_include_was_refused(
    tmp_path: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A docs/index.rst that is `.. include:: ../README.rst` alone is skipped with "no text" when the readme lies
    outside DOCS: the summary did not name the folder to give --includes-from, as a skipped page's refusals were
    not counted."""
    repo = tmp_path / "repo"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "README.rst", "Zebra\n=====\n\nThe readme of quokkaberry.\n")
    write(repo, "docs/index.rst", ".. include:: ../README.rst\n")
    report = index(repo / "docs", index_dir)
    capsys.readouterr()
    summary.print_report(report, IndexerSettings(index=index_dir))
    assert f"  pages include files from outside DOCS: --includes-from {repo} holds them\n" in capsys.readouterr().err
    index(repo / "docs", index_dir, includes_from=repo)
    assert found(index_dir, "quokkaberry") == ["index.rst"]


def test_summary_of_a_rename_counts_it_as_moved(
    docs: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(docs, "old.md", "moving words\n")
    index(docs, index_dir)
    (docs / "old.md").rename(docs / "new.md")
    summary.print_report(index(docs, index_dir), IndexerSettings(index=index_dir))
    assert "0 added, 0 updated, 0 removed, 1 moved" in capsys.readouterr().err


def test_summary_says_when_front_matter_url_paths_have_no_base_url(
    docs: Path, index_dir: Path, indexer_main: Main
) -> None:
    """A Hugo or Jekyll page's `url: /docs/install/` needs --base-url to become a link: without it the page is
    cited by its file:// URL, and the summary says so once, with the option that fixes it."""
    write(docs, "install.md", "---\nurl: /docs/install/\n---\n# Install\n\nsteps\n")
    write(docs, "setup.md", "---\nurl: /docs/setup/\n---\n# Setup\n\nsteps\n")
    write(docs, "plain.md", "# Plain\n\nno url of its own\n")
    write(docs, "site.md", "---\nurl: https://example.org/site/\n---\n# Site\n\nan absolute url\n")
    bare = indexer_main(docs, "--index", index_dir)
    assert bare.code == 0
    said = "2 document(s) given a URL in this run have a front matter url that is a path (e.g. /docs/install/)"
    assert said in bare.err
    assert "--base-url" in bare.err
    assert document(index_dir, "install.md").url.startswith("file://")
    joined = indexer_main(docs, "--index", index_dir, "--base-url", "https://example.org")
    assert joined.code == 0
    assert "front matter url that is a path" not in joined.err
    assert document(index_dir, "install.md").url == "https://example.org/docs/install/"
    again = indexer_main(docs, "--index", index_dir)  # the base URL dropped: every document's URL is remade
    assert "2 document(s) given a URL in this run have a front matter url that is a path" in again.err


def test_the_same_advice_on_many_pages_is_said_once_with_how_many_and_a_few(
    docs: Path, index_dir: Path, indexer_main: Main
) -> None:
    """SQLAlchemy's doc/build, indexed without its source, gave the same autodoc advice for each of 58 API
    pages: one line says it, with the count and a few of the pages and the objects they name. Warnings that
    differ per page, and those about a page itself however many share them, keep a line each."""
    write(docs, "conf.py", 'extensions = ["sphinx.ext.autodoc"]\n')
    write(docs, "index.rst", "Zoo\n===\n\nThe zoo.\n")
    for n in range(1, 21):
        body = f".. automodule:: zoo.mod{n:02}\n\n.. autoclass:: zoo.mod{n:02}.Thing\n\nAbout thing {n}.\n"
        write(docs, f"api/mod{n:02}.rst", f"Module {n}\n=========\n\n{body}")
    write(docs, "bad.rst", "Bad\n===\n\n.. include:: missing.rst\n\nwords\n")
    for n in range(3):
        write(docs, f"long{n}.rst", f"{'Long' * 100}\n{'=' * 400}\n\nwords\n")
    ran = indexer_main(docs, "--index", index_dir)
    assert ran.code == 0
    assert "indexed with warnings, 24:\n" in ran.err
    advice = (
        "    20 pages: autodoc: objects not found in the Python source in the documents folder (give "
        "--includes-from the folder that holds its package): only their names are shown (api/mod01.rst: "
        "zoo.mod01 and 1 more; api/mod02.rst: zoo.mod02 and 1 more; api/mod03.rst: zoo.mod03 and 1 more; and 17 "
        "more pages)\n"
    )
    assert ran.err.count(advice) == 1, ran.err
    assert "api/mod04.rst" not in ran.err
    assert "    bad.rst: included file missing.rst does not exist\n" in ran.err
    assert all(f"    long{n}.rst: title longer than 300 characters; cut\n" in ran.err for n in range(3)), ran.err


def test_the_same_file_missing_or_outside_docs_on_many_pages_is_one_line(
    tmp_path: Path, index_dir: Path, indexer_main: Main
) -> None:
    """Pages including examples from outside DOCS (FastAPI's docs_src) get one line saying what --includes-from
    is for; pages including the same missing file get one line naming it; two pages are two lines."""
    docs = tmp_path / "docs"
    for n in range(4):
        write(docs, f"guide{n}.rst", f"Guide {n}\n=======\n\n.. literalinclude:: ../examples/ex{n}.py\n\nwords\n")
    for name in ("a", "b", "c", "d"):
        write(docs, f"shared/{name}.rst", f"{name.upper()}\n=\n\n.. include:: _snippet.rst\n\nwords\n")
    for name in ("x", "y"):
        write(docs, f"pair/{name}.rst", f"{name.upper()}\n=\n\n.. include:: gone.rst\n\nwords\n")
    ran = indexer_main(docs, "--index", index_dir)
    assert ran.code == 0
    assert "indexed with warnings, 10:\n" in ran.err
    outside = (
        "    4 pages: files they include or import are outside the documents folder: not included (give "
        "--includes-from a folder that holds both) (guide0.rst: ../examples/ex0.py; guide1.rst: "
        "../examples/ex1.py; guide2.rst: ../examples/ex2.py; and 1 more page)\n"
    )
    assert ran.err.count(outside) == 1, ran.err
    missing = (
        "    4 pages: included file _snippet.rst does not exist (shared/a.rst, shared/b.rst, shared/c.rst, and 1 "
        "more)\n"
    )
    assert ran.err.count(missing) == 1, ran.err
    assert "    pair/x.rst: included file gone.rst does not exist\n" in ran.err
    assert "    pair/y.rst: included file gone.rst does not exist\n" in ran.err


def test_an_npm_package_missing_on_many_pages_is_one_line(tmp_path: Path, index_dir: Path, indexer_main: Main) -> None:
    """Ionic's 93 API pages import their property tables from an npm package that is not installed: one line
    names the package and what to run."""
    site = tmp_path / "site"
    write(site, "docusaurus.config.js", "module.exports = { url: 'https://example.org', baseUrl: '/' };\n")
    for name in ("accordion", "badge", "button", "card"):
        write(
            site,
            f"docs/api/{name}.md",
            f"import P from '@acme/api/{name}/props.md';\n\n# {name}\n\nThe {name}.\n\n<P />\n",
        )
    ran = indexer_main(site, "--index", index_dir)
    assert ran.code == 0
    said = (
        "    4 pages: @acme/api/...: not included: no node_modules/@acme/api above the page holds the files it "
        "imports (is the npm package installed? npm install in the site's folder) and no tsconfig.json or "
        "jsconfig.json names it as an alias (docs/api/accordion.md, docs/api/badge.md, docs/api/button.md, and 1 "
        "more)\n"
    )
    assert ran.err.count(said) == 1, ran.err
    assert "docs/api/card.md" not in ran.err
