# Cypher: `make dev` runs the platform, `make test` checks everything. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Python keeps what it compiles (__pycache__, ignored by git): where the environment sets PYTHONDONTWRITEBYTECODE,
# each of a test run's Python processes (suites, stacks, their services) would compile every module from source
# again (docs/development.md, The test budget).
unexport PYTHONDONTWRITEBYTECODE

UV := $(shell command -v uv 2>/dev/null || echo $(HOME)/.local/bin/uv)
PY_SOURCES := $(wildcard services/*/src) gateway/src
WEB := web
NPM_STAMP := $(WEB)/node_modules/.install-stamp

.PHONY: help install dev seed test lint lint-py lint-web test-py test-fuzz test-web test-e2e e2e-run bench bench-tools drill contracts audit web-build web-bundle clean

help:
	@echo "make dev        run the whole platform on http://localhost:8080 (installs what is missing)"
	@echo "make seed       demo dancers, studios, an organization, events with tickets, on a running make dev"
	@echo "make test       lint + every test suite against real PostgreSQL and NATS, schemathesis, Playwright"
	@echo "make bench      gateway vs direct vs nginx, and image variant timings"
	@echo "make drill      PostgreSQL, NATS, a service and a gateway failing under load, each with its verdict"
	@echo "make contracts  regenerate proto-contracts/ (OpenAPI, event schemas, TypeScript types)"
	@echo "make audit      web quality bars: Lighthouse, bundle size, console errors"

$(UV):
	python3 -m pip install --user --quiet uv

install: $(UV)
	$(UV) sync --all-packages --frozen
	@if [ -f $(WEB)/package.json ]; then $(MAKE) --no-print-directory $(NPM_STAMP); fi

$(NPM_STAMP): $(WEB)/package.json $(wildcard $(WEB)/package-lock.json)
	# `npm install` honours the committed lock; `npm ci` refuses it here because the registry this machine
	# reaches lacks other platforms' optional binaries (rollup, unrs), which npm then cannot record.
	cd $(WEB) && npm install --no-audit --no-fund
	@touch $@

web-build: install
	@if [ -f $(WEB)/package.json ]; then cd $(WEB) && npm run build; fi

# the bundle alone: `make test` builds it after lint, whose typecheck is the one `npm run build` starts with
web-bundle: install
	@if [ -f $(WEB)/package.json ]; then cd $(WEB) && npx vite build; fi

seed: install
	$(UV) run python deploy/local/seed_demo.py

dev: web-build
	$(UV) run python deploy/local/dev.py

# the Python and the web checks side by side (each is one process, mostly on one core), output kept per part
lint: install
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint-py lint-web

lint-py:
	$(UV) run ruff check .
	$(UV) run ruff format --check .
	$(UV) run mypy $(PY_SOURCES)

lint-web:
	@if [ -f $(WEB)/package.json ]; then cd $(WEB) && npm run lint && npm run typecheck; fi

# the suites side by side, TEST_JOBS at a time (default 4): deploy/local/check.py
test-py: install
	$(UV) run python deploy/local/check.py py

# schemathesis through the gateway on a throwaway stack, as two signed-in users (about three minutes).
test-fuzz: install
	$(UV) run python deploy/local/fuzz.py

test-web: install
	@if [ -f $(WEB)/package.json ]; then cd $(WEB) && npm run test; fi

test-e2e: web-build
	@$(MAKE) --no-print-directory e2e-run

# Playwright on the web/dist built last (`make test` builds it in its first lane)
e2e-run: install
	@if [ -f $(WEB)/playwright.config.ts ]; then $(UV) run python deploy/local/e2e.py; fi

# every stage, timed, with a warning line past the budget (TEST_BUDGET_SECONDS, default 900): deploy/local/check.py
test: install
	$(UV) run python deploy/local/check.py

# wrk drives the load and nginx is the reference; a clean machine has neither (Debian's packages).
bench-tools:
	@missing=(); command -v wrk >/dev/null || missing+=(wrk); \
	command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light); \
	if (( $${#missing[@]} )); then \
		sudo=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
		echo "installing $${missing[*]} for the benchmarks"; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends "$${missing[@]}"; \
	fi

bench: install bench-tools
	$(UV) run python deploy/bench/run.py

# the faults the platform rides through, on a local stack of its own, each with its verdict (docs/operations.md)
drill: install
	$(UV) run python deploy/drill/run.py

contracts: install
	$(UV) run python deploy/contracts.py write
	@if [ -f $(WEB)/package.json ]; then cd $(WEB) && npm run gen:types; fi

audit: web-build
	@if [ -f $(WEB)/package.json ]; then $(UV) run python deploy/local/audit.py; fi

clean:
	rm -rf .run/test .run/e2e .run/fuzz .run/fuzz-report $(WEB)/dist
