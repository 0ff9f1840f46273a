"""The text of docutils' document tree nodes, and the Sphinx directives docutils does not know.

Paragraphs and other blocks are separated by blank lines; list items, definition list entries, fields and
table rows take one line each (a row's cells joined by " | "; a list item's paragraphs, code and nested lists a
line or more each); literal blocks are kept as written; footnotes
and their references show their label in brackets. Roles that docutils does not know (Sphinx's :func:,
:ref:, :class:...) come out of docutils as "problematic" nodes holding their source, which role_text reduces
to what Sphinx would show; a substitution the page does not define (`|version|`) is what Sphinx puts there
(sphinxproject.py), else left as written.

Sphinx's directives are registered with docutils (once, on import) by what their content is: prose, code, or
nothing to read; a version note reads as Sphinx writes it ("Changed in version 4.0: " before its text), and
`class` is Sphinx's (`py:class`, an object). None of them reads a file: `include` and `literalinclude` were put
in place before docutils read the page (sphinxfiles.py), and one whose file could not be read is one of those
with nothing to read. Any other directive docutils does not know (Sphinx's domains, `py:data`, extensions such as
sphinx-tabs) reads as prose: its arguments a paragraph and its content reStructuredText, so the roles and
directives inside it are read too; of its options, only those Sphinx shows of an object are text (a confval's
"Type: list[str]" and "Default: []" lines, an attribute's "name: str = 'x'"), and the field list in a Python
object's description reads as Sphinx shows its doc fields ("Parameters: x -- ...": sphinxfields.py). Content
that docutils finds to be no reStructuredText (an indented line under a paragraph's: code, as in click's
`click:example`) is kept as written, but in a Python object's directive (`py:class`, `method`...): that is a
docstring, which Sphinx reads as reStructuredText however it is indented. A directive the project's own
extension registers as a cross-reference type (Django's `setting`) shows nothing, as Sphinx shows nothing of it
(sphinxext.py). The changelog extension's directives read as its pages show them (rstchangelog.py).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives, states

from indexer.loaders.pepbanners import BANNERS, banner_nodes, pep_banner
from indexer.loaders.rstchangelog import AnyOptions, Option, changelog_directive
from indexer.loaders.sphinx import (
    ADMONITION_TITLES,
    BODY_DIRECTIVES,
    CODE_DIRECTIVES,
    EMPTY_DIRECTIVES,
    OPTION_LINES,
    SIGNATURE_OPTIONS,
    VERSION_LABELS,
    only_shown,
    role_text,
    rst_signature,
)
from indexer.loaders.sphinxext import CODE, OBJECT, TARGET, directive_kind, version_label
from indexer.loaders.sphinxfields import OBJECT_DIRECTIVES, doc_fields
from indexer.loaders.sphinxproject import project, substitution
from indexer.loaders.sphinxrefs import toctree_titles

__all__ = ["block_text", "inline_text"]

_SKIPPED = (
    nodes.comment,
    nodes.target,
    nodes.substitution_definition,
    nodes.raw,
    nodes.image,
    nodes.pending,
    nodes.transition,
    nodes.decoration,
)
VERBATIM = (nodes.literal_block, nodes.doctest_block, nodes.math_block)
_LISTS = (nodes.bullet_list, nodes.enumerated_list, nodes.definition_list, nodes.field_list, nodes.option_list)
WHOLE = (*_LISTS, nodes.table, nodes.TextElement, nodes.footnote, nodes.citation, nodes.line_block)  # one block
_ROLE_SOURCE = re.compile(r"^:((?:[A-Za-z0-9][\w.+-]*:)+)`(.*)`$", re.DOTALL)
_SUBSTITUTION = re.compile(r"^\|(\S(?:.*\S)?)\|(?:__?)?$", re.DOTALL)  # |name|, |name|_


def block_text(node: nodes.Node) -> str:
    """The text of a body element (see the module docstring); "" for what is not text."""
    if isinstance(node, nodes.system_message):
        return ""  # docutils' own words are never text
    if isinstance(node, _SKIPPED) or not isinstance(node, nodes.Element):
        return node.astext() if isinstance(node, nodes.Text) else ""
    if isinstance(node, VERBATIM):  # a parsed-literal's roles and substitutions read as in prose (|version|)
        return inline_text(node) if node.next_node(nodes.problematic) is not None else node.astext()
    if isinstance(node, nodes.TextElement):
        return inline_text(node)
    if isinstance(node, nodes.line_block):
        return "\n".join(filter(None, (block_text(line) for line in node.children)))
    if isinstance(node, _LISTS):  # a definition list's entries, a term and its definition each, apart
        between = "\n\n" if isinstance(node, nodes.definition_list) else "\n"
        return between.join(filter(None, (_line(item) for item in node.children)))
    if isinstance(node, nodes.table):
        return _table(node)
    if isinstance(node, nodes.footnote | nodes.citation):
        label = node.next_node(nodes.label)
        rest = (block_text(child) for child in node.children if not isinstance(child, nodes.label))
        return f"[{label.astext() if label else ''}] " + " ".join(filter(None, rest))
    return "\n\n".join(filter(None, (block_text(child).strip("\n") for child in node.children)))


def inline_text(node: nodes.Node) -> str:
    """The text of inline markup: roles reduced to their text, footnote references as [1], no markup."""
    if isinstance(node, nodes.Text):
        return node.astext()
    if isinstance(node, nodes.system_message | nodes.target) or not isinstance(node, nodes.Element):
        return ""
    if isinstance(node, nodes.footnote_reference | nodes.citation_reference):
        return f"[{node.astext()}]"
    if isinstance(node, nodes.problematic):
        match = _ROLE_SOURCE.match(node.astext())
        if match:
            return role_text(match.group(2), match.group(1)[:-1])
        named = _SUBSTITUTION.match(node.astext())  # one the page does not define: Sphinx's |version|?
        shown = substitution(named.group(1)) if named else _link_text(node.astext())
        return node.astext() if shown is None else shown
    if isinstance(node, nodes.image):
        return str(node.get("alt", ""))
    if isinstance(node, nodes.title_reference) and (role := _default_role()):  # `x <y>` with conf.py's default_role
        return role_text(node.astext(), role)
    return "".join(inline_text(child) for child in node.children)


def _link_text(source: str) -> str | None:
    """The text of a link that docutils could not resolve (`Channels`_; `the motive <Motivation_>`_ or
    `x <https://...>`__, its target in it), as the site shows it; None for any other markup. docutils 0.22 on
    refuses an alias named as its own text (`Motivation <Motivation_>`_: "a duplicate, cannot be used as a unique
    reference"), and then a reference to that name (`Motivation`_), which the docutils of peps.python.org's build
    (< 0.22) links: five PEPs showed the markup."""
    inner = source.removesuffix("_").removesuffix("_")
    if not (source.startswith("`") and inner.endswith("`") and len(inner) > 2 and inner != source):
        return None
    title, bracket, _ = inner[1:-1].rpartition("<") if inner.endswith(">`") else (inner[1:-1], "", "")
    shown = " ".join(title.split())
    return shown if shown and (bracket or "`" not in shown) else None


def _default_role() -> str | None:
    """The role conf.py's `default_role` gives text in backticks alone (`any`, `py:obj`); None when it gives none,
    and such text is a title, shown as written."""
    found = project()
    return found.text("default_role") if found is not None else None


def _line(item: nodes.Node) -> str:
    """One item of a list, definition list, field list or option list, on one line where it fits (a list item's
    blocks a line or more each)."""
    if not isinstance(item, nodes.Element):
        return ""
    parts = [block_text(child) for child in item.children]
    if isinstance(item, nodes.field):  # a list under its name: a line each below it
        between = ":\n" if len(item.children) == 2 and _is_list(item.children[1]) else ": "
        return between.join(filter(None, parts))
    if isinstance(item, nodes.list_item):  # its paragraphs, code and lists each start a line
        return "\n".join(part.strip("\n") for part in parts if part.strip())
    if isinstance(item, nodes.definition_list_item):  # the term (and its classifiers) a line, its definition below
        pairs = list(zip(item.children, parts, strict=True))
        head = [p.strip() for c, p in pairs if not isinstance(c, nodes.definition) and p.strip()]
        body = [p.strip("\n") for c, p in pairs if isinstance(c, nodes.definition) and p.strip()]
        return "\n".join([" : ".join(head), *body] if head else body)
    return " ".join(part.strip() for part in parts if part.strip())


def _is_list(body: nodes.Node) -> bool:
    """Whether a field's body is a list and nothing else."""
    lists = (nodes.bullet_list, nodes.enumerated_list)
    return isinstance(body, nodes.Element) and len(body.children) == 1 and isinstance(body.children[0], lists)


def _table(table: nodes.table) -> str:
    rows: list[str] = []
    for row in table.findall(nodes.row):
        cells = (" ".join(block_text(child) for child in entry.children) for entry in row.children)
        rows.append(" | ".join(" ".join(cell.split()) for cell in cells))
    title = table.next_node(nodes.title)
    return "\n".join(([inline_text(title)] if title is not None else []) + rows)


_HTTP_METHOD = re.compile(r"http:(get|post|put|patch|delete|head|options|trace|connect|copy|any)")
_MISINDENTED = "Unexpected indentation."  # what docutils says of an indented line in a paragraph (code, mostly)


class _Prose(Directive):
    """Arguments as a paragraph, then the content read as reStructuredText; an object's options that Sphinx shows
    (sphinx.py) after its signature or as lines under it ("Default: []")."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Option] | None] = AnyOptions(name=directives.unchanged)

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        if self.arguments:
            container += self._signature(self.arguments[0])
        container += self._option_lines()
        start = len(container.children)
        self.state.nested_parse(self.content, self.content_offset, container)
        if self.name.lower() in OBJECT_DIRECTIVES:  # `:param x:` reads "Parameters: x -- ..." (sphinxfields.py)
            doc_fields(container, start)
        return [container]

    def _signature(self, text: str) -> list[nodes.Node]:
        """The argument as a paragraph, followed by the options Sphinx shows after an object's signature; each of
        its lines a signature of its own, as Sphinx reads them (`.. confval:: copyright` with `project_copyright`
        under it kept that line's indentation)."""
        lines = [line.strip() for line in text.split("\n")]
        written = [found for line in lines if (found := rst_signature(self.name.lower(), line)) is not None]
        inline, messages = (
            ([nodes.Text("\n".join(written))], []) if written else self.state.inline_text("\n".join(lines), self.lineno)
        )
        method = _HTTP_METHOD.fullmatch(self.name.lower())
        if method is not None:  # sphinxcontrib-httpdomain's `.. http:delete:: /path`, shown "DELETE /path"
            inline = [nodes.Text(method.group(1).upper() + " "), *inline]
        options = SIGNATURE_OPTIONS.get(self.name.lower(), ())
        shown = (form.format(self.options[key]) for key, form in options if self.options.get(key))
        return [nodes.paragraph("", "", *inline, *map(nodes.Text, shown)), *messages]

    def _option_lines(self) -> list[nodes.Node]:
        """The options Sphinx shows under an object's name, a "Name: value" field each (roles read)."""
        fields = nodes.field_list()
        messages: list[nodes.Node] = []
        for key, label in OPTION_LINES.get(self.name.lower(), ()):
            if self.options.get(key):
                value, problems = self.state.inline_text(self.options[key], self.lineno)
                body = nodes.field_body("", nodes.paragraph("", "", *value))
                fields += nodes.field("", nodes.field_name("", label), body)
                messages += problems
        return [fields, *messages] if fields.children else messages


class _Titled(_Prose):
    """An admonition of Sphinx's (`seealso`, `todo`): the title Sphinx shows, then its argument and content."""

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        container += nodes.title("", ADMONITION_TITLES[self.name.lower()])
        container += super().run()
        return [container]


class _Unknown(_Prose):
    """A directive no one registered: prose, unless docutils finds its content to be no reStructuredText (a line
    indented where none may be: code, as in click's `click:example`), which is then kept as written."""

    def run(self) -> list[nodes.Node]:
        read = super().run()
        if not any(_MISINDENTED in message.astext() for node in read for message in node.findall(nodes.system_message)):
            return read
        container = nodes.container()
        if self.arguments:
            container += self._signature(self.arguments[0])
        container += nodes.literal_block(text="\n".join(self.content))
        return [container]


class _Body(_Prose):
    """The content read as reStructuredText, the argument not shown."""

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


class _Only(_Prose):
    """`.. only:: expression`: its content where Sphinx's HTML build shows it (sphinx.only_shown), else nothing;
    the sections it holds are the page's (their titles were lost: docutils allows none inside a directive)."""

    def run(self) -> list[nodes.Node]:
        if not only_shown(self.arguments[0] if self.arguments else ""):
            return []
        container = nodes.container()
        memo = self.state.memo
        styles, level = memo.title_styles, memo.section_level
        memo.title_styles, memo.section_level = [], 0  # its own sections, as Sphinx's Only reads them
        try:
            self.state.nested_parse(self.content, self.content_offset, container, match_titles=True)
        finally:
            memo.title_styles, memo.section_level = styles, level
        if not any(isinstance(child, nodes.section) for child in container.children):
            return [container]
        return list(container.children)  # its sections are the page's, below the one it is in (pytest's changelog)


class _Code(_Prose):
    """The content as a literal block, under its `:caption:` (a file name, mostly), which Sphinx shows above it
    as a line of text (its roles and literals read), as the caption of a literalinclude is (sphinxfiles.py)."""

    def run(self) -> list[nodes.Node]:
        if not self.content:
            return []
        code = nodes.literal_block(text="\n".join(self.content))
        caption = str(self.options.get("caption") or "").strip()
        if not caption:
            return [code]
        inline, messages = self.state.inline_text(caption, self.lineno)
        return [nodes.paragraph("", "", *inline), *messages, code]


class _Version(_Prose):
    """A version note as Sphinx writes it: "Added in version 3.2: " before its text (its second argument, else its
    content's first paragraph), or "Added in version 3.2." alone; in the project's own words where its extension
    gives some ("New in Django 5.1: ", sphinxext.version_label)."""

    optional_arguments = 2

    def run(self) -> list[nodes.Node]:
        words = version_label(self.name.lower(), self.arguments[0]) if self.arguments else None
        label = words or " ".join([VERSION_LABELS[self.name.lower()], *self.arguments[:1]])
        container = nodes.container()
        if len(self.arguments) > 1:
            inline, messages = self.state.inline_text(self.arguments[1], self.lineno)
            container += nodes.paragraph("", "", *inline)
            container += messages
        self.state.nested_parse(self.content, self.content_offset, container)
        first = container.children[0] if container.children else None
        if isinstance(first, nodes.paragraph):
            first.insert(0, nodes.Text(f"{label}: "))
        else:
            container.insert(0, nodes.paragraph("", f"{label}:" if container.children else f"{label}."))
        return [container]


class _Toctree(_Prose):
    """A table of contents: the pages it lists, by their titles, a list item each (sphinxrefs.toctree_titles)."""

    def run(self) -> list[nodes.Node]:
        titles = toctree_titles(list(self.content), {k: str(v or "") for k, v in self.options.items()})
        if not titles:
            return []
        items = nodes.bullet_list()
        for title in titles:
            items += nodes.list_item("", nodes.paragraph("", title))
        caption = str(self.options.get("caption") or "").strip()
        return [nodes.paragraph("", caption), items] if caption else [items]


class _Banner(_Prose):
    """A banner of Python's PEPs (`.. canonical-doc::`, `.. rejected::`): the box and words their extension shows,
    where conf.py loads it (pepbanners.py); prose elsewhere."""

    def run(self) -> list[nodes.Node]:
        banner = pep_banner(self.name.lower())
        return super().run() if banner is None else banner_nodes(self, banner)


class _Nothing(_Prose):
    """Nothing to read (a table of contents, an index entry, a file to include). In a substitution's definition
    (Ansible's rst_epilog: `.. |br| raw:: html`) it is an empty one: docutils takes a definition of nothing for
    none, and a `replace::` that refers to it fails (references.Substitutions: KeyError)."""

    def run(self) -> list[nodes.Node]:
        return [nodes.inline()] if isinstance(self.state, states.SubstitutionDef) else []


_PROSE = "class glossary centered hlist"  # `class` is Sphinx's `py:class` (docutils' `class` is `rst-class`)
_KINDS = (
    (_Prose, _PROSE.split()),
    (_Titled, ("seealso", "todo")),
    (_Banner, BANNERS),
    (_Version, VERSION_LABELS),
    (_Body, BODY_DIRECTIVES - {"only"}),
    (_Only, ("only",)),
    (_Code, CODE_DIRECTIVES),
    (_Nothing, EMPTY_DIRECTIVES - {"toctree"}),
    (_Toctree, ("toctree",)),
)
for _kind, _names in _KINDS:
    for _name in _names:
        directives.register_directive(_name, _kind)


_lookup = directives.directive


def _directive(
    directive_name: str, language_module: Any, document: nodes.document
) -> tuple[type[Directive] | None, list[nodes.system_message]]:
    """docutils' lookup of a directive by name, with prose for every name it does not know, but the project's own
    (sphinxext.directive_kind: a crossref type's target shows nothing, an object type's is prose, a code
    block's is code)."""
    found, messages = _lookup(directive_name, language_module, document)
    if found is None and directive_name.lower() in OBJECT_DIRECTIVES:  # a docstring: reST, however misindented
        found = _Prose
    if found is None:
        found = changelog_directive(directive_name)
    if found is None:
        kind = directive_kind(directive_name)
        found = _Nothing if kind == TARGET else _Prose if kind == OBJECT else _Code if kind == CODE else _Unknown
    return found, messages


directives.directive = _directive
