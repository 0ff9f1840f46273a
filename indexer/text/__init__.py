"""Text: what a word is, for both sides of the index.

Owns the analysis (words, case and accent folding, stop words, stemming, identifiers split into their words) that
indexing and searching must share to agree, and the cleaning step every extracted text passes.
May import: the standard library and its own modules only; everything else in indexer may import it.
"""
