"""The shape of a Documenter.jl site's pages (Julia's documentation generator: docs/make.jl, pages in docs/src):
its `@`-blocks and its `(@ref target)` cross-references, as Documenter's own manual writes them."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, found, index, text_of, write

MAKE_JL = 'using Documenter\n\nmakedocs(\n    sitename = "Example.jl",\n    pages = ["Home" => "index.md"],\n)\n'

HOME = """```@meta
CurrentModule = Example
DocTestSetup = quote using Example end
```

# [Example.jl](@id home)

*A zebracorn toolkit.*

!!! note "Before you start"

    Read the [Julia manual](https://docs.julialang.org/) first.

    ```@raw html
    <div class="banner">
        <b>Bold</b> unicornfish

    </div>
    ```

- [``\\LaTeX`` syntax](@ref latex_syntax) support.
- The [Package Guide](@ref) and [the `g` function](@ref `Main.Other.g`).
- See the [Index](@ref
  main-index) for all of it.

## Manual Outline

```@contents
Pages = ["man/guide.md", "man/syntax.md"]
Depth = 1
```

```@setup hidden
secret_setup_value = 42
```

```@example demo
a = 1 + 1
```

```@repl
b = rand(3)
```

Write `[text](@ref anchor)` to refer to a heading.

```@docs
Example.frobnicate
```

```@raw latex
\\newpage
```

### [Index](@id main-index)

```@index
Pages = ["lib/public.md"]
```
"""


def test_documenter_blocks_and_references_read_as_the_site_shows_them(docs: Path, index_dir: Path) -> None:
    """A page's settings, its hidden setup code, its table of contents and index (made from other pages) are no
    text of it; its examples and REPL code are code; a cross-reference shows its text, as does a heading with its
    own anchor, which titles the page; an admonition keeps its title and body, raw HTML in it its text."""
    write(docs, "make.jl", MAKE_JL)
    write(docs, "src/index.md", HOME)
    index(docs, index_dir)
    text = text_of(index_dir, "src/index.md")
    assert document(index_dir, "src/index.md").title == "Example.jl"
    for shown in (
        "Before you start\n\nRead the Julia manual first.",
        "Bold unicornfish",
        "\\LaTeX syntax support.",
        "The Package Guide and the g function.",
        "See the Index for all of it.",
        "a = 1 + 1",
        "b = rand(3)",
        "Example.frobnicate",
        "Write [text](@ref anchor) to refer to a heading.",  # code: the syntax as written
    ):
        assert shown in text, shown
    for hidden in ("CurrentModule", "DocTestSetup", "Pages =", "Depth", "secret_setup_value", "newpage", "(@id"):
        assert hidden not in text, hidden
    assert "(@ref" not in text.replace("[text](@ref anchor)", "")
    assert found(index_dir, "zebracorn") == ["src/index.md"]
    assert found(index_dir, "unicornfish") == ["src/index.md"]


def test_the_same_blocks_shown_as_markdown_source_stay_as_written(docs: Path, index_dir: Path) -> None:
    """Documenter's manual shows its syntax in ````markdown fences: there a ```@meta block is code to read."""
    write(docs, "src/syntax.md", "# Syntax\n\n````markdown\n```@meta\nCurrentModule = Zebracorn\n```\n````\n")
    index(docs, index_dir)
    assert "```@meta\nCurrentModule = Zebracorn\n```" in text_of(index_dir, "src/syntax.md")
