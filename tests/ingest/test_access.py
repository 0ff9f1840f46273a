"""Per-document access control in the index: groups from front matter and from the access file, and a
read side that never shows a document to a caller outside its groups."""

from __future__ import annotations

from pathlib import Path

import pytest

import indexer.search.clauses
from indexer import DocumentNotFoundError
from indexer.ingest.access import ACCESS_FILE

from support.folders import index, run_cli, skipped, snapshot, write

RULES = """\
# pattern          groups
finance/**         finance
finance/open.md    finance, staff
*.secret.txt       executives
"""


@pytest.fixture
def shared(docs: Path, index_dir: Path) -> Path:
    """A folder with public, finance-only, staff and executive documents; indexed."""
    write(docs, ACCESS_FILE, RULES)
    write(docs, "handbook.md", "# Handbook\n\nThe quarterly budget meeting is open to all.\n")
    write(docs, "finance/budget.md", "# Budget 2027\n\nThe quarterly budget holds the payroll figures.\n")
    write(docs, "finance/open.md", "# Open finance notes\n\nThe quarterly budget summary for staff.\n")
    write(docs, "finance/override.md", "---\naccess: [board]\n---\n# Board pack\n\nQuarterly budget for the board.\n")
    write(docs, "plans.secret.txt", "Merger plans: the quarterly budget of the target company.\n")
    write(docs, "notes/hr.md", "---\naccess: hr, executives\n---\n# Salaries\n\nThe quarterly budget of HR.\n")
    index(docs, index_dir)
    return index_dir


EVERYTHING = {"handbook.md", "finance/budget.md", "finance/open.md", "finance/override.md", "plans.secret.txt",
              "notes/hr.md"}  # fmt: skip


def ids(hits: list) -> set[str]:
    return {h.document.id for h in hits}


def test_each_document_gets_its_groups_from_front_matter_or_else_the_last_matching_rule(shared: Path) -> None:
    snap = snapshot(shared)
    groups = {d.id: set(d.access) for d in snap.list_documents()}
    assert groups == {
        "handbook.md": set(),
        "finance/budget.md": {"finance"},
        "finance/open.md": {"finance", "staff"},  # the later, more specific rule wins
        "finance/override.md": {"board"},  # front matter replaces the access file's groups
        "plans.secret.txt": {"executives"},
        "notes/hr.md": {"hr", "executives"},
    }


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        (frozenset(), {"handbook.md"}),
        (frozenset({"staff"}), {"handbook.md", "finance/open.md"}),
        (frozenset({"finance"}), {"handbook.md", "finance/budget.md", "finance/open.md"}),
        (frozenset({"executives", "nobody"}), {"handbook.md", "plans.secret.txt", "notes/hr.md"}),
        (None, EVERYTHING),
    ],
)
def test_search_lists_and_counts_only_what_the_callers_groups_may_see(
    shared: Path, groups: frozenset[str] | None, expected: set[str]
) -> None:
    snap = snapshot(shared)
    assert ids(snap.search("quarterly budget", limit=50, groups=groups)) == expected
    assert {d.id for d in snap.list_documents(groups=groups)} == expected
    assert snap.document_count(groups) == len(expected)
    # pages of a listing never skip or repeat what the caller may see
    first = snap.list_documents(limit=1, groups=groups)
    rest = snap.list_documents(after=first[0].id, groups=groups)
    assert [d.id for d in first + rest] == sorted(expected)


def test_a_hidden_document_is_not_found_exactly_like_an_unknown_one(shared: Path) -> None:
    snap = snapshot(shared)
    staff = frozenset({"staff"})
    for ref in ("finance/budget.md", "finance/budget.md#part=0", "finance/budget.md#at=3"):
        with pytest.raises(DocumentNotFoundError) as hidden:
            snap.excerpt(ref, 10_000, groups=staff)
        with pytest.raises(DocumentNotFoundError) as unknown:
            snap.excerpt(ref.replace("budget", "nothing"), 10_000, groups=staff)
        assert hidden.value.args == (ref,)  # the same error, carrying nothing but the id asked for
        assert unknown.value.args == (ref.replace("budget", "nothing"),)
    assert snap.document("finance/budget.md", staff) is None
    assert snap.text("finance/budget.md", staff) is None
    assert snap.excerpt("finance/open.md", 10_000, groups=staff).text.startswith("Open finance notes")
    assert "payroll" in (snap.text("finance/budget.md", frozenset({"finance"})) or "")


def test_a_hidden_document_does_not_surface_through_fields_phrases_or_wildcards(shared: Path) -> None:
    snap = snapshot(shared)
    nobody = frozenset({"guest"})
    for query in ('"payroll figures"', "title:budget", "path:finance", "payroll*", "type:text", "Merger OR payroll"):
        assert ids(snap.search(query, limit=50, groups=nobody)) <= {"handbook.md"}, query
    assert ids(snap.search("payroll", groups=frozenset({"finance"}))) == {"finance/budget.md"}


def test_changing_the_access_file_regroups_only_the_documents_it_affects(shared: Path, docs: Path) -> None:
    write(docs, ACCESS_FILE, RULES.replace("finance/**         finance", "finance/**         finance, audit"))
    report = index(docs, shared)
    assert report.updated == 2  # budget.md and open.md's rule is unchanged; override.md keeps its front matter
    snap = snapshot(shared)
    assert snap.document("finance/budget.md").access == ("finance", "audit")
    assert ids(snap.search("payroll", groups=frozenset({"audit"}))) == {"finance/budget.md"}
    (docs / ACCESS_FILE).unlink()
    index(docs, shared)
    snap = snapshot(shared)
    assert ids(snap.search("payroll", groups=frozenset())) == {"finance/budget.md"}  # no rules: public
    assert snap.document("finance/override.md").access == ("board",)


def test_the_access_file_itself_is_never_indexed(shared: Path) -> None:
    snap = snapshot(shared)
    assert snap.document(ACCESS_FILE) is None
    assert not snap.search("pattern groups executives")


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("finance/**\n", "line 1: 'finance/**' names no group"),
        ("# ok\nfinance/** finance\nhr/** hr,,\tpay roll\x07\n", "line 3: group name"),
        ("docs/** *\n", "line 1: '*' is not a group name"),
    ],
)
def test_a_malformed_access_file_stops_the_run_and_keeps_the_published_index(
    shared: Path, docs: Path, rules: str, message: str
) -> None:
    before = snapshot(shared).generation
    write(docs, ACCESS_FILE, rules)
    write(docs, "finance/new.md", "# New\n\nSecret payroll.\n")
    result = run_cli(docs, "--index", shared)
    assert result.returncode != 0
    assert message in result.stderr
    assert ".docsearchaccess" in result.stderr
    assert snapshot(shared).generation == before


@pytest.mark.parametrize(
    ("front_matter", "reason"),
    [
        ("access: 5", "front matter 'access' must be a list of group names"),
        ("access:", "front matter 'access' must be a list of group names"),
        ("access: {finance: yes}", "front matter 'access' must be a list of group names"),
        ("access: ['*']", "front matter 'access': '*' is not a group name"),
    ],
)
def test_front_matter_access_that_cannot_be_read_keeps_the_document_out(
    docs: Path, index_dir: Path, front_matter: str, reason: str
) -> None:
    write(docs, "secret.md", f"---\n{front_matter}\n---\n# Secret\n\nThe payroll.\n")
    report = index(docs, index_dir)
    assert skipped(report) == {"secret.md": reason}
    assert snapshot(index_dir).document("secret.md") is None


def test_front_matter_with_no_groups_leaves_the_access_file_in_charge(docs: Path, index_dir: Path) -> None:
    write(docs, ACCESS_FILE, "private/** staff\n")
    write(docs, "private/a.md", "---\naccess: []\n---\n# A\n\nText.\n")
    index(docs, index_dir)
    assert snapshot(index_dir).document("private/a.md").access == ("staff",)


# More words than a wildcard expands to, all sorting before the public documents' words of the same prefix.
HIDDEN_WORDS = " ".join(f"qqm{n:03d}" for n in range(300))
PUBLIC = {
    "zebra.md": "# Zebra\n\nThe qqmzebra grazes.\n",
    "qqmz/yak.md": "# Yak\n\nThe qqmyak and the qqmzebra.\n",
    "plain.md": "# Plain\n\nThe zebra grazes.\n",
}
HIDDEN = {
    "board/minutes.md": f"---\naccess: [board]\n---\n# Minutes\n\n{HIDDEN_WORDS}\n",
    "qqma-qqmb-qqmc.md": "---\naccess: [board]\n---\n# Board\n\nThe board grazes.\n",  # path words qqma, qqmb, qqmc
}


@pytest.fixture(scope="module")
def with_and_without_hidden(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two indexes of the same public documents, the first one with hidden documents beside them."""
    built = []
    for name, files in (("with", {**PUBLIC, **HIDDEN}), ("without", PUBLIC)):
        root = tmp_path_factory.mktemp(name)
        for path, text in files.items():
            write(root / "docs", path, text)
        index(root / "docs", root / "index")
        built.append(root / "index")
    return built[0], built[1]


@pytest.mark.parametrize(
    ("query", "expected", "expansions"),
    [
        ("qqm*", {"zebra.md", "qqmz/yak.md"}, None),
        ("qqm* type:markdown", {"zebra.md", "qqmz/yak.md"}, None),  # a filter: Whoosh matches it, the copy ranks
        ("grazes AND qqm*", {"zebra.md"}, None),
        ("grazes NOT qqm*", {"plain.md"}, None),
        ("path:qqm*", {"qqmz/yak.md"}, 2),  # two words per wildcard: the hidden path's three would take them
        ("qqmzebra path:qqm*", {"qqmz/yak.md"}, 2),  # the same as a filter beside words
    ],
)
def test_hidden_documents_do_not_change_what_a_wildcard_finds(
    with_and_without_hidden: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    query: str,
    expected: set[str],
    expansions: int | None,
) -> None:
    if expansions is not None:
        monkeypatch.setattr(indexer.search.clauses, "MAX_EXPANSIONS", expansions)
    with_hidden, without = (snapshot(index_dir) for index_dir in with_and_without_hidden)
    guest = frozenset({"guest"})
    with_hidden.search(query, limit=50, groups=frozenset({"board"}))  # what the board finds is not kept for others
    assert ids(with_hidden.search(query, limit=50, groups=guest)) == expected
    assert ids(without.search(query, limit=50, groups=guest)) == expected
