"""Search: the read side of a published generation.

Owns the Searcher (which follows CURRENT) and its Snapshots, the query language, BM25 over the postings copy (the
fast path) beside Whoosh's, wildcard expansion, pseudo-relevance feedback (ranking) and snippets.
May import: text, store, and indexer's shared modules (model, errors). Never ingest.
"""
