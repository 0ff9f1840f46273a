"""Files that cannot be indexed never stop a run: each is listed in the report with its path and a reason."""

from __future__ import annotations

import gc
import os
import sys
import time
import weakref
from collections.abc import Callable
from pathlib import Path

import pytest

from indexer.ingest.jobs import Failed, Indexed, Job, _time_limit, _TimedOut, run_job
from indexer.store.docstore import Stamp

from support.folders import all_ids, found, index, needs_non_root, skipped, write
from support.pdfs import break_page, encrypt_pdf, make_pdf

Maker = Callable[[Path, str], object]  # makes the file `relpath` under the folder


def _file(content: Callable[[], bytes]) -> Maker:
    return lambda docs, relpath: write(docs, relpath, content())


def _truncated_pdf() -> bytes:
    data = make_pdf(["This document was cut short."])
    return data[: len(data) // 2]


def _broken_symlink(docs: Path, relpath: str) -> None:
    (docs / relpath).symlink_to(docs / "no-such-target.md")


def _file_symlink_loop(docs: Path, relpath: str) -> None:
    (docs / relpath).symlink_to(docs / "loop-b.md")
    (docs / "loop-b.md").symlink_to(docs / relpath)


BAD_FILES: list[tuple[str, Maker, str]] = [
    # relpath, what makes the file, reason fragment
    ("corrupt.pdf", _file(lambda: b"this is not a pdf at all\n" * 20), "not a readable PDF"),
    ("truncated.pdf", _file(_truncated_pdf), "not a readable PDF"),
    (
        "locked.pdf",
        _file(lambda: encrypt_pdf(make_pdf(["Secret."]), "user-secret")),
        "encrypted PDF (password required)",
    ),
    ("binary.txt", _file(lambda: bytes(range(256)) * 8), "binary content in a text file"),
    ("empty.md", _file(lambda: b""), "empty file"),
    ("broken-link.md", _broken_symlink, "broken symbolic link"),
    ("loop-a.md", _file_symlink_loop, "symbolic link loop"),
]


@pytest.mark.parametrize(("relpath", "make", "reason"), [pytest.param(*case, id=case[0]) for case in BAD_FILES])
def test_bad_file_is_skipped_with_its_reason(
    docs: Path, index_dir: Path, relpath: str, make: Maker, reason: str
) -> None:
    make(docs, relpath)
    write(docs, "good.md", "# Good\n\nThe okapiwren is fine.\n")
    report = index(docs, index_dir)
    assert reason in skipped(report)[relpath]
    assert report.generation is not None
    assert all_ids(index_dir) == ["good.md"]
    assert found(index_dir, "okapiwren") == ["good.md"]


def test_all_bad_files_together_leave_the_good_ones_indexed(docs: Path, index_dir: Path) -> None:
    for relpath, make, _ in BAD_FILES:
        make(docs, relpath)
    write(docs, "sub/good.md", "# Good\n\nThe okapiwren is fine.\n")
    report = index(docs, index_dir)
    assert set(skipped(report)) == {relpath for relpath, _, _ in BAD_FILES} | {"loop-b.md"}
    assert all(reason for reason in skipped(report).values())
    assert all_ids(index_dir) == ["sub/good.md"]


def test_file_over_the_size_limit_is_skipped(docs: Path, index_dir: Path) -> None:
    write(docs, "big.txt", "elephantor " * 200)
    write(docs, "small.txt", "mousekin\n")
    report = index(docs, index_dir, max_file_size=0.001)
    assert "larger than the 0.001 MB limit" in skipped(report)["big.txt"]
    assert found(index_dir, "elephantor") == []
    assert found(index_dir, "mousekin") == ["small.txt"]


@needs_non_root
def test_unreadable_file_is_skipped_as_permission_denied(docs: Path, index_dir: Path) -> None:
    path = write(docs, "secret.md", "hidden words\n")
    write(docs, "good.md", "fine\n")
    path.chmod(0)
    try:
        report = index(docs, index_dir)
    finally:
        path.chmod(0o644)
    assert skipped(report) == {"secret.md": "permission denied"}
    assert all_ids(index_dir) == ["good.md"]


@needs_non_root
def test_unreadable_folder_is_skipped_with_its_reason(docs: Path, index_dir: Path) -> None:
    write(docs, "locked/inside.md", "hidden words\n")
    write(docs, "good.md", "fine\n")
    (docs / "locked").chmod(0)
    try:
        report = index(docs, index_dir)
    finally:
        (docs / "locked").chmod(0o755)
    assert "folder cannot be read" in skipped(report)["locked/"]
    assert all_ids(index_dir) == ["good.md"]


def test_folder_symlink_to_its_parent_is_a_loop_walked_once(docs: Path, index_dir: Path) -> None:
    write(docs, "sub/page.md", "The ferretone lives here.\n")
    os.symlink(docs, docs / "sub" / "up")
    report = index(docs, index_dir)
    assert skipped(report) == {"sub/up/": "symbolic link loop"}
    assert all_ids(index_dir) == ["sub/page.md"]
    assert found(index_dir, "ferretone") == ["sub/page.md"]


def test_a_folder_symlink_to_a_folder_indexed_already_is_named_so_not_called_a_loop(
    docs: Path, index_dir: Path
) -> None:
    """Spring Security's `modules/ROOT/examples/docs-src` links to `src/`, which its pages include code from: the
    run said "symbolic link loop", which it is not. A link is walked after the folders' own, so the pages keep
    their real paths whichever name sorts first; a second link to the same folder is named as the first."""
    write(docs, "src/test/Beans.md", "The ferretone bean.\n")
    write(docs, "a/page.md", "A page.\n")
    (docs / "a" / "code").symlink_to(docs / "src")
    (docs / "a" / "again").symlink_to(docs / "src" / "test")
    (docs / "zz-copy").symlink_to(docs / "a")
    report = index(docs, index_dir)
    assert skipped(report) == {
        "a/code/": "links to a folder indexed already: src/",
        "a/again/": "links to a folder indexed already: src/test/",
        "zz-copy/": "links to a folder indexed already: a/",
    }
    assert all(item.by_design for item in report.skipped)
    assert found(index_dir, "ferretone") == ["src/test/Beans.md"]
    assert all_ids(index_dir) == ["a/page.md", "src/test/Beans.md"]


def test_an_index_inside_the_folder_is_never_entered_by_its_path_or_by_a_link(docs: Path) -> None:
    """`--index docs/.idx` and a link to it: the index's own files are no documents, whichever way they are
    reached, and the link is named for what it leads to."""
    write(docs, "page.md", "The ferretone page.\n")
    index_dir = docs / "search-index"
    index(docs, index_dir)
    (docs / "to-index").symlink_to(index_dir)
    report = index(docs, index_dir)
    assert skipped(report) == {"to-index/": "links to the index's folder"}
    assert all_ids(index_dir) == ["page.md"]


def test_scanned_pdf_is_indexed_by_title_with_a_warning(docs: Path, index_dir: Path) -> None:
    write(docs, "scan.pdf", make_pdf(["", ""], title="Signed Walrusdeed Contract"))
    report = index(docs, index_dir)
    assert report.skipped == ()
    assert report.added == 1
    assert [w.id for w in report.warnings] == ["scan.pdf"]
    assert "no text layer" in report.warnings[0].reason
    assert found(index_dir, "walrusdeed") == ["scan.pdf"]


def test_pdf_with_one_broken_page_keeps_the_others(docs: Path, index_dir: Path) -> None:
    write(docs, "mixed.pdf", break_page(make_pdf(["First page badgerine.", "Second page lost."]), 2))
    report = index(docs, index_dir)
    assert report.skipped == ()
    assert found(index_dir, "badgerine") == ["mixed.pdf"]
    assert any("page 2" in w.reason for w in report.warnings)


def test_skipped_files_of_an_unchanged_folder_are_listed_again(docs: Path, index_dir: Path) -> None:
    write(docs, "good.md", "fine\n")
    write(docs, "empty.md", b"")
    write(docs, "locked.pdf", encrypt_pdf(make_pdf(["Secret."]), "user-secret"))
    first = index(docs, index_dir)
    second = index(docs, index_dir)
    assert second.generation is None
    assert skipped(second) == skipped(first)
    assert set(skipped(second)) == {"empty.md", "locked.pdf"}


def test_a_file_that_parses_too_long_is_skipped_and_the_run_goes_on(docs: Path, index_dir: Path) -> None:
    # about 0.5 s to parse here, against a limit that the quick file meets even on a busy machine (not so 0.001 s)
    write(docs, "slow.pdf", make_pdf([f"page {n} of a long manual " * 40 for n in range(300)]))
    write(docs, "quick.md", "# Quick\n\nokapi\n")
    report = index(docs, index_dir, parse_timeout=0.1)
    reasons = {s.id: s.reason for s in report.skipped}
    assert "took longer than 0.1 s to parse" in reasons["slow.pdf"]
    assert found(index_dir, "okapi") == ["quick.md"]


def test_a_file_that_parsed_too_long_is_read_again_when_the_limit_is_raised(docs: Path, index_dir: Path) -> None:
    write(docs, "slow.pdf", make_pdf([f"page {n} of a long okapiform manual " * 40 for n in range(300)]))
    write(docs, "quick.md", "# Quick\n\nokapi\n")
    index(docs, index_dir, parse_timeout=0.1)
    again = index(docs, index_dir, parse_timeout=0.1)  # nothing changed: the failure is carried, not tried again
    assert again.generation is None
    assert "took longer than 0.1 s" in skipped(again)["slow.pdf"]
    raised = index(docs, index_dir, parse_timeout=120)  # the option the reason names, raised
    assert "slow.pdf" not in skipped(raised)
    assert found(index_dir, "okapiform") == ["slow.pdf"]
    assert index(docs, index_dir, parse_timeout=120).generation is None  # and then up to date


def test_the_time_limit_holds_when_it_expires_inside_a_garbage_collector_callback() -> None:
    """Some libraries install a callback of the garbage collector (hypothesis does, in these tests), where an
    exception is printed and dropped: the limit waits for the callback to end, then interrupts the block."""
    ran: list[str] = []

    def slow_callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            time.sleep(0.6)  # the limit expires in here
            ran.append(phase)

    gc.collect()  # the garbage of earlier tests, whose finalizers would run in the collection below
    gc.callbacks.append(slow_callback)
    started = time.monotonic()
    try:
        with pytest.raises(_TimedOut), _time_limit(0.2):
            gc.collect()
            while time.monotonic() - started < 10:
                pass
    finally:
        gc.callbacks.remove(slow_callback)
    assert ran and time.monotonic() - started < 5


def test_the_time_limit_holds_when_it_expires_inside_a_weak_references_callback() -> None:
    """A weak reference's callback (a WeakKeyDictionary dropping a dead key, a weakref.finalize) runs wherever
    its object dies, and an exception raised in it is printed and dropped, as in a collector's callback (this
    failed the suite once, pytest turning the dropped exception into an error): the limit waits for it to end."""
    ran: list[str] = []

    class Held:
        pass

    def slow_finalizer() -> None:
        time.sleep(0.6)  # the limit expires in here
        ran.append("finalized")

    started = time.monotonic()
    with pytest.raises(_TimedOut), _time_limit(0.2):
        held = Held()
        weakref.finalize(held, slow_finalizer)
        del held  # the finalizer runs now, inside the limit
        while time.monotonic() - started < 10:
            pass
    assert ran == ["finalized"]


def test_the_time_limit_holds_when_it_expires_inside_a_weak_sets_callback() -> None:
    """A WeakSet drops a dead member in a callback of its own module (_weakrefset.py, not weakref.py): the limit
    waits for it to end too (this failed the suite once: the exception raised in it was printed and dropped)."""
    ran: list[str] = []

    class SlowSet(set[object]):
        def discard(self, item: object) -> None:
            time.sleep(0.6)  # the limit expires in here, inside the WeakSet's callback
            super().discard(item)
            ran.append("discarded")

    class Held:
        pass

    members: weakref.WeakSet[Held] = weakref.WeakSet()
    members.data = SlowSet()
    started = time.monotonic()
    with pytest.raises(_TimedOut), _time_limit(0.2):
        held = Held()
        members.add(held)
        del held  # the WeakSet's callback runs now, inside the limit
        while time.monotonic() - started < 10:
            pass
    assert ran == ["discarded"]


def test_the_time_limit_holds_quietly_when_it_expires_inside_any_modules_weak_reference_callback() -> None:
    """A library's own weak reference callback (`weakref.ref(obj, on_death)`, logging's for its handlers) is code
    of its module, which no list of weakref's files names: the exception raised in it was printed and dropped
    ("Exception ignored in: <function ...>", which pytest turns into an error). Now it is dropped quietly (the
    callback cut short, as any code the limit interrupts) and the limit still ends the block."""
    started: list[float] = []

    class Held:
        pass

    def on_death(reference: weakref.ref[Held]) -> None:
        started.append(time.monotonic())
        time.sleep(0.6)  # the limit expires in here, inside the callback

    begun, hook = time.monotonic(), sys.unraisablehook
    with pytest.raises(_TimedOut), _time_limit(0.2):
        held = Held()
        reference = weakref.ref(held, on_death)
        del held  # the callback runs now, inside the limit
        while time.monotonic() - begun < 10:
            pass
    assert started and reference() is None and time.monotonic() - begun < 5
    assert sys.unraisablehook is hook  # Python's hook again: other exceptions it drops are reported


@pytest.mark.parametrize(("size", "limit"), [(3, 10), (10, 10), (11, 10), (5000, 100)])
def test_a_file_is_read_whole_up_to_the_limit_even_if_it_grew_since_the_scan(
    tmp_path: Path, size: int, limit: int
) -> None:
    path = tmp_path / "grown.txt"
    path.write_bytes(b"x" * size)
    scanned = Stamp(min(size, limit), 0)  # what the scan saw before the file grew
    outcome = run_job(Job(id="grown.txt", path=str(path), stamp=scanned, max_size=limit))
    if size <= limit:
        assert isinstance(outcome, Indexed)
        assert outcome.record.text == "x" * size
    else:
        assert isinstance(outcome, Failed)
        assert outcome.reason == "cannot be read: file grew past the size limit while being read"
