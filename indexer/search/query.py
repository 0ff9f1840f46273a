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

The work a query can cause is bounded whatever its text: the first MAX_TOKENS tokens are read, the first
MAX_TERMS words are kept (in order; a phrase past the limit is cut), the first MAX_WILDCARDS wildcards expand
(later ones are read as their words), each to at most MAX_EXPANSIONS words per field, and parentheses nested
deeper than MAX_DEPTH make the query plain words.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from whoosh import query as wq
from whoosh.matching import AndNotMatcher, ListMatcher, NullMatcher

from indexer.text.analysis import SEARCH_ANALYZER, fold, path_analyzer

TEXT_FIELDS = ("title", "heading", "body", "path")
FIELD_ALIASES = {"text": "body", "content": "body", "tags": "tag", "format": "type"}
TYPE_ALIASES = {"md": "markdown", "markdown": "markdown", "pdf": "pdf", "txt": "text", "text": "text",
                "rst": "text", "html": "html", "htm": "html"}  # fmt: skip
EXACT_FIELDS = {"title": "title_exact", "path": "doc_id", "type": "type", "tag": "tag"}
MIN_PREFIX = 2
MAX_TERMS = 256  # words kept; a long natural-language question (100 words and more) is scored in full
MAX_TOKENS = 256  # tokens read: words (stop words too), phrases, fields, operators, parentheses
MAX_WILDCARDS = 8  # word* clauses expanded; later ones match their word only
MAX_EXPANSIONS = 256  # words one wildcard matches in one field: the first in the index's sorted order
MAX_DEPTH = 16  # nested parentheses

_TOKEN = re.compile(
    r'(?P<lp>\()|(?P<rp>\))|(?P<field>[A-Za-z]+)(?P<op>[:=])(?=\S)|"(?P<phrase>[^"]*)"|(?P<word>[^\s()"]+)'
)
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")  # control characters, lone surrogates: spaces
_analyzer = SEARCH_ANALYZER
_path_analyzer = path_analyzer()


@dataclass(frozen=True)
class QuerySize:
    """How much a query asks of the index: the words of its clauses (a word searched in three fields counts
    three times), how many of them are wildcards, and how deep its clauses nest."""

    words: int
    wildcards: int
    depth: int


@dataclass
class ParsedQuery:
    """A Whoosh query, plus the analyzed words a snippet should show."""

    query: wq.Query
    terms: set[str] = field(default_factory=set)

    def size(self) -> QuerySize:
        return _size(self.query)

    def plan(self, fields: Iterable[str]) -> Plan | None:
        """The query as a sum the postings copy can score, when it is one: plain words (and wildcards) of
        `fields`, plus clauses only Whoosh can match (phrases, fields, nested operators) added in, minus
        exclusions (a top-level NOT); or an AND of such sums of words alone, which scores as their sum and
        matches the passages that hold a word of each. None otherwise (filters around the words, an AND of
        other clauses)."""
        plan = Plan()
        query = self.query
        while type(query) is _AndNot:  # a NOT at the top drops passages, whatever scores them
            plan.excluded.append(query.b)
            query = query.a
        fields = frozenset(fields)
        if type(query) is _AllOf:
            return _and_plan(query, fields, plan)
        if not _add_to_plan(query, fields, 1.0, plan) or not (plan.terms or plan.prefixes):
            return None
        return plan

    def summed_word_weight(self) -> float:
        """The weight of the body words of the query's summed part (a word typed twice counts twice), which
        pseudo-relevance feedback weighs its words against; 0 when the query is not a sum of words (an AND of
        clauses, filters alone), which feedback leaves alone."""
        found = _summed_part(self.query)
        if found is None:
            return 0.0
        plan = Plan()
        _add_to_plan(found[0], frozenset(TEXT_FIELDS), 1.0, plan)
        return sum(weight for name, _, weight in plan.terms if name == "body")

    def expanded(self, words: Mapping[str, float], weights: Mapping[str, float]) -> ParsedQuery:
        """The query with `words` (analyzed terms, each with its weight) added to its sum, in the fields of
        `weights`, matched and scored like typed words. The words a snippet shows stay the typed ones."""
        found = _summed_part(self.query)
        if found is None or not words:
            return self
        part, rebuild = found
        added = [
            _over({f: b * weight for f, b in weights.items()}, lambda f, w=w: wq.Term(f, w))
            for w, weight in words.items()
        ]
        return ParsedQuery(rebuild(wq.Or([part, *added])), self.terms)


def _summed_part(query: wq.Query) -> tuple[wq.Query, Callable[[wq.Query], wq.Query]] | None:
    """The clause of a query that sums its words, and how to rebuild the query around another one in its
    place: the query itself, or the scored clause under a top-level NOT or beside filters (`type:`). None
    when the query is not such a sum."""
    if type(query) is _AndNot:
        inner = _summed_part(query.a)
        if inner is None:
            return None
        part, rebuild = inner
        return part, lambda q: _AndNot(rebuild(q), query.b)
    if type(query) is wq.And:
        first, *rest = query.subqueries
        if type(first) is _Filter or not rest or not all(type(r) is _Filter for r in rest):
            return None
        inner = _summed_part(first)
        if inner is None:
            return None
        part, rebuild = inner
        return part, lambda q: wq.And([rebuild(q), *rest])
    plan = Plan()
    if not _add_to_plan(query, frozenset(TEXT_FIELDS), 1.0, plan) or not plan.terms:
        return None
    return query, lambda q: q


@dataclass
class Plan:
    """A query as a sum: scored words, wildcards scored as the words they expand to, other clauses scored by
    Whoosh, and what is excluded. An AND's words are in its operands, the `required` plans (words and wildcards
    only): a passage matches when it holds a word of each, and scores the sum of all their words."""

    terms: list[tuple[str, bytes, float]] = field(default_factory=list)  # (field, term, weight)
    prefixes: list[tuple[str, str, float]] = field(default_factory=list)  # (field, what words start with, weight)
    others: list[wq.Query] = field(default_factory=list)
    excluded: list[wq.Query] = field(default_factory=list)
    required: list[Plan] = field(default_factory=list)


def _and_plan(query: _AllOf, fields: frozenset[str], plan: Plan) -> Plan | None:
    """The plan of an AND whose operands are each a sum of words and wildcards (Whoosh's And sums its
    operands' scores over the passages that match them all); None when an operand is anything else (a filter,
    a phrase, a nested NOT)."""
    for child in query.subqueries:
        operand = Plan()
        if not _add_to_plan(child, fields, query.boost, operand) or operand.others:
            return None
        if not (operand.terms or operand.prefixes):
            return None
        plan.required.append(operand)
    return plan


def _add_to_plan(query: wq.Query, fields: frozenset[str], boost: float, plan: Plan) -> bool:
    """Add a summed clause to the plan; False when the query is not a sum."""
    if query is wq.NullQuery:
        return True
    if type(query) in (wq.Term, _Prefix) and query.fieldname in fields:
        target = plan.terms if type(query) is wq.Term else plan.prefixes
        text = query.text.encode("utf-8") if type(query) is wq.Term else query.text
        target.append((query.fieldname, text, boost * query.boost))
        return True
    if type(query) is wq.Or and query.scale is None and not query.minmatch:  # summed as is, duplicates too
        return all(_add_to_plan(child, fields, boost * query.boost, plan) for child in query.subqueries)
    if boost != 1.0:
        return False
    plan.others.append(query)
    return True


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


class _Prefix(wq.Prefix):
    """A suffix wildcard: the first MAX_EXPANSIONS words of its field that start with its text (in sorted
    order), each scored as if it had been typed. (Whoosh's own Prefix scores one expansion by BM25 but
    several by their raw frequencies, and drops its boost.) Searched as it is, it expands over each segment
    by itself, and over every document: a search binds it first (with_expansions) to the words of the whole
    index that the caller may see."""

    def _btexts(self, ixreader: Any) -> Iterator[bytes]:
        return islice(super()._btexts(ixreader), MAX_EXPANSIONS)

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        words = [w.decode("utf-8") for w in self._btexts(searcher.reader())]
        return self.expanded(words).matcher(searcher, context)

    def expanded(self, words: Iterable[str]) -> wq.Query:
        """The wildcard as the words it expands to."""
        terms = [wq.Term(self.fieldname, w, boost=self.boost) for w in words]
        return wq.Or(terms) if terms else wq.NullQuery


Expansion = Callable[[str, str], Iterable[str]]  # (field, what words start with) -> the words a wildcard matches


def with_expansions(query: wq.Query, expand: Expansion) -> wq.Query:
    """The query with each wildcard replaced by the words `expand` gives for it, scored as if typed."""
    return query.accept(lambda q: q.expanded(expand(q.fieldname, q.text)) if type(q) is _Prefix else q)


class _Filter(wq.ConstantScoreQuery):
    """A clause that must match and adds nothing to the score. (Whoosh's ConstantScoreQuery cannot score 0:
    it reads a constant of 0.0 as none given, and adds 1 to every match.)"""

    def __init__(self, child: wq.Query) -> None:
        super().__init__(child, 0.0)

    def _rewrap(self, child: wq.Query) -> _Filter:
        return _Filter(child)

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        ids = array("I", self.child.matcher(searcher, searcher.boolean_context()).all_ids())
        return ListMatcher(ids, weights=array("f", [0.0]) * len(ids)) if ids else NullMatcher()


class _AllOf(wq.And):
    """The AND operator (`x AND y`), told apart from the Ands that hold field clauses, which a query plan leaves
    to Whoosh: a passage must match every operand, and scores the sum of their scores. (Whoosh rebuilds a
    compound query as its own class, so normalizing keeps it one.)"""


class _AndNotMatcher(AndNotMatcher):
    """Whoosh's AndNotMatcher, fixed: at the start it skipped the excluded matcher up to the first match only
    when both stood on the same passage, so a first match that a later exclusion held got through."""

    def _find_first(self) -> None:
        if self.a.is_active() and self.b.is_active():
            self._find_next()


class _AndNot(wq.AndNot):
    """`x NOT y`: the passages x matches that y does not, scored as x scores them."""

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        return _AndNotMatcher(self.a.matcher(searcher, context), self.b.matcher(searcher, searcher.boolean_context()))


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
    def __init__(self, tokens: list[tuple[str, str, str]], budget: _Budget, weights: Mapping[str, float]) -> None:
        self.tokens = tokens
        self.weights = weights
        self.pos = 0
        self.budget = budget
        self.depth = 0

    def parse(self) -> wq.Query | None:
        return self._or()

    def _peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def _or(self) -> wq.Query | None:
        return self._joined("OR", self._and, wq.Or)

    def _and(self) -> wq.Query | None:
        return self._joined("AND", self._sequence, _AllOf)

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
            filters = [_Filter(q) for q in required]
            result = wq.And([result, *filters]) if scored else wq.And(required)
        if excluded:
            result = _AndNot(result, wq.Or(excluded))
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
        return _text_clause(value, self.weights, self.budget, phrase=False)


def _field_clause(name: str, op: str, value: str, budget: _Budget) -> wq.Query | None:
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
    return _text_clause(value, {name: 1.0}, budget, phrase=True)


def _path_clause(value: str, budget: _Budget) -> wq.Query | None:
    """Words of a document id, in order; `path:guides/inst*` ends with a wildcard."""
    words = budget.take((t.text for t in _path_analyzer(value.rstrip("*"))), shown=False)
    if words and value.endswith("*") and budget.take_wildcard():
        parts = [wq.Term("path", w) for w in words[:-1]] + [_Prefix("path", words[-1])]
        return wq.And(parts) if len(parts) > 1 else parts[0]
    return wq.Phrase("path", words) if len(words) > 1 else (wq.Term("path", words[0]) if words else None)


def _text_clause(value: str, fields: Mapping[str, float], budget: _Budget, phrase: bool) -> wq.Query | None:
    """Words over text fields: a phrase when asked, a prefix for word*, else each word on its own. A word
    that analyzes to several ("multi-target", "v2.1", "getUserName": its whole and its words) is its words, as
    BM25 engines read it: requiring them as a phrase lost more matches than it gained precision (EVAL.md)."""
    if not phrase and value.endswith("*") and value.count("*") == 1:
        stem = fold(value[:-1])
        if len(stem) < MIN_PREFIX or not re.fullmatch(r"\w+", stem):
            return None
        if budget.take_wildcard() and budget.take([stem], shown=False):
            return _over(fields, lambda f: _Prefix(f, stem))
    # An identifier (getUserName) gives its whole and its words; in a phrase, its words alone, in order.
    words = budget.take(t for t, _, _, _ in _analyzer.analyze(value, wholes=not phrase))
    if not words:
        return None
    if phrase and len(words) > 1:
        return _over(fields, lambda f: wq.Phrase(f, words))
    clauses = [_over(fields, lambda f, w=w: wq.Term(f, w)) for w in words]
    return clauses[0] if len(clauses) == 1 else wq.Or(clauses)


def _over(fields: Mapping[str, float], make: object) -> wq.Query:
    clauses = []
    for name, boost in fields.items():
        if name == "path":
            continue  # the path field has its own analysis; plain words reach it through title and body
        clause = make(name)  # type: ignore[operator]
        clause.boost = boost
        clauses.append(clause)
    return clauses[0] if len(clauses) == 1 else wq.Or(clauses)


def _size(query: wq.Query) -> QuerySize:
    if not query.is_leaf():
        parts = [_size(child) for child in query.children()]
        depth = 1 + max((p.depth for p in parts), default=0)
        return QuerySize(sum(p.words for p in parts), sum(p.wildcards for p in parts), depth)
    if isinstance(query, _Prefix):
        return QuerySize(1, 1, 1)
    words = len(query.words) if isinstance(query, wq.Phrase) else int(isinstance(query, wq.Term))
    return QuerySize(words, 0, 1)


def _plain(text: str, budget: _Budget, weights: Mapping[str, float]) -> wq.Query | None:
    """Every word of the text, scored, ignoring all syntax."""
    words = budget.take(t for t, _, _, _ in _analyzer.analyze(text))
    clauses = [_over(weights, lambda f, w=w: wq.Term(f, w)) for w in dict.fromkeys(words)]
    return wq.Or(clauses) if clauses else None
