# Frond — build, demo and test entry points. `make demo` and `make test` work from a fresh clone.
SWIFT ?= swift
CONFIG ?= debug
BUILD := .build/$(CONFIG)
OUT := build/$(CONFIG)
CC ?= cc
CXX ?= c++
CFLAGS_STRICT := -std=c99 -Wall -Wextra -pedantic -Werror

.PHONY: all build demo test test-swift test-conformance bench clean

all: build

build:
	$(SWIFT) build -c $(CONFIG)

demo: build
	$(BUILD)/frond layout examples/trees/screen.json --width 320

test: test-swift test-conformance

test-swift:
	$(SWIFT) test

test-conformance: build
	$(BUILD)/frond conformance

bench:
	$(SWIFT) build -c release --product frond
	bash ../shared/bench/compare_layout.sh $(CURDIR)/.build/release/frond $(or $(ITERATIONS),30)

clean:
	rm -rf .build build
