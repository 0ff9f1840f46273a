"""Ingest: a folder of files in, a new published generation of the index out.

Owns the walk of the folder (scanner, ignore and access files), the site generator that publishes it and what it
makes a page of (sitedetect finds it, generators reads its config, site holds its rules and unpublished what it
leaves out; layouts and editions, siteconfig, hugobuild; sitereport, what the summary says of it), the plan of
what changed (planning), the worker processes that read, parse and analyse files (pool, jobs), what one parsed
file becomes (records, passages, urls), and the run that plans it all (pipeline) and writes a new generation
(generation).
May import: text, loaders, store, and indexer's shared modules (model, errors, settings). Never search.
"""
