"""NOT leaves out documents: those that hold what follows it anywhere, in any passage. A word in code style or
with a hyphen, under NOT, leaves out what holds that word, not what holds one of its words."""

from __future__ import annotations

import pytest

from indexer.search.searcher import Snapshot

from support.folders import index, snapshot, write

EVERYTHING = " type:markdown"  # a filter every document passes: the query goes to Whoosh whole


def _ids(snap: Snapshot, query: str, groups: frozenset[str] | None = None) -> set[str]:
    return {hit.document.id for hit in snap.search(query, limit=100, snippets=False, groups=groups)}


@pytest.fixture(scope="module")
def identifiers(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    root = tmp_path_factory.mktemp("identifiers")
    docs = root / "docs"
    write(docs, "highlight.md", "# Buttons\n\nWrap the button in a TouchableHighlight to darken it on press.\n")
    write(docs, "opacity.md", "# Fading\n\nA TouchableOpacity fades; the highlight colour is set apart.\n")
    write(docs, "touchable.md", "# Touchables\n\nAny touchable element reacts to a press.\n")
    write(docs, "getter.md", "# Users\n\nCall getUserName to read the user name.\n")
    write(docs, "user.md", "# Users\n\nA user has a name and a profile.\n")
    write(docs, "builds.md", "# Builds\n\nA multi-target build writes one target per platform.\n")
    write(docs, "apart.md", "# Targets\n\nA target that is multi in every way.\n")
    index(docs, root / "index")
    return snapshot(root / "index")


@pytest.mark.parametrize("tail", ["", EVERYTHING], ids=["postings", "whoosh"])
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
    identifiers: Snapshot, query: str, expected: set[str], tail: str
) -> None:
    assert _ids(identifiers, query + tail) == expected
