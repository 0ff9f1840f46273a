"""What the tests share besides fixtures: folders of documents and the indexer's command line (folders), the
connector in memory and over stdio (connector) and over HTTP (http), hostile input (hostile), one file through
one loader (loaders), and PDFs made to order (pdfs). Fixtures live in the conftest.py of the room that uses them."""
