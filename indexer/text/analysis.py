"""Text analysis, shared by indexing and querying: one function decides what a term is.

`TextAnalyzer` is a Whoosh analyzer (the query parser and the highlighter call it) whose work is done in
one pass by `analyze()`: find words, fold case and accents, drop stop words, stem (Snowball English), and give
an identifier in code style (TableOfContents, max_file_size) its words besides its whole, as a compound joined by
hyphens (fine-tune: finetune besides fine and tune, so that "finetuning" finds "fine-tuning", as Lucene's word
delimiter does when it catenates words; the query side searches a compound by its words). What each word as
written gives is worked out once and remembered, so a text costs one lookup per word. Chinese, Japanese and
Korean write words without spaces between them: a run of their characters gives its overlapping pairs of
characters (a lone character itself), as Lucene's CJK analysis does, so that a word inside a sentence is found
(計装 in Pythonアプリの計装); the run as a whole is no term. How a word splits (folding, identifiers, CJK runs)
is words.py's. The indexing path calls `postings()`, which runs the same analysis without building Whoosh Token
objects, several times faster than a chain of Whoosh filters.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import Stemmer
from whoosh.analysis import Analyzer, RegexTokenizer, Token
from whoosh.analysis import LowercaseFilter as _Lowercase

from indexer.text.chunks import CHUNKS, Chunks, found_back, may_give
from indexer.text.words import MAX_IDENTIFIER, fold, has_cjk, identifier_parts, identifier_spans

WORD = re.compile(r"\w+(?:['-]\w+)*")  # a compound joined by single hyphens is one word as written
# English function words: articles, pronouns, auxiliaries, prepositions, conjunctions, and the commonest
# adverbs. They carry no topic, and a natural-language question is full of them.
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being below between
    both but by can could did do does doing down during each few for from further had has have having he her
    here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not
    now of off on once only or other our ours ourselves out over own same she should so some such than that the
    their theirs them themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves""".split()  # noqa: SIM905
)
_CACHE_LIMIT = 200_000

# What one word of a text gives, as analysis remembers it: its term (STOPPED for a stop word: a string no term
# can be, and true, so that a lookup's `or` is one test), or, for an identifier whose words say more than the
# whole, the whole's term ("" for a stop word) followed by its words' terms.
Entry = str | tuple[str, ...]
STOPPED = " "


class TextAnalyzer(Analyzer):
    """Words, folded, without stop words, stemmed. Positions count only the words kept. An identifier or a
    compound gives its whole and its words: the whole at the position of its first word, its words one after the
    other (so the phrase "table of contents" matches TableOfContents, and "fine tune" fine-tune), the next word
    after its last. A compound's words are those its hyphens read as spaces would give, less the wholes of its
    identifiers (getUser-name: getusername, get, user, name)."""

    def __init__(self) -> None:
        # The Snowball project's own English stemmer (C). Whoosh's pure-Python port is five times slower and
        # has slips that merge unrelated words: "added" -> "ad", "international" and "internal" -> "intern".
        # A stemmer object is not safe across threads (searches run in parallel): one at a time uses it.
        self._stemmer = Stemmer.Stemmer("english")
        self._stem_lock = threading.Lock()
        self._entries: dict[str, Entry] = {}  # word as written -> what it gives
        self._chunks = Chunks()  # for find_all()
        self._stops = STOP_WORDS

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextAnalyzer)

    def __hash__(self) -> int:
        return hash(TextAnalyzer)

    def __getstate__(self) -> dict[str, Any]:
        return {}  # pickled into the index's table of contents: keep it small

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]

    def entry(self, word: str) -> Entry:
        """What a word as written gives (see Entry), remembered."""
        entry = self._entries.get(word)
        if entry is not None:
            return entry
        folded = word.lower()
        if folded == word and "_" not in word and "-" not in word and word.isascii():  # most words: one term
            entry = self._stem(word) or STOPPED
        else:
            if not folded.isascii():
                folded = fold(word)
            words = identifier_parts(word)
            if words is None:
                entry = self._term(folded) or STOPPED
            else:  # its whole is not remembered apart: few write it any other way
                whole = "" if has_cjk(word) else self._stem(_joined(folded))  # a CJK run: its pairs alone
                parts = tuple(filter(None, [self._term(fold(w)) for w in words]))
                if parts and parts[0] == whole:  # (use-ful: use, use, ful) one term twice at one position
                    whole = ""  # would match a phrase that starts at either, and count twice
                entry = (whole, *parts) if parts and parts != (whole,) else whole or STOPPED
        self._remember(word, entry)
        return entry

    def _term(self, folded: str) -> str:
        """The term of a folded word. A folded word is a word as written too, one that gives its term (unless it
        holds an underscore): its entry remembers the term."""
        entry = self._entries.get(folded)
        if entry is not None:
            if isinstance(entry, tuple):  # an identifier's whole; a CJK run has none: its own stem, unremembered
                return entry[0] or self._stem(folded)
            return "" if entry is STOPPED else entry
        term = self._stem(folded)
        if "_" not in folded:
            self._remember(folded, term or STOPPED)
        return term

    def _stem(self, folded: str) -> str:
        """A folded word's stem, or "" for a stop word."""
        if not folded or folded in self._stops:
            return ""
        with self._stem_lock:
            return self._stemmer.stemWord(folded)

    def _remember(self, word: str, entry: Entry) -> None:
        if len(self._entries) >= _CACHE_LIMIT:
            self._entries.clear()
        self._entries[word] = entry

    def analyze(
        self, text: str, tokenize: bool = True, wholes: bool = True, compound_wholes: bool = True
    ) -> Iterator[tuple[str, int, int, int]]:
        """(term, position, start char, end char) of each kept word. Without `wholes`, an identifier or a compound
        gives only its words (a phrase is matched on them); without `compound_wholes`, a compound does."""
        if not tokenize:  # the value is one term, taken whole
            term = self._stem(fold(text))
            if term:
                yield term, 0, 0, len(text)
            return
        pos = 0
        for match in WORD.finditer(text):
            entry = self.entry(match.group())
            if isinstance(entry, str):
                if entry is not STOPPED:
                    yield entry, pos, match.start(), match.end()
                    pos += 1
                continue
            whole, *parts = entry
            if whole and wholes and (compound_wholes or "-" not in match.group()):
                yield whole, pos, match.start(), match.end()
            for term, (start, end) in zip(parts, self._part_spans(match.group()), strict=True):
                yield term, pos, match.start() + start, match.start() + end
                pos += 1

    def _part_spans(self, word: str) -> list[tuple[int, int]]:
        """Where the kept words of an identifier lie in it (as entry() kept them)."""
        return [(s, e) for s, e in identifier_spans(word) or () if self._term(fold(word[s:e]))]

    def find(self, text: str, terms: set[str]) -> list[tuple[int, str]]:
        """(start char, term) of each word of `text` whose term is in `terms`, in analyze()'s order."""
        return self.find_all([text], terms)[0]

    def find_all(self, texts: list[str], terms: set[str]) -> list[list[tuple[int, str]]]:
        """find() for each of several texts, for snippets, without visiting each word of each text in Python
        (most of a passage's words are not the query's). Each text's UTF-8 bytes have every ASCII character that
        no word holds turned into a space, which splits them into chunks that no word crosses. The chunks seen
        before are remembered by the terms they give, so those holding a wanted term are found by set operations
        on all the chunks of the texts at once; only the chunks never seen before are looked at one by one."""
        spaced = [b" " + text.encode("utf-8").translate(CHUNKS) + b" " for text in texts]
        if not terms:
            return [[] for _ in texts]
        each = [set(s.split()) for s in spaced]
        held = set().union(*each)
        chunks = self._chunks
        if len(chunks.known) >= _CACHE_LIMIT:  # replaced, not cleared: other searches may be reading it
            chunks = self._chunks = Chunks()
        for chunk in may_give(held - chunks.known, terms):
            chunks.learn(chunk, *self._chunk_words(chunk))
        wanted = held & set().union(*(chunks.forms.get(term, ()) for term in terms))
        hits = {chunk: self._hits(chunks.words.get(chunk) or [(0, chunk.decode("ascii"))], terms) for chunk in wanted}
        return [found_back(t, s, hits, wanted & e) for t, s, e in zip(texts, spaced, each, strict=True)]

    def _chunk_words(self, chunk: bytes) -> tuple[list[tuple[int, str]], set[str]]:
        """The words of a chunk, at their char offsets in it, and the terms they give."""
        if chunk.isascii() and b"'" not in chunk and b"-" not in chunk:
            held = [(0, chunk.decode("ascii"))]
        else:
            held = [(m.start(), m.group()) for m in WORD.finditer(chunk.decode("utf-8"))]
        terms: set[str] = set()
        for _, word in held:
            entry = self.entry(word)
            if isinstance(entry, str):
                if entry is not STOPPED:
                    terms.add(entry)
            else:
                terms.update(filter(None, entry))
        return held, terms

    def _hits(self, words: list[tuple[int, str]], terms: set[str]) -> list[tuple[int, str]]:
        """(char offset, term) of the words of a chunk (at their offsets) whose terms are among `terms`."""
        found = []
        for offset, word in words:
            entry = self._entries.get(word) or self.entry(word)
            if isinstance(entry, str):
                if entry in terms:
                    found.append((offset, entry))
                continue
            whole, *parts = entry
            if whole in terms:
                found.append((offset, whole))
            for term, (s, _) in zip(parts, self._part_spans(word), strict=True):
                if term in terms:
                    found.append((offset + s, term))
        return found

    def terms(self, text: str) -> list[str]:
        """The terms of analyze(), in order, computed without per-word calls."""
        return [t for e in self._kept(text) for t in ((e,) if isinstance(e, str) else e) if t]

    def term_counts(self, text: str) -> Counter[str]:
        """Term -> how many times `text` holds it."""
        counts: Counter[Any] = Counter(self._kept(text))
        for entry in [e for e in counts if isinstance(e, tuple)]:  # each identifier once, however often it comes
            times = counts.pop(entry)
            for term in filter(None, entry):
                counts[term] += times
        return counts

    def _kept(self, text: str) -> list[Entry]:
        """The entries of the words of `text` that give a term."""
        get, entry = self._entries.get, self.entry
        return [e for w in WORD.findall(text) if (e := get(w) or entry(w)) is not STOPPED]

    def postings(self, text: str) -> dict[str, list[int]]:
        """Term -> its positions in `text`, as analyze() gives them."""
        positions: dict[str, list[int]] = {}
        pos = 0
        for e in self._kept(text):
            if isinstance(e, str):
                held = positions.get(e)
                if held is None:
                    positions[e] = [pos]
                else:
                    held.append(pos)
                pos += 1
                continue
            whole, *parts = e
            if whole:
                positions.setdefault(whole, []).append(pos)
            for term in parts:
                positions.setdefault(term, []).append(pos)
                pos += 1
        return positions

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for term, pos, start, end in self.analyze(value, tokenize):
            token.text = term
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = value[start:end]
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar = start_char + start
                token.endchar = start_char + end
            yield token


def _joined(folded: str) -> str:
    """The whole of a compound joined by hyphens, as those who write it as one word write it (fine-tune: finetune;
    COVID-19: covid19), so that a query of that spelling finds the compound; none for one no one types (a chain of words
    longer than MAX_IDENTIFIER, numbers alone: a range, a date). Any other word as it is."""
    if "-" not in folded:
        return folded
    if len(folded) > MAX_IDENTIFIER or not any(c.isalpha() for c in folded):  # 1-2, 2024-01-15: no one word
        return ""
    return folded.replace("-", "")


def path_analyzer() -> Analyzer:
    """Split a document id into its folder and file-name words: "guides/install.md" -> guides, install, md."""
    return RegexTokenizer(r"[^/\\.\s_-]+") | _Lowercase()


# The analyzer of the search side (query parsing, snippets, feedback, the connector's search extensions): one
# instance, so one stem cache, for all of them. The indexer's schema builds its own.
SEARCH_ANALYZER = TextAnalyzer()


def word_matches(text: str) -> Iterator[re.Match[str]]:
    """The words of a text as the index reads them (a compound joined by hyphens is one), for callers that mark
    the words a query finds."""
    return WORD.finditer(text)


def terms_of(text: str) -> set[str]:
    """The terms the index makes of a text (its words folded and stemmed, stop words left out), for callers that
    rank their own few entries (a catalog of tools) as the index would."""
    return set(SEARCH_ANALYZER.terms(text))
