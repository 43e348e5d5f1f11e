# Frond — build, demo and test entry points. `make demo` and `make test` work from a fresh clone.
SWIFT ?= swift
CONFIG ?= debug
CC ?= cc
CXX ?= c++
PYTHON ?= python3

SWIFT_BUILD := .build/$(CONFIG)
COMMA := ,
OUT := build/$(CONFIG)
LIB := $(OUT)/lib/libfrond.so
STRICT_C := -std=c99 -Wall -Wextra -pedantic -Werror
STRICT_CXX := -std=c++11 -Wall -Wextra -pedantic -Werror
LINK_FROND := -L$(OUT)/lib -lfrond -Wl,-rpath,$(CURDIR)/$(OUT)/lib -lm -pthread
C_TESTS := functional_test misuse_test component_test state_test root_test action_test action_block_test \
	controller_test wrapper_test animation_test legacy_test snapshot_test seams_test conveniences_test list_test data_source_test \
	list_view_test

.PHONY: wheel test-wheel install uninstall test-install bench-load bench-list
.PHONY: all build lib demo test test-swift test-c test-conformance test-python capi bench bench-create bench-reorder bench-python valgrind clean

all: lib

# Every Swift product (library, tool, tests' dependencies).
build:
	$(SWIFT) build -c $(CONFIG)

# The libraries, in $(OUT)/lib: libfrond.so.0 (the engine and its C API) and libfrond_cairo.so.0
# (the snapshot renderer, built on libfrond's API and linked against it), each with the Swift
# runtime linked in and only its C functions exported, and the usual libfrond.so and
# libfrond_cairo.so links. SwiftPM names them libFrondCAPI.so and libFrondCairoCAPI.so (a
# product cannot share the `frond` tool's name); their SONAMEs are already the right ones.
# libfrond_cairo is linked only with FROND_LINK_DIR set (Package.swift says why).
LIB_DIR := $(OUT)/lib
LIB_CAIRO := $(LIB_DIR)/libfrond_cairo.so
# $(call build-libs,SWIFT BUILD ARGUMENTS,SWIFTPM OUTPUT DIRECTORY,LIBRARY DIRECTORY)
define build-libs
	$(SWIFT) build $(1) --product FrondCAPI
	@mkdir -p $(3)
	cp $(2)/libFrondCAPI.so $(3)/libfrond.so.0
	ln -sf libfrond.so.0 $(3)/libfrond.so
	FROND_LINK_DIR=$(CURDIR)/$(3) $(SWIFT) build $(1) --product FrondCairoCAPI
	cp $(2)/libFrondCairoCAPI.so $(3)/libfrond_cairo.so.0
	ln -sf libfrond_cairo.so.0 $(3)/libfrond_cairo.so
endef

# A release build's libraries are stripped; their symbols stay in libfrond*.so.0.debug beside
# them (found by gdb through the debug link). One symbol is kept: the Swift runtime function
# that swift-runtime.supp names, so that the installed suppression file works for valgrind.
STRIP_LIBRARY := strip --strip-unneeded --keep-symbol=swift_initStructMetadata
lib:
	$(call build-libs,-c $(CONFIG),$(SWIFT_BUILD),$(LIB_DIR))
	@mkdir -p $(OUT)/bin
ifeq ($(CONFIG),release)
	@for library in libfrond.so.0 libfrond_cairo.so.0; do \
		(cd $(LIB_DIR) && objcopy --only-keep-debug $$library $$library.debug && $(STRIP_LIBRARY) $$library \
			&& objcopy --add-gnu-debuglink=$$library.debug $$library) || exit 1; \
	done
endif

$(OUT)/bin/layout_demo: examples/c/layout_demo.c include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

$(OUT)/bin/counter_demo: examples/c/counter_demo.c examples/c/demo_host.h include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

$(OUT)/bin/feed_demo: examples/c/feed_demo.c examples/c/demo_host.h include/frond.h include/frond_cairo.h lib
	$(CC) $(STRICT_C) -Iinclude $< -lfrond_cairo $(LINK_FROND) -o $@

$(OUT)/bin/legacy: examples/c/legacy.c include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

$(OUT)/bin/feed_list: examples/c/feed_list.c examples/c/demo_host.h include/frond.h lib
	$(CC) $(STRICT_C) -Iinclude $< $(LINK_FROND) -o $@

# `make demo` and `make test` first install (as root) or name (otherwise) the Debian packages
# they need: tools/ensure-deps.sh, silent when nothing is missing; FROND_SKIP_DEPS=1 skips it.
# The check is the first step of their recipes and the work a second make (demo-run,
# test-all): as a prerequisite, `make -j` would start it beside the first compiles.
.PHONY: deps-demo deps-test demo-run test-all
ENSURE_DEPS := SWIFT="$(SWIFT)" bash tools/ensure-deps.sh
deps-demo deps-test:
	@$(ENSURE_DEPS) $(@:deps-%=%)

demo:
	@$(ENSURE_DEPS) demo
	@$(MAKE) --no-print-directory demo-run

demo-run: $(OUT)/bin/layout_demo $(OUT)/bin/counter_demo $(OUT)/bin/feed_demo $(OUT)/bin/legacy $(OUT)/bin/feed_list
	$(OUT)/bin/layout_demo
	$(OUT)/bin/counter_demo
	@mkdir -p build/demo
	$(OUT)/bin/feed_demo build/demo
	$(OUT)/bin/legacy
	$(OUT)/bin/feed_list 12
	@# The Python todo list needs only the standard library and the checkout's package.
	FROND_LIBRARY=$(CURDIR)/$(LIB) PYTHONPATH=$(CURDIR)/bindings/python $(PYTHON) examples/python/todo.py

test:
	@$(ENSURE_DEPS) test
	@$(MAKE) --no-print-directory test-all

test-all: test-swift test-c test-conformance test-python test-hosts-c test-hosts-gtk test-hosts-python test-fuzz test-install test-wheel

test-swift:
	$(SWIFT) test

# The C tests (each linked with libfrond_cairo too when it includes frond_cairo.h), the
# headers as C and C++, and the libraries' exports and linkage: only the headers' functions
# exported, no library of the Swift toolchain needed, the versioned SONAMEs.
LIBFROND_NEEDS := libc libm libstdc++ libgcc_s ld-linux libffi
LIBFROND_CAIRO_NEEDS := $(LIBFROND_NEEDS) libfrond libcairo libpangocairo-1.0 libpango-1.0 libgobject-2.0 libglib-2.0 libharfbuzz
test-c: lib
	$(CC) $(STRICT_C) -Iinclude -c Tests/CAPI/header_test.c -o $(OUT)/bin/header_test_c.o
	$(CXX) $(STRICT_CXX) -Iinclude -c Tests/CAPI/header_test.cpp -o $(OUT)/bin/header_test_cpp.o
	@for test in $(C_TESTS); do \
		cairo=$$(grep -q 'frond_cairo\.h' Tests/CAPI/$$test.c && echo -lfrond_cairo); \
		$(CC) $(STRICT_C) -Iinclude -ITests/CAPI Tests/CAPI/$$test.c $$cairo $(LINK_FROND) -o $(OUT)/bin/$$test || exit 1; \
		$(OUT)/bin/$$test || exit 1; \
	done
	$(PYTHON) Tests/CAPI/check_exports.py include/frond.h $(LIB)
	$(PYTHON) Tests/CAPI/check_exports.py include/frond_cairo.h $(LIB_CAIRO)
	$(PYTHON) Tests/CAPI/check_linkage.py $(LIB) libfrond.so.0 $(LIBFROND_NEEDS)
	$(PYTHON) Tests/CAPI/check_linkage.py $(LIB_CAIRO) libfrond_cairo.so.0 $(LIBFROND_CAIRO_NEEDS)
	$(PYTHON) Tests/CAPI/check_coverage.py include/frond.h Tests/CAPI/misuse_test.c
	$(PYTHON) Tests/CAPI/check_coverage.py include/frond_cairo.h Tests/CAPI/misuse_test.c

# The Yoga corpus, then the same cases rewritten into the other shapes FORMAT.md allows
# (every default spelled out, web defaults, CSS form with an empty errata list).
VARIANTS := explicit web-defaults css css-sparse

test-conformance: build
	$(SWIFT_BUILD)/frond conformance
	@for variant in $(VARIANTS); do \
		$(PYTHON) Tests/Conformance/derive_corpus.py $$variant Tests/Fixtures/yoga $(OUT)/corpora/$$variant || exit 1; \
		$(SWIFT_BUILD)/frond conformance $(OUT)/corpora/$$variant || exit 1; \
	done
	@mkdir -p $(OUT)
	@$(SWIFT_BUILD)/frond conformance $(CHROME_RANDOM) --tolerance-raw $(CHROME_RANDOM)/chrome-raw.jsonl \
		--known-failures Tests/Fixtures/chrome-random-known-failures.txt --max-mismatches 4 > $(OUT)/chrome-random.log \
		|| { grep -v "known:" $(OUT)/chrome-random.log; exit 1; }
	@echo "Chromium's random CSS-mode trees ($(CHROME_RANDOM)):" && grep -E "^NOTE|^strict" $(OUT)/chrome-random.log
	$(SWIFT_BUILD)/frond conformance Tests/Fixtures/chrome-cases
	bash Tests/CLI/exit_status_test.sh $(SWIFT_BUILD)/frond
	bash Tests/CLI/ensure_deps_test.sh

# Chromium as the oracle (issue 31): Tests/Fixtures/chrome-random holds 300 random CSS-mode
# trees with Chromium's layouts (../shared/conformance/chrome/chrome_corpus.py --seed 20261128
# --count 300, checked in: CI needs no browser), run by test-conformance against its known
# failures. Tests/Fixtures/chrome-cases holds shrunk trees that taught something, with
# Chromium's layouts (chrome_oracle.py Tests/Conformance/chrome-cases --out …): they all pass.
# `make conformance-chrome SEED=… COUNT=…` generates a fresh corpus with chromium and prints
# the strict and tolerant counts.
CHROME_RANDOM := Tests/Fixtures/chrome-random
CHROME_ORACLE := ../shared/conformance/chrome/chrome_corpus.py
SEED ?= 1
COUNT ?= 500
.PHONY: conformance-chrome
conformance-chrome: build
	@command -v chromium >/dev/null || { echo "conformance-chrome: needs chromium (apt-get install -y chromium)"; exit 2; }
	@[ -f $(CHROME_ORACLE) ] || { echo "conformance-chrome: needs $(CHROME_ORACLE) (../shared beside the checkout)"; exit 2; }
	rm -rf $(OUT)/chrome-corpus-$(SEED) && $(PYTHON) $(CHROME_ORACLE) $(OUT)/chrome-corpus-$(SEED) --seed $(SEED) --count $(COUNT)
	@: > $(OUT)/no-known-failures.txt
	@$(SWIFT_BUILD)/frond conformance $(OUT)/chrome-corpus-$(SEED) --tolerance-raw $(OUT)/chrome-corpus-$(SEED)/chrome-raw.jsonl \
		--known-failures $(OUT)/no-known-failures.txt --max-mismatches 4 > $(OUT)/chrome-corpus-$(SEED).log; \
		tail -2 $(OUT)/chrome-corpus-$(SEED).log; echo "(every difference: $(OUT)/chrome-corpus-$(SEED).log)"

# C tests under valgrind: no invalid reads or writes, no reads of uninitialised memory and no
# definitely lost blocks. Only the blocks fontconfig keeps for Pango's font caches are
# suppressed (Tests/CAPI/fontconfig.supp: a C program using only Pango shows them too), and a
# branch inside the Swift runtime's making of generic metadata (Tests/CAPI/swift-runtime.supp).
# The web host's C test too, when libsoup is there (Tests/CAPI/libsoup.supp: libsoup 3.2 loses
# each accepted connection's socket, as a plain libsoup server does).
VALGRIND_TESTS ?= snapshot_test misuse_test
valgrind: test-c
	@for test in $(VALGRIND_TESTS); do \
		valgrind --quiet --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=9 \
			--suppressions=Tests/CAPI/fontconfig.supp --suppressions=Tests/CAPI/swift-runtime.supp $(OUT)/bin/$$test || exit 1; \
	done
	@if pkg-config --exists libsoup-3.0; then \
		$(MAKE) --no-print-directory test-hosts-c >/dev/null && \
		valgrind --quiet --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=9 \
			--suppressions=Tests/CAPI/fontconfig.supp --suppressions=Tests/CAPI/swift-runtime.supp \
			--suppressions=Tests/CAPI/libsoup.supp $(OUT)/bin/web_test || exit 1; \
	else echo "valgrind: no libsoup-3.0, so not the web host's test"; fi

# Python bindings (bindings/python): pytest in a virtual environment under build/ that holds
# only the test runner, pycparser and mypy (bindings/python/requirements-dev.txt); the package is
# tested from the checkout against this configuration's library.
VENV := build/venv
PYTHON_REQUIREMENTS := bindings/python/requirements-dev.txt

$(VENV)/.installed: $(PYTHON_REQUIREMENTS)
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r $(PYTHON_REQUIREMENTS)
	touch $@

test-python: lib web-lib $(VENV)/.installed
	cd bindings/python && FROND_LIBRARY=$(CURDIR)/$(LIB) CC=$(CC) PYTHONPATH=$(CURDIR)/bindings/python \
		$(CURDIR)/$(VENV)/bin/python -m pytest -q -p no:cacheprovider tests --doctest-modules frond
	$(VENV)/bin/python bindings/python/tools/check_types.py

# Regenerates bindings/python/frond/_capi.py from include/frond.h.
capi: $(VENV)/.installed
	$(VENV)/bin/python bindings/python/tools/generate_capi.py

# The trees come from bench/gen_trees.py (one run writes all four); native Yoga's harnesses
# stay in SHARED_BENCH, outside the repository (bench/README.md). Without them, `bench` times
# Frond alone on each tree and `bench-create` prints Frond's figure unscaled.
BENCH_TREES := build/bench/trees
SHARED_BENCH ?= ../shared/bench
$(BENCH_TREES)/feed.json: bench/gen_trees.py
	$(PYTHON) bench/gen_trees.py $(BENCH_TREES) >/dev/null

# Frond against native Yoga on the benchmark trees, side by side. The machines are
# shared and a whole process sometimes runs at half speed, so the comparison is repeated
# (ROUNDS), every round printed and then summed up per tree (Tests/CLI/layout_summary.py:
# the median ratio, its range, the ratio of the fastest rounds); then the one-leaf relayout
# ratio of the feed tree.
bench: $(BENCH_TREES)/feed.json
	$(SWIFT) build -c release --product frond
	@mkdir -p build
	@if [ -f $(SHARED_BENCH)/compare_layout.sh ]; then \
		for round in $$(seq $(or $(ROUNDS),3)); do \
			echo "round $$round"; \
			bash $(SHARED_BENCH)/compare_layout.sh $(CURDIR)/.build/release/frond $(or $(ITERATIONS),30) || exit 1; \
		done | tee build/bench-layout.txt && $(PYTHON) Tests/CLI/layout_summary.py build/bench-layout.txt || exit 1; \
	else \
		echo "bench: no $(SHARED_BENCH)/compare_layout.sh, so no native Yoga beside Frond (its harness lives outside the repository); Frond alone:"; \
		for tree in feed deep wide-wrap random; do \
			result=$$(.build/release/frond bench-layout $(BENCH_TREES)/$$tree.json --iterations $(or $(ITERATIONS),30)) || exit 1; \
			echo "tree=$$tree $$result"; \
		done; \
	fi
	.build/release/frond bench-layout $(BENCH_TREES)/feed.json --iterations $(or $(ITERATIONS),30)
	.build/release/frond bench-tree --iterations 5

# Issue 3's create figure, here and scaled to the project's standard machine: native Yoga's
# layout of the feed tree (10.9 ms there, ../shared/bench/README.md) and `create_10k`
# alternate (ROUNDS); each round prints both and the create scaled by Yoga's time.
YOGA_PEER ?= /tmp/yoga_peer
bench-create: $(BENCH_TREES)/feed.json
	$(SWIFT) build -c release --product frond
	@if [ ! -x $(YOGA_PEER) ] && [ -f $(SHARED_BENCH)/build_yoga_peer.sh ]; then \
		bash $(SHARED_BENCH)/build_yoga_peer.sh $(YOGA_PEER) >/dev/null || exit 1; \
	fi
	@[ -x $(YOGA_PEER) ] || echo "bench-create: no $(YOGA_PEER), and no $(SHARED_BENCH)/build_yoga_peer.sh to build it" \
		"(it lives outside the repository): Yoga's time and the scaled figure are skipped; Frond's create_10k alone"
	@for round in $$(seq $(or $(ROUNDS),6)); do \
		if [ -x $(YOGA_PEER) ]; then \
			yoga=$$($(YOGA_PEER) $(BENCH_TREES)/feed.json --iters 100 | grep -o 'layout_median_ns=[0-9]*' | cut -d= -f2); \
			[ -n "$$yoga" ] || exit 1; \
		fi; \
		frond=$$(.build/release/frond bench-tree --iterations 5 --ops create_10k | grep -o 'ns_per_component=[0-9.]*' | cut -d= -f2); \
		[ -n "$$frond" ] || exit 1; \
		if [ -x $(YOGA_PEER) ]; then \
			echo "round=$$round yoga_feed_ns=$$yoga create_10k_ns_per_component=$$frond" \
				"scaled_ns_per_component=$$(awk -v f=$$frond -v y=$$yoga 'BEGIN { printf "%.0f", f * 10900000 / y }')"; \
		else \
			echo "round=$$round create_10k_ns_per_component=$$frond"; \
		fi; \
	done

# Issue 29's list figures, one line per operation: `frond bench-list` (a feed of 1,000,000 posts; diffs of 100,000).
bench-list:
	$(SWIFT) build -c release --product frond
	.build/release/frond bench-list --iterations $(or $(ITERATIONS),15)

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

# Installs the libraries (a release build, stripped: libfrond.so.0 and libfrond_cairo.so.0 with
# their libfrond.so and libfrond_cairo.so links), the headers, pkg-config files (frond.pc,
# frond-cairo.pc) and the `frond` tool under $(DESTDIR)$(PREFIX). The libraries need only
# system libraries; the tool (a developer's tool, not for shipping) finds the Swift runtime
# where the toolchain that built it keeps it. The Python package finds an installed library.
# The live hosts' libraries come too, each with its header and pkg-config file, when their
# development files are there: the web host (libsoup 3) and the GTK 4 host. WITH_WEB and
# WITH_GTK say otherwise: `yes` requires the host (installing fails, naming the package,
# without its files), `no` leaves it out, `auto` (the default) decides by what is there.
PREFIX ?= /usr/local
INSTALL_CONFIG ?= release
WITH_WEB ?= auto
WITH_GTK ?= auto
VERSION := $(shell sed -n 's/^let frondVersion: StaticString = "\(.*\)"/\1/p' Sources/FrondCAPI/Library.swift)
INSTALLED_FILES := lib/libfrond.so.0 lib/libfrond.so lib/libfrond_cairo.so.0 lib/libfrond_cairo.so \
	include/frond.h include/frond_cairo.h bin/frond lib/pkgconfig/frond.pc lib/pkgconfig/frond-cairo.pc \
	lib/libfrond_web.so.0 lib/libfrond_web.so include/frond_web.h lib/pkgconfig/frond-web.pc \
	lib/libfrond_gtk.so.0 lib/libfrond_gtk.so include/frond_gtk.h lib/pkgconfig/frond-gtk.pc \
	share/frond/swift-runtime.supp share/frond/fontconfig.supp share/frond/libsoup.supp
install:
	@for setting in WITH_WEB=$(WITH_WEB) WITH_GTK=$(WITH_GTK); do case $${setting#*=} in auto|yes|no) ;; \
		*) echo "install: $$setting: say auto, yes or no"; exit 2;; esac; done
	@if [ $(WITH_WEB) = yes ] && ! pkg-config --exists libsoup-3.0; then \
		echo "install: WITH_WEB=yes, but pkg-config does not find libsoup-3.0 (apt-get install libsoup-3.0-dev)"; exit 1; fi
	@if [ $(WITH_GTK) = yes ] && ! pkg-config --exists gtk4; then \
		echo "install: WITH_GTK=yes, but pkg-config does not find gtk4 (apt-get install libgtk-4-dev)"; exit 1; fi
	$(MAKE) lib CONFIG=$(INSTALL_CONFIG)
	$(SWIFT) build -c $(INSTALL_CONFIG) --product frond
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin
	install -m 755 build/$(INSTALL_CONFIG)/lib/libfrond.so.0 build/$(INSTALL_CONFIG)/lib/libfrond_cairo.so.0 \
		$(DESTDIR)$(PREFIX)/lib/
	ln -sf libfrond.so.0 $(DESTDIR)$(PREFIX)/lib/libfrond.so
	ln -sf libfrond_cairo.so.0 $(DESTDIR)$(PREFIX)/lib/libfrond_cairo.so
	install -m 644 include/frond.h include/frond_cairo.h $(DESTDIR)$(PREFIX)/include/
	install -m 755 .build/$(INSTALL_CONFIG)/frond $(DESTDIR)$(PREFIX)/bin/frond
	install -d $(DESTDIR)$(PREFIX)/share/frond
	install -m 644 Tests/CAPI/swift-runtime.supp Tests/CAPI/fontconfig.supp Tests/CAPI/libsoup.supp $(DESTDIR)$(PREFIX)/share/frond/
	install -d $(DESTDIR)$(PREFIX)/share/frond/conformance/yoga
	install -m 644 Tests/Fixtures/yoga/*.json $(DESTDIR)$(PREFIX)/share/frond/conformance/yoga/
	install -m 644 Tests/Fixtures/known-failures.txt $(DESTDIR)$(PREFIX)/share/frond/conformance/
	for pc in frond frond-cairo; do \
		sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $$pc.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$pc.pc; \
	done
	@$(call install-host,web,WITH_WEB,$(WITH_WEB),libsoup-3.0)
	@$(call install-host,gtk,WITH_GTK,$(WITH_GTK),gtk4)
	@if [ -z "$(DESTDIR)" ] && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi

# A host's part of `make install` ($1: web or gtk; $2 and $3: its WITH_ setting and value;
# $4: the pkg-config package it needs): its library, link, header and pkg-config file, or a
# line saying it was left out.
define install-host
if [ $(3) = yes ] || { [ $(3) = auto ] && pkg-config --exists $(4); }; then \
	$(MAKE) --no-print-directory $(1)-lib CONFIG=$(INSTALL_CONFIG) \
	&& install -m 755 build/$(INSTALL_CONFIG)/lib/libfrond_$(1).so.0 $(DESTDIR)$(PREFIX)/lib/ \
	&& ln -sf libfrond_$(1).so.0 $(DESTDIR)$(PREFIX)/lib/libfrond_$(1).so \
	&& install -m 644 include/frond_$(1).h $(DESTDIR)$(PREFIX)/include/ \
	&& sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' frond-$(1).pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/frond-$(1).pc \
	&& echo "install: libfrond_$(1).so.0, frond_$(1).h and frond-$(1).pc installed"; \
elif [ $(3) = no ]; then \
	echo "install: libfrond_$(1) left out ($(2)=no)"; \
else \
	echo "install: libfrond_$(1) left out (pkg-config does not find $(4); $(2)=yes requires it)"; \
fi
endef

# `make install` into a staging directory, then a C program (through pkg-config) and the
# Python package (away from the checkout) against what was installed.
test-install: lib
	bash Tests/CLI/install_test.sh $(CONFIG)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED_FILES))
	rm -rf $(DESTDIR)$(PREFIX)/share/frond/conformance

# A binary wheel of the Python package with the three libraries inside (a release build):
# dist/frond-VERSION-py3-none-PLATFORM.whl. The package loads its libraries through ctypes,
# so the wheel has no CPython ABI tag; its platform tag names the oldest glibc the libraries
# can run on (Tests/CLI/wheel_tag.py reads the symbol versions they need).
WHEEL_STAGE := build/wheel
wheel: $(VENV)/.installed
	$(MAKE) web-lib CONFIG=release
	rm -rf $(WHEEL_STAGE) && mkdir -p $(WHEEL_STAGE) dist
	cp -r bindings/python/frond bindings/python/pyproject.toml bindings/python/README.md LICENSE $(WHEEL_STAGE)/
	rm -rf $(WHEEL_STAGE)/frond/__pycache__ $(WHEEL_STAGE)/frond/*.so*
	cp build/release/lib/libfrond.so.0 build/release/lib/libfrond_cairo.so.0 build/release/lib/libfrond_web.so.0 \
		$(WHEEL_STAGE)/frond/
	$(VENV)/bin/python -m pip wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation \
		-w $(WHEEL_STAGE)/dist $(WHEEL_STAGE)
	rm -f dist/frond-$(VERSION)-*.whl
	$(VENV)/bin/python -m wheel tags --remove --python-tag py3 --abi-tag none \
		--platform-tag $$($(PYTHON) Tests/CLI/wheel_tag.py build/release/lib/libfrond.so.0 build/release/lib/libfrond_cairo.so.0 \
			build/release/lib/libfrond_web.so.0) \
		$(WHEEL_STAGE)/dist/frond-$(VERSION)-*.whl
	mv $(WHEEL_STAGE)/dist/frond-$(VERSION)-py3-none-*.whl dist/
	@ls dist/frond-$(VERSION)-py3-none-*.whl

# The wheel installed into a fresh virtual environment outside the checkout, with no
# FROND_LIBRARY and no LD_LIBRARY_PATH, runs the whole Python suite with the Swift toolchain's
# directory hidden (an empty directory mounted over it, in a mount namespace of its own).
test-wheel: wheel
	bash Tests/CLI/wheel_test.sh

clean:
	rm -rf .build build

# Issue 28's load figures (Tests/CLI/bench_load.py prints key=value lines; not a test): the
# size, `ldd` lines and exports of the release libraries, a C program's start to its first
# frond_* call (RUNS runs), `import frond` plus a first call from the wheel installed in a
# fresh venv (PYTHON_RUNS runs; no FROND_LIBRARY or PYTHONPATH), and the wheel's size.
BENCH_LOAD_VENV := build/bench-load-venv
bench-load: wheel
	rm -rf $(BENCH_LOAD_VENV)
	$(PYTHON) -m venv $(BENCH_LOAD_VENV)
	@wheel=$$(ls -t dist/frond-*.whl | head -n 1); \
	$(BENCH_LOAD_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps "$$wheel" && \
	env -u FROND_LIBRARY -u PYTHONPATH $(PYTHON) Tests/CLI/bench_load.py \
		--lib build/release/lib/libfrond.so.0 --lib build/release/lib/libfrond_cairo.so.0 \
		--wheel "$$wheel" --python $(BENCH_LOAD_VENV)/bin/python \
		--runs $(or $(RUNS),200) --python-runs $(or $(PYTHON_RUNS),30)

# ---- Sanitizers and fuzzing (issue 27) -------------------------------------------------
# Each build has its own SwiftPM scratch path (.build-asan, .build-tsan, .build-fuzz), so
# none disturbs .build. The toolchain's clang is used for C: it ships libFuzzer and the
# sanitizer runtimes that match the ones swiftc instruments the library for. Swift has no
# UndefinedBehaviorSanitizer on Linux (`-sanitize=undefined` is refused for the target; its
# own overflow and bounds checks trap instead), so UBSan covers the C side only.
.PHONY: sanitize sanitize-asan sanitize-tsan fuzz test-fuzz fuzz-build
# (The clang beside the swift on the PATH: /opt/swift/usr/bin/clang here.)
SAN_CC ?= $(shell dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/clang
SAN_JOBS ?= 2
SAN_OUT := build/sanitize
# lld: gold warns about every ASan symbol it cannot export from the static runtime.
SAN_C_FLAGS := -std=c99 -Wall -Wextra -pedantic -g -O1 -fno-omit-frame-pointer -fuse-ld=lld
# The static TSan runtime of the toolchain's clang intercepts libdispatch, so a C program
# linked with it needs libdispatch and the blocks runtime, which the toolchain ships.
SWIFT_RUNTIME_DIR ?= $(abspath $(dir $(SAN_CC))/../lib/swift/linux)
TSAN_C_LIBS := -L$(SWIFT_RUNTIME_DIR) -ldispatch -lBlocksRuntime -Wl,-rpath,$(SWIFT_RUNTIME_DIR)
# The C tests that start threads (pthread_create) and the Swift suites that do
# (DispatchQueue.concurrentPerform, DispatchQueue.global().async). Swift Testing runs the
# other suites in parallel too: `make sanitize-tsan TSAN_SWIFT_TESTS=.` runs them all.
TSAN_C_TESTS := root_test state_test snapshot_test list_test data_source_test list_view_test
TSAN_SWIFT_TESTS := StateTests|AsyncFlushTests|ProviderTests|MeasurementTests|ListViewTests
ASAN_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitize/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$(CURDIR)/Tests/Sanitize/ubsan.supp
TSAN_ENV := SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/Tests/Sanitize/tsan.supp

# The C tests (C_TESTS) and the Swift tests under AddressSanitizer (+ UBSan for C), then
# the threaded ones under ThreadSanitizer.
sanitize: sanitize-asan sanitize-tsan

sanitize-asan:
	$(call build-libs,--scratch-path .build-asan -j $(SAN_JOBS) --sanitize=address,.build-asan/debug,$(SAN_OUT)/asan/lib)
	@mkdir -p $(SAN_OUT)/asan/bin
	@for test in $(C_TESTS); do \
		cairo=$$(grep -q 'frond_cairo\.h' Tests/CAPI/$$test.c && echo -lfrond_cairo); \
		$(SAN_CC) $(SAN_C_FLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -Iinclude -ITests/CAPI \
			Tests/CAPI/$$test.c $$cairo -L$(SAN_OUT)/asan/lib -lfrond -Wl,-rpath,$(CURDIR)/$(SAN_OUT)/asan/lib -lm -pthread \
			-o $(SAN_OUT)/asan/bin/$$test || exit 1; \
		$(ASAN_ENV) $(SAN_OUT)/asan/bin/$$test || exit 1; \
	done
	$(ASAN_ENV) $(SWIFT) test --scratch-path .build-asan -j $(SAN_JOBS) --sanitize=address

sanitize-tsan:
	$(call build-libs,--scratch-path .build-tsan -j $(SAN_JOBS) --sanitize=thread,.build-tsan/debug,$(SAN_OUT)/tsan/lib)
	@mkdir -p $(SAN_OUT)/tsan/bin
	@for test in $(TSAN_C_TESTS); do \
		cairo=$$(grep -q 'frond_cairo\.h' Tests/CAPI/$$test.c && echo -lfrond_cairo); \
		$(SAN_CC) $(SAN_C_FLAGS) -fsanitize=thread -Iinclude -ITests/CAPI \
			Tests/CAPI/$$test.c $$cairo -L$(SAN_OUT)/tsan/lib -lfrond -Wl,-rpath,$(CURDIR)/$(SAN_OUT)/tsan/lib $(TSAN_C_LIBS) -lm -pthread \
			-o $(SAN_OUT)/tsan/bin/$$test || exit 1; \
		$(TSAN_ENV) $(SAN_OUT)/tsan/bin/$$test || exit 1; \
	done
	$(TSAN_ENV) $(SWIFT) test --scratch-path .build-tsan -j $(SAN_JOBS) --sanitize=thread --filter '$(TSAN_SWIFT_TESTS)'

# libFuzzer harnesses (Tests/Fuzz): libFrondCAPI built with swiftc's -sanitize=fuzzer,address
# (coverage counters and comparison tracing without linking libFuzzer's main into the
# library), the harness with clang's libFuzzer, ASan and UBSan. `make fuzz SECONDS=N` runs
# each fuzzer for N seconds on the checked-in seeds plus a scratch corpus under build/fuzz
# (new inputs go there); FUZZ_FLAGS adds libFuzzer flags (e.g. -fork=1 -ignore_crashes=1).
# `make test-fuzz` runs each for a fixed number of inputs from the seeds alone, seed 1.
# SWIFT_DETERMINISTIC_HASHING fixes Swift's hash order: the json fuzzer then runs the same
# inputs every time; the api fuzzer's differ a little from run to run (some of the coverage
# that steers its mutations depends on addresses), so a failing input is kept in
# build/fuzz/artifacts/<fuzzer>/ to be replayed (build/fuzz/bin/<fuzzer> FILE).
FUZZ_OUT := build/fuzz
FUZZERS := api_fuzzer json_fuzzer
SECONDS ?= 60
FUZZ_RUNS ?= 2000
FUZZ_FLAGS ?=
FUZZ_C_FLAGS := -std=c11 -Wall -Wextra -g -O1 -fno-omit-frame-pointer -fuse-ld=lld \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_COMMON_SOURCES := Tests/Fuzz/fuzz_support.c Tests/Fuzz/fuzz_host.c
API_FUZZER_SOURCES := Tests/Fuzz/api_fuzzer.c Tests/Fuzz/api_layout.c Tests/Fuzz/api_components.c Tests/Fuzz/api_animations.c \
	Tests/Fuzz/api_roots.c Tests/Fuzz/api_callbacks.c Tests/Fuzz/api_lists.c
FUZZ_ENV := SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitize/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$(CURDIR)/Tests/Sanitize/ubsan.supp
# A fuzzer with a dictionary (Tests/Fuzz/<fuzzer>.dict) gets it. -len_control=0: the api
# fuzzer's inputs are programs, which need a few hundred bytes from the start.
# The fuzzers run in $(FUZZ_OUT)/work (what an input writes stays there), with absolute paths.
FUZZ_RUN_FLAGS := -timeout=20 -rss_limit_mb=4096 -max_len=4096 -len_control=0 -print_final_stats=1 \
	-artifact_prefix=$(CURDIR)/$(FUZZ_OUT)/artifacts/$$fuzzer/ \
	$$([ -f Tests/Fuzz/$$fuzzer.dict ] && echo -dict=$(CURDIR)/Tests/Fuzz/$$fuzzer.dict)

fuzz-build:
	$(call build-libs,--scratch-path .build-fuzz -j $(SAN_JOBS) -Xswiftc -sanitize=fuzzer$(COMMA)address,.build-fuzz/debug,$(FUZZ_OUT)/lib)
	@mkdir -p $(FUZZ_OUT)/bin
	$(SAN_CC) $(FUZZ_C_FLAGS) -Iinclude -ITests/Fuzz $(API_FUZZER_SOURCES) $(FUZZ_COMMON_SOURCES) \
		-L$(FUZZ_OUT)/lib -lfrond_cairo -lfrond -Wl,-rpath,$(CURDIR)/$(FUZZ_OUT)/lib -lm -pthread -o $(FUZZ_OUT)/bin/api_fuzzer
	$(SAN_CC) $(FUZZ_C_FLAGS) -Iinclude -ITests/Fuzz Tests/Fuzz/json_fuzzer.c $(FUZZ_COMMON_SOURCES) \
		-L$(FUZZ_OUT)/lib -lfrond -Wl,-rpath,$(CURDIR)/$(FUZZ_OUT)/lib -lm -pthread -o $(FUZZ_OUT)/bin/json_fuzzer

fuzz: fuzz-build
	@for fuzzer in $(FUZZERS); do \
		mkdir -p $(FUZZ_OUT)/corpus/$$fuzzer $(FUZZ_OUT)/artifacts/$$fuzzer $(FUZZ_OUT)/work; \
		echo "== $$fuzzer for $(SECONDS) s"; \
		(cd $(FUZZ_OUT)/work && $(FUZZ_ENV) $(CURDIR)/$(FUZZ_OUT)/bin/$$fuzzer $(FUZZ_RUN_FLAGS) -max_total_time=$(SECONDS) \
			$(FUZZ_FLAGS) $(CURDIR)/$(FUZZ_OUT)/corpus/$$fuzzer $(CURDIR)/Tests/Fuzz/corpus/$$fuzzer) || exit 1; \
	done

# The seed corpus is only read: new inputs go to an emptied scratch folder.
test-fuzz: fuzz-build
	@for fuzzer in $(FUZZERS); do \
		rm -rf $(FUZZ_OUT)/test-corpus/$$fuzzer; \
		mkdir -p $(FUZZ_OUT)/test-corpus/$$fuzzer $(FUZZ_OUT)/artifacts/$$fuzzer $(FUZZ_OUT)/work; \
		echo "== $$fuzzer: $(FUZZ_RUNS) runs, seed 1"; \
		(cd $(FUZZ_OUT)/work && $(FUZZ_ENV) $(CURDIR)/$(FUZZ_OUT)/bin/$$fuzzer $(FUZZ_RUN_FLAGS) -runs=$(FUZZ_RUNS) -seed=1 \
			$(FUZZ_FLAGS) $(CURDIR)/$(FUZZ_OUT)/test-corpus/$$fuzzer $(CURDIR)/Tests/Fuzz/corpus/$$fuzzer) || exit 1; \
	done

# ---- Live hosts (issue 30) --------------------------------------------------------------
# libfrond_web.so.0 (the web host: frond_web.h, on libsoup 3 and Pango), built on libfrond
# like libfrond_cairo; its tests run a real WebSocket client (libsoup's) and a real browser
# (Debian's chromium, headless, driven through the DevTools protocol).
LIB_WEB := $(LIB_DIR)/libfrond_web.so
LIBFROND_WEB_NEEDS := $(LIBFROND_CAIRO_NEEDS) libsoup-3.0 libgio-2.0 libgmodule-2.0
WEB_C_FLAGS = $(shell pkg-config --cflags libsoup-3.0 | sed 's/-I/-isystem /g')
WEB_C_LIBS = $(shell pkg-config --libs libsoup-3.0)
.PHONY: web-lib gtk-lib test-hosts test-hosts-c test-hosts-gtk test-hosts-python demo-web demo-tk demo-tk-feed demo-gtk
web-lib: lib
	FROND_LINK_DIR=$(CURDIR)/$(LIB_DIR) $(SWIFT) build -c $(CONFIG) --product FrondWebCAPI
	cp $(SWIFT_BUILD)/libFrondWebCAPI.so $(LIB_DIR)/libfrond_web.so.0
	ln -sf libfrond_web.so.0 $(LIB_DIR)/libfrond_web.so
ifeq ($(CONFIG),release)
	cd $(LIB_DIR) && objcopy --only-keep-debug libfrond_web.so.0 libfrond_web.so.0.debug \
		&& $(STRIP_LIBRARY) libfrond_web.so.0 && objcopy --add-gnu-debuglink=libfrond_web.so.0.debug libfrond_web.so.0
endif

# `make test-hosts` alone first installs (as root) what the hosts need (chromium among them);
# inside `make test` the browser tests are skipped, saying so, when chromium is missing.
test-hosts:
	@$(ENSURE_DEPS) hosts
	@$(MAKE) --no-print-directory test-hosts-c test-hosts-gtk test-hosts-python

# libfrond_gtk.so.0 (the GTK 4 host: frond_gtk.h), a C library built on libfrond's API and GTK 4.
LIB_GTK := $(LIB_DIR)/libfrond_gtk.so
GTK_C_FLAGS = $(shell pkg-config --cflags gtk4 2>/dev/null | sed 's/-I/-isystem /g')
GTK_C_LIBS = $(shell pkg-config --libs gtk4 2>/dev/null)
gtk-lib: lib
	$(CC) -std=c11 -Wall -Wextra -Werror $(if $(filter release,$(CONFIG)),-O2) -fPIC -shared $(GTK_C_FLAGS) -Iinclude hosts/gtk/frond_gtk.c \
		-L$(LIB_DIR) -lfrond $(GTK_C_LIBS) -lm -Wl,-soname,libfrond_gtk.so.0 -Wl,-rpath,'$$ORIGIN' -Wl,--no-undefined \
		-Wl,--version-script=hosts/gtk/exports.map -o $(LIB_DIR)/libfrond_gtk.so.0
	ln -sf libfrond_gtk.so.0 $(LIB_GTK)

# The GTK host's test: windows under Xvfb, real clicks (xdotool), GTK's rendering against
# Tests/Hosts/reference/gtk-*.png; then the demo's tour (make demo-gtk without a display);
# skipped, saying so, without GTK 4's files or Xvfb.
test-hosts-gtk:
	@if ! pkg-config --exists gtk4 || ! command -v xvfb-run >/dev/null || ! command -v xdotool >/dev/null; then \
		echo "test-hosts-gtk: skipped (needs libgtk-4-dev, xvfb and xdotool: make test-hosts installs them)"; \
	else \
		$(MAKE) --no-print-directory gtk-lib && mkdir -p $(OUT)/bin && \
		$(CC) $(STRICT_C) $(GTK_C_FLAGS) -Iinclude -ITests/CAPI Tests/Hosts/gtk_test.c -lfrond_gtk $(GTK_C_LIBS) \
			$(LINK_FROND) -o $(OUT)/bin/gtk_test && \
		GTK_A11Y=none xvfb-run -a -s "-screen 0 640x480x24" $(OUT)/bin/gtk_test && \
		$(CC) $(STRICT_C) $(GTK_C_FLAGS) -Iinclude examples/c/gtk_feed.c -lfrond_gtk $(GTK_C_LIBS) $(LINK_FROND) \
			-o $(OUT)/bin/gtk_feed && mkdir -p build/gtk-demo-test && \
		GTK_A11Y=none xvfb-run -a -s "-screen 0 640x720x24" $(OUT)/bin/gtk_feed --screenshots build/gtk-demo-test && \
		$(PYTHON) Tests/CAPI/check_exports.py include/frond_gtk.h $(LIB_GTK) && \
		$(PYTHON) Tests/CAPI/check_coverage.py include/frond_gtk.h Tests/Hosts/gtk_test.c; \
	fi

test-hosts-c: web-lib
	@mkdir -p $(OUT)/bin
	$(CC) $(STRICT_C) $(WEB_C_FLAGS) -Iinclude -ITests/CAPI Tests/Hosts/web_test.c -lfrond_web $(WEB_C_LIBS) \
		$(LINK_FROND) -o $(OUT)/bin/web_test
	$(OUT)/bin/web_test
	$(PYTHON) Tests/CAPI/check_exports.py include/frond_web.h $(LIB_WEB)
	$(PYTHON) Tests/CAPI/check_linkage.py $(LIB_WEB) libfrond_web.so.0 $(LIBFROND_WEB_NEEDS)
	$(PYTHON) Tests/CAPI/check_coverage.py include/frond_web.h Tests/Hosts/web_test.c

# The live hosts' Python tests (Tests/Hosts/test_*.py): the web server runs in the test
# process and chromium drives its pages (the latency and message figures are printed:
# pytest -s); the Tk window runs in an Xvfb of the test's own, driven by xdotool. Each is
# skipped, saying so, when its programs are missing.
test-hosts-python: web-lib $(VENV)/.installed
	cd Tests/Hosts && FROND_LIBRARY=$(CURDIR)/$(LIB) PYTHONPATH=$(CURDIR)/bindings/python \
		$(CURDIR)/$(VENV)/bin/python -m pytest -q -s -p no:cacheprovider .

# The GTK demo: the feed (100,000 posts in a frond_list, under a header with a wrapped
# GtkSpinButton) in a GTK 4 window; without a display, a short tour under Xvfb that writes
# build/demo/gtk-*.png.
demo-gtk:
	@$(ENSURE_DEPS) demo-gtk
	@$(MAKE) --no-print-directory gtk-lib
	@mkdir -p $(OUT)/bin build/demo
	$(CC) $(STRICT_C) $(GTK_C_FLAGS) -Iinclude examples/c/gtk_feed.c -lfrond_gtk $(GTK_C_LIBS) $(LINK_FROND) \
		-o $(OUT)/bin/gtk_feed
	@if [ -n "$$DISPLAY" ]; then $(OUT)/bin/gtk_feed; else \
		echo "demo-gtk: no DISPLAY: a tour under Xvfb, screenshots in build/demo"; \
		GTK_A11Y=none xvfb-run -a -s "-screen 0 640x720x24" $(OUT)/bin/gtk_feed --screenshots build/demo; fi

# The Tk demo: the todo list in a Tk window (the standard library's tkinter; needs a display:
# `xvfb-run make demo-tk QUIT_AFTER=3` without one).
demo-tk:
	@[ -n "$$DISPLAY" ] || { echo "demo-tk: no DISPLAY: run it on a desktop, or under xvfb-run"; exit 2; }
	@$(ENSURE_DEPS) demo
	@$(MAKE) --no-print-directory lib
	FROND_LIBRARY=$(CURDIR)/$(LIB) PYTHONPATH=$(CURDIR)/bindings/python:$(CURDIR)/examples/python \
		$(PYTHON) examples/python/tk_demo.py $(if $(QUIT_AFTER),--quit-after $(QUIT_AFTER))

# The 100,000-post feed in a Tk window (frond.tk's TkHost.mount_list): scroll it with the
# mouse wheel, the scrollbar or the keys; like a post (same DISPLAY rule as demo-tk).
demo-tk-feed:
	@[ -n "$$DISPLAY" ] || { echo "demo-tk-feed: no DISPLAY: run it on a desktop, or under xvfb-run"; exit 2; }
	@$(ENSURE_DEPS) demo
	@$(MAKE) --no-print-directory lib
	FROND_LIBRARY=$(CURDIR)/$(LIB) PYTHONPATH=$(CURDIR)/bindings/python:$(CURDIR)/examples/python \
		$(PYTHON) examples/python/tk_feed.py $(if $(QUIT_AFTER),--quit-after $(QUIT_AFTER))

# The web demo: the todo list, a 10,000-row list and the 100,000-post feed on
# http://127.0.0.1:8000 (PORT=…).
demo-web:
	@$(ENSURE_DEPS) demo-web
	@$(MAKE) --no-print-directory web-lib
	FROND_LIBRARY=$(CURDIR)/$(LIB) PYTHONPATH=$(CURDIR)/bindings/python:$(CURDIR)/examples/python \
		$(PYTHON) examples/python/web_demo.py \
		--port $(or $(PORT),8000)
