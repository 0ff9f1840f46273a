"""The query language: plain words first, with phrases, fields, operators and suffix wildcards on top.

    query    := or ( "OR" or )*              plain words are scored; a document needs at least one
    or       := and ( "AND" and )*
    and      := unary+                       juxtaposed: field clauses and NOT are filters, words score
    unary    := "NOT" unary | primary
    primary  := "(" query ")" | FIELD ":" value | FIELD "=" value | "phrase" | word | prefix*
    FIELD    := title | heading | body | text | path | type | tag

Operators are words in capitals; in a query written all in capitals (caps lock, old catalogues) they are plain
words. `field:value` matches words of a field, `field=value` the whole value exactly. Anything this grammar does not
take (a stray quote or parenthesis, an unknown field, punctuation) is read as plain words, so no query
string is ever an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from whoosh import query as wq

from indexer.analysis import TextAnalyzer, fold, path_analyzer

TEXT_FIELDS = ("title", "heading", "body", "path")
FIELD_ALIASES = {"text": "body", "content": "body", "tags": "tag", "format": "type"}
TYPE_ALIASES = {"md": "markdown", "markdown": "markdown", "pdf": "pdf", "txt": "text", "text": "text",
                "rst": "text", "html": "html", "htm": "html"}  # fmt: skip
EXACT_FIELDS = {"title": "title_exact", "path": "doc_id", "type": "type", "tag": "tag"}
MIN_PREFIX = 2
MAX_CLAUSES = 64

_TOKEN = re.compile(
    r'(?P<lp>\()|(?P<rp>\))|(?P<field>[A-Za-z]+)(?P<op>[:=])(?=\S)|"(?P<phrase>[^"]*)"|(?P<word>[^\s()"]+)'
)
_analyzer = TextAnalyzer()
_path_analyzer = path_analyzer()


@dataclass
class ParsedQuery:
    """A Whoosh query, plus the analyzed words a snippet should show."""

    query: wq.Query
    terms: set[str] = field(default_factory=set)


def parse_query(text: str, weights: Mapping[str, float]) -> ParsedQuery:
    """The query for `text`; plain words are searched in the fields of `weights`, weighted so."""
    tokens = list(_tokens(text))[: MAX_CLAUSES * 4]
    terms: set[str] = set()
    try:
        parser = _Parser(tokens, terms, weights)
        result = parser.parse()
        if parser.pos != len(tokens):
            raise _Fallback
    except (_Fallback, RecursionError):
        terms.clear()
        result = _plain(text, terms, weights)
    return ParsedQuery(result or wq.NullQuery, terms)


class _Fallback(Exception):
    """The query does not follow the grammar: read it as plain words."""


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
            if name in TEXT_FIELDS or name in EXACT_FIELDS:
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
    def __init__(self, tokens: list[tuple[str, str, str]], terms: set[str], weights: Mapping[str, float]) -> None:
        self.tokens = tokens
        self.weights = weights
        self.pos = 0
        self.terms = terms
        self.depth = 0

    def parse(self) -> wq.Query | None:
        return self._or()

    def _peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def _or(self) -> wq.Query | None:
        return self._joined("OR", self._and, wq.Or)

    def _and(self) -> wq.Query | None:
        return self._joined("AND", self._sequence, wq.And)

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
                clause = self._primary()
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
            filters = [wq.ConstantScoreQuery(q, 0.0) for q in required]
            result = wq.And([result, *filters]) if scored else wq.And(required)
        if excluded:
            result = wq.AndNot(result, wq.Or(excluded))
        return result

    def _primary(self) -> wq.Query | None:
        kind, value, op = self.tokens[self.pos]
        self.pos += 1
        if kind == "(":
            self.depth += 1
            if self.depth > 16:
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
            return _field_clause(value, op, target, self.terms)
        if kind == "phrase":
            return _text_clause(value, self.weights, self.terms, phrase=True)
        return _text_clause(value, self.weights, self.terms, phrase=False)


def _field_clause(name: str, op: str, value: str, terms: set[str]) -> wq.Query | None:
    if op == "=" or name in ("type", "tag"):
        exact = EXACT_FIELDS.get(name)
        if exact is None:  # heading= / body=: no exact form, match the words
            return _text_clause(value, {name: 1.0}, terms, phrase=True)
        if name == "type":
            value = TYPE_ALIASES.get(value.lower(), value.lower())
        elif name in ("tag", "title"):
            value = value.strip().lower()
        return wq.Term(exact, value)
    if name == "path":
        words = [t.text for t in _path_analyzer(value.rstrip("*"))]
        if value.endswith("*") and words:
            *head, last = words
            parts = [wq.Term("path", w) for w in head] + [wq.Prefix("path", last)]
            return wq.And(parts) if len(parts) > 1 else parts[0]
        return wq.Phrase("path", words) if len(words) > 1 else (wq.Term("path", words[0]) if words else None)
    return _text_clause(value, {name: 1.0}, terms, phrase=True)


def _text_clause(value: str, fields: Mapping[str, float], terms: set[str], phrase: bool) -> wq.Query | None:
    """Words over text fields: a phrase when asked (or when one word analyzes to several), a prefix for word*."""
    if not phrase and value.endswith("*") and value.count("*") == 1:
        stem = fold(value[:-1])
        if len(stem) < MIN_PREFIX or not re.fullmatch(r"\w+", stem):
            return None
        return _over(fields, lambda f: wq.Prefix(f, stem))
    words = [t for t, _, _, _ in _analyzer.analyze(value)]
    terms.update(words)
    if not words:
        return None
    if len(words) == 1:
        return _over(fields, lambda f: wq.Term(f, words[0]))
    return _over(fields, lambda f: wq.Phrase(f, words))


def _over(fields: Mapping[str, float], make: object) -> wq.Query:
    clauses = []
    for name, boost in fields.items():
        if name == "path":
            continue  # the path field has its own analysis; plain words reach it through title and body
        clause = make(name)  # type: ignore[operator]
        clause.boost = boost
        clauses.append(clause)
    return clauses[0] if len(clauses) == 1 else wq.Or(clauses)


def _plain(text: str, terms: set[str], weights: Mapping[str, float]) -> wq.Query | None:
    """Every word of the text, scored, ignoring all syntax."""
    words = [t for t, _, _, _ in _analyzer.analyze(text)][: MAX_CLAUSES * 4]
    terms.update(words)
    clauses = [_over(weights, lambda f, w=w: wq.Term(f, w)) for w in dict.fromkeys(words)]
    return wq.Or(clauses) if clauses else None
