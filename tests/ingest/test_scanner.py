"""Which files a run takes: hidden files, common junk and the folder's ignore file are left out silently."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from indexer.ingest.scanner import IGNORE_FILE

from support.folders import all_ids, found, index, write


@pytest.mark.parametrize(
    "relpath",
    [
        ".hidden.md",
        ".git/notes.md",
        ".obsidian/deep/page.md",
        "guides/.secret/page.md",
        "node_modules/pkg/README.md",
        "guides/__pycache__/cached.txt",
        "build/html/index.html",
        "guides/build/html/out.html",
        "site/build/index.html",
        "dist/readme.txt",
        "mypkg.egg-info/PKG-INFO.txt",
    ],
)
def test_hidden_and_junk_files_are_left_out(docs: Path, index_dir: Path, relpath: str) -> None:
    write(docs, relpath, "The junkwort is here.\n")
    write(docs, "guides/real.md", "A real page.\n")
    report = index(docs, index_dir)
    assert all_ids(index_dir) == ["guides/real.md"]
    assert found(index_dir, "junkwort") == []
    assert report.skipped == ()


def test_a_folder_named_build_that_holds_pages_is_indexed(docs: Path, index_dir: Path) -> None:
    """Read the Docs keeps its guides on builds in guides/build/ (index.rst, webhooks.rst...): they were left out
    as a build's output, silently. A build's output (build/html, a site's build/index.html) still is."""
    write(docs, "guides/build/webhooks.md", "Outgoing zebracorn webhooks.\n")
    write(docs, "guides/build/index.md", "Builds.\n")
    write(docs, "build/html/webhooks.html", "<p>Built zebracorn page.</p>")
    write(docs, "website/build/index.html", "<p>Built zebracorn home.</p>")
    write(docs, "website/build/guide.md", "A copied zebracorn source.\n")
    index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["guides/build/webhooks.md"]


def test_a_build_section_of_folders_only_is_indexed(docs: Path, index_dir: Path) -> None:
    """A site's section named build that holds folders of pages and no page of its own (Hugo's content/build/
    with builders/ and bake/, no _index.md) was taken for a build's output and left out without a word; a
    build's folders of output (target/debug, build/libs) still are."""
    write(docs, "content/build/builders/drivers.md", "Zebracorn build drivers.\n")
    write(docs, "content/build/bake/intro.md", "Bake zebracorn targets.\n")
    write(docs, "target/debug/deps/notes.txt.d", "zebracorn")
    write(docs, "build/libs/app.jar", b"PK\x03\x04")
    write(docs, "build/tmp/readme.txt", "A zebracorn readme.\n")
    index(docs, index_dir)
    assert sorted(found(index_dir, "zebracorn")) == ["content/build/bake/intro.md", "content/build/builders/drivers.md"]


def test_files_no_loader_takes_are_left_out_silently(docs: Path, index_dir: Path) -> None:
    write(docs, "logo.png", b"\x89PNG\r\n\x1a\n" + bytes(100))
    write(docs, "script.py", "print('pythonwort')\n")
    write(docs, "page.md", "A page.\n")
    report = index(docs, index_dir)
    assert all_ids(index_dir) == ["page.md"]
    assert report.skipped == ()


def test_suffixes_are_matched_case_insensitively(docs: Path, index_dir: Path) -> None:
    write(docs, "UPPER.MD", "The capsicorn shouts.\n")
    index(docs, index_dir)
    assert found(index_dir, "capsicorn") == ["UPPER.MD"]


def test_ignore_file_excludes_folders_and_patterns_with_negation(docs: Path, index_dir: Path) -> None:
    write(docs, IGNORE_FILE, "# comments are allowed\ndrafts/*\n!drafts/keep.md\n*.tmp.md\n/top-only.md\n")
    write(docs, "drafts/wip.md", "draftling\n")
    write(docs, "drafts/keep.md", "keeperling\n")
    write(docs, "guides/scratch.tmp.md", "scratchling\n")
    write(docs, "guides/real.md", "realling\n")
    write(docs, "top-only.md", "toponly\n")
    write(docs, "guides/top-only.md", "nestedtop\n")
    report = index(docs, index_dir)
    assert all_ids(index_dir) == ["drafts/keep.md", "guides/real.md", "guides/top-only.md"]
    assert found(index_dir, "draftling") == []
    assert found(index_dir, "keeperling") == ["drafts/keep.md"]
    assert report.skipped == ()


def test_ignored_folder_pattern_matches_at_any_depth(docs: Path, index_dir: Path) -> None:
    write(docs, IGNORE_FILE, "archive/\n")
    write(docs, "archive/old.md", "old\n")
    write(docs, "guides/archive/older.md", "older\n")
    write(docs, "guides/archive.md", "a file, not a folder\n")
    index(docs, index_dir)
    assert all_ids(index_dir) == ["guides/archive.md"]


def test_file_in_an_ignored_folder_cannot_be_re_included_as_in_git(
    docs: Path, index_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """As in git, and the run says so: the line that takes nothing back, and what to write instead."""
    write(docs, IGNORE_FILE, "drafts/\n!drafts/keep.md\n!*.md\n")
    write(docs, "drafts/keep.md", "keeperling\n")
    write(docs, "page.md", "page\n")
    with caplog.at_level(logging.WARNING):
        index(docs, index_dir)
    assert all_ids(index_dir) == ["page.md"]
    assert caplog.messages == [
        f"{docs / IGNORE_FILE}, line 2: !drafts/keep.md takes back nothing: drafts/ is left out whole, and nothing "
        "inside a folder left out is looked at (write drafts/* to leave out what it holds instead)"
    ]
    write(docs, IGNORE_FILE, "drafts/*\n!drafts/keep.md\n")
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        index(docs, index_dir)
    assert all_ids(index_dir) == ["drafts/keep.md", "page.md"]
    assert caplog.messages == []


def test_ignore_file_added_later_removes_what_it_names(docs: Path, index_dir: Path) -> None:
    write(docs, "drafts/wip.md", "draftling\n")
    write(docs, "page.md", "page\n")
    index(docs, index_dir)
    write(docs, IGNORE_FILE, "drafts/\n")
    report = index(docs, index_dir)
    assert report.removed == 1
    assert all_ids(index_dir) == ["page.md"]
