"""A heading right before another (a page's title over its first section, "## Hooks" over "### useThing") is part
of the page: its line is in the text, it is among the document's headings, and it leads the heading of the
passages under it, so that a search for it finds them. Found on real sites: Docusaurus API pages lost their
"## Hooks"-style headings, and Sphinx pages whose title came right before a section took that section's heading
as their title ("Synopsis" for sphinx-build)."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, index, skipped, snapshot, write

PAGES = {
    "client.md": (
        "# Client API\n\n## Hooks\n\n### useThing\n\nReturns the zebracorn thing.\n\n"
        "## Empty\n\n## Full\n\nThe unicornfish body.\n"
    ),
    "man/sphinx-build.rst": (
        "sphinx-build\n============\n\nSynopsis\n--------\n\n**sphinx-build** [*options*] gryphonbeak\n\n"
        "Options\n-------\n\nGeneral\n~~~~~~~\n\n-b buildername periwinkle\n"
    ),
    "guide.html": (
        "<html><body><h1>Guide</h1><h2>Setup</h2><h3>Linux</h3><p>Run the walrus.</p>"
        "<h2>Usage</h2><p>Then the xylophonist.</p></body></html>"
    ),
    "toc.md": "# Contents\n\n## Part one\n\n## Part two\n",
}


def test_a_heading_right_before_another_is_text_a_heading_and_leads_the_passages_under_it(
    docs: Path, index_dir: Path
) -> None:
    for name, text in PAGES.items():
        write(docs, name, text)
    report = index(docs, index_dir)
    client = document(index_dir, "client.md")
    assert client.headings == ("Client API", "Hooks", "useThing", "Empty", "Full")
    assert snapshot(index_dir).text("client.md") == (
        "Client API\n\nHooks\n\nuseThing\n\nReturns the zebracorn thing.\n\nEmpty\n\nFull\n\nThe unicornfish body."
    )
    found = snapshot(index_dir)
    hooks = found.search("heading:Hooks")
    assert [h.document.id for h in hooks] == ["client.md"]
    assert hooks[0].passage is not None and hooks[0].passage.heading == "Hooks > useThing"  # the title stays out
    full = found.search("unicornfish")[0]  # "Empty" is a sibling of "Full", not its parent
    assert full.passage is not None and full.passage.heading == "Full"
    assert document(index_dir, "man/sphinx-build.rst").title == "sphinx-build"
    assert [h.passage.heading for h in found.search("gryphonbeak") if h.passage] == ["Synopsis"]
    assert [h.passage.heading for h in found.search("periwinkle") if h.passage] == ["Options > General"]
    assert [h.passage.heading for h in found.search("walrus") if h.passage] == ["Setup > Linux"]
    assert [h.passage.heading for h in found.search("xylophonist") if h.passage] == ["Usage"]
    assert skipped(report) == {"toc.md": "no text"}  # headings alone are nothing to search


def test_every_section_under_a_heading_has_it_in_its_passages_heading(docs: Path, index_dir: Path) -> None:
    """attrs's changelog: "## Changes" over one "### 25.4.0" after another. Only the first version's passages
    said "Changes > 25.4.0"; the others said "25.1.0" alone, so `heading:changes` found one section of many."""
    write(
        docs,
        "changelog.md",
        "# attrs\n\n## Changes\n\n### 25.4.0\n\nThe zebracorn fix.\n\n### 25.1.0\n\nThe unicornfish fix.\n\n"
        "#### Deprecations\n\nThe walrus goes.\n\n## Older\n\nThe gryphonbeak era.\n",
    )
    index(docs, index_dir)
    found = snapshot(index_dir)
    headings = {word: [h.passage.heading for h in found.search(word) if h.passage] for word in
                ("zebracorn", "unicornfish", "walrus", "gryphonbeak")}  # fmt: skip
    assert headings == {
        "zebracorn": ["Changes > 25.4.0"],
        "unicornfish": ["Changes > 25.1.0"],
        "walrus": ["Changes > 25.1.0 > Deprecations"],
        "gryphonbeak": ["Older"],
    }
