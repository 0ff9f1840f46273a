"""In a folder of plain AsciiDoc, an untitled file that pages include is a piece of them, not a page of its own
(Asciidoctor renders only the files a build names). git's manual: 137 of its 944 `.adoc` files are such pieces
(config/pull.adoc, shown in git-config's page), and as pages they came before the pages that show them."""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import pytest

from indexer.ingest.fragmentfiles import Scanned, read_scan_record, scan_record
from indexer.ingest.fragments import REASON
from indexer.loaders.includes import MAX_DEPTH, MAX_INCLUDES

from support.folders import Main, all_ids, found, index, skipped, snapshot, text_of, write

PAGE = "= git-pull(1)\n\nFetch and integrate.\n\ninclude::config/pull.adoc[]\n"
FRAGMENT = "pull.rebase::\n\tWhen true, rebase branches on top of the fetched zebracorn branch.\n"


def test_an_untitled_file_a_page_includes_is_read_in_the_page_and_is_no_document(
    docs: Path, index_dir: Path, indexer_main: Main
) -> None:
    write(docs, "git-pull.adoc", PAGE)
    write(docs, "config/pull.adoc", FRAGMENT)
    ran = indexer_main(docs, "--index", index_dir)
    assert ran.code == 0
    assert found(index_dir, "zebracorn") == ["git-pull.adoc"]
    assert "rebase branches on top of the fetched zebracorn branch" in text_of(index_dir, "git-pull.adoc")
    assert all_ids(index_dir) == ["git-pull.adoc"]
    assert f"config/pull.adoc: {REASON}" in ran.err
    assert "1 documents in the index" in ran.err


def test_a_titled_included_file_stays_a_page(docs: Path, index_dir: Path) -> None:
    write(docs, "book.adoc", "= Book\n\ninclude::chapter.adoc[]\n")
    write(docs, "chapter.adoc", "// a comment\n:toc: left\n[[top]]\n= Chapter\n\nThe zebracorn chapter.\n")
    write(docs, "manpage.adoc", "git-x(1)\n========\n\nNAME\n----\ngit-x - the zebracorn command\n")
    write(docs, "all.adoc", "= All\n\ninclude::manpage.adoc[]\n")
    report = index(docs, index_dir)
    assert sorted(found(index_dir, "zebracorn")) == ["all.adoc", "book.adoc", "chapter.adoc", "manpage.adoc"]
    assert skipped(report) == {}


def test_an_untitled_file_nobody_includes_stays_a_page(docs: Path, index_dir: Path) -> None:
    write(docs, "notes.adoc", "Loose zebracorn notes, with no title.\n\n== A section\n\nMore.\n")
    write(docs, "page.adoc", "= Page\n\nNothing included here: include::notes.adoc[] is no directive mid-line.\n\n"
          "////\ninclude::notes.adoc[]\n////\n")  # fmt: skip
    write(docs, "other.adoc", "= Other\n\n\\include::notes.adoc[]\n// include::notes.adoc[]\n")  # escaped, a comment
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["notes.adoc"]
    assert skipped(report) == {}


def test_files_included_in_part_or_from_markdown_stay_pages(docs: Path, index_dir: Path) -> None:
    """A file a page takes only some lines of (`tag=`, `lines=`) has the rest in no page; Markdown is not
    AsciiDoc, whoever includes it; an include naming an attribute nothing defines names no file here."""
    write(docs, "page.adoc", "= Page\n\ninclude::tagged.adoc[tag=one]\n\ninclude::lines.adoc[lines=1]\n\n"
          "include::snippet.md[]\n\ninclude::{build_dir}/made.adoc[]\n")  # fmt: skip
    write(docs, "tagged.adoc", "// tag::one[]\nShown.\n// end::one[]\nThe zebracorn rest.\n")
    write(docs, "lines.adoc", "Shown.\nThe zebracorn rest.\n")
    write(docs, "snippet.md", "A zebracorn snippet.\n")
    write(docs, "made.adoc", "Made zebracorn by the build.\n")
    report = index(docs, index_dir)
    pages = ["lines.adoc", "made.adoc", "page.adoc", "snippet.md", "tagged.adoc"]
    assert sorted(found(index_dir, "zebracorn")) == pages
    assert skipped(report) == {}


def test_a_fragment_reached_through_fragments_or_an_attribute_the_page_defines_is_none(
    docs: Path, index_dir: Path
) -> None:
    write(docs, "git-config.adoc", "= git-config(1)\n\n:here: config\ninclude::{here}.adoc[]\n")
    write(docs, "config.adoc", "Variables:\n\ninclude::config/pull.adoc[]\n")
    write(docs, "config/pull.adoc", FRAGMENT)
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["git-config.adoc"]
    assert skipped(report) == {"config.adoc": REASON, "config/pull.adoc": REASON}


def test_include_loops_end_and_lose_no_text(docs: Path, index_dir: Path) -> None:
    """Untitled files that include one another, which no page includes, are in no page: they stay pages; a loop
    below a page ends, its files pieces of that page."""
    write(docs, "a.adoc", "Loop a with zebracorn.\n\ninclude::b.adoc[]\n")
    write(docs, "b.adoc", "Loop b with zebracorn.\n\ninclude::a.adoc[]\n")
    write(docs, "page.adoc", "= Page\n\ninclude::c.adoc[]\n")
    write(docs, "c.adoc", "Loop c with narwhal.\n\ninclude::d.adoc[]\ninclude::c.adoc[]\n")
    write(docs, "d.adoc", "Loop d.\n\ninclude::c.adoc[]\n")
    report = index(docs, index_dir)
    assert sorted(found(index_dir, "zebracorn")) == ["a.adoc", "b.adoc"]
    assert found(index_dir, "narwhal") == ["page.adoc"]
    assert skipped(report) == {"c.adoc": REASON, "d.adoc": REASON}


def test_a_file_deeper_than_includes_are_read_stays_a_page(docs: Path, index_dir: Path) -> None:
    write(docs, "page.adoc", "= Page\n\ninclude::level1.adoc[]\n")
    for depth in range(1, MAX_DEPTH + 2):
        write(docs, f"level{depth}.adoc", f"Level {depth} zebracorn.\n\ninclude::level{depth + 1}.adoc[]\n")
    report = index(docs, index_dir)
    assert "page.adoc" in found(index_dir, "zebracorn")
    assert f"level{MAX_DEPTH + 1}.adoc" in all_ids(index_dir)
    assert len(skipped(report)) == MAX_DEPTH


def test_a_change_to_a_fragment_reads_its_page_again_and_dropping_the_include_makes_it_a_page(
    docs: Path, index_dir: Path
) -> None:
    write(docs, "git-pull.adoc", PAGE)
    fragment = write(docs, "config/pull.adoc", FRAGMENT)
    index(docs, index_dir)
    fragment.write_text("pull.ff::\n\tNarwhal fast-forwards, longer than it was.\n")
    report = index(docs, index_dir)
    assert (report.updated, report.added) == (1, 0)
    assert found(index_dir, "narwhal") == ["git-pull.adoc"]
    write(docs, "git-pull.adoc", "= git-pull(1)\n\nFetch and integrate, no include.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "narwhal") == ["config/pull.adoc"]
    assert skipped(report) == {}
    write(docs, "git-pull.adoc", PAGE)
    report = index(docs, index_dir)
    assert found(index_dir, "narwhal") == ["git-pull.adoc"]
    assert (report.removed, skipped(report)) == (1, {"config/pull.adoc": REASON})


def test_txt_pages_are_asciidoc_beside_asciidoc_conf_only(docs: Path, index_dir: Path) -> None:
    """git's manual was `.txt` until 2025, with AsciiDoc Python's asciidoc.conf beside it."""
    write(docs, "manual/asciidoc.conf", "[attributes]\n")
    write(docs, "manual/git-pull.txt", PAGE.replace(".adoc", ".txt"))
    write(docs, "manual/config/pull.txt", FRAGMENT)
    write(docs, "notes/readme.txt", "include::todo.txt[]\n")
    write(docs, "notes/todo.txt", "A zebracorn to do.\n")
    report = index(docs, index_dir)
    assert "the fetched zebracorn branch" in text_of(index_dir, "manual/git-pull.txt")
    assert sorted(found(index_dir, "zebracorn")) == ["manual/git-pull.txt", "notes/todo.txt"]
    assert skipped(report) == {"manual/config/pull.txt": REASON}


def test_a_site_generators_folder_keeps_its_own_rules(docs: Path, index_dir: Path) -> None:
    """Hugo renders every .adoc file of its content folder as a page, included or not."""
    write(docs, "hugo.toml", 'title = "Site"\n')
    write(docs, "content/page.adoc", PAGE)
    write(docs, "content/config/pull.adoc", FRAGMENT)
    index(docs, index_dir)
    assert sorted(found(index_dir, "zebracorn")) == ["content/config/pull.adoc", "content/page.adoc"]


def test_thousands_of_includes_and_a_huge_line_are_scanned_quickly(docs: Path, index_dir: Path) -> None:
    write(docs, "page.adoc", "= Page\n\n" + "include::frag.adoc[]\n" * 5_000 + "include::" + "x" * 1_000_000 + "[\n")
    write(docs, "frag.adoc", "A zebracorn piece.\n\ninclude::frag.adoc[]\ninclude::page.adoc[]\n")
    started = time.monotonic()
    report = index(docs, index_dir)
    assert time.monotonic() - started < 30
    assert skipped(report) == {"frag.adoc": REASON}
    assert found(index_dir, "zebracorn") == ["page.adoc"]


def test_an_asciidoc_conf_beyond_the_repository_makes_no_txt_fragment(tmp_path: Path, index_dir: Path) -> None:
    """The loader looks for asciidoc.conf up to the page's repository (its `.git`), not beyond it, even where
    --includes-from reaches further: a `.txt` it reads as plain text includes nothing, so the file it names stays
    a page of its own (a scan that looked beyond would have skipped it, and its text would be in no page)."""
    write(tmp_path, "asciidoc.conf", "[attributes]\n")
    repo = tmp_path / "repo"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "docs/git-pull.txt", PAGE.replace(".adoc", ".txt"))
    write(repo, "docs/config/pull.txt", FRAGMENT)
    report = index(repo / "docs", index_dir, includes_from=tmp_path)
    assert not skipped(report)
    assert found(index_dir, "zebracorn") == ["config/pull.txt"]


def test_attributes_are_read_as_the_loader_reads_them(docs: Path, index_dir: Path) -> None:
    """An include's target names what the loader includes: an entry's value has its references filled in, an
    attributes file the page includes defines them too, `:name!:` unsets, and `ifdef::` is decided (here by an
    attribute the page sets for the fragment it includes). The scan's own reading missed the first two (the
    fragments stayed pages) and counted the last two (their files were skipped, their text in no page)."""
    write(docs, "attributes.adoc", ":config: config\n:pull: {config}/pull\n")
    write(docs, "git-pull.adoc", "= git-pull(1)\n\ninclude::attributes.adoc[]\n:git-pull: 1\n\ninclude::{pull}.adoc[]\n"
          "\n:old: old.adoc\n:old!:\ninclude::{old}[]\n\ninclude::options.adoc[]\n")  # fmt: skip
    write(docs, "config/pull.adoc", FRAGMENT)
    write(docs, "old.adoc", "An old narwhal option.\n")
    write(docs, "options.adoc", "ifdef::git-pull[]\ninclude::rebase.adoc[]\nendif::git-pull[]\n"
          "ifdef::backend-pdf[]\ninclude::print.adoc[]\nendif::[]\n")  # fmt: skip
    write(docs, "rebase.adoc", "--rebase:: the okapi way.\n")
    write(docs, "print.adoc", "A quokka for print only.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["git-pull.adoc"]
    assert found(index_dir, "okapi") == ["git-pull.adoc"]
    assert found(index_dir, "narwhal") == ["old.adoc"]
    assert found(index_dir, "quokka") == ["print.adoc"]
    pieces = ["attributes.adoc", "config/pull.adoc", "options.adoc", "rebase.adoc"]
    assert skipped(report) == dict.fromkeys(pieces, REASON)


def test_an_unchanged_run_finds_the_same_fragments_and_a_changed_page_is_scanned_again(
    docs: Path, index_dir: Path
) -> None:
    """An unchanged run skips what the first skipped, and a page that changed is scanned again (dropping its
    include makes the fragment a page). That the scan uses what it kept of unchanged files shows with a page
    rewritten with its size and mtime (below)."""
    write(docs, "git-pull.adoc", PAGE)
    write(docs, "config/pull.adoc", FRAGMENT)
    first = index(docs, index_dir)
    again = index(docs, index_dir)
    assert skipped(first) == skipped(again) == {"config/pull.adoc": REASON}
    assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 1)
    write(docs, "git-pull.adoc", "= git-pull(1)\n\nFetch and integrate, no include.\n")
    changed = index(docs, index_dir)
    assert skipped(changed) == {}
    assert found(index_dir, "zebracorn") == ["config/pull.adoc"]


def test_a_page_rewritten_with_its_size_and_mtime_loses_no_text(docs: Path, index_dir: Path) -> None:
    """A run takes a file of the same size and mtime as unchanged: the page is not read again, so it still
    holds what it included; the scan takes it so too, and the file it now names stays a page (read afresh,
    the scan would skip it, and its text would be in no page)."""
    page = write(docs, "page.adoc", "= Page\n\ninclude::one.adoc[]\n")
    write(docs, "one.adoc", "Piece one, a zebracorn.\n")
    write(docs, "two.adoc", "Piece two, a narwhal.\n")
    index(docs, index_dir)
    stat = page.stat()
    page.write_text("= Page\n\ninclude::two.adoc[]\n")
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    report = index(docs, index_dir)
    assert skipped(report) == {"one.adoc": REASON}
    assert found(index_dir, "zebracorn") == ["page.adoc"]
    assert found(index_dir, "narwhal") == ["two.adoc"]


def test_an_indented_comment_block_and_a_long_conditional_hide_includes_as_the_loader_reads_them(
    docs: Path, index_dir: Path
) -> None:
    """The loader takes `  ////` for a comment block's delimiter, and an `ifdef::` of a name longer than the
    scan keeps of a line for a conditional: the includes inside are not run, so the files they name stay pages
    (the scan counted them: their files were skipped, their text in no page)."""
    write(docs, "page.adoc", "= Page\n\n  ////\ninclude::commented.adoc[]\n  ////\n\n"
          f"ifdef::{'a' * 9_000}[]\ninclude::hidden.adoc[]\nendif::[]\n\ninclude::shown.adoc[]\n")  # fmt: skip
    write(docs, "commented.adoc", "A commented-out zebracorn.\n")
    write(docs, "hidden.adoc", "A narwhal for another build.\n")
    write(docs, "shown.adoc", "An okapi shown in the page.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["commented.adoc"]
    assert found(index_dir, "narwhal") == ["hidden.adoc"]
    assert found(index_dir, "okapi") == ["page.adoc"]
    assert skipped(report) == {"shown.adoc": REASON}


def test_a_page_rewritten_with_its_size_and_mtime_and_read_again_is_scanned_as_read(
    docs: Path, index_dir: Path
) -> None:
    """The page rewritten with its size and mtime is read again once a file it included changes: the loader then
    reads what it names now, and so does the scan (from what it kept of the page before, the scan skipped the
    file the page no longer includes, whose text was then in no page)."""
    page = write(docs, "page.adoc", "= Page\n\ninclude::one.adoc[]\n")
    one = write(docs, "one.adoc", "Piece one, a zebracorn.\n")
    write(docs, "two.adoc", "Piece two, a narwhal.\n")
    index(docs, index_dir)
    stat = page.stat()
    page.write_text("= Page\n\ninclude::two.adoc[]\n")
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    index(docs, index_dir)
    one.write_text("Piece one, now an okapi.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "okapi") == ["one.adoc"]
    assert found(index_dir, "narwhal") == ["page.adoc"]
    assert skipped(report) == {"two.adoc": REASON}


def test_what_the_scan_kept_is_read_back_only_by_its_own_version_for_its_own_folder(tmp_path: Path) -> None:
    """A record another version wrote (whose lines may be kept otherwise), or one of another documents folder,
    is not read: every file is scanned afresh."""
    kept = {"page.adoc": Scanned(40, 1_700_000_000_000_000_000, True, ("include::one.adoc[]",))}
    record = scan_record(kept, tmp_path)
    assert read_scan_record(record, tmp_path) == kept
    assert read_scan_record(record, tmp_path / "other") == {}
    version = json.loads(record)["version"]
    for another in (version + 1, version - 1, str(version), None):
        assert read_scan_record(json.dumps(json.loads(record) | {"version": another}), tmp_path) == {}
    assert read_scan_record(record[:-2], tmp_path) == read_scan_record("[]", tmp_path) == {}


def test_a_page_whose_includes_hold_too_many_entries_is_followed_so_far_and_loses_no_text(
    docs: Path, index_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A page's reading by the scan goes through so many lines, its includes' too: past them the files it
    includes stay pages (their text is in the page too, and in no page lost), with a warning; the loader reads
    it all. Entries of names nothing reads are not gone through: they count for nothing."""
    write(docs, "bomb.adoc", ":a: b\n" * 5_000)
    includes = "include::bomb.adoc[]\n" * 30 + "include::last.adoc[]\n"
    write(docs, "page.adoc", "= Page\n\nifdef::a[]\nendif::[]\n" + includes)  # a conditional reads `a`
    write(docs, "last.adoc", "The last okapi.\n")
    with caplog.at_level(logging.WARNING):
        report = index(docs, index_dir)
    assert sorted(found(index_dir, "okapi")) == ["last.adoc", "page.adoc"]
    assert "last.adoc" not in skipped(report)
    assert "page.adoc: its includes hold more than 100,000 lines" in caplog.text
    caplog.clear()
    write(docs, "page.adoc", "= Page\n\n" + includes)
    with caplog.at_level(logging.WARNING):
        report = index(docs, index_dir)
    assert found(index_dir, "okapi") == ["page.adoc"]
    assert skipped(report)["last.adoc"] == REASON
    assert "100,000 lines" not in caplog.text


def test_what_the_scan_kept_is_not_loaded_by_searches(docs: Path, index_dir: Path) -> None:
    """The scan's record of each file is for the next run: a search snapshot, which loads the index's meta,
    holds none of it (each file's lines were there: a megabyte at 12,000 files, far more from a hostile one)."""
    write(docs, "git-pull.adoc", PAGE)
    write(docs, "config/pull.adoc", FRAGMENT)
    index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["git-pull.adoc"]
    meta = snapshot(index_dir).meta
    assert meta.get("docs_root") == str(docs.resolve())
    assert not [key for key, value in meta.items() if "include::" in value]


def test_includes_that_name_no_file_count_among_a_pages_includes(docs: Path, index_dir: Path) -> None:
    """The loader counts an include it tries, one that names no file too (`include::[]`), and reads no more past
    MAX_INCLUDES: the file named after them stays a page (the scan did not count them and skipped it, its text
    in no page)."""
    write(docs, "page.adoc", "= Page\n\nA zebracorn.\n\n" + "include::[]\n" * MAX_INCLUDES + "include::late.adoc[]\n")
    write(docs, "late.adoc", "A late okapi.\n")
    report = index(docs, index_dir)
    assert found(index_dir, "okapi") == ["late.adoc"]
    assert skipped(report) == {}
