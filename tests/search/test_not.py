"""NOT leaves out documents: those that hold what follows it anywhere, in any passage. A word in code style or
with a hyphen, under NOT, leaves out what holds that word, not what holds one of its words."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.search.searcher import Snapshot

from support.connector import build_index
from support.folders import index, snapshot, write

EVERYTHING = " type:markdown"  # a filter every document passes
# each test runs on the postings copy, on the copy with a filter, and on Whoosh alone (the reference)
ON_EACH_PATH = pytest.mark.parametrize(
    ("tail", "whoosh"), [("", False), (EVERYTHING, False), ("", True)], ids=["postings", "filtered", "whoosh"]
)


def _on(snap: Snapshot, whoosh: bool) -> Snapshot:
    """The snapshot, or one of the same generation that ranks with Whoosh alone."""
    return Snapshot(snap.folder, postings=False) if whoosh else snap


def _ids(snap: Snapshot, query: str, groups: frozenset[str] | None = None) -> set[str]:
    return {hit.document.id for hit in snap.search(query, limit=100, snippets=False, groups=groups)}


@pytest.fixture(scope="module")
def identifiers(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    files = {
        "highlight.md": "# Buttons\n\nWrap the button in a TouchableHighlight to darken it on press.\n",
        "opacity.md": "# Fading\n\nA TouchableOpacity fades; the highlight colour is set apart.\n",
        "touchable.md": "# Touchables\n\nAny touchable element reacts to a press.\n",
        "getter.md": "# Users\n\nCall getUserName to read the user name.\n",
        "user.md": "# Users\n\nA user has a name and a profile.\n",
        "builds.md": "# Builds\n\nA multi-target build writes one target per platform.\n",
        "apart.md": "# Targets\n\nA target that is multi in every way.\n",
    }
    return snapshot(build_index(tmp_path_factory.mktemp("identifiers"), files))


@ON_EACH_PATH
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Touchab* NOT TouchableHighlight", {"opacity.md", "touchable.md"}),
        ("touchable NOT TouchableHighlight", {"opacity.md", "touchable.md"}),
        ("highlight NOT TouchableHighlight", {"opacity.md"}),
        ("user NOT getUserName", {"user.md"}),
        ("name NOT (getUserName)", {"user.md"}),
        ("target NOT multi-target", {"apart.md"}),
        ("target NOT v2.1", {"apart.md", "builds.md"}),
    ],
)
def test_an_identifier_under_not_leaves_out_only_what_holds_it(
    identifiers: Snapshot, query: str, expected: set[str], tail: str, whoosh: bool
) -> None:
    assert _ids(_on(identifiers, whoosh), query + tail) == expected


def _two_sections(front: str = "") -> str:
    """A document of two passages (each section is one): the zebracorn in the first, the walrus in the second."""
    return (
        f"{front}# Field notes\n\n## Plains\n\nA zebracorn grazes by the amber lantern.\n\n"
        "## Coast\n\nA walrus rests on the ice, its tusk in the snow.\n"
    )


LEGAL = "---\naccess: [legal]\n---\n"
PLAIN = "# Plains\n\nA zebracorn grazes by the amber lantern.\n"


@pytest.fixture(scope="module")
def sections(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    """Documents holding the zebracorn: with a walrus in another passage or not, public or for the group legal."""
    files = {
        "mixed.md": _two_sections(),
        "plain.md": PLAIN,
        "hidden.md": _two_sections(LEGAL),
        "hidden-plain.md": LEGAL + PLAIN,
        "notes.txt": "A zebracorn, noted in plain text.\n",
    }
    return snapshot(build_index(tmp_path_factory.mktemp("sections"), files))


def test_the_walrus_and_the_zebracorn_stand_in_two_passages_of_one_document(sections: Snapshot) -> None:
    (walrus,) = [hit for hit in sections.search("walrus") if hit.document.id == "mixed.md"]
    (zebracorn,) = [hit for hit in sections.search("zebracorn") if hit.document.id == "mixed.md"]
    assert walrus.passage is not None and zebracorn.passage is not None
    assert walrus.passage.ordinal != zebracorn.passage.ordinal
    assert "walrus" not in zebracorn.snippet


EXCLUSIONS = [
    "zebracorn NOT walrus",
    'zebracorn NOT "walrus rests"',
    "zebracorn NOT heading:coast",
    "zebracorn NOT body:tusk",
    "zebracorn NOT walr*",
    "zebracorn NOT (walrus OR periwinkle)",
    "zebracorn NOT periwinkle NOT walrus",
    "(zebracorn NOT walrus)",
    "(zebracorn NOT walrus) periwinkle",
    "zebracorn AND lantern NOT walrus",
    "zebracorn NOT (tusk AND snow)",
    "zebracorn NOT (walrus NOT periwinkle)",
]


@ON_EACH_PATH
@pytest.mark.parametrize("query", EXCLUSIONS)
def test_not_leaves_out_a_document_whose_other_passage_matches(
    sections: Snapshot, query: str, tail: str, whoosh: bool
) -> None:
    sections = _on(sections, whoosh)
    everyone = {"plain.md", "hidden-plain.md"} | ({"notes.txt"} if "lantern" not in query and not tail else set())
    assert _ids(sections, query + tail) == everyone
    assert _ids(sections, query + tail, groups=frozenset({"legal"})) == everyone
    assert _ids(sections, query + tail, groups=frozenset()) == everyone - {"hidden-plain.md"}


@ON_EACH_PATH
def test_a_hidden_document_holding_the_excluded_word_changes_nothing_for_a_caller_who_may_not_see_it(
    sections: Snapshot, tail: str, whoosh: bool
) -> None:
    sections = _on(sections, whoosh)
    public = frozenset[str]()
    found = sections.search("zebracorn" + tail, snippets=False, groups=public)
    kept = [hit for hit in found if hit.document.id != "mixed.md"]
    got = sections.search("zebracorn NOT walrus" + tail, snippets=False, groups=public)
    assert [h.document.id for h in got] == [h.document.id for h in kept]
    assert [h.score for h in got] == pytest.approx([h.score for h in kept])


@ON_EACH_PATH
def test_not_with_a_field_of_the_document_leaves_out_its_documents(sections: Snapshot, tail: str, whoosh: bool) -> None:
    sections = _on(sections, whoosh)
    text = set() if tail else {"notes.txt"}
    assert _ids(sections, "zebracorn NOT type:text" + tail) == {"mixed.md", "plain.md", "hidden.md", "hidden-plain.md"}
    assert _ids(sections, "zebracorn NOT title:field" + tail) == {"plain.md", "hidden-plain.md"} | text
    assert _ids(sections, "NOT walrus" + tail, groups=frozenset()) == {"plain.md"} | text


GLACIER = "# Glacier survey {n}\n\nThe glacier carved a moraine; meltwater from the glacier fed the outwash plain.\n"


def test_feedback_does_not_bring_back_an_excluded_document(docs: Path, index_dir: Path) -> None:
    """Feedback adds the words of the best passages (moraine, meltwater, outwash) to a query of words: the
    landforms page, which never says glacier, is found through them, unless a NOT leaves it out."""
    for n in range(8):
        write(docs, f"glacier-{n}.md", GLACIER.format(n=n))
    write(docs, "landforms.md", "# Landforms\n\n## Ice\n\nA moraine and an outwash plain, shaped by meltwater.\n\n"
          "## Coast\n\nA walrus rests on the shore.\n")  # fmt: skip
    index(docs, index_dir)
    snap = snapshot(index_dir)
    assert "landforms.md" in _ids(snap, "glacier")
    for tail in ("", EVERYTHING):
        assert _ids(snap, "glacier NOT walrus" + tail) == {f"glacier-{n}.md" for n in range(8)}
    assert _ids(_on(snap, True), "glacier NOT walrus") == {f"glacier-{n}.md" for n in range(8)}
