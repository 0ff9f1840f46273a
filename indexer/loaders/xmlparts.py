"""XML parts of zip containers, parsed with lxml without DTDs, entity expansion or the network.

containers.py has already refused any part that declares a DTD or entities; this parser would not expand them
anyway. A part that is not well-formed XML is a LoaderError naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from indexer.errors import LoaderError
from indexer.loaders.base import describe

if TYPE_CHECKING:
    from lxml import etree

__all__ = ["parse_part"]


def parse_part(data: bytes, name: str, kind: str) -> etree._Element:
    from lxml import etree  # here: for runs without zip-based formats

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False, huge_tree=False
    )
    try:
        return etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise LoaderError(f"not a readable {kind}: {name} is not well-formed XML ({describe(exc)})") from exc
