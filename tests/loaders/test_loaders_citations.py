"""Pandoc citations in Quarto and R Markdown pages: shown from the bibliography the page's metadata names, wherever
Quarto or bookdown would find it, and left as written (Quarto's cross references) when it names none."""

from __future__ import annotations

from pathlib import Path

from support.folders import index, text_of, warnings_of, write

KNUTH = "@book{knuth84, author = {Donald E. Knuth}, title = {The TeXbook}, year = 1984}\n"
XIE = "@book{xie2015, author = {Xie, Yihui}, title = {Dynamic Documents with R and knitr}, year = 2015}\n"


def test_a_quarto_page_without_a_bibliography_keeps_its_cross_references(docs: Path, index_dir: Path) -> None:
    """Quarto's cross references are written as citations are: `[@fig-plot]` read "(fig-plot)" on a page that
    cites nothing, while `@sec-intro` was left as written."""
    write(docs, "a.qmd", "# A\n\nSee [@fig-plot], @sec-intro and [-@tbl-sizes].\n")
    index(docs, index_dir)
    assert text_of(index_dir, "a.qmd") == "A\n\nSee [@fig-plot], @sec-intro and [-@tbl-sizes]."


def test_a_quarto_projects_bibliography_is_read_from_where_it_is_named(docs: Path, index_dir: Path) -> None:
    """A Quarto book names its bibliography in _quarto.yml (refs/book.bib, from the project's folder), or a folder
    its own in _metadata.yml (from that folder): chapters in subfolders read "[@knuth84]" as "(knuth84)". A cross
    reference on a page that cites stays as written; a change of the .bib reads the page again."""
    write(docs, "_quarto.yml", "project:\n  type: book\nbibliography: refs/book.bib\n")
    write(docs, "refs/book.bib", KNUTH)
    write(docs, "intro/a.qmd", "# A\n\nSee [@knuth84] and [@fig-plot]; @knuth84 wrote it.\n")
    write(docs, "part2/_metadata.yml", "bibliography: [local.bib]\n")
    write(docs, "part2/local.bib", XIE)
    write(docs, "part2/b.qmd", "# B\n\nSee [@xie2015; @sec-x].\n")
    report = index(docs, index_dir)
    assert warnings_of(report, "intro/a.qmd") == warnings_of(report, "part2/b.qmd") == []
    assert text_of(index_dir, "intro/a.qmd") == "A\n\nSee (Knuth 1984) and [@fig-plot]; Knuth (1984) wrote it."
    assert text_of(index_dir, "part2/b.qmd") == "B\n\nSee (Xie 2015; @sec-x)."
    write(docs, "part2/local.bib", XIE.replace("year = 2015", "year = 2016"))
    assert index(docs, index_dir).updated == 1
    assert text_of(index_dir, "part2/b.qmd") == "B\n\nSee (Xie 2016; @sec-x)."


def test_a_bookdown_chapter_in_a_subfolder_reads_the_books_bibliography(docs: Path, index_dir: Path) -> None:
    """With rmd_subdir a book's chapters lie in subfolders, but index.Rmd, whose front matter bookdown gives them
    all, is in the book's folder: they read "[@xie2015]" as written."""
    write(docs, "_bookdown.yml", "rmd_subdir: true\n")
    write(docs, "index.Rmd", "---\ntitle: Book\nbibliography: book.bib\n---\n\n# Welcome {-}\n")
    write(docs, "book.bib", XIE)
    write(docs, "part1/01-a.Rmd", "# A\n\nSee [@xie2015].\n")
    index(docs, index_dir)
    assert text_of(index_dir, "part1/01-a.Rmd") == "A\n\nSee (Xie 2015)."
