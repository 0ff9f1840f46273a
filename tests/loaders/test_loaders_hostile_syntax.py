"""Site generators' syntax on hostile input (a sweep of the loaders added last): a tag never closed, a run of one
character, a header of thousands of parts. Each page is read with its text, at a linear parse's speed."""

from __future__ import annotations

from pathlib import Path

from indexer.loaders.includes import reading

from support.folders import document, index, skipped, text_of, warnings_of, write
from support.loaders import lines_run, load, searchable


def test_an_mdbook_include_never_closed_on_a_long_line_leaves_the_page_and_its_other_includes(tmp_path: Path) -> None:
    """`{{#include aaa...` never closed was matched every way its target and the rest could split the line:
    minutes for a line of 100,000 characters; of 200,000, past the parse limit, the page was skipped."""
    book = tmp_path / "book"
    write(book, "book.toml", "[book]\ntitle = 'b'\n")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Page](page.md)\n")
    write(book, "src/listing.rs", "fn okapi_listing() {}\n")
    write(book, "src/page.md", "# Page\n\nzebracorn {{#include " + "a" * 200_000 + "\n\n{{#include listing.rs}}\n")
    report = index(book, tmp_path / "index")
    assert "src/page.md" not in skipped(report)
    text = text_of(tmp_path / "index", "src/page.md")
    assert "zebracorn {{#include aaaa" in text and "fn okapi_listing() {}" in text


def test_an_email_header_of_thousands_of_parts_is_read_up_to_its_limit_with_a_warning(tmp_path: Path) -> None:
    """The email package parses a header each time it is asked for, in time growing with the square of its length:
    a Subject of 30,000 encoded words took 20 s and 6 GB, a To of 60,000 addresses 12 s."""
    docs = tmp_path / "docs"
    subject = "=?utf-8?q?Release_plan?= " + "=?utf-8?q?a?= " * 30_000
    to, references = "bo@example.org, " * 60_000, "<a@example.org> " * 1000  # (a long thread's: never read)
    write(docs, "a.eml", f"Subject: {subject}\nFrom: ana@example.org\nTo: {to}\nReferences: {references}\n\nzebracorn")
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "a.eml") == [
        "its Subject header is 420,025 characters long: only its first 10,000 are read",
        "its To header is 960,000 characters long: only its first 10,000 are read",
        "title longer than 300 characters; cut",
    ]
    text = text_of(tmp_path / "index", "a.eml")
    assert text.startswith("From: ana@example.org\nTo: bo@example.org, bo@example.org") and text.endswith("zebracorn")
    assert document(tmp_path / "index", "a.eml").title.startswith("Release plan")


def test_a_mailbox_message_of_thousands_of_mime_parts_is_read_up_to_its_limit_with_a_warning(tmp_path: Path) -> None:
    """Each MIME part of a Content-Type of its own costs the email package a quarter of a millisecond (50,000 in
    2 MB took 12 s); these share theirs, which keeps the test fast."""
    docs = tmp_path / "docs"
    parts = "--x\nContent-Type: text/plain\n\nzebracorn\n" + "--x\n\n" * 50_000 + "--x--\n"
    message = f"Subject: Parts\nFrom: ana@example.org\nContent-Type: multipart/mixed; boundary=x\n\n{parts}"
    write(docs, "list.mbox", f"From ana Mon Jan  1 00:00:00 2024\n{message}\nFrom bo Mon Jan  1 00:00:00 2024\n"
          "Subject: Next\n\nquokkafish\n")  # fmt: skip
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "list.mbox") == ["message 1: more than 2,000 MIME parts: the rest is left out"]
    text = text_of(tmp_path / "index", "list.mbox")
    assert "zebracorn" in text and "quokkafish" in text


def test_liquid_plugin_tags_with_long_runs_of_blanks_keep_their_text_within_the_parse_limit(tmp_path: Path) -> None:
    """A `{% term %}` tag's arguments were read by `\\s*(.*?)\\s*`, which tried each split of a run of blanks at
    each place in it: 0.07 s for a tag of 2,000 characters, 13 s for a page of 600 of them (now a tenth of a second)."""
    docs = tmp_path / "docs"
    write(docs, "page.md", "# Terms\n\n" + ("zebracorn {% term a" + " " * 1960 + "quokkafish %}\n\n") * 600)
    report = index(docs, tmp_path / "index", parse_timeout=5)
    assert "page.md" not in skipped(report)
    assert text_of(tmp_path / "index", "page.md").count("zebracorn quokkafish") == 600


def test_a_jekyll_page_of_thousands_of_outputs_looks_up_its_site_settings_once(tmp_path: Path) -> None:
    """Each `{{ site.x }}` and `{{ site.data.x }}` output looked the site's config up again (a stat, a real path,
    remembered for the page): 400 lines of Python an output, 4 s for a page of 40,000; now a fifth of that, most
    of it the outputs' text."""
    write(tmp_path, "_config.yml", "title: Zebracorn\n")
    write(tmp_path, "_data/animals.yml", "name: okapi\n")
    names = "".join(f"{{{{ site.data.missing{n}.x }}}} " for n in range(1000))
    content = ("{{ site.title }} {{ site.data.animals.name }} " * 1000 + names).encode()
    page = str(tmp_path / "page.md")
    with reading(tmp_path, 50_000_000):
        text = searchable(load(page, content))
        work = lines_run(lambda: load(page, content))
    assert text.count("Zebracorn okapi") == 1000 and "missing" not in text
    assert work < 100 * 3000, work


def test_a_mailbox_whose_only_message_is_nested_too_deeply_is_skipped_with_that_reason(tmp_path: Path) -> None:
    """Its warning was lost: the run skipped it as having "no text"."""
    docs = tmp_path / "docs"
    nested = "".join(f'Content-Type: multipart/mixed; boundary="b{n}"\n\n--b{n}\n' for n in range(3000))
    write(docs, "deep.mbox", f"From a Mon Jan  1 00:00:00 2024\nSubject: Deep\n{nested}\nzebracorn\n")
    report = index(docs, tmp_path / "index")
    assert skipped(report) == {
        "deep.mbox": "not a readable mailbox: the parts of its message are nested too deeply to read"
    }


def test_a_paragraph_of_link_destinations_never_closed_is_its_plain_text_with_a_warning(tmp_path: Path) -> None:
    """`[a[a](` again and again: each `[a](` was tried as a link whose destination markdown-it looked for over the
    next 32 of them, 50 s for a line of 1 MB. DocFX's `[!INCLUDE[a](` written in prose is one such."""
    docs = tmp_path / "docs"
    write(docs, "a.md", "# Links\n\nzebracorn " + "[a[a](" * 160_000 + "\n\nquokkafish [a](b.md)\n")
    report = index(docs, tmp_path / "index", parse_timeout=30)
    assert warnings_of(report, "a.md") == [
        "a paragraph holds so many link destinations '](' never closed that reading its links would take minutes: "
        "it is indexed as its plain text, markup included"
    ]
    text = text_of(tmp_path / "index", "a.md")
    assert text.startswith("Links\n\nzebracorn [a[a]([a[a](") and text.endswith("[a[a](\n\nquokkafish a")


def test_a_paragraph_of_a_million_emphasis_marks_is_its_plain_text_with_a_warning(tmp_path: Path) -> None:
    """markdown-it made a token of each `*`: a line of a million took 6 s and 500 MB."""
    docs = tmp_path / "docs"
    write(docs, "a.md", "# Stars\n\nzebracorn " + "*" * 1_000_000 + "\n\nquokkafish *emphasis*\n")
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "a.md") == [
        "a paragraph holds more than 100,000 '*' and '_': it is indexed as its plain text, markup included"
    ]
    text = text_of(tmp_path / "index", "a.md")
    assert text.startswith("Stars\n\nzebracorn ****") and text.endswith("****\n\nquokkafish emphasis")


def test_a_patch_mailed_as_plain_text_is_read_whole_whatever_its_dash_lines(tmp_path: Path) -> None:
    """Lines that open with `--` are MIME boundaries only in a message that declares one."""
    docs = tmp_path / "docs"
    diff = "".join(f"--- a/doc{n}.md\n+++ b/doc{n}.md\n" for n in range(3000))
    write(docs, "patch.eml", f"Subject: [PATCH] docs\nFrom: ana@example.org\n\nzebracorn\n{diff}quokkafish\n")
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "patch.eml")
    assert text_of(tmp_path / "index", "patch.eml").endswith("+++ b/doc2999.md\nquokkafish")


def test_a_patch_in_a_multipart_message_is_read_whole_with_its_attachment(tmp_path: Path) -> None:
    """Only `--` and a declared boundary opens a part: a patch of 3,000 `--- a/file` lines in a signed or
    multipart message's text part was cut there, its attachment lost, "more than 2,000 MIME parts" warned."""
    docs = tmp_path / "docs"
    diff = "".join(f"--- a/doc{n}.md\n+++ b/doc{n}.md\n" for n in range(3000))
    parts = (
        f'--b\n\nzebracorn\n{diff}quokkafish\n--b\nContent-Disposition: attachment; filename="okapi.txt"\n\nx\n--b--\n'
    )
    message = f"Subject: [PATCH] docs\nFrom: ana@example.org\nContent-Type: multipart/mixed; boundary=b\n\n{parts}"
    write(docs, "patch.eml", message)
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "patch.eml")
    text = text_of(tmp_path / "index", "patch.eml")
    assert "Attachments: okapi.txt" in text and text.endswith("+++ b/doc2999.md\nquokkafish")


def test_a_message_of_thousands_of_parts_of_an_rfc_2231_boundary_is_cut_with_a_warning(tmp_path: Path) -> None:
    """`boundary*=utf-8''%78` declares the boundary `x` as `boundary=x` does."""
    docs = tmp_path / "docs"
    parts = "--x\nContent-Type: text/plain\n\nzebracorn\n" + "--x\n\n" * 50_000 + "--x--\n"
    content_type = "Content-Type: multipart/mixed; boundary*=utf-8''%78"
    write(docs, "a.eml", f"Subject: Parts\nFrom: ana@example.org\n{content_type}\n\n{parts}")
    report = index(docs, tmp_path / "index", parse_timeout=10)
    assert warnings_of(report, "a.eml") == ["more than 2,000 MIME parts: the rest is left out"]
    assert "zebracorn" in text_of(tmp_path / "index", "a.eml")


def test_a_mailbox_of_messages_of_long_content_types_parses_each_once(tmp_path: Path) -> None:
    """The email package parsed a part's Content-Type again each time it looked at its type, eight times a message:
    100 messages of a Content-Type of 2,000 parameters took 50 s (and a list archive of 9,000 short messages 7 s)."""
    docs = tmp_path / "docs"
    message = "From a Mon Jan  1 00:00:00 2024\nSubject: S\nContent-Type: text/plain; " + "a=b; " * 1990
    write(docs, "list.mbox", "".join(f"{message}\n\nzebracorn {n}\n\n" for n in range(100)))
    report = index(docs, tmp_path / "index", parse_timeout=10)
    assert "list.mbox" not in skipped(report)
    assert document(tmp_path / "index", "list.mbox").pages == 100
    assert text_of(tmp_path / "index", "list.mbox").count("zebracorn") == 100
