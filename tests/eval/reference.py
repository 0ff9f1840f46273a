"""Reference engines on the same text: bm25s (BM25, English stemmer, stop words) and tantivy (BM25, en_stem)."""

from __future__ import annotations

import re
from collections.abc import Callable

Ranker = Callable[[str], list[str]]
_PUNCTUATION = re.compile(r"[^\w\s]+")


def plain(query: str) -> str:
    """The query without punctuation, as the collections' reference figures were measured."""
    return _PUNCTUATION.sub(" ", query)


def bm25s_ranker(docs: dict[str, tuple[str, str]], k: int = 100) -> Ranker:
    import bm25s
    import Stemmer

    ids = list(docs)
    stemmer = Stemmer.Stemmer("english")
    corpus = [f"{title} {text}" for title, text in docs.values()]
    retriever = bm25s.BM25()
    retriever.index(bm25s.tokenize(corpus, stopwords="en", stemmer=stemmer, show_progress=False), show_progress=False)

    def rank(query: str) -> list[str]:
        tokens = bm25s.tokenize([plain(query)], stopwords="en", stemmer=stemmer, show_progress=False)
        if not tokens.vocab:
            return []
        found, _ = retriever.retrieve(tokens, k=min(k, len(ids)), show_progress=False)
        return [ids[i] for i in found[0]]

    return rank


def tantivy_ranker(docs: dict[str, tuple[str, str]], k: int = 100) -> Ranker:
    import tantivy

    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw")
    builder.add_text_field("body", stored=False, tokenizer_name="en_stem")
    schema = builder.build()
    index = tantivy.Index(schema)
    writer = index.writer()
    for doc_id, (title, text) in docs.items():
        writer.add_document(tantivy.Document(id=doc_id, body=f"{title} {text}"))
    writer.commit()
    index.reload()
    searcher = index.searcher()

    def rank(query: str) -> list[str]:
        text = plain(query).strip()
        if not text:
            return []
        parsed = index.parse_query(text.lower(), ["body"])
        return [searcher.doc(address)["id"][0] for _, address in searcher.search(parsed, k).hits]

    return rank
