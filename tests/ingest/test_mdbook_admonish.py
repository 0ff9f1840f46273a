"""mdbook-admonish's boxes on an mdBook site: a fenced ```admonish block shows its title and its body's Markdown
as the built page does, not as code with its Markdown as written."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from support.folders import found, index, text_of, write

CHAPTER = """# Installing

```admonish warning title="Back up the **zebracorn** first"
Run `zc backup` and read [the guide](guide.md) before you go on.
```

```admonish tip
A *plain* tip.
```

```admonish tldr
Short version.
```

```admonish frobnicate
An unknown kind.
```

```admonish info title=""
No title bar at all.
```

```admonish danger "Data loss"
The first syntax's title.
```

````admonish example
```rust
let quillfern = 1; // **not emphasis**
```
````

- A list item.

  ```admonish note
  Inside the *item*.
  ```

> A quote.
>
> ```admonish tip
> Quoted *tip*.
> ```
>
> Still quoted.

`````markdown
```admonish warning
Shown as written.
```
`````

After the boxes.
"""


def book(root: Path, chapter: str) -> Path:
    write(root, "book.toml", '[book]\ntitle = "Zebracorn"\n\n[preprocessor.admonish]\ncommand = "mdbook-admonish"\n')
    write(root, "src/SUMMARY.md", "# Summary\n\n- [Installing](install.md)\n")
    write(root, "src/install.md", chapter)
    return root


def test_admonish_boxes_show_their_titles_and_markdown(tmp_path: Path) -> None:
    index(book(tmp_path / "book", CHAPTER), tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "src/install.md")
    assert "Back up the zebracorn first\n\nRun zc backup and read the guide before you go on." in text
    assert "Tip\n\nA plain tip." in text
    assert "TL;DR\n\nShort version." in text
    assert "Note\n\nAn unknown kind." in text
    assert "Example\n\nlet quillfern = 1; // **not emphasis**" in text  # code in a box is code
    assert "Data loss\n\nThe first syntax's title." in text
    assert "A list item.\nNote\nInside the item." in text  # a list item's paragraphs are its lines
    assert "```admonish warning\nShown as written.\n```" in text  # an example of the syntax, in code
    assert "admonish" not in text.replace("```admonish warning\nShown", "")
    assert "No title bar at all." in text and "Info" not in text
    shown = text.split("```admonish warning")[0]  # all but the example of the syntax
    assert "**" not in shown.replace("**not emphasis**", "") and "](" not in text and "`" not in shown
    assert "A quote.\n\nTip\n\nQuoted tip.\n\nStill quoted." in text
    assert "After the boxes." in text
    assert found(tmp_path / "index", "quillfern") == ["src/install.md"]


def test_a_box_ends_at_its_fence_and_a_box_in_a_box_is_code(tmp_path: Path) -> None:
    """The box is fenced code in the page's source: its closing fence ends it though a code block in its body was
    left open (the text after it was code to the page's end). mdbook-admonish replaces the blocks of the page, not
    those in a box's text: a box written inside another shows as code, as mdBook shows it."""
    chapter = (
        "# Boxes\n\n```admonish note\n~~~\nlet quillfern = 1;\n```\n\nAfter the **first** box.\n\n"
        "````admonish tip\nOuter *tip*.\n\n```admonish warning\nInner **zebracorn**.\n```\n````\n\nThe end.\n"
    )
    index(book(tmp_path / "book", chapter), tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "src/install.md")
    assert "Note\n\nlet quillfern = 1;\n\nAfter the first box." in text
    assert "Tip\n\nOuter tip.\n\nInner **zebracorn**.\n\nThe end." in text
    assert "Warning" not in text


def test_a_title_stays_one_paragraph(tmp_path: Path) -> None:
    """A title that starts like a fence or holds a line break (`\\n` in its JSON) is the box's title line still: it
    neither made code of the box's body nor a heading of its second line."""
    chapter = (
        '# Titles\n\n```admonish note title="~~~ zebracorn"\nA **bold** body.\n```\n\n'
        '```admonish tip "Two\\n# lines"\nA *tip*.\n```\n\nThe end.\n'
    )
    index(book(tmp_path / "book", chapter), tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "src/install.md")
    assert "~~~ zebracorn\n\nA bold body." in text
    assert "Two # lines\n\nA tip.\n\nThe end." in text


def test_outside_an_mdbook_an_admonish_fence_is_code(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "install.md", "# Installing\n\n```admonish warning\nKeep **this** as written.\n```\n")
    index(docs, tmp_path / "index", embeddings=False)
    assert "Keep **this** as written." in text_of(tmp_path / "index", "install.md")


@pytest.mark.parametrize(
    "chapter",
    [
        "`" * 100_000,
        "```admonish " + 'title="' * 30_000,
        "```admonish " + "a." * 50_000,
        "```admonish danger " + '"' * 100_000,
        "```admonish\n" * 100_000,
        ("```admonish\n" + "x\n" + "~~~\n") * 20_000,
    ],
    ids=["backticks", "titles", "classes", "quotes", "nested", "unclosed"],
)
def test_hostile_admonish_fences_are_read_in_linear_time(tmp_path: Path, chapter: str) -> None:
    started = time.monotonic()
    index(book(tmp_path / "book", "# Hostile\n\n" + chapter + "\n\nquillfern\n"), tmp_path / "index", embeddings=False)
    assert time.monotonic() - started < 20
    assert "quillfern" in text_of(tmp_path / "index", "src/install.md")
