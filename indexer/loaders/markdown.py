"""Markdown: CommonMark (plus tables and footnotes) rendered to clean text, split at headings; front matter by
frontmatter.py, the parsed tokens read as text by mdtext.py.

The text keeps what a reader sees and drops the markup: code (fenced, indented, inline) verbatim (but the lines
rustdoc and mdBook hide in Rust code: `# use std::io;`) under the title a site shows above it (```yml
title="deploy.yml"```, Quarto's filename="x", VitePress's ```vue [Child.vue]```), link text without the URL,
image alt text, one line per list item, one line per table row with its cells joined by " | ", footnotes where they
are written ("[1] text",
referred to as "a claim[1]"), raw HTML reduced to its text (read by htmlscan: comments, scripts and styles are
never text, even when they span several blocks). A heading starts a new Section whose `heading` is the heading's
text; the heading itself is not repeated in the section's text (a heading with no text of its own is a Section
with none). Title: front matter `title`, else the first h1, else the first heading of any level (a Quarto page's:
its `title` or `pagetitle` as Quarto shows it, quarto.py). A VitePress home page (`layout: home`) opens with
the hero and feature cards of its front matter (homepage.py), its hero's name the title when nothing else is.
Included files are put in place first (mkdocs-include-markdown-plugin's `{% include-markdown %}`:
includemarkdown.py; MkDocs snippets: snippets.py; Python-Markdown's `{! file !}`: mdincludes.py; mdBook's
includes: mdbook.py, and mdbook-admonish's boxes: admonish.py; MyST's: sphinxfiles.py; mkdocstrings'
`::: pkg.mod`, from the Python source: mkdocstrings.py; Documenter.jl's ```@docs and ```@autodocs, from the
Julia source: juliadocs.py;
VitePress's `<!--@include: -->` and `<<< file` code imports: vitepress.py; svelte.dev's `@include x.md`:
svelteincludes.py; a Hugo site's own include shortcodes: hugoincludes.py; a DocC catalog's directives and
`<doc:x>` links: docc.py; DocFX's `[!INCLUDE]`, code snippets,
`:::` extensions and cross references: docfx.py; Electron's
```fiddle blocks, its example's files: fiddles.py; Quarto's, with Pandoc's divs and attributes taken out of .qmd
and .Rmd files: quarto.py), Hugo's `param`
shortcodes filled in from the front matter and the site's params (hugoparams.py), Hugo shortcodes whose body is
code (`highlight`, Docsy's tabs) made fenced code and those whose body is a comment dropped (shortcodes.py),
then template syntax of static site generators (Hugo shortcodes, mdBook directives, Liquid) is taken out
(templates.py), once a Jekyll site's Liquid outputs that name a value are filled in (liquid.py). Dialects'
markup is taken out of the prose (dialects.py; Documenter.jl's `@`-blocks and `(@ref x)` cross-references:
documenter.py), with the attribute blocks of the delimiters that a VitePress site's
config sets (vitepressconfig.py: its config is read as the page's settings). On an MkDocs page, raw HTML runs
down to its closing tag, blank lines included, as Python-Markdown reads it (rawhtml.py), and
the markers of Material's code annotations are no text (codeannotations.py).

The parser and its guards against hostile text (nesting past markdown-it's limit, runs of unclosed brackets)
are mdparser.py's.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from indexer.errors import NotAPage
from indexer.loaders import quarto, sphinxrefs
from indexer.loaders.admonish import admonish_blocks
from indexer.loaders.citations import with_citations
from indexer.loaders.codeannotations import without_material_annotations
from indexer.loaders.dialects import plain_dialects
from indexer.loaders.docc import plain_docc
from indexer.loaders.docfx import expand_docfx
from indexer.loaders.docsify import expand_docsify_embeds
from indexer.loaders.documenter import plain_documenter
from indexer.loaders.exdoc import bracketed_autolinks
from indexer.loaders.fiddles import expand_fiddles
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.homepage import home_sections
from indexer.loaders.htmlblocks import plain_html_blocks
from indexer.loaders.hugoclidata import expand_cli_reference
from indexer.loaders.hugodata import expand_gohugo_shortcodes
from indexer.loaders.hugoincludes import expand_hugo_includes
from indexer.loaders.hugoparams import fill_params
from indexer.loaders.includemarkdown import expand_include_markdown
from indexer.loaders.jekyllincludes import expand_jekyll_includes
from indexer.loaders.jsx import is_mdx, strip_jsx
from indexer.loaders.juliadocs import expand_julia_docstrings
from indexer.loaders.kumascript import plain_definitions
from indexer.loaders.liquid import fill_liquid
from indexer.loaders.liquidblocks import render_option_blocks
from indexer.loaders.materialcodes import material_shortcodes
from indexer.loaders.mdbook import expand_includes, rule_names
from indexer.loaders.mdincludes import expand_markdown_includes
from indexer.loaders.mdinhtml import open_markdown_html
from indexer.loaders.mdparser import guard_nesting, markdown_parser, mdx_parser, nesting_warnings
from indexer.loaders.mdtext import TextRenderer
from indexer.loaders.mkdocstrings import expand_mkdocstrings
from indexer.loaders.mkdocsyml import code_annotated, markdown_extensions
from indexer.loaders.moved import redirect_reason
from indexer.loaders.myst import plain_myst
from indexer.loaders.nodemeta import node_history
from indexer.loaders.openapi import api_page
from indexer.loaders.pandocnotes import with_inline_notes
from indexer.loaders.pyreferences import joined_references
from indexer.loaders.quartoref import reference_tables
from indexer.loaders.railsguides import without_github_notice
from indexer.loaders.rawhtml import python_markdown_html
from indexer.loaders.rmarkdown import expand_children, plain_knitr
from indexer.loaders.shortcodes import expand_code_shortcodes
from indexer.loaders.snippets import expand_snippets
from indexer.loaders.sphinxfiles import expand_myst_includes
from indexer.loaders.svelteincludes import expand_svelte_includes
from indexer.loaders.templates import strip_templates
from indexer.loaders.textcodec import decode_text
from indexer.loaders.vitepress import expand_vitepress_code_imports, expand_vitepress_includes
from indexer.loaders.vitepressconfig import attribute_delimiters
from indexer.model import ParsedDoc

__all__ = ["MarkdownLoader", "render_markdown"]


class MarkdownLoader:
    """Loads .md files: front matter into `front_matter`, body into heading-delimited sections. A body that is
    MDX (jsx.is_mdx: Docusaurus reads its .md files so) has its JSX taken out first (jsx.py) and, as in MDX,
    indented lines are not code; any other has MyST's directives and roles read (myst.py)."""

    format = "markdown"
    # ExDoc's cheatsheets (.cheatmd) and Livebook notebooks (.livemd), which ExDoc publishes as pages, are Markdown
    suffixes = frozenset({".md", ".markdown", ".mdown", ".mkd", ".cheatmd", ".livemd"}) | quarto.SUFFIXES
    always_mdx = False

    def __init__(self) -> None:
        self._parser = guard_nesting(markdown_parser())
        self._mdx_parser = guard_nesting(mdx_parser())

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        front_matter, body, warnings = split_front_matter(decode_text(data))
        body = without_github_notice(body)  # the Rails Guides' "DO NOT READ THIS FILE ON GITHUB"
        body = plain_docc(body, path)  # in a DocC catalog: its directives, <doc:x> links as page titles
        body = expand_jekyll_includes(
            body, path, front_matter
        )  # on a Jekyll site: {% include x.md %}, from its _includes/
        body = fill_liquid(body, path, front_matter)  # on a Jekyll site: {{ page.title }}, {{ site.data.x.y }}
        body = render_option_blocks(body)  # home-assistant.io's {% configuration %}: its YAML as a list of options
        pandoc = path.suffix.lower() in quarto.SUFFIXES  # Quarto, R Markdown: ```{python} is code to run, not MyST
        metadata = quarto.Metadata(path, front_matter) if pandoc else None  # read when a shortcode asks
        if metadata is not None:
            body = reference_tables(quarto.expand_quarto_includes(body, path), path, metadata)  # quarto.org's
            if path.suffix.lower() == ".rmd":  # knitr's and bookdown's syntax first: \@ref(x), ```{block2}
                body = plain_knitr(expand_children(body, path))
                front_matter.pop("url", None)  # bookdown's and R Markdown sites' address, no page's own
            body = with_inline_notes(quarto.plain_pandoc(body, metadata))  # x^[a note]: x (a note)
            body = with_citations(body, path, metadata)  # [@key]: (Xie 2015)
            if subtitle := quarto.page_title(front_matter, metadata, ("subtitle",)):  # under the title
                body = f"{subtitle}\n\n{body}"
        body = expand_docfx(body, path)  # DocFX's includes, code snippets, :::image:::, cross references
        body = expand_include_markdown(body, path)  # an MkDocs plugin's, before the Markdown extensions run
        body = expand_snippets(expand_markdown_includes(body, path), path)  # Python-Markdown's, then pymdownx's
        body = admonish_blocks(rule_names(expand_includes(body, path)))  # mdBook's includes, rules, admonitions
        body = expand_myst_includes(body, path)
        body = expand_mkdocstrings(body, path)  # `::: pkg.mod` from the Python source
        body = expand_julia_docstrings(body, path)  # Documenter.jl's ```@docs, from the Julia source
        body = expand_vitepress_includes(expand_docsify_embeds(body, path), path)
        body = expand_svelte_includes(body, path)  # svelte.dev's `@include .generated/compile-errors.md`
        body = expand_vitepress_code_imports(body, path)  # `<<< @/snippets/app.js`, once its includes are in
        body = expand_cli_reference(body, path, front_matter)  # Docker's CLI reference, from the site's data
        body = expand_hugo_includes(body, path)  # a Hugo site's own include shortcodes (GoReleaser's g_include)
        body = expand_gohugo_shortcodes(body, path)  # gohugo.io's: code-toggle of its config, new-in
        body = expand_fiddles(body, path)  # Electron's ```fiddle blocks: the example's files
        body = expand_code_shortcodes(fill_params(body, path, front_matter))  # Hugo's `param`, code, comments
        body = node_history(body)  # Node.js's `<!-- YAML added: v1 -->` under an API's heading
        body = plain_definitions(body)  # MDN's `- : definition` items, a <dl> on its site
        body = bracketed_autolinks(body)  # ExDoc's links to code with a space: [the task](`mix format`)
        mdx = self.always_mdx or is_mdx(body)
        with sphinxrefs.page(path):  # MyST's {doc} references show the titles of the pages they name
            if not mdx and not pandoc and markdown_extensions(str(path.parent)) is not None:
                body = python_markdown_html(joined_references(material_shortcodes(body)))  # as Python-Markdown reads
                body = without_material_annotations(body, code_annotated(str(path.parent)))
            if not mdx and not pandoc:
                body = plain_html_blocks(plain_documenter(body))  # Documenter.jl's @-blocks and (@ref x) first
            plain = strip_jsx(body, path) if mdx else body if pandoc else plain_myst(body, path)
            text = open_markdown_html(plain_dialects(strip_templates(plain), attribute_delimiters(path)))
        api = api_page(front_matter, path)  # Mintlify's API page: the operation its front matter names
        if api is not None:
            text = "\n\n".join(part for part in (api.lead, text, api.details) if part.strip())
        doc = render_markdown(self._mdx_parser if mdx else self._parser, text, front_matter, warnings, self.format)
        if (redirect := redirect_reason(front_matter, doc.sections)) is not None:
            raise NotAPage(redirect)
        titled = front_matter.get("title")
        if api is not None and api.title and not (isinstance(titled, str) and titled.strip()):
            doc = replace(doc, title=api.title)
        if home := home_sections(front_matter):  # a VitePress home page's hero and feature cards, Starlight's hero
            doc = replace(doc, title=doc.title or home[0].heading, sections=home + doc.sections)
        return doc if metadata is None else self._titled(doc, quarto.page_title(front_matter, metadata))

    def _titled(self, doc: ParsedDoc, title: str) -> ParsedDoc:
        """`doc` under a title written in Markdown ("The `quarto` command" shows "The quarto command"), unless it
        shows no text."""
        plain = render_markdown(self._parser, "# " + strip_templates(title), {}, (), self.format).title if title else ""
        return replace(doc, title=plain) if plain else doc


def render_markdown(
    parser: MarkdownIt, body: str, front_matter: dict[str, Any], warnings: tuple[str, ...], doc_format: str
) -> ParsedDoc:
    """The ParsedDoc of a Markdown body whose front matter has been read already."""
    env: dict[str, Any] = {}
    renderer = TextRenderer(env)
    renderer.feed(parser.parse(body, env))
    title = front_matter.get("title")
    if not isinstance(title, str) or not title.strip():
        title = renderer.first_h1 or renderer.first_heading
    return ParsedDoc(
        format=doc_format,
        title=title.strip(),
        sections=renderer.sections(),
        front_matter=front_matter,
        warnings=warnings + renderer.warnings() + nesting_warnings(env),
    )
