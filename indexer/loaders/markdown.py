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
includes: mdbook.py; MyST's: sphinxfiles.py; mkdocstrings' `::: pkg.mod`, from the Python source: mkdocstrings.py;
Documenter.jl's ```@docs and ```@autodocs, from the Julia source: juliadocs.py;
VitePress's `<!--@include: -->` and `<<< file` code imports: vitepress.py; svelte.dev's `@include x.md`:
svelteincludes.py; a Hugo site's own include shortcodes: hugoincludes.py; DocFX's `[!INCLUDE]`, code snippets,
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

Blocks nested deeper than markdown-it can follow (NESTING_LIMIT levels of lists and quotes) are kept as
their plain text, with a warning: markdown-it itself would drop them and everything after them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import replace
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, list_block
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline, link
from markdown_it.token import Token
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.footnote.index import footnote_ref

from indexer.errors import NotAPage
from indexer.loaders import quarto, sphinxrefs
from indexer.loaders.citations import with_citations
from indexer.loaders.codeannotations import without_material_annotations
from indexer.loaders.dialects import plain_dialects
from indexer.loaders.docfx import expand_docfx
from indexer.loaders.docsify import expand_docsify_embeds
from indexer.loaders.documenter import plain_documenter
from indexer.loaders.exdoc import bracketed_autolinks
from indexer.loaders.fiddles import expand_fiddles
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.homepage import home_sections
from indexer.loaders.htmlblocks import plain_html_blocks
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
from indexer.loaders.mdbook import expand_includes
from indexer.loaders.mdincludes import expand_markdown_includes
from indexer.loaders.mdinhtml import open_markdown_html
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

__all__ = ["NESTING_LIMIT", "MarkdownLoader", "markdown_parser", "render_markdown"]

NESTING_LIMIT = 98  # levels (a list item is two: the list and the item); deeper blocks are read as plain text
_MAX_NESTING = NESTING_LIMIT + 2  # markdown-it's own limit, which drops what lies past it: never reached
_NESTED_MARKERS = re.compile(r"^(?:>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+)+")


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
        self._mdx_parser = guard_nesting(markdown_parser())
        self._mdx_parser.disable("code")  # MDX has no indented code: JSX children are indented
        self._mdx_parser.block.ruler.at("list", _mdx_list, {"alt": ["paragraph", "reference", "blockquote"]})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        front_matter, body, warnings = split_front_matter(decode_text(data))
        body = without_github_notice(body)  # the Rails Guides' "DO NOT READ THIS FILE ON GITHUB"
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
        body = expand_myst_includes(expand_includes(body, path), path)
        body = expand_mkdocstrings(body, path)  # `::: pkg.mod` from the Python source
        body = expand_julia_docstrings(body, path)  # Documenter.jl's ```@docs, from the Julia source
        body = expand_vitepress_includes(expand_docsify_embeds(body, path), path)
        body = expand_svelte_includes(body, path)  # svelte.dev's `@include .generated/compile-errors.md`
        body = expand_vitepress_code_imports(body, path)  # `<<< @/snippets/app.js`, once its includes are in
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
        warnings=warnings + renderer.warnings() + _nesting_warnings(env),
    )


def markdown_parser() -> MarkdownIt:
    """CommonMark plus tables, footnotes (`[^1]` and `[^1]: text`, kept where they are written) and definition
    lists (a term, then `:   its definition`: MkDocs, MyST, Pandoc), whose inline parsing takes a shortcut
    through plain prose (see _inline)."""
    parser = MarkdownIt("commonmark").enable("table")
    footnote_plugin(parser, inline=False, move_to_end=False)
    deflist_plugin(parser)
    parser.inline.ruler.at("footnote_ref", _footnote_ref)
    parser.inline.ruler.at("link", _link)
    if parser.inline.ruler.get_active_rules() == _INLINE_RULES:  # else the shortcut's premise is unknown
        parser.core.ruler.at("inline", _inline)
    return parser


def _mdx_list(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's list rule as MDX reads lists, without indented code: an item indented four spaces or more
    (in a <Step>, a <Tab>) after another is an item of its own, as micromark makes it, not the continuation of
    the item before that CommonMark makes it (`Name: first. - Role: second.`)."""
    indent = state.listIndent
    state.listIndent = -1  # what the rule compares that item's indent with, to call it a continuation
    try:
        return list_block(state, start, end, silent)
    finally:
        state.listIndent = indent


def guard_nesting(parser: MarkdownIt) -> MarkdownIt:
    """Past markdown-it's nesting limit the rest of a block is dropped; with this guard, blocks nested past
    NESTING_LIMIT become a paragraph of their plain text (their list and quote markers removed) instead."""
    parser.options["maxNesting"] = _MAX_NESTING
    first = parser.block.ruler.get_all_rules()[0]
    parser.block.ruler.before(first, "nesting_guard", _too_deep)
    return parser


def _too_deep(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A block rule that takes the lines of a block nested past NESTING_LIMIT as one plain paragraph."""
    if state.level < NESTING_LIMIT or silent:
        return False
    line, lines = start, []
    while line < end and (state.isEmpty(line) or state.sCount[line] >= state.blkIndent):
        text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]
        lines.append(_NESTED_MARKERS.sub("", text))
        line += 1
    state.line = line
    state.push("paragraph_open", "p", 1).map = [start, line]
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = "\n".join(lines).strip(), [start, line], []
    state.push("paragraph_close", "p", -1)
    state.env["too_deep"] = True
    return True


def _footnote_ref(state: StateInline, silent: bool) -> bool:
    """The footnote plugin's reference rule, tried only where a reference stands whose label is at most
    _FOOTNOTE_LABEL characters: the plugin looks for a label's end as far as the next space, from every `[^`,
    which takes hours on a long run of `[^` with no space."""
    return _FOOTNOTE.match(state.src, state.pos, state.posMax) is not None and footnote_ref(state, silent)


def _link(state: StateInline, silent: bool) -> bool:
    """markdown-it's link rule, and a reference link followed by a footnote's reference (`[Puppeteer][^1]`, as
    Material for MkDocs writes them) read as Python-Markdown reads it: the link, then the footnote; CommonMark
    takes `[^1]` for the link's label and, finding no such link, leaves `[Puppeteer]` as written. Only where a
    link failed on a page with footnotes, and only a plain label (no brackets in it, at most a label's length:
    a bounded look, where another scan to the paragraph's end from every `[` would grow with the square)."""
    if link(state, silent):
        return True
    src, start = state.src, state.pos
    if src[start] != "[" or not state.env.get("footnotes", {}).get("refs"):
        return False
    end = src.find("]", start + 1, min(state.posMax, start + _MAX_LABEL))
    if end < 0 or src.find("[", start + 1, end) >= 0 or _FOOTNOTE.match(src, end + 1, state.posMax) is None:
        return False
    maximum, state.posMax = state.posMax, end + 1  # what follows the label unseen: a shortcut reference
    try:
        return link(state, silent)
    finally:
        state.posMax = maximum


def _label_scans(content: str, token_start: re.Pattern[str]) -> int:
    """How many tokens markdown-it steps over at least, looking for the ends of link labels in inline content:
    from each `[` to the first `]` after it (or the end), a token at each character that may start one (where
    `token_start`, the parser's text rule, stops). Each unclosed `[` looks to the end of the paragraph, so a
    paragraph of many takes time that grows with their square: up to a microsecond a token (7 s for 300 of
    them in 90 KB of prose with dashes)."""
    opens = content.count("[")
    if not opens:
        return 0
    starts = [m.start() for m in token_start.finditer(content)]
    if opens * len(starts) <= _MAX_LABEL_SCANS:
        return 0
    ends = [m.start() for m in _CLOSE_BRACKET.finditer(content)]
    total = 0
    for match in _OPEN_BRACKET.finditer(content):
        at = bisect_left(ends, match.start())
        end = ends[at] if at < len(ends) else len(content)
        total += bisect_left(starts, end) - bisect_right(starts, match.start())
    return total


def _nesting_warnings(env: dict[str, Any]) -> tuple[str, ...]:
    warnings = []
    if "too_deep" in env:
        warnings.append(
            f"lists or quotes nested more than {NESTING_LIMIT // 2} deep: what lies deeper is indexed as plain text"
        )
    if "unclosed_brackets" in env:
        warnings.append(
            "a paragraph holds so many unclosed '[' that reading its links would take minutes: it is indexed as its"
            " plain text, markup included"
        )
    return tuple(warnings)


# The inline rules of CommonMark in markdown-it (and footnote references), and what those other than `text` and
# `newline` start at. Inline content holding none of these characters is text and line breaks only, whatever rules
# run.
_INLINE_RULES = [
    "text",
    "newline",
    "escape",
    "backticks",
    "emphasis",
    "link",
    "image",
    "footnote_ref",
    "autolink",
    "html_inline",
    "entity",
]
_PLAIN = re.compile(r"[^\\`*_\[!<&]*")
_FOOTNOTE_LABEL = 200  # characters
_MAX_LABEL = 1000  # characters: CommonMark's longest link label and its brackets
_FOOTNOTE = re.compile(rf"\[\^[^\s\]]{{1,{_FOOTNOTE_LABEL}}}\]")
_OPEN_BRACKET, _CLOSE_BRACKET = re.compile(r"\["), re.compile(r"\]")
_MAX_LABEL_SCANS = 2_000_000  # tokens stepped over looking for labels' ends: 0.03 to 1.5 s


def _inline(state: StateCore) -> None:
    """markdown-it's core `inline` rule, except that content in which no inline rule but text and newline can
    start (prose without emphasis, code, links, escapes or entities: most of it) becomes its tokens directly,
    the very tokens markdown-it's inline parser makes of it, in a fraction of the time."""
    md, env = state.md, state.env
    for token in state.tokens:
        if token.type != "inline":
            continue
        if token.children is None:
            token.children = []
        if _PLAIN.fullmatch(token.content):
            token.children.extend(_plain_tokens(token.content))
        elif _label_scans(token.content, md.inline.terminator_re) > _MAX_LABEL_SCANS:
            token.children.extend(_plain_tokens(token.content))
            env["unclosed_brackets"] = True
        else:
            md.inline.parse(token.content, md, env, token.children)


def _plain_tokens(content: str) -> list[Token]:
    """The text and line-break tokens of plain inline content, as markdown-it's `newline` rule cuts it: at
    each line end a hard break after two or more spaces (which are dropped), else a soft break (dropping one
    space); the next line's leading spaces and tabs are skipped."""
    tokens: list[Token] = []
    lines = content.split("\n")
    for number, line in enumerate(lines):
        if number:
            line = line.lstrip(" \t")
        if number == len(lines) - 1:
            if line:
                tokens.append(Token("text", "", 0, content=line))
            break
        kind = "softbreak"
        if line.endswith("  "):
            line, kind = line.rstrip(" "), "hardbreak"
        elif line.endswith(" "):
            line = line[:-1]
        if line:
            tokens.append(Token("text", "", 0, content=line))
        tokens.append(Token(kind, "br", 0))
    return tokens
