"""The shape of an Elixir project's guides as ExDoc publishes them (elixir-lang/elixir lib/elixir/pages): Markdown
pages with `{: .info}` admonitions, cheatsheets (.cheatmd) whose sections carry `{: .col-2}` attributes, and
Livebook notebooks (.livemd) whose cells and outputs are marked by `<!-- livebook:{...} -->` comments."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, found, index, text_of, write

CHEATSHEET = """<!--
  SPDX-License-Identifier: Apache-2.0
-->

# Enum cheatsheet

A quick reference into the `Enum` module.

## Predicates
{: .col-2}

### [`any?(enum, fun)`](`Enum.any?/2`)

```elixir
iex> Enum.any?(cart, & &1.fruit == "orange")
true
```

`any?` with an empty collection is always false, zebracorn.
"""

NOTEBOOK = """<!-- livebook:{"persist_outputs":true} -->

# Servy notebook

```elixir
Mix.install([{:kino, "~> 0.12"}])
```

<!-- livebook:{"output":true} -->

```
:ok
```

## Immutable data

<!-- livebook:{"reevaluate_automatically":true} -->

```elixir
conversation = %{method: "GET", path: "/wildthings"}
```

A map holds the quokkafish request.
"""

MIX_GUIDE = """# Introduction to Mix

You can learn more by checking [the format task documentation](`mix format`) or [`mix release`](`mix release`).
Lists are enumerable: see [`Enum.map/2`](`Enum.map/2`).

```markdown
See [the format task documentation](`mix format`).
```
"""

GUIDE = """# Structs

> #### Structs are maps {: .info}
>
> Underneath, a struct is a map with a `__struct__` key.

Structs are extensions built on top of maps.
"""


def _write_pages(docs: Path) -> None:
    write(docs, "cheatsheets/enum-cheat.cheatmd", CHEATSHEET)
    write(docs, "notebooks/servy.livemd", NOTEBOOK)
    write(docs, "getting-started/structs.md", GUIDE)


def test_a_cheatsheet_and_a_livebook_are_pages_read_as_markdown(docs: Path, index_dir: Path) -> None:
    """ExDoc publishes .cheatmd and .livemd extras beside the guides: each is a page, not a file of a type no
    loader reads."""
    _write_pages(docs)
    report = index(docs, index_dir)
    assert report.unread == ()
    assert document(index_dir, "cheatsheets/enum-cheat.cheatmd").title == "Enum cheatsheet"
    assert document(index_dir, "notebooks/servy.livemd").title == "Servy notebook"
    assert found(index_dir, "zebracorn") == ["cheatsheets/enum-cheat.cheatmd"]
    assert found(index_dir, "quokkafish") == ["notebooks/servy.livemd"]


def test_their_attributes_and_livebook_comments_are_no_text(docs: Path, index_dir: Path) -> None:
    _write_pages(docs)
    index(docs, index_dir)
    cheat = text_of(index_dir, "cheatsheets/enum-cheat.cheatmd")
    assert "Predicates\n\nany?(enum, fun)\n\niex> Enum.any?(cart" in cheat
    assert "{:" not in cheat and "SPDX" not in cheat and "Enum.any?/2" not in cheat
    notebook = text_of(index_dir, "notebooks/servy.livemd")
    assert 'Mix.install([{:kino, "~> 0.12"}])' in notebook and "conversation = %{method" in notebook
    assert "livebook" not in notebook and "persist_outputs" not in notebook
    guide = text_of(index_dir, "getting-started/structs.md")
    assert "Structs are maps" in guide and "{: .info}" not in guide


def test_a_cheatsheet_is_served_as_an_html_page(docs: Path, index_dir: Path) -> None:
    _write_pages(docs)
    index(docs, index_dir, base_url="https://hexdocs.pm/elixir/", url_extension="html")
    assert document(index_dir, "cheatsheets/enum-cheat.cheatmd").url.endswith("/enum-cheat.html")
    assert document(index_dir, "notebooks/servy.livemd").url.endswith("/servy.html")


def test_a_link_to_a_mix_task_shows_its_text_as_exdoc_shows_it(docs: Path, index_dir: Path) -> None:
    """ExDoc links `[text](`mix format`)` to the task's page; CommonMark alone leaves it as written, brackets,
    parentheses and all. In a code block the syntax stays as written."""
    write(docs, "mix-and-otp/introduction-to-mix.md", MIX_GUIDE)
    index(docs, index_dir)
    text = text_of(index_dir, "mix-and-otp/introduction-to-mix.md")
    assert "checking the format task documentation or mix release." in text
    assert "see Enum.map/2." in text
    assert "See [the format task documentation](`mix format`)." in text
    assert text.count("](") == 1


def test_a_fence_in_an_html_comment_leaves_the_links_after_it_read(docs: Path, index_dir: Path) -> None:
    """A fence in a comment (`<!-- ```mermaid` ... ```` ``` -->`) is none: its last line was taken for a fence open
    to the page's end, so the links after it stayed as written, on any page (fences.in_code)."""
    comment = "<!-- ```mermaid\nsequenceDiagram\n``` -->"
    write(docs, "guide.md", f"# Guide\n\n{comment}\n\nSee [the format task documentation](`mix format`).\n")
    index(docs, index_dir)
    assert text_of(index_dir, "guide.md").endswith("See the format task documentation.")
