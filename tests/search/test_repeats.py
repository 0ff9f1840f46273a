"""A page whose best passage nearly repeats that of a page ranked above it (a section thirty command pages include,
each naming its own command) comes after the pages that show something new: the first page to show the text keeps
its place, the others follow, and none is lost."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Callable
from pathlib import Path

import numpy as np

from indexer.search.repeats import REPEAT_DEPTH, Found, fresh_first, repeating
from indexer.search.searcher import Snapshot

from support.folders import index, snapshot, write

COMMANDS = ("build", "check", "run", "test", "bench", "doc", "fix", "package")
OPTIONS = (
    "## Miscellaneous Options\n\n"
    "-j N, --jobs N: Number of parallel jobs to run. May also be specified with the build jobs configuration "
    "value. Defaults to the number of logical processors. If negative, it sets the maximum number of parallel "
    "jobs to the number of logical processors plus the value given. Should not be zero.\n\n"
    "--keep-going: Build as many crates in the dependency graph as possible, rather than aborting the build on "
    "the first one that fails. For example cargo {name} -j1 may or may not build the one that succeeds, whereas "
    "cargo {name} -j1 --keep-going would definitely run both builds.\n"
)


def _site(docs: Path) -> None:
    for name in COMMANDS:
        write(docs, f"commands/cargo-{name}.md", f"# cargo-{name}\n\n## Description\n\nThe {name} command of "
              f"cargo, about {name}ing a package and nothing else at all.\n\n" + OPTIONS.format(name=name))  # fmt: skip
    write(docs, "reference/config.md", "# Configuration\n\n## build.jobs\n\nSets the maximum number of parallel "
          "jobs that a build may run at once, for every command.\n")  # fmt: skip
    write(docs, "reference/jobserver.md", "# Jobserver\n\nCargo and rustc share a pool of parallel jobs through "
          "the jobserver protocol, so builds never run more jobs than asked.\n")  # fmt: skip
    short = "Parallel jobs to run are set among the options of each command: see the options page for details.\n"
    write(docs, "notes/short-a.md", f"# Alpha note\n\n{short}")
    write(docs, "notes/short-b.md", f"# Beta note\n\n{short}")


def _ids(snap: Snapshot, query: str, limit: int, offset: int = 0) -> list[str]:
    return [hit.document.id for hit in snap.search(query, limit=limit, offset=offset)]


def test_pages_repeating_a_section_come_after_the_pages_that_show_something_new(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    index(docs, index_dir)
    snap = snapshot(index_dir)
    query = "number of parallel jobs to run"
    every = _ids(snap, query, 20)
    commands = [doc_id for doc_id in every if doc_id.startswith("commands/")]
    others = [doc_id for doc_id in every if not doc_id.startswith("commands/")]
    assert len(commands) == len(COMMANDS) and len(others) == 4  # none is lost
    first = every.index(commands[0])
    assert every[first + 1 : first + 1 + len(others[first:])] == others[first:]  # the new texts come next
    assert every[-(len(COMMANDS) - 1) :] == commands[1:]  # the repeats, last, in their order
    assert _ids(snap, query, 5)[: first + 1] == every[: first + 1]
    paged = [doc_id for offset in range(0, 15, 3) for doc_id in _ids(snap, query, 3, offset)]
    assert paged == every[:15]


def test_short_texts_and_sections_that_share_some_words_are_no_repeats(tmp_path: Path) -> None:
    """Two notes of the same short line (fewer than 30 words: a label, not a section) keep their places; so do two
    pages whose sections share a paragraph but not most of their words."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    shared = OPTIONS.split("\n\n")[1]
    write(
        docs,
        "guides/threads.md",
        f"# Threads\n\n{shared}\n\nThreads are scheduled by the kernel, which "
        "spreads them over every core of every socket, preempting them as priorities and interrupts dictate.\n",
    )
    write(docs, "guides/memory.md", f"# Memory\n\n{shared}\n\nEach job holds its own heap, so memory grows with "
          "the count; linking in particular can exhaust a small machine's swap before it finishes.\n")  # fmt: skip
    index(docs, index_dir)
    snap = snapshot(index_dir)
    assert _ids(snap, "parallel jobs to run see the options", 2) == ["notes/short-a.md", "notes/short-b.md"]
    found = _ids(snap, "logical processors threads memory", 3)
    assert sorted(found[:2]) == ["guides/memory.md", "guides/threads.md"]


def test_a_repeat_goes_one_page_of_results_down(tmp_path: Path) -> None:
    """With more pages that show something new below it than a page of results holds (10), a repeat comes after
    ten of them, not at the end of the ranking: a deep ranking keeps its repeats near where they were."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    topics = ("rivers", "stars", "glass", "tides", "bread", "bells", "moths", "kites", "salt", "wool", "ferns", "clay")
    for n, topic in enumerate(topics):
        write(docs, f"misc/{topic}.md", f"# {topic.title()}\n\nA page about {topic}, number {n}, whose work runs as "
              f"parallel jobs now and then; it says nothing else of {topic} or of anything.\n")  # fmt: skip
    index(docs, index_dir)
    snap = snapshot(index_dir)
    hits = snap.search("number of parallel jobs to run", limit=40)
    every = [hit.document.id for hit in hits]
    commands = [i for i, doc_id in enumerate(every) if doc_id.startswith("commands/")]
    assert len(commands) == len(COMMANDS) and len(every) == len(COMMANDS) + 4 + len(topics)
    second = hits[commands[1]].score  # where the second command page ranked by its score
    above = [hit for hit in hits[commands[0] + 1 : commands[1]] if hit.score >= second]
    assert all(not hit.document.id.startswith("commands/") for hit in above)
    assert commands[1] - commands[0] - 1 == len(above) + 10 < len(every) - len(COMMANDS)


def test_every_depth_places_the_same_documents_first() -> None:
    """Paging asks for deeper and deeper rankings: whatever the depth, the first places hold the same documents,
    with most of a ranking repeats or none, and past the depth that repeats are looked for in (REPEAT_DEPTH)."""
    rng = random.Random(5)
    for _ in range(60):
        size = rng.choice([15, 40, 300, 1500])
        share = rng.choice([0.0, 0.3, 0.9])
        ranking = [(f"d{i:05d}", 0, float(size - i)) for i in range(size)]
        again = {doc_id for doc_id, _, _ in ranking[1:] if rng.random() < share}

        def repeated(found: Found, again: set[str] = again) -> Callable[[int], list[bool]]:
            """The real rule over made-up words: a repeat holds the first document's words, any other its own."""
            numbers = [0 if doc_id in again else int(doc_id[1:]) for doc_id, _, _ in found]
            lengths = np.full(len(found), 100)
            return lambda n: repeating(lengths[:n], lambda at: [np.arange(100) + 100 * numbers[i] for i in at])

        depths = (1, 10, 20, 110, 990, 1000)
        pages = {depth: fresh_first(lambda n, r=ranking: r[:n], depth, repeated) for depth in depths}
        for depth, page in pages.items():
            assert len(page) == min(depth, size) and len(set(page)) == len(page)
            deeper = [placed for d, placed in pages.items() if d > depth]
            assert all(placed[:depth] == page for placed in deeper), (size, share, depth)


def test_a_deep_ranking_is_looked_at_for_repeats_in_its_head_only() -> None:
    lengths = np.full(3000, 200)
    asked: list[int] = []

    def words(indexes: list[int]) -> list[np.ndarray | None]:
        asked.extend(indexes)
        return [np.arange(100) for _ in indexes]  # every passage the same words: each repeats the first

    flags = repeating(lengths, words)
    assert flags[0] is False and all(flags[1:REPEAT_DEPTH]) and not any(flags[REPEAT_DEPTH:])
    assert max(asked) < REPEAT_DEPTH


def test_flags_asked_for_in_steps_are_those_asked_for_at_once() -> None:
    """A ranking is looked at deeper as placing needs (its head, then the window): the documents already looked
    at are not flagged again, and the flags are the same as one look at the whole, past REPEAT_DEPTH too."""
    rng = random.Random(11)
    flagged = 0
    for _ in range(200):
        size = rng.choice([5, 20, 60, 130])
        lengths = np.array([rng.choice([10, 30, 40, 48, 50, 60, 200]) for _ in range(size)])
        topics = [rng.randrange(4) for _ in range(size)]  # passages of one topic share most of their words
        held = [np.unique(np.concatenate([np.arange(40) + 1000 * t, rng.sample(range(100, 140), 8)])) for t in topics]

        def words(
            at: list[int], lengths: np.ndarray = lengths, held: list[np.ndarray] = held
        ) -> list[np.ndarray | None]:
            return [None if lengths[i] == 60 else held[i] for i in at]  # (a passage of 60 words unreadable)

        whole = repeating(lengths, words)
        steps = sorted(rng.sample(range(1, size + 1), min(3, size)))
        stepped: list[bool] = []
        for step in steps:
            stepped += repeating(lengths[:step], words, start=len(stepped))
        assert stepped == whole[: steps[-1]]
        assert len(whole) == size and not any(whole[REPEAT_DEPTH:])
        flagged += sum(whole)
    assert flagged > 200  # (the made-up rankings hold repeats)


def test_a_snapshot_let_go_is_freed_at_once(tmp_path: Path) -> None:
    """A server that serves generation after generation frees each old one when its last search ends: nothing the
    searches remember (the words read for feedback and repeats) ties a snapshot's postings into a cycle that only
    Python's cyclic collector, which runs seldom, would free."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    index(docs, index_dir)
    snap = snapshot(index_dir)
    assert snap.search("number of parallel jobs to run", limit=5)
    held = weakref.ref(snap._postings)
    gc.disable()
    try:
        del snap
        assert held() is None
    finally:
        gc.enable()
