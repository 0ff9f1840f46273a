"""Store: the on-disk format that ingest writes and search reads.

Owns the index directory (numbered generations, CURRENT, the writer's lock), the Whoosh schema and our writer of
its segments, the postings copy beside it (numpy arrays), and docs.sqlite (documents, texts, passages, run state).
May import: text, and indexer's shared modules (model, errors). Never ingest or search.
"""
