# Frond — build, demo and test entry points. `make demo` and `make test` work from a fresh clone.
SWIFT ?= swift
CONFIG ?= debug
CC ?= cc
CXX ?= c++
PYTHON ?= python3

SWIFT_BUILD := .build/$(CONFIG)
OUT := build/$(CONFIG)
LIB := $(OUT)/lib/libfrond.so
STRICT_C := -std=c99 -Wall -Wextra -pedantic -Werror
STRICT_CXX := -std=c++11 -Wall -Wextra -pedantic -Werror
LINK_FROND := -L$(OUT)/lib -lfrond -Wl,-rpath,$(CURDIR)/$(OUT)/lib -lm -pthread
C_TESTS := functional_test misuse_test component_test state_test root_test action_test action_block_test \
	controller_test wrapper_test animation_test legacy_test snapshot_test seams_test conveniences_test

.PHONY: all build lib demo test test-swift test-c test-conformance test-python capi bench bench-create bench-reorder bench-python valgrind clean

all: lib

# Every Swift product (library, tool, tests' dependencies).
build:
	$(SWIFT) build -c $(CONFIG)

# libfrond.so: SwiftPM builds it as libFrondCAPI.so (a product cannot share the `frond`
# tool's name); its SONAME is already libfrond.so.
lib: build
	@mkdir -p $(OUT)/lib $(OUT)/bin
	cp $(SWIFT_BUILD)/libFrondCAPI.so $(LIB)

$(OUT)/bin/layout_demo: examples/c/layout_demo.c include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

$(OUT)/bin/counter_demo: examples/c/counter_demo.c examples/c/demo_host.h include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

$(OUT)/bin/feed_demo: examples/c/feed_demo.c examples/c/demo_host.h include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

$(OUT)/bin/legacy: examples/c/legacy.c include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

demo: $(OUT)/bin/layout_demo $(OUT)/bin/counter_demo $(OUT)/bin/feed_demo $(OUT)/bin/legacy
	$(OUT)/bin/layout_demo
	$(OUT)/bin/counter_demo
	@mkdir -p build/demo
	$(OUT)/bin/feed_demo build/demo
	$(OUT)/bin/legacy
	@# The Python todo list needs only the standard library and the checkout's package.
	FROND_LIBRARY=$(CURDIR)/$(LIB) PYTHONPATH=$(CURDIR)/bindings/python $(PYTHON) examples/python/todo.py

test: test-swift test-c test-conformance test-python test-install

test-swift:
	$(SWIFT) test

test-c: lib
	$(CC) $(STRICT_C) -Iinclude -c Tests/CAPI/header_test.c -o $(OUT)/bin/header_test_c.o
	$(CXX) $(STRICT_CXX) -Iinclude -c Tests/CAPI/header_test.cpp -o $(OUT)/bin/header_test_cpp.o
	@for test in $(C_TESTS); do \
		$(CC) $(STRICT_C) -Iinclude -ITests/CAPI Tests/CAPI/$$test.c $(LINK_FROND) -o $(OUT)/bin/$$test || exit 1; \
		$(OUT)/bin/$$test || exit 1; \
	done
	$(PYTHON) Tests/CAPI/check_exports.py include/frond.h $(LIB)
	$(PYTHON) Tests/CAPI/check_coverage.py include/frond.h Tests/CAPI/misuse_test.c

# The Yoga corpus, then the same cases rewritten into the other shapes FORMAT.md allows
# (every default spelled out, web defaults, CSS form with an empty errata list).
VARIANTS := explicit web-defaults css css-sparse

test-conformance: build
	$(SWIFT_BUILD)/frond conformance
	@for variant in $(VARIANTS); do \
		$(PYTHON) Tests/Conformance/derive_corpus.py $$variant Tests/Fixtures/yoga $(OUT)/corpora/$$variant || exit 1; \
		$(SWIFT_BUILD)/frond conformance $(OUT)/corpora/$$variant || exit 1; \
	done
	bash Tests/CLI/exit_status_test.sh $(SWIFT_BUILD)/frond

# C tests under valgrind: no invalid reads or writes and no definitely lost blocks. The
# blocks fontconfig keeps for Pango's font caches are suppressed (Tests/CAPI/fontconfig.supp:
# a C program using only Pango shows them too), and so are the padding bytes styles are
# compared with, as memory (Tests/CAPI/frond.supp says why that is never wrong).
VALGRIND_TESTS ?= snapshot_test misuse_test
valgrind: test-c
	@for test in $(VALGRIND_TESTS); do \
		valgrind --quiet --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=9 \
			--suppressions=Tests/CAPI/fontconfig.supp --suppressions=Tests/CAPI/frond.supp $(OUT)/bin/$$test || exit 1; \
	done

# Python bindings (bindings/python): pytest in a virtual environment under build/ that holds
# only the test runner, pycparser and mypy (bindings/python/requirements-dev.txt); the package is
# tested from the checkout against this configuration's library.
VENV := build/venv
PYTHON_REQUIREMENTS := bindings/python/requirements-dev.txt

$(VENV)/.installed: $(PYTHON_REQUIREMENTS)
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r $(PYTHON_REQUIREMENTS)
	touch $@

test-python: lib $(VENV)/.installed
	cd bindings/python && FROND_LIBRARY=$(CURDIR)/$(LIB) CC=$(CC) PYTHONPATH=$(CURDIR)/bindings/python \
		$(CURDIR)/$(VENV)/bin/python -m pytest -q -p no:cacheprovider tests --doctest-modules frond
	$(VENV)/bin/python bindings/python/tools/check_types.py

# Regenerates bindings/python/frond/_capi.py from include/frond.h.
capi: $(VENV)/.installed
	$(VENV)/bin/python bindings/python/tools/generate_capi.py

# Frond against native Yoga on the shared benchmark trees, side by side. The machines are
# shared and a whole process sometimes runs at half speed, so the comparison is repeated
# (ROUNDS) and every round printed; then the one-leaf relayout ratio of the feed tree.
bench:
	$(SWIFT) build -c release --product frond
	@for round in $$(seq $(or $(ROUNDS),3)); do \
		echo "round $$round"; \
		bash ../shared/bench/compare_layout.sh $(CURDIR)/.build/release/frond $(or $(ITERATIONS),30) || exit 1; \
	done
	.build/release/frond bench-layout ../shared/bench/trees/feed.json --iterations $(or $(ITERATIONS),30)
	.build/release/frond bench-tree --iterations 5

# Issue 3's create figure, here and scaled to the project's standard machine: native Yoga's
# layout of the shared feed tree (10.9 ms there, ../shared/bench/README.md) and `create_10k`
# alternate (ROUNDS); each round prints both and the create scaled by Yoga's time.
YOGA_PEER ?= /tmp/yoga_peer
bench-create:
	$(SWIFT) build -c release --product frond
	@[ -x $(YOGA_PEER) ] || bash ../shared/bench/build_yoga_peer.sh $(YOGA_PEER) >/dev/null
	@for round in $$(seq $(or $(ROUNDS),6)); do \
		yoga=$$($(YOGA_PEER) ../shared/bench/trees/feed.json --iters 100 | grep -o 'layout_median_ns=[0-9]*' | cut -d= -f2); \
		frond=$$(.build/release/frond bench-tree --iterations 5 --ops create_10k | grep -o 'ns_per_component=[0-9.]*' | cut -d= -f2); \
		[ -n "$$yoga" ] && [ -n "$$frond" ] || exit 1; \
		echo "round=$$round yoga_feed_ns=$$yoga create_10k_ns_per_component=$$frond" \
			"scaled_ns_per_component=$$(awk -v f=$$frond -v y=$$yoga 'BEGIN { printf "%.0f", f * 10900000 / y }')"; \
	done

# Issue 27's reorder check: shuffling and reversing a keyed list of 10,000, 20,000 and
# 40,000 rows (ROUNDS rounds, each size after the other), then each doubling's ratio of
# the mount step's medians.
bench-reorder:
	$(SWIFT) build -c release --product frond
	@mkdir -p build
	@for round in $$(seq $(or $(ROUNDS),3)); do \
		for rows in 10000 20000 40000; do \
			.build/release/frond bench-tree --iterations $(or $(ITERATIONS),5) --ops shuffle_rows reverse_rows --rows $$rows \
				| sed "s/^/round=$$round /" || exit 1; \
		done; \
	done | tee build/bench-reorder.txt
	$(PYTHON) Tests/CLI/reorder_summary.py build/bench-reorder.txt

# Issue 5's speed check: a 10,000-component tree built and laid out from Python (per node
# and through the JSON batch path) against the same tree from C, with the release library.
RELEASE_OUT := build/release
bench-python:
	$(SWIFT) build -c release --product FrondCAPI
	@mkdir -p $(RELEASE_OUT)/lib $(RELEASE_OUT)/bin
	cp .build/release/libFrondCAPI.so $(RELEASE_OUT)/lib/libfrond.so
	$(CC) $(STRICT_C) -O2 -D_POSIX_C_SOURCE=199309L -Iinclude bindings/python/bench/bench_tree.c \
		-L$(RELEASE_OUT)/lib -lfrond -Wl,-rpath,$(CURDIR)/$(RELEASE_OUT)/lib -lm -pthread -o $(RELEASE_OUT)/bin/bench_tree
	FROND_LIBRARY=$(CURDIR)/$(RELEASE_OUT)/lib/libfrond.so $(PYTHON) bindings/python/bench/bench_tree.py \
		--c-program $(RELEASE_OUT)/bin/bench_tree --runs $(or $(RUNS),7)

# Installs libfrond (a release build), its header, a pkg-config file (frond.pc) and the
# `frond` tool under $(DESTDIR)$(PREFIX); the Python package finds an installed library by
# itself. The library finds the Swift runtime where the toolchain that built it keeps it (its
# RUNPATH), so that toolchain must stay installed.
PREFIX ?= /usr/local
INSTALL_CONFIG ?= release
VERSION := $(shell sed -n 's/^let frondVersion: StaticString = "\(.*\)"/\1/p' Sources/FrondCAPI/Library.swift)
install:
	$(MAKE) lib CONFIG=$(INSTALL_CONFIG)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin
	install -m 755 build/$(INSTALL_CONFIG)/lib/libfrond.so $(DESTDIR)$(PREFIX)/lib/libfrond.so
	install -m 644 include/frond.h $(DESTDIR)$(PREFIX)/include/frond.h
	install -m 755 .build/$(INSTALL_CONFIG)/frond $(DESTDIR)$(PREFIX)/bin/frond
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' frond.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/frond.pc
	@if [ -z "$(DESTDIR)" ] && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi

# `make install` into a staging directory, then a C program (through pkg-config) and the
# Python package (away from the checkout) against what was installed.
test-install: lib
	bash Tests/CLI/install_test.sh $(CONFIG)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/lib/libfrond.so $(DESTDIR)$(PREFIX)/include/frond.h \
		$(DESTDIR)$(PREFIX)/bin/frond $(DESTDIR)$(PREFIX)/lib/pkgconfig/frond.pc

clean:
	rm -rf .build build
