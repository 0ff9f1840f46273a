"""JSX in Markdown (MDX: Docusaurus, Mintlify, Nextra, Starlight), taken out so that what is left reads as Markdown.

Docusaurus's ```mdx-code-block fences hold MDX, not code: their lines are read as the rest; in other code blocks its
magic comments (`// highlight-next-line`, `# highlight-start`), which it removes, are dropped, written in the
comment syntax of the block's language (a Markdown block that shows a JavaScript one keeps them). Outside fenced
code: `import`/`export` statements (each to the blank line where its JavaScript is whole: esm.py), `{/* comments */}`,
JavaScript expressions standing as blocks (`{items.map((item) => (` ... `))}`, whose output is computed; a string
alone, `{'Download'}`, shows its text, as does one in prose, `{' '}`) are dropped; component tags (`<Card>`,
`</Card>`, `<Card\\n title="..."\\n/>`, `<>`) and HTML tags with JavaScript attributes (`<img style={{width: 50}}
alt="x" />`) are removed, the text between an opening and a closing tag kept, and so is the text a reader sees of
their attributes (`title`, `alt`, an API field's name and type, a tab's label: jsxtags.py), on a line of its own;
so are a self-closing HTML tag (`<iframe ... />`, which JSX closes) and a block's HTML tag alone on its line (`<div
id="x">` ... `</div>`: the Markdown between them is Markdown in MDX, a heading too). Other lower-case tags are
HTML, which Markdown reads (scripts and styles hidden). An element given a string by Astro's `set:html` or `set:text`
(Starlight) shows that string (astro.py). A partial imported from a Markdown or MDX file (`import Intro from
'./_intro.mdx'`; `'@site/docs/_intro.mdx'` from the folder of Docusaurus's config; `'/snippets/intro.mdx'` from the
documents folder, as Mintlify writes it; `'@scope/name/x.md'` through a tsconfig.json alias, else from an npm
package in node_modules: mdximports.py) is put in place of its self-closing tag (`<Intro />`), its own JSX taken
out, read from the documents folder as includes.py reads files.
"""

from __future__ import annotations

import re
from pathlib import Path

from indexer.loaders.astro import directive_at
from indexer.loaders.esm import Statements
from indexer.loaders.fences import CODE_SPAN, closes, opens
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import deeper, included_text
from indexer.loaders.jsstrings import js_shown, js_unescaped
from indexer.loaders.jsxtags import alone, tag_text
from indexer.loaders.magiccomments import magic_comments
from indexer.loaders.mdximports import import_path
from indexer.loaders.shiki import shown_inline_code
from indexer.loaders.tabs import TabLabels

__all__ = ["is_mdx", "strip_jsx"]

MAX_JSX_TAG = 4000  # characters; a longer "tag" is left as text (a "<" in prose is not a tag)
MAX_BRACE_DEPTH = 8  # braces within an attribute's braces; a deeper attribute leaves its tag as text


def _nested_braces(depth: int) -> str:
    """A pattern for a JavaScript attribute value in braces, braces nested up to `depth` deep: Ionic's playgrounds
    pass `code={{ angular: { files: { 'x.html': html } } }}`, four deep. Strings are read at the outer level only
    (inside, an apostrophe in JSX text, `<p>Don't</p>`, is a character); each level is possessive, as its
    characters and its inner braces never overlap, so a brace never closed fails at once."""
    inner = r"\{[^{}]*+\}"
    for _ in range(depth - 2):
        inner = rf"\{{(?:[^{{}}]|{inner})*+\}}"
    return rf"""\{{(?:[^{{}}"'`]|"[^"\n]*"|'[^'\n]*'|`[^`]*`|{inner})*\}}"""


_BRACES = _nested_braces(MAX_BRACE_DEPTH)
_JSX_TAG = re.compile(
    rf"""<(?:/[ \t]*)?(?:[A-Za-z][\w.:-]*)?
    (?:[ \t\r\n]+|[A-Za-z_$][\w$.:-]*|=|"[^"]*"|'[^']*'|{_BRACES})*+
    /?>""",
    re.VERBOSE,
)
# a component's tag, a fragment, a JSX comment, an HTML tag with a JavaScript attribute (`style={{...}}`), a
# self-closing HTML tag (`<iframe ... />`: JSX closes it, HTML would not; <br/> and <hr/> Markdown reads), or a
# block's HTML tag alone on its line (`<div id="x">`: in MDX, what lies between it and `</div>` is Markdown), at
# any indentation (MDX has no indented code: Astro's tutorial indents a `<p>` in a list item, whose text holds a
# code span `<style>`, which CommonMark's HTML block read as a tag that hid the rest of the page)
_BLOCK_TAGS = "div|section|article|aside|main|header|footer|nav|figure|center|details|p"
_JSX_START = re.compile(
    r"<(?:/[ \t]*)?(?:[A-Z]|>)|\{/\*|<[a-z][\w-]*(?=[^<>]{0,1000}?=[ \t]*\{)"
    r"|<(?!(?:br|hr)\b)[a-z][\w-]*(?=[^<>]{0,1000}?/[ \t]*>)"
    rf"|^[ \t]*(?P<block></?(?:{_BLOCK_TAGS})\b)(?=[^<>\n]{{0,1000}}>[ \t]*$)"
    # a string in prose, which shows its text: `{' '}`, `{'<'}`, {`--force`} (not a template with ${...})
    r"""|\{[ \t]*(?:'(?P<single>(?:[^'\\\n]|\\.){0,1000})'"""
    r'|"(?P<double>(?:[^"\\\n]|\\.){0,1000})"'
    r"|`(?P<back>[^`$]{0,1000})`)[ \t]*\}",
    re.MULTILINE,
)
# a JavaScript expression standing as a block: `{items.map((item) => (` ... `))}` (not a JSX comment, `{/*`)
_EXPRESSION = re.compile(r"^[ \t]*\{(?!/\*)")
_COMMENT_START = re.compile(r"^[ \t]*\{/\*(?!.*\*/\})")  # a JSX comment that opens a line and goes on below it
_JS_STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`""")
MAX_EXPRESSION_LINES = 200
_STRING_EXPRESSION = re.compile(r"""^[ \t]*\{[ \t]*(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1[ \t]*\}[ \t]*$""")
_ENDS_ALONE = re.compile(r"\}[ \t]*$")  # an expression on a line of its own, nothing after it
_SCRIPTED_TAG = re.compile(r"<[A-Za-z][\w.-]*[ \t][^<>]*=[ \t]*\{")
_MODULE = re.compile(  # an import or export statement (not a paragraph that begins "import the data")
    r"""^(?:import[ \t]+(?:[\w$*{][^\n]*\bfrom[ \t]*["']|["'])"""
    r"|import[ \t]+(?:[\w$]+[ \t]*,[ \t]*)?\{[^}\n]*$"  # names over several lines: `import {` ... `} from '...'`
    r"|export[ \t]+(?:default|const|let|var|function|class|async)\b)"
)
_MDX_SIGNS = re.compile(r"\bimport\b|\bexport\b|=[ \t]*\{|mdx-code-block|\{/\*")  # what is_mdx looks for, at least once
# a JSX comment that ends a line (not Go's `{{/* x */}}`), no brace inside: a line of `{/*` stays linear
_JSX_COMMENT = re.compile(r"(?<!\{)\{/\*[^{}\n]*\*/\}[ \t]*$")
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}(?:[ \t]|$)")  # an ATX heading's start: what may stand before its id
_JSX_COMMENT_END = "*/}"
_PARTIAL = re.compile(  # `import Intro from './_intro.mdx'`, also with named exports beside: `import A, {toc} from`;
    # Astro's `import { Content as Intro } from`; from a path, the site's folder (@site/) or an alias (@fragments/)
    r"""^import[ \t]+(?:([A-Z][\w$]*)[ \t]*(?:,[ \t]*\{[^}\n]*\}[ \t]*)?|\{[ \t]*Content[ \t]+as[ \t]+([A-Z][\w$]*)"""
    r"""[ \t]*\}[ \t]*)[ \t]from[ \t]*["']((?:\.{1,2}/|/|@[\w-]+/|~/)[^"'\n]+\.mdx?)["']"""
)
_EMPHASIS = frozenset("*_~")  # the delimiters of emphasis, which a space inside them undoes
_SELF_CLOSING = re.compile(r"<[ \t]*([A-Z][\w$]*)\b[^<>]*/[ \t]*>\Z")
_STRING_PROP = re.compile(r"""\s([A-Za-z_$][\w$]*)=(?:"([^"]*)"|'([^']*)'|\{[ \t]*["']([^"'\n]*)["'][ \t]*\})""")
_PROPS_USE = re.compile(r"\{[ \t]*props\.([A-Za-z_$][\w$]*)[ \t]*\}")  # a partial's use of a prop passed to it
_MDX_CODE_BLOCK = re.compile(
    r"^[ \t]*(?:`{3,}|~{3,})[ \t]*mdx-code-block\s*$"
)  # Docusaurus: MDX, not code (\s: a no-break space too)


def is_mdx(text: str) -> bool:
    """Whether Markdown is MDX, whatever the file is called (Docusaurus compiles its .md files as MDX): outside
    fenced code it holds an `import` or `export` statement at the start of a paragraph, a tag with a
    JavaScript attribute (`<ins style={{...}} />`, which no HTML has), a JSX comment (react.dev's .md pages, which
    it compiles as MDX, have nothing else: `## Usage {/*usage*/}`), or a Docusaurus mdx-code-block fence."""
    if not _MDX_SIGNS.search(text):
        return False
    fence: str | None = None
    before = ""
    for line in text.split("\n"):
        if fence is not None:
            if closes(line, fence):
                fence = None
        elif _MDX_CODE_BLOCK.match(line):
            return True
        elif (opened := opens(line)) is not None:
            fence = opened
        elif not line.startswith(("    ", "\t")) and (  # an indented line may be code: it says nothing
            (_opens_block(before) and _MODULE.match(line)) or _jsx_shown(CODE_SPAN.sub("", line))
        ):
            return True
        before = line
    return False


def _jsx_shown(line: str) -> bool:
    """Whether a line outside code holds what only MDX reads: a tag with a JavaScript attribute, or a JSX comment
    alone on it or ending a heading (react.dev's ids). Not one in prose: a plain Markdown page that writes "in JSX,
    {/* like this */}" is no MDX, which would drop that text and read its indented code as paragraphs."""
    comment = _JSX_COMMENT.search(line)
    if comment is not None and (not line[: comment.start()].strip() or _HEADING.match(line)):
        return True
    return _scripted_tag(line)


def _scripted_tag(line: str) -> bool:
    """Whether a line holds a whole tag with a JavaScript attribute (`<ins style={{a: 1}} />`): not prose that
    only looks like the start of one (`x <y where S = {1, 2}`), nor a Liquid value (`<img src={{ site.url }}/a>`)."""
    return any(
        _JSX_TAG.match(line, found.start(), min(len(line), found.start() + MAX_JSX_TAG))
        for found in _SCRIPTED_TAG.finditer(line)
    )


def strip_jsx(text: str, path: Path | None = None) -> str:
    """MDX without its JavaScript: the module docstring says what goes and what stays. With the page's `path`,
    partials it imports are put in place of their tags."""
    out: list[str] = []
    prose: list[str] = []
    fence: str | None = None
    wrapper: str | None = None  # the fence of an open mdx-code-block, whose lines are MDX
    statements = Statements(lines := text.split("\n"))
    esm_end = -1  # the blank line that ends the open import or export statement
    partials: dict[str, str] = {}  # component name -> the Markdown or MDX file it is imported from
    magic: re.Pattern[str] | None = None  # the open code block's magic comment lines, which Docusaurus removes
    expression: list[str] = []  # the lines of an open JavaScript expression ({...} starting a line): dropped
    depth = 0  # its braces still open
    labels = TabLabels(text)
    comment: list[str] = []  # the lines of an open JSX comment that spans lines (`{/*` ... `*/}`): dropped
    for number, line in enumerate(lines):
        if comment:
            comment.append(line)
            if "*/}" in line:
                comment = []
                prose.append("")
            elif len(comment) > MAX_EXPRESSION_LINES:  # never closed: not one, its lines are prose
                prose += comment
                comment = []
            continue
        if fence is None and wrapper is None and number > esm_end and _COMMENT_START.match(line):
            comment = [line]  # blank lines and code fences inside it are commented out too
            continue
        if expression:
            expression.append(line)
            depth += _brace_depth(line)
            if depth <= 0:
                expression, depth = [], 0
                prose.append("")
            elif len(expression) > MAX_EXPRESSION_LINES:  # never closed: not one, its lines are prose
                prose += expression
                expression, depth = [], 0
            continue
        if (
            fence is None
            and wrapper is None
            and number > esm_end
            and _EXPRESSION.match(line)
            and _in_children(prose)
            and ((depth := _brace_depth(line)) > 0 or _ENDS_ALONE.search(_JS_STRING.sub("", line)))
        ):
            if depth > 0:
                expression = [line]
            else:  # a string alone shows its text: {'Download this docx'}, {`npm install ${name}`}
                literal = _STRING_EXPRESSION.match(line)
                prose.append(js_unescaped(literal.group(2)) if literal else "")
            continue
        if fence is not None:
            if closes(line, fence):
                fence = None
            if magic is None or not magic.fullmatch(line):
                out.append(line)
        elif wrapper is not None and closes(line, wrapper) and not _MDX_CODE_BLOCK.match(line):
            wrapper, esm_end = None, -1  # its end ends an import in it too
            prose.append("")
        elif number <= esm_end or ((not prose or _opens_block(prose[-1])) and _MODULE.match(line)):
            if number > esm_end:
                esm_end = statements.end(number)
            if (partial := _PARTIAL.match(line)) is not None:
                name = partial.group(1) or partial.group(2)
                partials[name] = js_unescaped(partial.group(3))  # './\_x.mdx' is './_x.mdx'
        elif wrapper is None and _MDX_CODE_BLOCK.match(line):
            wrapper = opens(line)
            prose.append("")
        elif (opened := opens(line)) is not None:
            out.append(_prose("\n".join(prose), partials, path, labels))
            prose, fence, magic = [], opened, magic_comments(line)
            out.append(line)
        else:
            prose.append(line)
    prose += expression + comment
    out.append(_prose("\n".join(prose), partials, path, labels))
    return "\n".join(out)


def _opens_block(before: str) -> bool:
    """Whether a line after `before` starts a block, where an import or export statement may stand: after a blank
    line, or one that is only a comment (Redux writes `<!-- prettier-ignore -->` on the line above an import,
    which Docusaurus turns into a JSX comment: the import, read as prose, showed and its partial was lost)."""
    shown = before.strip()
    return not shown or (shown.startswith("<!--") and shown.endswith("-->") and "-->" not in shown[4:-3])


def _in_children(prose: list[str]) -> bool:
    """Whether a line that starts with `{` stands among an element's children or the page's blocks (after a
    blank line or a tag's end), not among the attributes of a tag still open (`themes={[` then `{`)."""
    last = next((line for line in reversed(prose) if line.strip()), None) if prose and prose[-1].strip() else None
    return last is None or last.rstrip().endswith(">")


def _brace_depth(line: str) -> int:
    """How many more braces a line of JavaScript opens than it closes (strings left out)."""
    code = _JS_STRING.sub("", line)
    return code.count("{") - code.count("}")


def _prose(text: str, partials: dict[str, str], path: Path | None, labels: TabLabels) -> str:
    """Prose with component tags and JSX comments taken out; one pass, each tag read at most MAX_JSX_TAG
    characters far. Code spans (`<View>`) show the syntax itself: kept as written, but a language rehype-pretty-code
    reads at their end (`true{:js}`, shiki.py)."""
    text = shown_inline_code(text)
    parts: list[str] = []
    pos = 0
    spans = [(m.start(), m.end()) for m in CODE_SPAN.finditer(text)] if "`" in text else []
    span = 0  # the first code span that may hold a tag from here on (tags come in order)
    directives = "set:" in text
    for start in _JSX_START.finditer(text):
        at = start.start("block") if start.group("block") else start.start()
        while span < len(spans) and spans[span][1] <= at:
            span += 1
        if at < pos or (span < len(spans) and spans[span][0] <= at):
            continue
        string = next((value for value in start.group("single", "double", "back") if value is not None), None)
        if string is not None:
            parts += [text[pos:at], js_shown(string) if start.group("back") is None else string]
            pos = start.end()
            continue
        shown = directive_at(text, at) if directives else None
        if shown is not None:  # Astro's `<Fragment set:html={"<p>...</p>"} />` shows its string
            parts += [text[pos:at], f"\n\n{shown[0]}\n\n" if alone(text, at, shown[1]) else shown[0]]
            pos = shown[1]
            continue
        end = _tag_end(text, at)
        if end < 0:
            continue
        before = text[pos:at]
        partial = _partial(text[at:end], partials, path) if partials and path is not None else None
        replaced = tag_text(text, at, end, labels) if partial is None else f"\n\n{partial}\n\n"
        if not replaced and text[end : end + 1] in _EMPHASIS:  # `**Docusaurus <Version/>**`: no space before `**`
            before = before.rstrip(" \t")
        elif not replaced and text[at - 1 : at] in _EMPHASIS and at > 0:  # `**<Icon/> Install**`: none after it
            while end < len(text) and text[end] in " \t":
                end += 1
        parts += [before, replaced]
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def _partial(tag: str, partials: dict[str, str], path: Path) -> str | None:
    """The text of the partial a self-closing tag (`<TagsFileApiRefSection />`) stands for, its own JSX taken out;
    None when the tag is no imported partial's, or its file cannot be read (includes.py says why)."""
    name = _SELF_CLOSING.match(tag)
    target = partials.get(name.group(1)) if name else None
    target = import_path(target, path) if target else None
    text = included_text(path, target) if target else None
    if text is None or target is None:
        return None
    _, body, _ = split_front_matter(text)
    props = {m.group(1): next(v for v in m.group(2, 3, 4) if v is not None) for m in _STRING_PROP.finditer(tag)}
    if props and "props." in body:  # `<Partial name="Sebastien" />` shows "Hello {props.name}" as "Hello Sebastien"
        body = _PROPS_USE.sub(lambda m: props.get(m.group(1), m.group(0)), body)
    with deeper():
        return strip_jsx(body, path.parent / target)


def _tag_end(text: str, at: int) -> int:
    if text.startswith("{/*", at):
        close = text.find(_JSX_COMMENT_END, at + 3, at + MAX_JSX_TAG)
        return close + len(_JSX_COMMENT_END) if close >= 0 else -1
    match = _JSX_TAG.match(text, at, min(len(text), at + MAX_JSX_TAG))
    return match.end() if match else -1
