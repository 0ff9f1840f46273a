"""The Whoosh queries the query language builds beyond Whoosh's own: a wildcard scored like the words it expands
to, filters that add nothing to a score, the AND operator told apart from other Ands, and a NOT that excludes
whole documents, exactly. The query language (query.py) makes them; plan.py reads them; the searcher runs them."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np
from whoosh import query as wq
from whoosh.matching import AndNotMatcher, ListMatcher, NullMatcher

from indexer.store import passage_owners
from indexer.store.passage_owners import PassageOwners

TEXT_FIELDS = ("title", "heading", "body", "path")  # the fields words are searched in
MAX_EXPANSIONS = 256  # words one wildcard matches in one field: the first in the index's sorted order


class Prefix(wq.Prefix):
    """A suffix wildcard: the first MAX_EXPANSIONS words of its field that start with its text (in sorted
    order), and its words `also` (stems of words it begins that do not begin with it: query._stems_begun),
    each scored as if it had been typed. (Whoosh's own Prefix scores one expansion by BM25 but several by
    their raw frequencies, and drops its boost.) Searched as it is, it expands over each segment by itself,
    and over every document: a search binds it first (with_expansions) to the words of the whole index that
    the caller may see."""

    def __init__(self, fieldname: str, text: str, boost: float = 1.0, also: Iterable[str] = ()) -> None:
        super().__init__(fieldname, text, boost=boost)
        self.also = tuple(also)

    def _btexts(self, ixreader: Any) -> Iterator[bytes]:
        return islice(super()._btexts(ixreader), MAX_EXPANSIONS)

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        words = [w.decode("utf-8") for w in self._btexts(searcher.reader())]
        return self.expanded(words).matcher(searcher, context)

    def expanded(self, words: Iterable[str]) -> wq.Query:
        """The wildcard as the words it expands to (and its words `also`)."""
        terms = [wq.Term(self.fieldname, w, boost=self.boost) for w in with_also(list(words), self.also)]
        return wq.Or(terms) if terms else wq.NullQuery


def with_also(words: list[Any], also: Iterable[Any]) -> list[Any]:
    """A wildcard's expansion words, then its words `also` that are not among them."""
    return words + [word for word in also if word not in words]


Expansion = Callable[[str, str], Iterable[str]]  # (field, what words start with) -> the words a wildcard matches


def with_expansions(query: wq.Query, expand: Expansion) -> wq.Query:
    """The query with each wildcard replaced by the words `expand` gives for it, scored as if typed."""
    return query.accept(lambda q: q.expanded(expand(q.fieldname, q.text)) if type(q) is Prefix else q)


class Filter(wq.ConstantScoreQuery):
    """A clause that must match and adds nothing to the score. (Whoosh's ConstantScoreQuery cannot score 0:
    it reads a constant of 0.0 as none given, and adds 1 to every match.)"""

    def __init__(self, child: wq.Query) -> None:
        super().__init__(child, 0.0)

    def _rewrap(self, child: wq.Query) -> Filter:
        return Filter(child)

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        ids = array("I", self.child.matcher(searcher, searcher.boolean_context()).all_ids())
        return ListMatcher(ids, weights=array("f", [0.0]) * len(ids)) if ids else NullMatcher()


class Edition(wq.Term):
    """`lang:fr`, `version:0.79`: the passages of the documents of one language or version of their site. A
    document's edition is kept in docs.sqlite, not in Whoosh (the site's layout decides it, and can change with
    no file changing), so a search binds the clause (bound()) to the ids of those documents before Whoosh
    matches it; unbound, it matches nothing."""

    def __init__(self, fieldname: str, text: str, ids: frozenset[str] | None = None) -> None:
        super().__init__(fieldname, text)
        self.ids = ids

    def __repr__(self) -> str:
        return f"Edition({self.fieldname!r}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Edition and (other.fieldname, other.text, other.ids) == (
            self.fieldname,
            self.text,
            self.ids,
        )

    def __hash__(self) -> int:
        return hash((Edition, self.fieldname, self.text))

    def bound(self, ids: frozenset[str]) -> Edition:
        return Edition(self.fieldname, self.text, ids)

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        if not self.ids:
            return NullMatcher()
        stored = stored_ids(searcher.reader())
        owners = [number for number, doc_id in enumerate(stored.doc_ids, 1) if doc_id in self.ids]
        passages = np.flatnonzero(np.isin(stored.owners, owners)) if owners else ()
        return (
            ListMatcher(array("I", passages), weights=array("f", [0.0]) * len(passages))
            if len(passages)
            else NullMatcher()
        )


class AllOf(wq.And):
    """The AND operator (`x AND y`), told apart from the Ands the parser makes of field clauses: words beside
    filters (`x type:pdf`), whose filters only filter, are planned apart (plan.py). Either kind of AND matches a
    passage that matches every operand, scored the sum of their scores. (Whoosh rebuilds a compound query as its
    own class, so normalizing keeps it one.)"""


class _AndNotMatcher(AndNotMatcher):
    """Whoosh's AndNotMatcher, fixed: at the start it skipped the excluded matcher up to the first match only
    when both stood on the same passage, so a first match that a later exclusion held got through."""

    def _find_first(self) -> None:
        if self.a.is_active() and self.b.is_active():
            self._find_next()


class AndNot(wq.AndNot):
    """`x NOT y`: the passages x matches in the documents none of whose passages y matches, scored as x scores
    them. (A NOT leaves out documents: `NOT draft` is read as "documents that do not mention draft".)"""

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        matched = self.a.matcher(searcher, context)
        excluded = _passages_of_documents(searcher, self.b)
        return _AndNotMatcher(matched, ListMatcher(excluded)) if excluded else matched


def _passages_of_documents(searcher: Any, query: wq.Query) -> list[int]:
    """Every passage (Whoosh document) of the documents of which the query matches a passage, in order: their
    documents are marked, then their passages found through the passage -> document array, as on the fast path."""
    matched = np.fromiter(query.matcher(searcher, searcher.boolean_context()).all_ids(), dtype=np.int64)
    if not len(matched):
        return []
    owners = stored_ids(searcher.reader()).owners
    marked = np.zeros(int(owners.max()) + 1, dtype=bool)
    marked[owners[matched]] = True
    marked[0] = False  # deleted passages belong to no document
    return np.flatnonzero(marked[owners]).tolist()


_STORED_IDS: WeakKeyDictionary[Any, PassageOwners] = WeakKeyDictionary()


def stored_ids(reader: Any) -> PassageOwners:
    """A segment reader's PassageOwners, once per reader (a generation's readers live as long as its snapshot):
    from the files the indexer wrote beside the segment, or else from its stored fields, at about 4 us a passage.
    For a segment's reader, as a NOT matches one segment at a time; the index of record maps filters through each
    of its segments' readers (record.py)."""
    found = _STORED_IDS.get(reader)
    if found is None:
        found = _STORED_IDS[reader] = passage_owners.read(reader) or passage_owners.from_stored_fields(reader)
    return found


def over(fields: Mapping[str, float], make: object) -> wq.Query:
    clauses = []
    for name, boost in fields.items():
        if name == "path":
            continue  # the path field has its own analysis; plain words reach it through title and body
        clause = make(name)  # type: ignore[operator]
        clause.boost = boost
        clauses.append(clause)
    return clauses[0] if len(clauses) == 1 else wq.Or(clauses)
