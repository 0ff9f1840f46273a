"""The shape of the Rails Guides (rails/rails guides/source, and the translations made from it): each guide opens
with a bold notice to GitHub readers that the guides' renderer drops, above a title underlined with `===`."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, found, index, text_of, write

NOTICE = "**DO NOT READ THIS FILE ON GITHUB, GUIDES ARE PUBLISHED ON <https://guides.rubyonrails.org>.**"

GUIDE = f"""{NOTICE}

Active Record Basics
====================

This guide is an introduction to Active Record and its zebracorn models.

--------------------------------------------------------------------------------

What is Active Record?
----------------------

Active Record is the M in MVC.
"""

# A translation writes the notice, and the md5 of the English file, on the line above the title: the guides'
# renderer (Redcarpet) makes that line a paragraph, which it drops, and the title line alone the heading.
TRANSLATED = """**DO NOT READ THIS FILE ON GITHUB, GUIDES ARE PUBLISHED ON https://guides.rubyonrails.org.**, \
original file md5: df23e2b31bd56973a30f38f5a1c29b52
Ruby on Rails 5.0 发布说明
===============================

Rails 5.0 的亮点 quokkafish
"""

# Another keeps its own notice on the line above the English one: the paragraph goes as a whole.
TWO_NOTICES = f"""**NÃO LEIA ESTE ARQUIVO NO GITHUB, OS GUIAS SÃO PUBLICADOS NO https://guiarails.com.br.**
{NOTICE}

Básico de *Active Model*
===================
Esse guia deverá prover tudo que você precisa.
"""

GUIDELINES = """Ruby on Rails Guides Guidelines
===============================

Each guide opens with the words DO NOT READ THIS FILE ON GITHUB, for the guides are published on the site.
"""


def test_a_guide_opens_with_its_title_not_the_notice_to_github_readers(docs: Path, index_dir: Path) -> None:
    write(docs, "active_record_basics.md", GUIDE)
    index(docs, index_dir)
    assert document(index_dir, "active_record_basics.md").title == "Active Record Basics"
    text = text_of(index_dir, "active_record_basics.md")
    assert text.startswith("Active Record Basics\n\nThis guide is an introduction to Active Record")
    assert "GITHUB" not in text and "guides.rubyonrails.org" not in text


def test_a_search_for_the_notice_words_finds_the_page_that_speaks_of_them(docs: Path, index_dir: Path) -> None:
    """The notice dropped, "published on github" finds the one page whose prose says so, not every guide."""
    write(docs, "active_record_basics.md", GUIDE)
    write(docs, "ruby_on_rails_guides_guidelines.md", GUIDELINES)
    index(docs, index_dir)
    assert found(index_dir, "published github") == ["ruby_on_rails_guides_guidelines.md"]
    assert "DO NOT READ THIS FILE ON GITHUB" in text_of(index_dir, "ruby_on_rails_guides_guidelines.md")


def test_a_translation_with_the_notice_above_its_title_is_titled_by_the_title_line(docs: Path, index_dir: Path) -> None:
    write(docs, "zh/5_0_release_notes.md", TRANSLATED)
    write(docs, "pt-BR/active_model_basics.md", TWO_NOTICES)
    index(docs, index_dir)
    assert document(index_dir, "zh/5_0_release_notes.md").title == "Ruby on Rails 5.0 发布说明"
    text = text_of(index_dir, "zh/5_0_release_notes.md")
    assert text.startswith("Ruby on Rails 5.0 发布说明\n") and "quokkafish" in text
    assert "md5" not in text and "GITHUB" not in text
    assert document(index_dir, "pt-BR/active_model_basics.md").title == "Básico de Active Model"
    text = text_of(index_dir, "pt-BR/active_model_basics.md")
    assert "GITHUB" not in text and "guiarails" not in text and "Esse guia deverá prover" in text


def test_the_notice_in_a_long_first_paragraph_leaves_the_page_as_written(docs: Path, index_dir: Path) -> None:
    """A first block that runs on for the page's head is no guide's notice line: nothing of it is lost."""
    lines = [NOTICE] + [f"line {n} of a paragraph without a blank line" for n in range(50_000)]
    write(docs, "long.md", "\n".join(lines) + "\n\nlast words wombatine\n")
    index(docs, index_dir)
    text = text_of(index_dir, "long.md")
    assert "line 49999 of a paragraph" in text and "wombatine" in text and "DO NOT READ" in text
