"""A parsed query, and the query as a sum that the postings copy can score (the fast path, bm25.py): its words,
its wildcards, the clauses only Whoosh can match, what it excludes, and the operands of an AND."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from whoosh import query as wq

from indexer.search.clauses import TEXT_FIELDS, AllOf, AndNot, Edition, Filter, Prefix, over

CONSTANT_FIELDS = ("type", "doc_id", "title_exact")  # one value a document, unscored (store/schema.py: ID)


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
    _plans: dict[frozenset[str], Plan | None] = field(default_factory=dict, repr=False, compare=False)
    _summed: float | None = field(default=None, repr=False, compare=False)

    def size(self) -> QuerySize:
        return query_size(self.query)

    def plan(self, fields: Iterable[str]) -> Plan | None:
        """_plan(), made once per set of fields (search asks for it at each step; a plan is not changed)."""
        fields = frozenset(fields)
        if fields not in self._plans:
            self._plans[fields] = self._plan(fields)
        return self._plans[fields]

    def _plan(self, fields: frozenset[str]) -> Plan | None:
        """The query as a sum the postings copy can score, when it is one: plain words (and wildcards) of
        `fields`, plus clauses only Whoosh can match (phrases, fields, nested operators) added in, minus
        exclusions (a top-level NOT: documents); or an AND of such sums of words alone, which scores as their sum and
        matches the passages that hold a word of each. Either may stand beside field clauses (`type:pdf`), which
        only filter: a passage must match each. Field clauses alone (`title:install`, `title:cats heading:dog*`)
        are such an AND when each is a word or wildcard of `fields`: Whoosh matches a passage that meets them all,
        and scores the sum of their scores. None otherwise (an AND of other clauses, other field clauses alone)."""
        plan = Plan()
        query = self.query
        while type(query) is AndNot:  # a NOT at the top drops documents, whatever scores them
            plan.excluded.append(query.b)
            query = query.a
        if type(query) is wq.And and query.boost == 1.0 and all(_scores_constantly(c) for c in query.subqueries):
            plan.filters = list(query.subqueries)  # filters alone (`type:pdf`): every match scores alike
            plan.constant = sum((child.boost for child in query.subqueries if type(child) is wq.Term), 0.0)
            return plan
        if type(query) is wq.And and _filtered(query):  # field clauses beside the words: they only filter
            plan.filters = [child.child for child in query.subqueries[1:]]
            query = query.subqueries[0]
        if type(query) in (AllOf, wq.And):  # `x AND y`, or field clauses alone
            return _and_plan(query, fields, plan)
        if not _add_to_plan(query, fields, 1.0, plan) or not (plan.terms or plan.prefixes or plan.phrases):
            return None
        return plan

    def summed_word_weight(self) -> float:
        """The weight of the body words of the query's summed part (a word typed twice counts twice), which
        pseudo-relevance feedback weighs its words against; 0 when the query is not a sum of words (an AND of
        clauses, filters alone), which feedback leaves alone."""
        if self._summed is None:
            found = _summed_part(self.query)
            plan = Plan()
            if found is not None:
                _add_to_plan(found[0], frozenset(TEXT_FIELDS), 1.0, plan)
            self._summed = float(sum(weight for name, _, weight in plan.terms if name == "body"))
        return self._summed

    def expanded(self, words: Mapping[str, float], weights: Mapping[str, float]) -> ParsedQuery:
        """The query with `words` (analyzed terms, each with its weight) added to its sum, in the fields of
        `weights`, matched and scored like typed words. The words a snippet shows stay the typed ones."""
        found = _summed_part(self.query)
        if found is None or not words:
            return self
        part, rebuild = found
        added = [
            over({f: b * weight for f, b in weights.items()}, lambda f, w=w: wq.Term(f, w))
            for w, weight in words.items()
        ]
        return ParsedQuery(rebuild(wq.Or([part, *added])), self.terms)


def _summed_part(query: wq.Query) -> tuple[wq.Query, Callable[[wq.Query], wq.Query]] | None:
    """The clause of a query that sums its words, and how to rebuild the query around another one in its
    place: the query itself, or the scored clause under a top-level NOT or beside filters (`type:`). None
    when the query is not such a sum."""
    if type(query) is AndNot:
        inner = _summed_part(query.a)
        if inner is None:
            return None
        part, rebuild = inner
        return part, lambda q: AndNot(rebuild(q), query.b)
    if type(query) is wq.And:
        if not _filtered(query):
            return None
        first, *rest = query.subqueries
        inner = _summed_part(first)
        if inner is None:
            return None
        part, rebuild = inner
        return part, lambda q: wq.And([rebuild(q), *rest])
    plan = Plan()
    if not _add_to_plan(query, frozenset(TEXT_FIELDS), 1.0, plan) or not plan.terms:
        return None
    return query, lambda q: q


def _scores_constantly(clause: wq.Query) -> bool:
    """Whether a field clause scores the same in every passage it matches: a word of a field that holds one
    value a document and is not scored by BM25 (`type:pdf`, `path=guides/a.md`, `title=Install`: Whoosh scores
    a match its boost), or an edition (`lang:fr`: 0). Filters alone of such clauses rank their documents by id."""
    return type(clause) is Edition or (type(clause) is wq.Term and clause.fieldname in CONSTANT_FIELDS)


def _filtered(query: wq.And) -> bool:
    """Whether an And is a scored clause beside filters (the query parser's `words type:pdf`)."""
    first, *rest = query.subqueries
    return type(first) is not Filter and bool(rest) and all(type(r) is Filter for r in rest)


@dataclass(frozen=True)
class PhraseClause:
    """A phrase of one field: its words (analyzed terms, in order), its weight, and the Whoosh query it is."""

    field: str
    words: tuple[bytes, ...]
    weight: float
    query: wq.Phrase


@dataclass
class Plan:
    """A query as a sum: scored words, wildcards scored as the words they expand to, phrases of a field, other
    clauses scored by Whoosh, what is excluded, and the filters a passage must pass. An AND's words are in its
    operands, the `required` plans (words and wildcards only): a passage matches when it holds a word of each,
    and scores the sum of all their words."""

    terms: list[tuple[str, bytes, float]] = field(default_factory=list)  # (field, term, weight)
    # (field, what words start with, weight, words it also matches: see clauses.Prefix)
    prefixes: list[tuple[str, str, float, tuple[bytes, ...]]] = field(default_factory=list)
    phrases: list[PhraseClause] = field(default_factory=list)  # scored by the copy when its segments have positions
    others: list[wq.Query] = field(default_factory=list)
    excluded: list[wq.Query] = field(default_factory=list)
    required: list[Plan] = field(default_factory=list)
    filters: list[wq.Query] = field(default_factory=list)  # field clauses a passage must match, scoring nothing
    constant: float | None = None  # filters alone: what each passage that passes them scores (see _plan)


def _and_plan(query: wq.And, fields: frozenset[str], plan: Plan) -> Plan | None:
    """The plan of an AND whose operands are each a sum of words and wildcards of `fields` (Whoosh's And sums
    its operands' scores over the passages that match them all); None when an operand is anything else (a
    filter, a phrase, a nested NOT, a clause of another field: `type:pdf` scores 1 where it matches)."""
    for child in query.subqueries:
        operand = Plan()
        if not _add_to_plan(child, fields, query.boost, operand) or operand.others or operand.phrases:
            return None
        if not (operand.terms or operand.prefixes):
            return None
        plan.required.append(operand)
    return plan if plan.required else None


def _add_to_plan(query: wq.Query, fields: frozenset[str], boost: float, plan: Plan) -> bool:
    """Add a summed clause to the plan; False when the query is not a sum."""
    if query is wq.NullQuery:
        return True
    if type(query) in (wq.Term, Prefix) and query.fieldname in fields:
        if type(query) is wq.Term:
            plan.terms.append((query.fieldname, query.text.encode("utf-8"), boost * query.boost))
        else:
            also = tuple(word.encode("utf-8") for word in query.also)
            plan.prefixes.append((query.fieldname, query.text, boost * query.boost, also))
        return True
    if type(query) is wq.Or and query.scale is None and not query.minmatch:  # summed as is, duplicates too
        return all(_add_to_plan(child, fields, boost * query.boost, plan) for child in query.subqueries)
    if boost != 1.0:
        return False
    if type(query) is wq.Phrase and query.fieldname in fields and query.slop == 1 and not query.char_ranges:
        words = tuple(word.encode("utf-8") for word in query.words)
        plan.phrases.append(PhraseClause(query.fieldname, words, query.boost, query))
        return True
    plan.others.append(query)
    return True


def query_size(query: wq.Query) -> QuerySize:
    if not query.is_leaf():
        parts = [query_size(child) for child in query.children()]
        depth = 1 + max((p.depth for p in parts), default=0)
        return QuerySize(sum(p.words for p in parts), sum(p.wildcards for p in parts), depth)
    if isinstance(query, Prefix):
        return QuerySize(1, 1, 1)
    words = len(query.words) if isinstance(query, wq.Phrase) else int(isinstance(query, wq.Term))
    return QuerySize(words, 0, 1)
