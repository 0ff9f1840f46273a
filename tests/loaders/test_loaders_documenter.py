"""The shape of a Documenter.jl site's pages (Julia's documentation generator: docs/make.jl, pages in docs/src):
its `@`-blocks and its `(@ref target)` cross-references, as Documenter's own manual writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.loaders.includes import MAX_INCLUDES
from indexer.loaders.juliadocs import MAX_ADDED, MAX_FILLED

from support.folders import document, found, index, snapshot, text_of, warnings_of, write

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
import Random # hide
a = 1 + 1
```

```@repl
b = rand(3)
```

```@eval
using Markdown
Markdown.parse("Built at build time")
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
    text of it, nor the code of an @eval block; its examples and REPL code are code; a cross-reference shows its
    text, as does a heading with its own anchor, which titles the page; an admonition keeps its title and body,
    raw HTML in it its text."""
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
    hidden_lines = ("CurrentModule", "DocTestSetup", "Pages =", "Depth", "secret_setup_value", "newpage", "Random")
    hidden_lines += ("Markdown.parse",)  # an @eval block's code: the page shows what it returns
    for hidden in (*hidden_lines, "(@id"):
        assert hidden not in text, hidden
    assert "(@ref" not in text.replace("[text](@ref anchor)", "")
    assert found(index_dir, "zebracorn") == ["src/index.md"]
    assert found(index_dir, "unicornfish") == ["src/index.md"]


def test_the_same_blocks_shown_as_markdown_source_stay_as_written(docs: Path, index_dir: Path) -> None:
    """Documenter's manual shows its syntax in ````markdown fences: there a ```@meta block is code to read."""
    write(docs, "src/syntax.md", "# Syntax\n\n````markdown\n```@meta\nCurrentModule = Zebracorn\n```\n````\n")
    index(docs, index_dir)
    assert "```@meta\nCurrentModule = Zebracorn\n```" in text_of(index_dir, "src/syntax.md")


ZEBRA_JL = '''module Zebra

export frobnicate

include("stripes.jl")

const SHARED_NOTE =
    """
    # Metadata

    This function keeps the zebracorn metadata.
    """
const PIECES = "`:`, `Cols`, " *
               "or a vector"

"""
    frobnicate(x; loud=false)

Frobnicate `x`, costing \\$5 ($PIECES).

# Examples

```jldoctest
julia> frobnicate(1)
1
```

$SHARED_NOTE
"""
frobnicate(x; loud=false) = x

template = """
Not a docstring.
"""
notdocumented() = 1

end
'''

STRIPES_JL = '''module Stripes

"""
$(SIGNATURES)

Count the unicornfish stripes.
"""
@inline function count_stripes(z::Zebra, n::Int)
    return n
end

"A one-line docstring of the Stripe type."
Base.@kwdef struct Stripe
    width::Int
end

end
'''

API = """# API

## Public

```@docs
frobnicate
Zebra.nosuchthing
```

## Stripes

```@autodocs
Modules = [Zebra.Stripes]
Pages = ["stripes.jl"]
```
"""


def _package(repo: Path) -> None:
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "Project.toml", 'name = "Zebra"\nuuid = "00000000-0000-0000-0000-000000000000"\n')
    write(repo, "src/Zebra.jl", ZEBRA_JL)
    write(repo, "src/stripes.jl", STRIPES_JL)
    write(repo, "docs/make.jl", MAKE_JL)
    write(repo, "docs/src/api.md", API)


def test_docs_and_autodocs_blocks_show_the_docstrings_of_the_julia_source(tmp_path: Path) -> None:
    """Indexed from docs/ with --includes-from the repository, a ```@docs block shows each object's docstrings
    under its name (headings in them bold, string constants and DocStringExtensions' signature filled in), and
    an ```@autodocs block those of its modules' pages; a name with none keeps its line, with a warning."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    report = index(repo / "docs", index_dir, includes_from=repo)
    text = text_of(index_dir, "src/api.md")
    for shown in (
        "frobnicate\n\nfrobnicate(x; loud=false)\n\nFrobnicate x, costing $5 (:, Cols, or a vector).",
        "Examples\n\njulia> frobnicate(1)\n1",
        "Metadata\n\nThis function keeps the zebracorn metadata.",
        "count_stripes\n\ncount_stripes(z::Zebra, n::Int)\n\nCount the unicornfish stripes.",
        "Stripe\n\nA one-line docstring of the Stripe type.",
        "Zebra.nosuchthing",
    ):
        assert shown in text, shown
    for hidden in ("SIGNATURES", "SHARED_NOTE", "Not a docstring", "notdocumented", "Modules ="):
        assert hidden not in text, hidden
    headings = [passage.heading for passage in snapshot(index_dir).passages("src/api.md")]
    assert "Public > frobnicate" in headings
    assert not any(h.endswith(("Examples", "Metadata")) for h in headings)  # the docstring's, and its constant's
    assert found(index_dir, "unicornfish") == ["src/api.md"]
    assert warnings_of(report, "src/api.md") == [
        "Documenter: no docstring of Zebra.nosuchthing in the package's Julia source: only the name is shown"
    ]


def test_julia_source_beyond_the_documents_folder_is_named_for_includes_from(tmp_path: Path) -> None:
    """Without --includes-from the source beside docs/ is not read: the page shows the names, its warning says
    why, and the summary names the folder to give."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    report = index(repo / "docs", index_dir)
    assert "frobnicate\nZebra.nosuchthing" in text_of(index_dir, "src/api.md")
    assert "unicornfish" not in text_of(index_dir, "src/api.md")
    assert [w for w in warnings_of(report, "src/api.md") if "outside the documents folder" in w]
    assert report.includes_held_by == str(repo.resolve())


def test_julia_source_that_includes_itself_or_never_closes_a_docstring_is_read_once(tmp_path: Path) -> None:
    """A file that includes itself (through another) is read once; a docstring never closed runs to its file's
    end and documents nothing; the page is indexed with what was found."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    zebra = 'module Zebra\ninclude("loop.jl")\n"""\nThe frobnicate quokkafish.\n"""\nfrobnicate(x) = x\nend\n'
    write(repo, "src/Zebra.jl", zebra)
    write(repo, "src/loop.jl", 'include("Zebra.jl")\ninclude("loop.jl")\n"""\nNever closed.\n\nfunction f end\n')
    report = index(repo / "docs", index_dir, includes_from=repo)
    text = text_of(index_dir, "src/api.md")
    assert "frobnicate\n\nThe frobnicate quokkafish." in text
    assert "Never closed" not in text
    assert found(index_dir, "quokkafish") == ["src/api.md"]
    assert not report.skipped
    warned = [w.split(" in ")[0] for w in warnings_of(report, "src/api.md")]
    assert warned == ["Documenter: no docstring of Zebra.nosuchthing"]  # none of the loop


def test_string_constants_within_constants_fill_a_docstring_within_bounds(tmp_path: Path) -> None:
    """Constants that name each other a hundred times over grew a docstring without end (a file of 300 bytes
    gave one of gigabytes): a docstring is given at most MAX_FILLED characters of them, the rest stay `$NAME` as
    written, and a constant is never filled in within itself."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    constants = "".join(
        f'const {name} = "{f"${inner}" * 100}"\n' for name, inner in (("X", "A"), ("A", "B"), ("B", "C"))
    )
    loops = 'const LOOP = "round $LOOP2"\nconst LOOP2 = "and $LOOP"\n'
    source = f'module Zebra\nconst C = "stripe "\n{constants}{loops}"""\nThe quokkafish $X.\n"""\nbomb() = 1\n'
    write(repo, "src/Zebra.jl", source + '"""\nLoop: $LOOP.\n"""\nloop() = 1\nend\n')
    write(repo, "docs/src/api.md", "# API\n\n```@docs\nbomb\nloop\n```\n")
    index(repo / "docs", index_dir, includes_from=repo)
    text = text_of(index_dir, "src/api.md")
    assert len(text) < MAX_FILLED + 1_000
    assert text.count("stripe") > 10_000 and "$C" in text  # filled up to the bound, then as written
    assert "Loop: round and $LOOP." in text
    assert found(index_dir, "quokkafish") == ["src/api.md"]


def test_blocks_that_repeat_the_package_give_a_page_at_most_max_added_characters(tmp_path: Path) -> None:
    """Each empty ```@autodocs block shows every docstring of the package: a page of 300 of them over a few
    kilobytes of docstrings stops at MAX_ADDED characters, with a warning, the rest of its blocks as written."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    write(repo, "src/Zebra.jl", 'module Zebra\n"""\n' + "The zebracorn docstring. " * 200 + '\n"""\nf() = 1\nend\n')
    write(repo, "docs/src/api.md", "# API\n\n" + "```@autodocs\nModules = [Zebra]\n```\n\n" * 300 + "unicornfish\n")
    report = index(repo / "docs", index_dir, includes_from=repo)
    text = text_of(index_dir, "src/api.md")
    assert MAX_ADDED / 2 < len(text) < MAX_ADDED
    assert found(index_dir, "unicornfish") == ["src/api.md"]
    assert warnings_of(report, "src/api.md") == [
        f"Documenter: the page's blocks give more than {MAX_ADDED:,} characters of docstrings (blocks that"
        " repeat the package's?): the rest are left as written"
    ]


def test_a_page_that_only_mentions_docs_blocks_reads_no_julia_source(tmp_path: Path) -> None:
    """Prose or code that names `@docs` is no block: the package's source is not read for it (it would be the
    page's includes, and, beyond the documents folder, a warning)."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    write(repo, "docs/src/guide.md", "# Guide\n\nAn `@docs` block lists zebracorn.\n\n```markdown\n```@docs\nf\n```\n")
    report = index(repo / "docs", index_dir)
    assert found(index_dir, "zebracorn") == ["src/guide.md"]
    assert warnings_of(report, "src/guide.md") == []


def test_julia_includes_past_max_includes_are_not_looked_for(tmp_path: Path) -> None:
    """A source that includes thousands of files (that are not there) is looked through up to MAX_INCLUDES of
    them, with a warning; its docstrings are shown."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    includes = "".join(f'include("part{number}.jl")\n' for number in range(MAX_INCLUDES + 500))
    write(
        repo, "src/Zebra.jl", f'module Zebra\n{includes}"""\nThe frobnicate quokkafish.\n"""\nfrobnicate() = 1\nend\n'
    )
    report = index(repo / "docs", index_dir, includes_from=repo)
    assert "The frobnicate quokkafish." in text_of(index_dir, "src/api.md")
    assert f"Documenter: more than {MAX_INCLUDES:,} Julia files included: the rest not read" in warnings_of(
        report, "src/api.md"
    )


def test_a_docstring_whose_code_never_closes_leaves_the_rest_of_the_page_prose(tmp_path: Path) -> None:
    """A docstring that opens a fence and never closes it has its code closed at its end: the page's next
    section is a section, not code."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    write(repo, "src/Zebra.jl", 'module Zebra\n"""\nUnclosed:\n```julia\nf(x)\n"""\nf(x) = x\nend\n')
    write(repo, "docs/src/api.md", "# API\n\n```@docs\nf\n```\n\n## After\n\nThe unicornfish section.\n")
    index(repo / "docs", index_dir, includes_from=repo)
    headings = [passage.heading for passage in snapshot(index_dir).passages("src/api.md")]
    assert "After" in headings
    assert found(index_dir, "unicornfish") == ["src/api.md"]


SOURCE_CASES = [
    pytest.param(
        '"""\nConstrain the quokkafish.\n"""\nconstrain(x) = x\n\n"""\nExpand them all.\n"""\nmacroexpand_all(x) = x\n',
        ["constrain\n\nConstrain the quokkafish.", "macroexpand_all\n\nExpand them all."],
        ["\nrain\n", "@expand_all"],
        id="keywords-are-whole-words",
    ),
    pytest.param(
        '# Docstrings open with """ in Julia\n"""\nThe quokkafish frobnicator.\n"""\nfrobnicate(x) = x\n',
        ["frobnicate\n\nThe quokkafish frobnicator."],
        [],
        id="triple-quotes-in-a-comment",
    ),
    pytest.param(
        'msg =\n    """\n    Not a docstring.\n    """\nshout(x) = x\n\n'
        '"""\nThe quokkafish whisper.\n"""\nwhisper(x) = x\n',
        ["whisper\n\nThe quokkafish whisper."],
        ["Not a docstring", "shout"],
        id="a-string-a-line-takes",
    ),
    pytest.param(
        'const X = "five"\n\n"""\n\\$(SIGNATURES) costs \\$X.\n"""\nf(x) = x\n\n'
        '@doc raw"""\nRaw \\alpha costs $X.\n"""\ng(x) = x\n',
        ["$(SIGNATURES) costs $X.", "Raw \\alpha costs $X."],
        ["f(x) costs", "five"],
        id="escaped-and-raw-dollars",
    ),
]


@pytest.mark.parametrize(("source", "shown", "hidden"), SOURCE_CASES)
def test_julia_source_is_read_as_julia_reads_it(
    tmp_path: Path, source: str, shown: list[str], hidden: list[str]
) -> None:
    """An ```@autodocs block shows the docstrings Julia would attach, with the text Julia would give them."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    write(repo, "src/Zebra.jl", f"module Zebra\n\n{source}\nend\n")
    write(repo, "docs/src/api.md", "# API\n\n```@autodocs\nModules = [Zebra]\n```\n")
    index(repo / "docs", index_dir, includes_from=repo)
    text = text_of(index_dir, "src/api.md")
    for part in shown:
        assert part in text, (part, text)
    for part in hidden:
        assert part not in text, (part, text)


def test_a_make_jl_whose_makedocs_is_commented_out_builds_no_docstrings(tmp_path: Path) -> None:
    """Only a make.jl that calls makedocs( outside its comments is Documenter's, for the site and for its pages'
    blocks alike: here the ```@docs block stays the names it holds."""
    repo, index_dir = tmp_path / "repo", tmp_path / "index"
    _package(repo)
    write(repo, "docs/make.jl", 'using Documenter\n# makedocs(sitename = "Zebra.jl")\n')
    index(repo / "docs", index_dir, includes_from=repo)
    text = text_of(index_dir, "src/api.md")
    assert "frobnicate\nZebra.nosuchthing" in text
    assert "unicornfish" not in text
