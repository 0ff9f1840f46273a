"""R Markdown books read as bookdown's HTML pages show them: cross references, labels, parts, index entries,
hidden chunks and text chunks. Each folder copies the shape of the bookdown manual's or Advanced R's chapters."""

from __future__ import annotations

from pathlib import Path

from indexer.loaders.includes import reading

from support.folders import document, index, skipped, text_of, warnings_of, write
from support.loaders import load, python_lines, searchable

COMPONENTS = """# Components {#components}

Pandoc's Markdown\\index{Markdown} is read first. See Chapter \\@ref(editing) and Figure \\@ref(fig:plot-zebra),
or Section \\@ref(zebra-basics), or \\@ref(grazing-zebras).

```{r setup-zebra, include=FALSE}
library(quietpackage)
```

```{r plot-zebra, echo=FALSE, fig.cap='(ref:zebra-cap)'}
knitr::include_graphics('images/zebra.png')
```

(ref:zebra-cap) A zebracorn grazing.

```{r shown-zebra, eval=FALSE}
zebra_count <- 2
```

```{r toolbar, echo = FALSE, out.width = "50%", fig.cap = "The \\"debugging\\" toolbar"}
knitr::include_graphics("toolbar.png")
```

```{r}
#| echo: false
#| fig-cap: >
#|   Typical state of
#|   the search path.
knitr::include_graphics("search-path.png")
```

$$f(k) = {n \\choose k}$$ (\\#eq:binom)

Write `\\@ref(label)` and `(\\#eq:label)` to number equations.

\\indexc{zebra()}
\\newpage

```{theorem pyth, name="Pythagorean theorem"}
For a right triangle, $a^2 + b^2 = c^2$.
```

```{block2, type='rmdnote'}
A **note** in a block.
```

::: {.lemma name="Zebra lemma"}
Stripes are *real*.
:::

## Zebra basics {#zebra-basics .unnumbered}

### Grazing zebras

```{r}
# A chunk's comment {#not-a-heading}
```
"""

LITERAL = """# Literal chunks {-}

````markdown
`r ''````{r important-computing, cache=TRUE}
````

The syntax for inline code is `` ``r ''`r R_CODE` ``.
"""

APPENDIX = """# (APPENDIX) Appendix {-}

# Software Tools {#software-tools}

Install R and RStudio.
"""

REFERENCES = """`r if (knitr::is_latex_output()) '<!--'`

\\backmatter

`r if (knitr::is_html_output()) '
# References {-}
'`

Works cited in the book.
"""


def test_bookdown_syntax_shows_as_the_html_page_shows_it(docs: Path, index_dir: Path) -> None:
    """The bookdown manual read "Pandoc's Markdown\\index{Markdown}", "see Chapter @ref(editing)", "(\\#eq:binom)",
    and showed the code of chunks with `echo=FALSE` and `include=FALSE` (its setup installed packages) but not the
    captions of their figures; Advanced R "Section @ref(binding-basics)" for its section "Binding basics"."""
    write(docs, "02-components.Rmd", COMPONENTS)
    index(docs, index_dir)
    assert text_of(index_dir, "02-components.Rmd") == (
        "Components\n\nPandoc's Markdown is read first. See Chapter editing and Figure plot-zebra, "
        "or Section Zebra basics, or Grazing zebras.\n\n"
        'A zebracorn grazing.\n\nzebra_count <- 2\n\nThe "debugging" toolbar\n\n'
        "Typical state of the search path.\n\n$$f(k) = {n \\choose k}$$\n\n"
        "Write \\@ref(label) and (\\#eq:label) to number equations.\n\n"
        "Theorem (Pythagorean theorem)\n\nFor a right triangle, $a^2 + b^2 = c^2$.\n\nA note in a block.\n\n"
        "Lemma (Zebra lemma)\n\nStripes are real.\n\nZebra basics\n\nGrazing zebras\n\n"
        "# A chunk's comment {#not-a-heading}"
    )


def test_literal_chunks_lose_the_empty_inline_code_knitr_evaluates(docs: Path, index_dir: Path) -> None:
    """The manual shows how to write a chunk as `` `r ''` ```` ```{r} ````, which knitr shows as ```` ```{r} ````;
    and `{-}` (Pandoc's unnumbered) is no part of a heading or a title."""
    write(docs, "literal.Rmd", LITERAL)
    index(docs, index_dir)
    assert document(index_dir, "literal.Rmd").title == "Literal chunks"
    assert text_of(index_dir, "literal.Rmd") == (
        "Literal chunks\n\n```{r important-computing, cache=TRUE}\n\nThe syntax for inline code is `r R_CODE`."
    )


def test_a_reference_shows_the_title_pandoc_reads_from_its_heading(docs: Path, index_dir: Path) -> None:
    """A heading's closing #s are no part of its title ("Section Binding basics ##" was shown), and braces that are
    no attribute block are (`\\@ref(using-dplyr)` showed "using-dplyr", its title taken for "Using")."""
    page = "# Env {#env}\n\n## Binding basics ##\n\n## Using {dplyr}\n\n"
    write(docs, "env.Rmd", page + "See \\@ref(binding-basics) and \\@ref(using-dplyr).\n")
    index(docs, index_dir)
    assert text_of(index_dir, "env.Rmd") == (
        "Env\n\nBinding basics\n\nUsing {dplyr}\n\nSee Binding basics and Using {dplyr}."
    )


def test_a_part_heading_is_text_and_the_chapter_after_it_the_title(docs: Path, index_dir: Path) -> None:
    """The manual's appendix and Advanced R's parts were titled "(APPENDIX) Appendix {-}", "(PART) Foundations {-}"."""
    write(docs, "07-tools.Rmd", APPENDIX)
    index(docs, index_dir)
    assert document(index_dir, "07-tools.Rmd").title == "Software Tools"
    assert text_of(index_dir, "07-tools.Rmd") == "Appendix\n\nSoftware Tools\n\nInstall R and RStudio."


def test_text_for_one_output_format_shows_as_the_html_page_shows_it(docs: Path, index_dir: Path) -> None:
    """The manual's references chapter writes its heading in inline R code for HTML alone, Advanced R a comment
    for the PDF alone: neither is text of the page."""
    write(docs, "10-references.Rmd", REFERENCES)
    write(docs, "empty.Rmd", "`r if (knitr::is_html_output()) '\n# Zebracorns {-}\n'`\n")
    report = index(docs, index_dir)
    assert document(index_dir, "10-references.Rmd").title == "References"
    assert text_of(index_dir, "10-references.Rmd") == "References\n\nWorks cited in the book."
    assert skipped(report) == {"empty.Rmd": "no text"}


CHILDREN = """# Multiple formats

Put figures side by side:

```{r, child='examples/figures-side.Rmd', echo=FALSE, fig.cap="Side-by-side figures."}
```

```{r, child = c("examples/a.Rmd", 'examples/b.Rmd'), eval = FALSE}
```

The end.
"""


def test_child_documents_are_put_in_place(docs: Path, index_dir: Path) -> None:
    """The R Markdown Cookbook puts examples/figures-side.Rmd in its chapter with a chunk's `child=` option: the
    chapter lacked its text."""
    write(docs, "09-multiformat.Rmd", CHILDREN)
    side = "---\ntitle: Side\n---\n\nTwo zebracorn plots.\n\n```{r, child='c.Rmd'}\n```\n"
    write(docs, "examples/figures-side.Rmd", side)
    write(docs, "examples/c.Rmd", "Nested child text.\n")
    write(docs, "examples/a.Rmd", "Never run.\n")
    index(docs, index_dir)
    assert text_of(index_dir, "09-multiformat.Rmd") == (
        "Multiple formats\n\nPut figures side by side:\n\nTwo zebracorn plots.\n\nNested child text.\n\n"
        "Side-by-side figures.\n\nThe end."
    )
    write(docs, "examples/c.Rmd", "Changed child text.\n")
    assert index(docs, index_dir).updated >= 1
    assert "Changed child text." in text_of(index_dir, "09-multiformat.Rmd")


BOOK_BIB = """@book{wickham2016,
  title={R for Data Science},
  author={Wickham, Hadley and Grolemund, Garrett},
  year={2016}
}
@Manual{R-base,
  title = "R: A {"}Language{"}",
  author = {{R Core Team}},
  year = 2020,
}
@article{smith-2019, author = "A. B. Smith and C. Jones and D. Lee", date = {2019-01-02}}
"""


def test_citations_show_authors_and_years_from_the_books_bibliography(docs: Path, index_dir: Path) -> None:
    """Advanced R and the R Markdown Cookbook cite their references as `[@key]`, which their pages show as
    "(Wickham and Grolemund 2016)"; the index read "[@wickham2016]". The bibliography is index.Rmd's."""
    write(docs, "index.Rmd", "---\ntitle: Book\nbibliography: [book.bib, packages.bib]\n---\n\n# Welcome {-}\n")
    write(docs, "book.bib", BOOK_BIB)
    write(docs, "02-tidy.Rmd", "# Tidy\n\nSee [@wickham2016] and [see @R-base, p. 3; @smith-2019].\n\n"
          "As -@x says, @wickham2016 shows it [-@smith-2019]; [@R-knitr] is built later.\n\n"
          "Mail [me at a@b.org] or `[@wickham2016]`.\n")  # fmt: skip
    report = index(docs, index_dir)
    assert warnings_of(report, "02-tidy.Rmd") == []  # packages.bib, which bookdown writes, is not there yet
    assert text_of(index_dir, "02-tidy.Rmd") == (
        "Tidy\n\nSee (Wickham and Grolemund 2016) and (see R Core Team 2020, p. 3; Smith et al. 2019).\n\n"
        "As -@x says, Wickham and Grolemund (2016) shows it (2019); (R-knitr) is built later.\n\n"
        "Mail [me at a@b.org] or [@wickham2016]."
    )
    write(docs, "book.bib", BOOK_BIB.replace("year={2016}", "year={2017}"))
    assert index(docs, index_dir).updated >= 1
    assert "(Wickham and Grolemund 2017)" in text_of(index_dir, "02-tidy.Rmd")


def test_inline_notes_stay_where_they_are_written_without_their_marks(docs: Path, index_dir: Path) -> None:
    """The bookdown manual and the R Markdown Cookbook write notes inline, `x,^[A note.]`; the index read "^[".
    A citation in a note shows as in the text."""
    write(docs, "index.Rmd", "---\ntitle: Book\nbibliography: book.bib\n---\n\n# Welcome {-}\n")
    write(docs, "book.bib", BOOK_BIB)
    page = "# Notes\n\nSet `site`,^[It calls `render_book()`; see [the docs](https://x.test) and @wickham2016.] done.\n"
    write(docs, "03-notes.Rmd", page + "\nKept `^[as code]` and x^[never closed.\n")
    index(docs, index_dir)
    assert text_of(index_dir, "03-notes.Rmd") == (
        "Notes\n\nSet site, (It calls render_book(); see the docs and Wickham and Grolemund (2016).) done.\n\n"
        "Kept ^[as code] and x^[never closed."
    )


def test_a_books_bibliography_is_parsed_once_for_all_its_chapters(docs: Path) -> None:
    """Each chapter parsed the book's .bib again (a .bib of 100,000 entries took 1.3 s a chapter): the second
    chapter citing it now takes a small part of the first's work, and still shows its citations."""
    entries = "".join(f"@book{{key{n}, author = {{Author{n}, A.}}, year = 2020}}\n" for n in range(2_000))
    write(docs, "index.Rmd", "---\ntitle: Book\nbibliography: book.bib\n---\n\n# Welcome {-}\n")
    write(docs, "book.bib", f"@comment{{{docs}}}\n{entries}")  # text no other test's .bib has
    with reading(docs, max_size=10_000_000):
        first = python_lines(str(docs / "01-a.Rmd"), b"# A\n\nSee [@key1].\n")
        second = python_lines(str(docs / "02-b.Rmd"), b"# B\n\nSee [@key2].\n")
        assert "See (Author2 2020)." in searchable(load(str(docs / "02-b.Rmd"), b"# B\n\nSee [@key2].\n"))
    assert second < first / 5, (first, second)
