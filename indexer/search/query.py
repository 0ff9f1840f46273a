"""The query language: plain words first, with phrases, fields, operators and suffix wildcards on top.

    query    := or ( "OR" or )*              plain words are scored; a document needs at least one
    or       := and ( "AND" and )*
    and      := unary+                       juxtaposed: field clauses and NOT are filters, words score
    unary    := "NOT" unary | primary
    primary  := "(" query ")" | FIELD ":" value | FIELD "=" value | "phrase" | word | prefix*
    FIELD    := title | heading | body | text | path | type | tag | lang | language | version

Operators are words in capitals; in a query written all in capitals (caps lock, old catalogues) they are plain
words. `field:value` matches words of a field, `field=value` the whole value exactly. Anything this grammar does not
take (a stray quote or parenthesis, an unknown field, punctuation) is read as plain words, so no query
string is ever an error.

The work a query can cause is bounded whatever its text: the first MAX_TOKENS tokens are read, the first
MAX_TERMS words are kept (in order; a phrase past the limit is cut), the first MAX_WILDCARDS wildcards expand
(later ones are read as their words), each to at most MAX_EXPANSIONS words per field, and parentheses nested
deeper than MAX_DEPTH make the query plain words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from itertools import islice
from typing import Any

from whoosh import query as wq

from indexer.search.clauses import TEXT_FIELDS, AllOf, AndNot, Edition, Filter, Prefix, over
from indexer.search.plan import ParsedQuery
from indexer.text.analysis import SEARCH_ANALYZER, path_analyzer
from indexer.text.words import fold

FIELD_ALIASES = {"text": "body", "content": "body", "tags": "tag", "format": "type", "lang": "language"}
EDITION_FIELDS = ("language", "version")  # a document's edition of its site (editions.py): language:fr, version:2.x
TYPE_ALIASES = {"md": "markdown", "markdown": "markdown", "mdown": "markdown", "mkd": "markdown", "mdx": "markdown",
                "qmd": "markdown", "rmd": "markdown", "cheatmd": "markdown", "livemd": "markdown",
                "pdf": "pdf", "txt": "text", "text": "text", "rst": "text", "rest": "text", "adoc": "text",
                "asciidoc": "text", "org": "text", "textile": "text", "html": "html", "htm": "html", "xhtml": "html",
                "docx": "docx", "docm": "docx", "word": "docx", "xlsx": "xlsx", "xlsm": "xlsx", "excel": "xlsx",
                "pptx": "pptx", "pptm": "pptx", "powerpoint": "pptx", "ipynb": "ipynb", "notebook": "ipynb",
                "eml": "eml", "email": "eml", "mbox": "mbox", "mbx": "mbox", "mailbox": "mbox",
                "odt": "odt", "ods": "ods", "odp": "odp",
                "epub": "epub", "rtf": "rtf", "texi": "texinfo", "texinfo": "texinfo", "txi": "texinfo",
                "man": "man", "roff": "man", "mdoc": "man", "pod": "pod", "pm": "pod", "pl": "pod",
                "perl": "pod"}  # fmt: skip  # every loader's suffixes (test_loaders.py)
EXACT_FIELDS = {"title": "title_exact", "path": "doc_id", "type": "type", "tag": "tag"}
MIN_PREFIX = 2
# English endings that a word begun by a wildcard's text may have (see _stems_begun)
# fmt: off
_ENDINGS = ("", "s", "e", "es", "ed", "ing", "er", "ers", "or", "ors", "ion", "ions", "ation", "ations", "ive",
            "ity", "ities", "al", "ally", "ment", "ments", "ness", "able", "ible", "ize", "izes", "ized", "izing",
            "ization", "ise", "ism", "ist", "ists", "ence", "ance", "ent", "ant", "y", "ies", "ly", "ous", "ful")
# fmt: on
_TAILS = ("", *sorted({ending[i:] for ending in _ENDINGS for i in range(len(ending))}))  # "ation": "tion", "ion"...
MAX_TERMS = 256  # words kept; a long natural-language question (100 words and more) is scored in full
MAX_TOKENS = 256  # tokens read: words (stop words too), phrases, fields, operators, parentheses
MAX_WILDCARDS = 8  # word* clauses expanded; later ones match their word only
MAX_DEPTH = 16  # nested parentheses

_TOKEN = re.compile(
    r'(?P<lp>\()|(?P<rp>\))|(?P<field>[A-Za-z]+)(?P<op>[:=])(?=\S)|"(?P<phrase>[^"]*)"|(?P<word>[^\s()"]+)'
)
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")  # control characters, lone surrogates: spaces
_analyzer = SEARCH_ANALYZER
_path_analyzer = path_analyzer()


def parse_query(text: str, weights: Mapping[str, float]) -> ParsedQuery:
    """The query for `text`; plain words are searched in the fields of `weights`, weighted so."""
    text = _INVISIBLE.sub(" ", text)
    tokens = list(islice(_tokens(text), MAX_TOKENS))
    if len(tokens) == MAX_TOKENS and tokens[-1][0] == "field":
        tokens.pop()  # the cut fell between a field and its value
    try:
        budget = _Budget()
        parser = _Parser(tokens, budget, weights)
        result = parser.parse()
        if parser.pos != len(tokens):
            raise _Fallback
    except _Fallback:
        budget = _Budget()
        result = _plain(text, budget, weights)
    return ParsedQuery(result or wq.NullQuery, budget.terms)


class _Fallback(Exception):
    """The query does not follow the grammar: read it as plain words."""


class _Budget:
    """What a query may still add: MAX_TERMS words and MAX_WILDCARDS wildcards; and the words a snippet shows."""

    def __init__(self) -> None:
        self.words = MAX_TERMS
        self.wildcards = MAX_WILDCARDS
        self.terms: set[str] = set()

    def take(self, words: Iterable[str], shown: bool = True) -> list[str]:
        """The first of `words` that still fit, in order."""
        kept = list(islice(words, self.words))
        self.words -= len(kept)
        if shown:
            self.terms.update(kept)
        return kept

    def take_wildcard(self) -> bool:
        """Whether one more wildcard may expand."""
        if self.wildcards <= 0:
            return False
        self.wildcards -= 1
        return True


def _tokens(text: str) -> Iterator[tuple[str, str, str]]:
    """(kind, value, operator) tokens."""
    operators = ("AND", "OR", "NOT") if any(c.islower() for c in text) else ()
    for m in _TOKEN.finditer(text):
        if m.group("lp"):
            yield "(", "(", ""
        elif m.group("rp"):
            yield ")", ")", ""
        elif m.group("field"):
            name = m.group("field").lower()
            name = FIELD_ALIASES.get(name, name)
            if name in TEXT_FIELDS or name in EXACT_FIELDS or name in EDITION_FIELDS:
                yield "field", name, m.group("op")
            else:
                yield "word", m.group("field"), ""
        elif m.group("phrase") is not None:
            yield "phrase", m.group("phrase"), ""
        else:
            word = m.group("word")
            kind = word if word in operators else "word"
            yield kind, word, ""


class _Parser:
    def __init__(self, tokens: list[tuple[str, str, str]], budget: _Budget, weights: Mapping[str, float]) -> None:
        self.tokens = tokens
        self.weights = weights
        self.pos = 0
        self.budget = budget
        self.depth = 0
        self.negated = 0  # NOTs around the clause being read

    def parse(self) -> wq.Query | None:
        return self._or()

    def _peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def _or(self) -> wq.Query | None:
        return self._joined("OR", self._and, wq.Or)

    def _and(self) -> wq.Query | None:
        return self._joined("AND", self._sequence, AllOf)

    def _joined(self, operator: str, operand: Callable[[], wq.Query | None], combine: Any) -> wq.Query | None:
        """operand (operator operand)*: the operands that are not empty, combined."""
        parts = [operand()]
        while self._peek() == operator:
            self.pos += 1
            parts.append(operand())
        kept = [p for p in parts if p is not None]
        return kept[0] if len(kept) == 1 else (combine(kept) if kept else None)

    def _sequence(self) -> wq.Query | None:
        scored: list[wq.Query] = []
        required: list[wq.Query] = []
        excluded: list[wq.Query] = []
        while self._peek() not in (None, ")", "AND", "OR"):
            if self._peek() == "NOT":
                self.pos += 1
                self.negated += 1
                clause = self._primary()
                self.negated -= 1
                if clause is not None:
                    excluded.append(clause)
            else:
                is_filter = self._peek() == "field"
                clause = self._primary()
                if clause is not None:
                    (required if is_filter else scored).append(clause)
        if not (scored or required or excluded):
            return None
        result: wq.Query = wq.Or(scored) if len(scored) > 1 else (scored[0] if scored else wq.Every())
        if required:
            # Filters match but do not score (Whoosh's Require matcher breaks under block-quality skipping).
            filters = [Filter(q) for q in required]
            result = wq.And([result, *filters]) if scored else wq.And(required)
        if excluded:
            result = AndNot(result, wq.Or(excluded))
        return result

    def _primary(self) -> wq.Query | None:
        if self.pos == len(self.tokens):  # a trailing NOT
            raise _Fallback
        kind, value, op = self.tokens[self.pos]
        self.pos += 1
        if kind == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Fallback
            inner = self._or()
            if self._peek() != ")":
                raise _Fallback
            self.pos += 1
            self.depth -= 1
            return inner
        if kind in (")", "AND", "OR", "NOT"):
            raise _Fallback
        if kind == "field":
            if self._peek() not in ("word", "phrase"):
                raise _Fallback
            _, target, _ = self.tokens[self.pos]
            self.pos += 1
            return _field_clause(value, op, target, self.budget)
        if kind == "phrase":
            return _text_clause(value, self.weights, self.budget, phrase=True)
        if self.negated:
            return _excluded_word(value, self.weights, self.budget)
        return _text_clause(value, self.weights, self.budget, phrase=False)


def _field_clause(name: str, op: str, value: str, budget: _Budget) -> wq.Query | None:
    if name in EDITION_FIELDS:
        value = value.strip().lower()
        value = "current" if name == "version" and value == "next" else value  # Docusaurus's current is "next"
        return Edition(name, value) if budget.take([value], shown=False) else None
    if op == "=" or name in ("type", "tag"):
        exact = EXACT_FIELDS.get(name)
        if exact is None:  # heading= / body=: no exact form, match the words
            return _text_clause(value, {name: 1.0}, budget, phrase=True)
        if name == "type":
            value = TYPE_ALIASES.get(value.lower(), value.lower())
        elif name in ("tag", "title"):
            value = value.strip().lower()
        return wq.Term(exact, value) if budget.take([value], shown=False) else None
    if name == "path":
        return _path_clause(value, budget)
    if _is_wildcard(value) and not re.search(r"\s", value):  # title:instal*, as anywhere; else its words in order
        return _text_clause(value, {name: 1.0}, budget, phrase=False) or _text_clause(value, {name: 1.0}, budget, True)
    return _text_clause(value, {name: 1.0}, budget, phrase=True)


def _path_clause(value: str, budget: _Budget) -> wq.Query | None:
    """Words of a document id, in order; `path:guides/inst*` ends with a wildcard."""
    words = budget.take((t.text for t in _path_analyzer(value.rstrip("*"))), shown=False)
    if words and value.endswith("*") and budget.take_wildcard():
        parts = [wq.Term("path", w) for w in words[:-1]] + [Prefix("path", words[-1])]
        return wq.And(parts) if len(parts) > 1 else parts[0]
    return wq.Phrase("path", words) if len(words) > 1 else (wq.Term("path", words[0]) if words else None)


def _text_clause(value: str, fields: Mapping[str, float], budget: _Budget, phrase: bool) -> wq.Query | None:
    """Words over text fields: a phrase when asked, a prefix for word*, else each word on its own. A word
    that analyzes to several ("multi-target", "v2.1", "getUserName": its whole and its words) is its words, as
    BM25 engines read it: requiring them as a phrase lost more matches than it gained precision (EVAL.md). A
    compound joined by hyphens is its words alone: its whole as well counted it three times where it is written
    so, above the pages that write its words apart (EVAL.md); the index holds its whole for the query that
    writes it as one word (finetuning finds fine-tuning)."""
    if not phrase and _is_wildcard(value):
        typed = fold(value[:-1])
        if "-" in typed and re.fullmatch(r"\w+(?:-\w+)+", typed) and any(c.isalpha() for c in typed):
            typed = typed.replace("-", "")  # fine-tun*: the wholes of the compounds that begin so (analysis.py)
        if len(typed) < MIN_PREFIX or not re.fullmatch(r"\w+", typed):
            return None
        also = _stems_begun(typed)
        if budget.take_wildcard() and budget.take([typed, *also], shown=False):
            return over(fields, lambda f: Prefix(f, typed, also=also))
    # An identifier (getUserName) gives its whole and its words; in a phrase, its words alone, in order.
    words = budget.take(t for t, _, _, _ in _analyzer.analyze(value, wholes=not phrase, compound_wholes=False))
    if not words:
        return None
    if phrase and len(words) > 1:
        return over(fields, lambda f: wq.Phrase(f, words))
    clauses = [over(fields, lambda f, w=w: wq.Term(f, w)) for w in words]
    return clauses[0] if len(clauses) == 1 else wq.Or(clauses)


def _excluded_word(value: str, fields: Mapping[str, float], budget: _Budget) -> wq.Query | None:
    """A word under NOT: what holds it, not what holds one of its words (NOT TouchableHighlight must keep the
    documents that say touchable or highlight alone). An identifier is its whole, as the index holds it; a word
    with no whole (multi-target, v2.1) is its words as a phrase, as in quotes. A wildcard is as anywhere."""
    if _is_wildcard(value):
        return _text_clause(value, fields, budget, phrase=False)
    terms = [t for t, _, _, _ in _analyzer.analyze(value)]
    words = [t for t, _, _, _ in _analyzer.analyze(value, wholes=False)]
    if len(terms) == len(words) + 1 and terms[1:] == words and budget.take(terms[:1]):  # one identifier
        return over(fields, lambda f: wq.Term(f, terms[0]))
    return _text_clause(value, fields, budget, phrase=True)


@lru_cache(maxsize=4096)
def _stems_begun(typed: str) -> tuple[str, ...]:
    """The stems of the words a wildcard's typed text begins that do not begin with it themselves: the index
    holds stems, and the stemmer cuts some words shorter than the typed text (`navigat*`: navigation, navigate
    and navigator are indexed as navig; `installer*`: installer as instal) or changes their end (`navy*`: navy
    is navi). They are the stems of the typed text with each ending of _ENDINGS (or a tail of one) added; the
    wildcard matches them as whole words, beside the indexed words that begin with the typed text."""
    stems: dict[str, None] = {}
    for ending in _TAILS:
        stem = next((term for term, _, _, _ in _analyzer.analyze(typed + ending, tokenize=False)), "")
        if len(stem) >= MIN_PREFIX and not stem.startswith(typed):
            stems[stem] = None
    return tuple(sorted(stems))


def _plain(text: str, budget: _Budget, weights: Mapping[str, float]) -> wq.Query | None:
    """Every word of the text, scored, ignoring all syntax."""
    words = budget.take(t for t, _, _, _ in _analyzer.analyze(text, compound_wholes=False))
    clauses = [over(weights, lambda f, w=w: wq.Term(f, w)) for w in dict.fromkeys(words)]
    return wq.Or(clauses) if clauses else None


def _is_wildcard(value: str) -> bool:
    """Whether a word is typed as a wildcard: one `*`, at its end (`instal*`)."""
    return value.endswith("*") and value.count("*") == 1
