"""Text analysis, shared by indexing and querying: one function decides what a term is.

`TextAnalyzer` is a Whoosh analyzer (the query parser and the highlighter call it) whose work is done in
one pass by `analyze()`: find words, fold case and accents, drop stop words, stem (Snowball English).
The indexing path calls `postings()`, which runs the same `analyze()` without building Whoosh Token
objects, several times faster than a chain of Whoosh filters.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterator
from typing import Any

import Stemmer
from whoosh.analysis import Analyzer, RegexTokenizer, Token
from whoosh.analysis import LowercaseFilter as _Lowercase

_WORD = re.compile(r"\w+(?:'\w+)*")

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
_STEM_CACHE_LIMIT = 200_000


def fold(word: str) -> str:
    """Lower-case and strip accents: "Café" -> "cafe"."""
    word = word.lower()
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    """The folded words of `text`, stop words included."""
    # Lower-casing ASCII text whole keeps every word's length and its characters' classes.
    return _WORD.findall(text.lower()) if text.isascii() else [fold(w) for w in _WORD.findall(text)]


class TextAnalyzer(Analyzer):
    """Words, folded, without stop words, stemmed. Positions count only the words kept."""

    def __init__(self) -> None:
        # The Snowball project's own English stemmer (C). Whoosh's pure-Python port is five times slower and
        # has slips that merge unrelated words: "added" -> "ad", "international" and "internal" -> "intern".
        # A stemmer object is not safe across threads (searches run in parallel): one at a time uses it.
        self._stemmer = Stemmer.Stemmer("english")
        self._stem_lock = threading.Lock()
        self._cache: dict[str, str] = {}
        self._stops = STOP_WORDS

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextAnalyzer)

    def __hash__(self) -> int:
        return hash(TextAnalyzer)

    def __getstate__(self) -> dict[str, Any]:
        return {}  # pickled into the index's table of contents: keep it small

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]

    def stem(self, word: str) -> str:
        cache = self._cache
        stemmed = cache.get(word)
        if stemmed is None:
            with self._stem_lock:
                stemmed = self._stemmer.stemWord(word)
            if len(cache) >= _STEM_CACHE_LIMIT:
                cache.clear()
            cache[word] = stemmed
        return stemmed

    def analyze(self, text: str, tokenize: bool = True) -> Iterator[tuple[str, int, int, int]]:
        """(term, position, start char, end char) of each kept word."""
        matches = _WORD.finditer(text) if tokenize else iter([_Whole(text)])
        pos = 0
        for match in matches:
            word = fold(match.group())
            if not word or word in self._stops:
                continue
            yield self.stem(word), pos, match.start(), match.end()
            pos += 1

    def find(self, text: str, terms: set[str]) -> list[tuple[int, str]]:
        """(start char, term) of each word of `text` whose term is in `terms`: analyze() without its per-word
        generator, for snippets (most of a passage's words are not the query's)."""
        stops, cache, found = self._stops, self._cache, []
        ascii_text = text.isascii()
        for match in _WORD.finditer(text.lower() if ascii_text else text):  # lower() keeps ASCII offsets
            word = match.group() if ascii_text else fold(match.group())
            if word and word not in stops:
                term = cache.get(word) or self.stem(word)
                if term in terms:
                    found.append((match.start(), term))
        return found

    def terms(self, text: str) -> list[str]:
        """The terms of analyze(), in order, computed without per-word calls."""
        stops, cache = self._stops, self._cache
        return [cache.get(w) or self.stem(w) for w in _words(text) if w and w not in stops]

    def term_counts(self, text: str) -> Counter[str]:
        """Term -> how many times `text` holds it."""
        return Counter(self.terms(text))

    def postings(self, text: str) -> dict[str, list[int]]:
        """Term -> its positions in `text`."""
        positions: dict[str, list[int]] = {}
        for pos, term in enumerate(self.terms(text)):
            positions.setdefault(term, []).append(pos)
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
                token.original = value[start:end] if tokenize else value
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar = start_char + start
                token.endchar = start_char + end
            yield token


class _Whole:
    """Stands in for a regex match when a value is taken whole (tokenize=False)."""

    def __init__(self, text: str) -> None:
        self._text = text

    def group(self) -> str:
        return self._text

    def start(self) -> int:
        return 0

    def end(self) -> int:
        return len(self._text)


def path_analyzer() -> Analyzer:
    """Split a document id into its folder and file-name words: "guides/install.md" -> guides, install, md."""
    return RegexTokenizer(r"[^/\\.\s_-]+") | _Lowercase()


# The analyzer of the search side (query parsing, snippets, feedback, the connector's search extensions): one
# instance, so one stem cache, for all of them. The indexer's schema builds its own.
SEARCH_ANALYZER = TextAnalyzer()
