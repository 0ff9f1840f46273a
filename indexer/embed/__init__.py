"""Embed: text in, vectors out, on the CPU and offline.

Owns the sentence-encoder model: finding it (the packaged default or a folder in the sentence-transformers layout),
turning its weights into an int8 ONNX graph once (kept in the index's models/ folder, so a server embeds queries with
the very model its vectors came from), and running it with onnxruntime.
May import: indexer's shared modules (errors). Never text, loaders, store, ingest or search.
"""
