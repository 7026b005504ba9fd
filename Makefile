# Tessera: the two commands a new user needs.
#   make run   installs what is missing, builds, and opens the app
#   make test  installs what is missing, builds, and runs every test
SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

.PHONY: all deps build run test bench screenshots clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build --product tessera

run: build
	@bash scripts/with-display.sh $$($(SWIFT) build --show-bin-path)/tessera $(ARGS)

test: deps
	@bash scripts/test.sh

bench: deps
	$(SWIFT) build -c release --product tessera --product tessera-bench
	@bash scripts/with-display.sh $$($(SWIFT) build -c release --show-bin-path)/tessera-bench $(ARGS)

screenshots: build
	@bash scripts/with-display.sh $$($(SWIFT) build --show-bin-path)/tessera --data-dir "$$(mktemp -d)" --screenshot screenshots

clean:
	$(SWIFT) package clean
