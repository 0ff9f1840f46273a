"""Issue 19: what real folders and a hostile-input run found in the indexer. Each file is made here, the real
pipeline (or the real command) indexes it, and the assertion is on what a user sees: the run ends, the file is a
document or a listed skip with its reason, and the index holds clean text."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from indexer.ingest.jobs import Failed, Job, run_job
from indexer.ingest.records import MAX_DISTINCT_WORDS, MAX_TITLE_CHARS
from indexer.store import storage
from indexer.store.docstore import Stamp

from support.folders import all_ids, document, found, index, run_cli, skipped, snapshot, warnings_of, write
from support.pdfs import pdf_mapping_letter_a_to


def front_matter(index_dir: Path, doc_id: str) -> dict[str, object]:
    """The front matter the index stored for a document (what a later run reads back)."""
    generation = storage.current_generation(index_dir)
    assert generation is not None
    db = sqlite3.connect(generation / storage.DOCSTORE)
    try:
        (value,) = db.execute("SELECT front_matter FROM documents WHERE id = ?", (doc_id,)).fetchone()
    finally:
        db.close()
    return dict(json.loads(value))


# 1. Front matter values that are not JSON types


HUGO_PAGE = """---
title: Page {n}
date: 2024-05-26T09:10:33-07:00
expiryDate: 2028-06-06
publishDate: 2024-05-26
tags: [dates, page{n}]
---

The datewort page number {n}.
"""


def test_folder_whose_front_matter_has_dates_indexes_with_the_default_pool(docs: Path, index_dir: Path) -> None:
    for n in range(40):  # enough files for the worker processes
        write(docs, f"posts/page{n:02}.md", HUGO_PAGE.format(n=n))
    result = run_cli(docs, "--index", index_dir)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "40 added" in result.stderr
    assert len(found(index_dir, "datewort")) == 40
    stored = front_matter(index_dir, "posts/page07.md")
    assert stored["expiryDate"] == "2028-06-06"
    assert stored["date"] == "2024-05-26T09:10:33-07:00"


def test_odd_yaml_values_are_kept_as_text_or_dropped_with_a_warning(docs: Path, index_dir: Path) -> None:
    write(docs, "odd.md", "---\nblob: !!binary aGVsbG8=\nkinds: !!set {b, a}\nratio: .nan\n---\n\nThe oddwort page.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "oddwort") == ["odd.md"]
    assert front_matter(index_dir, "odd.md") == {"kinds": ["a", "b"], "ratio": "nan"}
    reasons = " ".join(warnings_of(report, "odd.md"))
    assert "'blob' is binary data" in reasons
    assert "'ratio' is not a finite number" in reasons


def test_front_matter_nested_995_levels_deep_is_cut_with_a_warning(docs: Path, index_dir: Path) -> None:
    write(docs, "deep.md", "---\nx: " + "[" * 995 + "]" * 995 + "\n---\n\nThe deepwort page.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "deepwort") == ["deep.md"]
    assert any("nests deeper than" in w for w in warnings_of(report, "deep.md"))


def test_toml_front_matter_is_read(docs: Path, index_dir: Path) -> None:
    write(docs, "toml.md", '+++\ntitle = "Tomlwort guide"\ndate = 2024-01-02T03:04:05Z\n+++\n\nBody text.\n')
    index(docs, index_dir)
    assert document(index_dir, "toml.md").title == "Tomlwort guide"
    assert "title =" not in snapshot(index_dir).text("toml.md")


# 2. YAML alias expansion

LAUGHS = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
    for prev, name in zip(["", *"abcdefgh"], "abcdefghi", strict=True)
)


def test_billion_laughs_front_matter_is_refused_and_the_body_indexed(docs: Path, index_dir: Path) -> None:
    write(docs, "laughs.md", f"---\n{LAUGHS}tags: *i\n---\n\nThe laughwort page.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "laughwort") == ["laughs.md"]
    assert any("alias bomb" in w for w in warnings_of(report, "laughs.md"))
    assert document(index_dir, "laughs.md").tags == ()


def test_unreadable_front_matter_that_names_access_groups_is_not_indexed(docs: Path, index_dir: Path) -> None:
    write(docs, "secret.md", f"---\naccess: [finance]\n{LAUGHS}---\n\nThe secretwort page.\n")
    write(docs, "broken.md", "---\naccess: [finance]\ntitle: [unclosed\n---\n\nThe brokenwort page.\n")
    report = index(docs, index_dir)
    assert "names access groups" in skipped(report)["secret.md"]
    assert "names access groups" in skipped(report)["broken.md"]
    assert all_ids(index_dir) == []


# 3. Every loader's text is cleaned


def test_lone_surrogate_in_a_pdf_is_replaced_and_the_run_goes_on(docs: Path, index_dir: Path) -> None:
    write(docs, "mapped.pdf", pdf_mapping_letter_a_to("D800", "Surrogatewort page AB"))
    write(docs, "plain.md", "# Plain\n\nThe plainwort page.\n")
    report = index(docs, index_dir)
    assert report.skipped == ()
    assert found(index_dir, "surrogatewort") == ["mapped.pdf"]
    text = snapshot(index_dir).text("mapped.pdf")
    assert text is not None and "\ufffd" in text


def test_control_characters_and_escape_sequences_never_reach_the_text(docs: Path, index_dir: Path) -> None:
    write(docs, "log.txt", "\x1b[31mredwort\x1b[0m alert\x07bell\x01soh\ufeff\x85next\x0cpage two\n")
    index(docs, index_dir)
    text = snapshot(index_dir).text("log.txt")
    assert text == "redwort alertbellsohnext\npage two"
    assert found(index_dir, "redwort") == ["log.txt"]


def test_invisible_characters_inside_words_leave_the_words_whole(docs: Path, index_dir: Path) -> None:
    """A soft hyphen (`&shy;`), a zero-width space or a word joiner shows nothing: the word is read and found whole."""
    write(docs, "de.md", "# Seite\n\nEin Dokumentations&shy;framework, zebra\u200bcorn und unicorn\u2060fish.\n")
    index(docs, index_dir)
    assert snapshot(index_dir).text("de.md") == "Seite\n\nEin Dokumentationsframework, zebracorn und unicornfish."
    assert found(index_dir, "Dokumentationsframework") == found(index_dir, "zebracorn") == ["de.md"]


# 4. Bad patterns in the folder's ignore and access files


@pytest.mark.parametrize("name", [".docsearchignore", ".docsearchaccess"])
@pytest.mark.parametrize("pattern", ["!", "[z-a]"])
def test_bad_pattern_is_a_one_line_error_naming_file_line_and_problem(
    docs: Path, index_dir: Path, name: str, pattern: str
) -> None:
    write(docs, "page.md", "# Page\n\nBody.\n")
    groups = " staff" if name == ".docsearchaccess" else ""
    write(docs, name, f"# comment\ndrafts/{groups}\n{pattern}{groups}\n")
    result = run_cli(docs, "--index", index_dir)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"indexer: error: {docs / name}, line 3: {pattern!r} is not a valid pattern")


# 5. Symbolic links that leave the folder


def test_links_out_of_the_folder_are_skipped_and_listed_unless_followed(
    docs: Path, index_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    write(outside, "passwd.txt", "root:x:0:0:rootwort:/root:/bin/bash\n")
    write(outside, "etc/shadow.txt", "nologinwort\n")
    (docs / "passwd.txt").symlink_to(outside / "passwd.txt")
    (docs / "etc").symlink_to(outside / "etc")
    write(docs, "inside/target.md", "# Target\n\nThe insidewort page.\n")
    (docs / "alias.md").symlink_to(docs / "inside/target.md")
    report = index(docs, index_dir)
    assert skipped(report) == {
        "etc/": "symbolic link points outside the folder (--follow-symlinks to index it)",
        "passwd.txt": "symbolic link points outside the folder (--follow-symlinks to index it)",
    }
    assert found(index_dir, "rootwort") == [] and found(index_dir, "nologinwort") == []
    assert sorted(found(index_dir, "insidewort")) == ["alias.md", "inside/target.md"]  # links inside are fine
    followed = index(docs, index_dir, follow_symlinks=True)
    assert followed.skipped == ()
    assert found(index_dir, "rootwort") == ["passwd.txt"]
    assert found(index_dir, "nologinwort") == ["etc/shadow.txt"]


def test_file_swapped_for_a_link_out_of_the_folder_after_the_scan_is_not_read(docs: Path, tmp_path: Path) -> None:
    secret = write(tmp_path / "outside", "secret.txt", "swapwort\n")
    path = docs / "page.txt"
    path.symlink_to(secret)
    job = Job(id="page.txt", path=str(path), stamp=Stamp(9, 0), max_size=10**6, root=str(docs.resolve()))
    outcome = run_job(job)
    assert isinstance(outcome, Failed)
    assert "points outside the folder" in outcome.reason


# 6. A file that is no longer a regular file when it is read


def test_file_replaced_by_a_fifo_is_skipped_without_blocking(docs: Path) -> None:
    fifo = docs / "notes.txt"
    os.mkfifo(fifo)  # a reader would block until a writer comes, for ever
    outcomes: list[object] = []
    job = Job(id="notes.txt", path=str(fifo), stamp=Stamp(100, 0), max_size=10**6, time_limit=30)
    reader = threading.Thread(target=lambda: outcomes.append(run_job(job)), daemon=True)
    reader.start()
    reader.join(timeout=20)  # a hang detector: the file is refused at once
    assert outcomes, "reading a FIFO blocked"
    outcome = outcomes[0]
    assert isinstance(outcome, Failed)
    assert outcome.reason == "not a regular file (a FIFO, socket or device)"


# 10. File names that would forge lines of the summary


def test_file_names_with_control_characters_are_escaped_in_the_summary(docs: Path, index_dir: Path) -> None:
    write(docs, "evil\n    forged.md: all good\n.md", b"")  # an empty file: listed as skipped
    write(docs, "bell\x07.md", "# Bell\n\nBody.\n")
    result = run_cli(docs, "--index", index_dir)
    assert result.returncode == 0, result.stderr
    assert "\n    forged.md: all good" not in result.stderr
    assert "    evil\\n    forged.md: all good\\n.md: empty file" in result.stderr
    assert "\x07" not in result.stderr


# 11 and 22. Titles and URLs from front matter


def test_long_title_is_cut_with_a_warning(docs: Path, index_dir: Path) -> None:
    write(docs, "long.md", "---\ntitle: " + "Longwort " * 500 + "\n---\n\nBody.\n")
    report = index(docs, index_dir)
    title = snapshot(index_dir).search("longwort")[0].document.title
    assert len(title) <= MAX_TITLE_CHARS
    assert title.startswith("Longwort Longwort") and title.endswith("…")
    assert any("title longer than" in w for w in warnings_of(report, "long.md"))


def test_megabyte_front_matter_is_refused_and_the_title_comes_from_the_file_name(docs: Path, index_dir: Path) -> None:
    write(docs, "huge-title.md", "---\ntitle: " + "Longwort " * 120_000 + "\n---\n\nThe bodywort.\n")
    report = index(docs, index_dir)
    assert snapshot(index_dir).search("bodywort")[0].document.title == "Huge title"
    assert any("front matter is longer than" in w for w in warnings_of(report, "huge-title.md"))


@pytest.mark.parametrize("url", ["javascript:alert(1)", "data:text/html,<script>x</script>", "file:///etc/passwd"])
def test_front_matter_url_that_is_not_http_is_ignored_with_a_warning(docs: Path, index_dir: Path, url: str) -> None:
    write(docs, "page.md", f"---\nurl: '{url}'\n---\n\nBody.\n")
    report = index(docs, index_dir, base_url="https://docs.example.com/")
    assert document(index_dir, "page.md").url == "https://docs.example.com/page.md"
    assert any("is not an http(s) URL; ignored" in w for w in warnings_of(report, "page.md"))


def test_front_matter_url_path_is_joined_to_the_base_url_or_ignored(docs: Path, index_dir: Path) -> None:
    write(docs, "commands/server.md", "---\nurl: /commands/server/\n---\n\nBody.\n")
    index(docs, index_dir, base_url="https://gohugo.example/")
    assert document(index_dir, "commands/server.md").url == "https://gohugo.example/commands/server/"
    index(docs, index_dir, rebuild=True)
    assert document(index_dir, "commands/server.md").url.startswith("file://")


# 23. Pages made of a title and a description


def test_page_with_a_description_and_no_body_is_a_document(docs: Path, index_dir: Path) -> None:
    write(docs, "content/_index.md", "---\ntitle: Functions\ndescription: Use these descwort functions.\n---\n")
    write(docs, "content/empty.md", "---\ntitle: Nothing\n---\n")
    report = index(docs, index_dir)
    assert found(index_dir, "descwort") == ["content/_index.md"]
    assert snapshot(index_dir).text("content/_index.md") == "Use these descwort functions."
    assert skipped(report) == {"content/empty.md": "no text"}


def test_description_is_searched_and_shown_before_the_body(docs: Path, index_dir: Path) -> None:
    write(docs, "guide.md", "---\ndescription: How to summarwort things.\n---\n\n# Guide\n\nThe body.\n")
    write(docs, "same.md", "---\ndescription: Opening line here.\n---\n\nOpening line here. And more.\n")
    index(docs, index_dir)
    hit = snapshot(index_dir).search("summarwort")[0]
    assert hit.document.id == "guide.md"
    assert "summarwort" in hit.snippet
    assert snapshot(index_dir).text("guide.md").startswith("How to summarwort things.")
    assert snapshot(index_dir).text("same.md") == "Opening line here. And more."  # not said twice


def test_html_in_a_description_leaves_nothing(docs: Path, index_dir: Path) -> None:
    """OpenTelemetry's language pages open their description with an icon (`<img class="otel-icon" ...>`): 27
    pages' text began with the tag."""
    write(
        docs,
        "python.md",
        '---\ndescription: >-\n  <img width="35" src="python.svg" alt=""> A quetzalwort\n  guide\n---\n',
    )
    index(docs, index_dir)
    assert snapshot(index_dir).text("python.md") == "A quetzalwort guide"


# Memory and time per file are bounded


def test_text_of_random_words_is_cut_at_the_distinct_word_limit(docs: Path, index_dir: Path) -> None:
    words = [f"w{n:x}q" for n in range(MAX_DISTINCT_WORDS + 20_000)]
    write(docs, "random.txt", " ".join(words) + " tailwort\n")
    report = index(docs, index_dir)
    assert any("distinct words" in w for w in warnings_of(report, "random.txt"))
    assert found(index_dir, words[100]) == ["random.txt"]
    assert found(index_dir, "tailwort") == []


def test_compounds_of_a_few_words_count_as_the_distinct_words_they_index(docs: Path, index_dir: Path) -> None:
    """Each compound is a word of its own in the index (its whole): 220,000 pairs of 600 words are cut too."""
    vocabulary = [f"w{n:x}q" for n in range(600)]
    pairs = [f"{a}-{b}" for a in vocabulary for b in vocabulary][: MAX_DISTINCT_WORDS + 20_000]
    write(docs, "pairs.txt", " ".join(pairs) + " tailwort\n")
    report = index(docs, index_dir)
    assert any("distinct words" in w for w in warnings_of(report, "pairs.txt"))
    assert found(index_dir, "tailwort") == []


# 18 (in part). A folder whose files no loader reads says so


def test_files_no_loader_reads_are_counted_by_type_in_the_summary(docs: Path, index_dir: Path) -> None:
    for n in range(3):
        write(docs, f"slides/deck{n}.key", b"PK\x03\x04" + bytes(50))
    write(docs, "diagram.vsdx", b"PK\x03\x04" + bytes(50))
    write(docs, "Makefile", "all:\n")
    write(docs, ".hidden.key", b"x")  # hidden: left out without a word, as before
    result = run_cli(docs, "--index", index_dir, "-q")
    assert result.returncode == 0, result.stderr
    assert "0 added" in result.stderr
    assert "5 file(s) of types no loader reads: .key 3, (no extension) 1, .vsdx 1" in result.stderr


@pytest.mark.parametrize(
    ("config", "settings", "page", "body"),
    [
        (
            "_quarto.yml",
            "when: 2024-02-30\n",
            "page.qmd",
            "---\ntitle: Walrus\n---\n\nQuokka text {{< meta when >}}.\n",
        ),
        (
            "antora.yml",
            "name: walrus\nversion: ~\nwhen: 2024-02-30\n",
            "modules/ROOT/pages/page.adoc",
            "= Walrus\n\nQuokka.\n",
        ),
        (
            "mkdocs.yml",
            "site_name: Walrus\nplugins:\n  - mkdocstrings\n",
            "docs/page.md",
            "# Walrus\n\nQuokka text.\n\n::: pkg.mod\n    options:\n      when: 2024-02-30\n",
        ),
    ],
    ids=["quarto", "antora", "mkdocstrings options"],
)
def test_a_config_date_that_does_not_exist_costs_no_page(
    tmp_path: Path, config: str, settings: str, page: str, body: str
) -> None:
    """PyYAML fails on `2024-02-30` with a ValueError, not a YAMLError: a site config (or a directive's options)
    holding one lost the page that read it."""
    site = tmp_path / "site"
    write(site, config, settings)
    write(site, "pkg/mod.py", '"""The walrus module."""\n')
    write(site, page, body)
    report = index(site, tmp_path / "index")
    assert found(tmp_path / "index", "quokka"), (report.skipped, report.warnings)


# A site's config or other file it reads by name is a named pipe: read by name, it held the whole run, waiting for a
# writer, for ever (a FIFO named so in the folder: book.toml, SUMMARY.md, _config.yml, .docsearchignore ...)
PIPED = [
    pytest.param(
        {"book.toml": "[book]\ntitle = 'x'\n", "src/page.md": "# Page\n\nzebracorn\n"}, "src/SUMMARY.md", id="summary"
    ),
    pytest.param(
        {"src/SUMMARY.md": "- [Page](page.md)\n", "src/page.md": "# Page\n\nzebracorn\n"}, "book.toml", id="book-toml"
    ),
    pytest.param({"page.md": "# {{ site.title }}\n\nzebracorn\n"}, "_config.yml", id="jekyll-config"),
    pytest.param({"mkdocs.yml": "site_name: x\n", "docs/page.md": "# Page\n\nzebracorn\n"}, "docs/CNAME", id="cname"),
    pytest.param(
        {"conf.py": "project = 'x'\n", "page.rst": "Page\n====\n\nzebracorn :ref:`nowhere`\n"},
        "other.rst",
        id="sphinx-labels",
    ),
    pytest.param({"Book.docc/page.md": "# Page\n\nzebracorn\n"}, "Book.docc/Info.plist", id="docc-info-plist"),
    pytest.param({"page.md": "# Page\n\nzebracorn\n"}, ".docsearchignore", id="ignore-file"),
]


@pytest.mark.parametrize(("files", "piped"), PIPED)
def test_a_file_read_by_name_that_is_a_named_pipe_stalls_nothing(
    docs: Path, index_dir: Path, files: dict[str, str], piped: str
) -> None:
    for name, text in files.items():
        write(docs, name, text)
    (docs / piped).parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(docs / piped)
    result = run_cli(docs, "--index", index_dir, "--no-embeddings")  # (run_cli gives up after 60 s)
    assert result.returncode == 0, result.stderr
    assert found(index_dir, "zebracorn")


def test_an_access_file_that_is_a_named_pipe_stops_the_run_with_its_reason(docs: Path, index_dir: Path) -> None:
    """Not read, the access file would give no rules: every document open to every caller."""
    write(docs, "page.md", "# Page\n\nzebracorn\n")
    os.mkfifo(docs / ".docsearchaccess")
    result = run_cli(docs, "--index", index_dir, "--no-embeddings")
    assert result.returncode != 0
    assert ".docsearchaccess cannot be read: not a regular file" in result.stderr


def test_an_ignore_file_that_is_a_named_pipe_is_said_to_leave_nothing_out(docs: Path, index_dir: Path) -> None:
    """Not read, it leaves out none of the files it would name: the run says so rather than indexing them unsaid."""
    write(docs, "page.md", "# Page\n\nzebracorn\n")
    os.mkfifo(docs / ".docsearchignore")
    result = run_cli(docs, "--index", index_dir, "--no-embeddings")
    assert result.returncode == 0, result.stderr
    assert ".docsearchignore cannot be read (not a regular file): no file is left out by it" in result.stderr


# A site's config nested deeper than Python's parsers recurse: the RecursionError stopped the whole run
NESTED = "[" * 5000 + "]" * 5000
DEEP = [
    pytest.param(
        {"book.toml": f"[book]\ntitle = 'x'\nx = {NESTED}\n", "src/SUMMARY.md": "- [Page](page.md)\n"}, id="book-toml"
    ),
    pytest.param(
        {"docusaurus.config.js": "module.exports = {};\n", "versions.json": NESTED, "docs/page.md": ""},
        id="docusaurus-versions",
    ),
]


@pytest.mark.parametrize("files", DEEP)
def test_a_site_config_nested_too_deep_to_read_stops_nothing(
    docs: Path, index_dir: Path, files: dict[str, str]
) -> None:
    for name, text in files.items():
        write(docs, name, text)
    write(docs, "src/page.md" if "book.toml" in files else "docs/page.md", "# Page\n\nzebracorn\n")
    index(docs, index_dir, embeddings=False)
    assert found(index_dir, "zebracorn")
