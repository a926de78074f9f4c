# The two set-up commands of the README: `make demo` and `make test`. Both bootstrap what they need.
SHELL := /bin/bash
VENV := .venv
SHARED := $(abspath ../shared)
# Exact cl100k token counts offline, when the shared tokenizer folder sits beside the checkout.
TOKENIZERS := $(if $(wildcard $(SHARED)/tokenizers/*),TIKTOKEN_CACHE_DIR=$(SHARED)/tokenizers,)

.PHONY: demo test lint bench bootstrap

bootstrap:
	@scripts/bootstrap.sh

demo: bootstrap
	@$(TOKENIZERS) $(VENV)/bin/waypost demo

test: bootstrap
	$(TOKENIZERS) $(VENV)/bin/python -m pytest -q

lint: bootstrap
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

bench: bootstrap
	$(TOKENIZERS) $(VENV)/bin/python bench/view_tokens.py
