# WellnessKit: `make demo` shows it working, `make test` runs every test.
# On a fresh Debian machine with only the Swift toolchain, these targets
# install what they need: apt packages (as root, or through sudo) and Python
# packages into a venv under build/.

BUILD      ?= build
PREFIX     ?= /usr/local
VENV       := $(BUILD)/venv
PYTHON     := $(VENV)/bin/python
# What SwiftPM links (with debug info), and what ships: stripped, with its
# debug info in a separate file that gdb finds through a debuglink.
SWIFT_LIBRARY := .build/release/libwellness.so
LIBRARY    := $(BUILD)/lib/libwellness.so.1
# Written once, in the header's macros.
VERSION    := $(shell sed -n 's/^\#define WELLNESS_VERSION "\(.*\)"/\1/p' include/wellness.h)
WHEEL      := dist/wellness-$(VERSION)-py3-none-linux_x86_64.whl
# openjdk-17-jre-headless: the JVM that PySpark 4 runs on (e2e/python/test_spark.py).
APT_NEEDS  := gcc g++ binutils libjansson-dev libsqlite3-dev libcurl4-openssl-dev libssl-dev libexpat1-dev zlib1g-dev cmake ninja-build pkg-config \
              tzdata util-linux postgresql abigail-tools openjdk-17-jre-headless
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps lib wheel print-version python-env build lint test swift-test server-test server-test-suite ctest demo bench server install clean \
        spark35-test \
        fuzz fuzz-build fuzz-replay fuzz-corpus fuzz-codec fuzz-codec-build sanitize sanitize-deps sanitize-tsan sanitize-valgrind sanitize-asan

all: build

# Debian packages, installed only when missing.
deps: $(BUILD)/.deps
$(BUILD)/.deps:
	@missing=$$(for p in $(APT_NEEDS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3 python3-venv"; \
	python3 -c 'import os, sysconfig; raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
	  2>/dev/null || missing="$$missing python3-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@mkdir -p $(BUILD) && touch $@

# The Python test environment: the test tools (mypy --strict over the package,
# the scripts and the README; pandas and polars for aggregate_frame; requests
# for the server's keep-alive test; PySpark, run in local[2] on the JVM from
# deps, and Dask's dataframe for wellness.spark and wellness.dask), then the
# wheel (python-env), so that the tests exercise what users install.
PY_TOOLS   := pytest orjson numpy pandas polars pyarrow mypy ruff pandas-stubs schemathesis openapi-schema-validator openapi-spec-validator pyyaml requests \
              pyspark "dask[dataframe]"
# Their versions, pinned (with what they pull in) so that a new release cannot break the tests on its own.
PY_CONSTRAINTS := e2e/python/constraints.txt
# Names the tool list and the pins, so that a venv made before either changed gets the new tools.
PY_TOOLS_STAMP := $(VENV)/.tools-$(shell { echo '$(PY_TOOLS)'; cat $(PY_CONSTRAINTS); } | cksum | cut -d' ' -f1)

$(PYTHON): | deps
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q -c $(PY_CONSTRAINTS) $(PY_TOOLS)
	@touch $@
	@rm -f $(VENV)/.tools-* && touch $(PY_TOOLS_STAMP)

$(PY_TOOLS_STAMP): | $(PYTHON)
	$(PYTHON) -m pip install -q -c $(PY_CONSTRAINTS) $(PY_TOOLS)
	@rm -f $(VENV)/.tools-* && touch $@

# libwellness.so.1 with the Swift runtime linked in: no RUNPATH, so it loads
# where no Swift toolchain is installed.
lib: deps
	@swift build -q -c release --product wellness --disable-local-rpath
	@mkdir -p $(BUILD)/lib
	@objcopy --only-keep-debug $(SWIFT_LIBRARY) $(LIBRARY).debug
	@objcopy --strip-all --add-gnu-debuglink=$(LIBRARY).debug $(SWIFT_LIBRARY) $(LIBRARY)
	@echo "$(LIBRARY): $$(stat -c %s $(LIBRARY)) bytes stripped; debug info in $(LIBRARY).debug"

# The Python package with the library inside, tagged for this platform
# (linux_x86_64: libcurl keeps it from being a manylinux wheel).
wheel: lib $(PYTHON)
	@rm -rf $(BUILD)/wheel && mkdir -p $(BUILD)/wheel dist
	@cp -r python/pyproject.toml python/setup.py python/README.md python/wellness include/wellness.h \
	    $(BUILD)/wheel/
	@rm -rf $(BUILD)/wheel/wellness/__pycache__ && cp $(LIBRARY) $(BUILD)/wheel/wellness/libwellness.so
	@$(PYTHON) -m pip wheel -q --no-deps -w dist $(BUILD)/wheel
	@echo "$(WHEEL): $$(stat -c %s $(WHEEL)) bytes"

print-version:
	@echo $(VERSION)

python-env: wheel $(PY_TOOLS_STAMP)
	@$(PYTHON) -m pip install -q --force-reinstall --no-deps $(WHEEL)

build: deps lib python-env
	@cmake -S . -B $(BUILD)/cmake -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DWELLNESS_PREBUILT_LIBRARY=$(CURDIR)/$(LIBRARY) -DWELLNESS_PYTHON=$(CURDIR)/$(PYTHON) \
	      -DWELLNESS_WHEEL=$(CURDIR)/$(WHEEL) -DWELLNESS_PYTHON_TOOLS=ON >/dev/null
	@cmake --build $(BUILD)/cmake -- --quiet

swift-test: deps
	swift test

# The reference backend is its own package (server/), so library users never build it.
SERVER_BIN := server/.build/release/wellness-server
SERVER_DEBUG_BIN := server/.build/debug/wellness-server
SERVER_DATA ?= $(BUILD)/server-data

# The server serves the contract it was built with.
CONTRACT_SWIFT := server/Sources/WellnessServer/Contract/OpenAPIContract.swift
$(CONTRACT_SWIFT): openapi/wellness-api.yaml server/scripts/embed-contract.sh
	server/scripts/embed-contract.sh $< $@

# Swift tests of handlers and storage, then schemathesis (every default check)
# against a live server on a free loopback port, each with SQLite and with
# PostgreSQL: e2e/server/postgres.sh starts a throwaway cluster (Debian's
# postgresql package, as `nobody` when run as root) and stops and removes it
# at the end, whatever happened.
server-test: deps $(PY_TOOLS_STAMP) $(CONTRACT_SWIFT)
	e2e/server/postgres.sh run $(MAKE) --no-print-directory server-test-suite

# At most 12 tests at once: each PostgreSQL test opens a server with two
# fresh databases and their pools, and a burst of a hundred at start-up left
# some waiting over 10 s for a connection on 2 cores.
SERVER_TEST_WIDTH ?= 12
server-test-suite:
	swift test --package-path server --experimental-maximum-parallelization-width $(SERVER_TEST_WIDTH)
	swift build --package-path server --product wellness-server
	e2e/server/run_schemathesis.sh $(SERVER_DEBUG_BIN) $(VENV)/bin/schemathesis --seed 7
	WELLNESS_TEST_ENGINE=postgres e2e/server/run_schemathesis.sh $(SERVER_DEBUG_BIN) $(VENV)/bin/schemathesis --seed 7
	e2e/server/test_shutdown.sh $(SERVER_DEBUG_BIN)
	e2e/server/test_keys.sh $(SERVER_DEBUG_BIN)
	e2e/server/test_flags.sh $(SERVER_DEBUG_BIN)
	e2e/server/test_instances.sh $(SERVER_DEBUG_BIN)
	e2e/server/test_keepalive.sh $(SERVER_DEBUG_BIN) $(PYTHON)
	e2e/server/test_crash_idempotency.sh $(SERVER_DEBUG_BIN)
	e2e/server/test_erase.sh $(SERVER_DEBUG_BIN)
	@# The release binary users run: keyed POSTs crashed it (a task-local in
	@# optimised code) while every test of the debug build passed.
	swift build -q -c release --package-path server --product wellness-server
	e2e/server/test_crash_idempotency.sh $(SERVER_BIN)

$(SERVER_BIN): deps $(CONTRACT_SWIFT)
	swift build -c release --package-path server

$(SERVER_DEBUG_BIN): deps $(CONTRACT_SWIFT)
	@swift build -q --package-path server --product wellness-server

# `make server` runs it with a demo user (its API key and token are printed).
# With a language model behind it: `make server AI_BASE_URL=http://127.0.0.1:11434/v1
# AI_MODEL=qwen2.5:1.5b-instruct` (the key, if any, in WELLNESS_AI_API_KEY);
# any other option through SERVER_FLAGS="--ai-timeout 20 ...".
AI_BASE_URL  ?=
AI_MODEL     ?=
SERVER_FLAGS ?=
SERVER_AI_FLAGS := $(if $(AI_BASE_URL),--ai-base-url $(AI_BASE_URL) --ai-model $(AI_MODEL))
server: $(SERVER_BIN)
	@$(if $(AI_BASE_URL),$(if $(AI_MODEL),,$(error AI_BASE_URL needs AI_MODEL, the model name the endpoint serves)))
	$(SERVER_BIN) --port 8080 --data $(SERVER_DATA) --demo $(SERVER_AI_FLAGS) $(SERVER_FLAGS)

ctest: build
	ctest --test-dir $(BUILD)/cmake --output-on-failure

# wellness.spark on PySpark 3.5 (applyInPandas; `make test` covers Spark 4's
# applyInArrow), with the pandas, pyarrow and numpy 3.5 accepts, in a venv of
# its own. Not in `make test`: installing PySpark 3.5 alone takes minutes.
SPARK35_VENV := $(BUILD)/venv-spark35
SPARK35_PINS := pyspark==3.5.9 pandas==2.2.3 numpy==1.26.4 pyarrow==16.1.0 pytest==9.2.0
$(SPARK35_VENV)/.pins-$(shell echo '$(SPARK35_PINS)' | cksum | cut -d' ' -f1): | deps
	python3 -m venv $(SPARK35_VENV)
	$(SPARK35_VENV)/bin/python -m pip install -q $(SPARK35_PINS)
	@rm -f $(SPARK35_VENV)/.pins-* && touch $@

spark35-test: lib $(SPARK35_VENV)/.pins-$(shell echo '$(SPARK35_PINS)' | cksum | cut -d' ' -f1)
	WELLNESS_TEST_SOURCE=1 WELLNESS_LIBRARY=$(CURDIR)/$(LIBRARY) $(SPARK35_VENV)/bin/python -m pytest -q e2e/python/test_spark.py

# A formatter's lint and a linter per language: swift-format (the toolchain's;
# .swift-format: 4-space indents, 120 columns, and two rules off:
# AlwaysUseLowerCamelCase, since the C ABI's @_cdecl functions carry C names,
# and OnlyOneTrailingClosureArgument, since test helpers take a setup closure
# and a trailing body), ruff (ruff.toml), and C warnings as errors (CMake).
# `swift format -i -r <paths>` applies the Swift formatting.
SWIFT_SOURCES := Sources Tests server/Sources server/Tests Package.swift server/Package.swift
lint: $(PY_TOOLS_STAMP)
	swift format lint --strict -r $(SWIFT_SOURCES)
	$(VENV)/bin/ruff check --quiet .

test: lint swift-test server-test ctest

demo: build $(SERVER_DEBUG_BIN)
	@echo "== C example (examples/c/demo.c) =="
	@mkdir -p $(BUILD)/demo
	@$(BUILD)/cmake/demo examples/data $(BUILD)/demo
	@echo
	@echo "== Ask your data from C (examples/c/ask.c) =="
	@$(BUILD)/cmake/ask examples/data
	@echo
	@echo "== Python example (examples/python/demo.py) =="
	@$(PYTHON) examples/python/demo.py examples/data $(BUILD)/demo
	@echo
	@examples/journeys.sh $(SERVER_DEBUG_BIN) $(BUILD)/cmake/journeys $(CURDIR)/$(PYTHON) $(BUILD)/demo
	@echo
	@echo "Charts to open in a browser: $(BUILD)/demo/*.svg"

# Benchmarks print this library's figures beside pandas and polars, measured
# in the same run (pandas, polars and requests are in the test venv).
# Debian packages only the benchmarks use (yardsticks, load generators), never
# dependencies of the library.
BENCH_APT_NEEDS := libsimdjson-dev wrk
SIMDJSON_WALK := $(BUILD)/bench/simdjson_walk

$(BUILD)/.bench-deps:
	@missing=$$(for p in $(BENCH_APT_NEEDS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages for the benchmarks:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@mkdir -p $(BUILD) && touch $@

$(SIMDJSON_WALK): benchmarks/simdjson_walk.cpp $(BUILD)/.bench-deps
	@mkdir -p $(dir $@)
	$(CXX) -O2 -std=c++17 -o $@ $< -lsimdjson

# healthkit-to-sqlite, the yardstick of the Apple Health importer, pinned in a
# venv of its own (it brings click and sqlite-utils, which the tests do not need).
HEALTHKIT_TO_SQLITE_PIN := healthkit-to-sqlite==1.0.1 sqlite-utils==4.2.1 click==8.5.1
HEALTHKIT_TO_SQLITE := $(BUILD)/bench-venv/bin/healthkit-to-sqlite

$(HEALTHKIT_TO_SQLITE):
	python3 -m venv $(BUILD)/bench-venv
	$(BUILD)/bench-venv/bin/pip install -q $(HEALTHKIT_TO_SQLITE_PIN)

bench: python-env $(PY_TOOLS_STAMP) $(SERVER_BIN) $(SIMDJSON_WALK) $(HEALTHKIT_TO_SQLITE)
	$(PYTHON) benchmarks/bench_series.py $(SIMDJSON_WALK)
	$(PYTHON) benchmarks/bench_calls.py
	$(PYTHON) benchmarks/bench_groups.py
	$(PYTHON) benchmarks/bench_memory.py
	$(PYTHON) benchmarks/bench_distributed.py
	$(PYTHON) benchmarks/bench_query.py
	e2e/server/postgres.sh run $(PYTHON) benchmarks/bench_server.py $(SERVER_BIN) 10
	$(PYTHON) benchmarks/bench_ai_load.py $(SERVER_BIN) 10
	$(PYTHON) benchmarks/bench_client.py $(SERVER_BIN) 2000
	$(PYTHON) benchmarks/bench_offline.py $(SERVER_BIN) 1000
	$(PYTHON) benchmarks/bench_import.py $(HEALTHKIT_TO_SQLITE) --work $(BUILD)/bench

# ---------------------------------------------------------------------------
# Fuzzing and sanitizers (e2e/fuzz/README.md). Each instrumented library has
# its own SwiftPM scratch path; the C side is built with the Swift
# toolchain's clang, whose compiler-rt has libFuzzer, ASan, UBSan and TSan.
#
#   make fuzz [FUZZ_SECONDS=300] [FUZZ_KEEP_GOING=1]  libFuzzer; new defects go to e2e/fuzz/regressions/
#     (WELLNESS_FUZZ_TOLERATE=nonfinite,svg gets past open non-finite-number defects)
#   make fuzz-replay                                  corpus + regressions against the release library
#   make fuzz-corpus                                  regenerates e2e/fuzz/corpus/ and json.dict
#   make fuzz-codec [FUZZ_SECONDS=300]                the wheel's JSON codec; defects go to e2e/fuzz/codec_regressions/
#   make sanitize                                     TSan, valgrind memcheck and ASan+UBSan passes

FUZZ_SECONDS   ?= 300
FUZZ_MAX_LEN   ?= 65536
SWIFT_BIN_DIR  := $(dir $(realpath $(shell command -v swift)))
CLANG          ?= $(SWIFT_BIN_DIR)clang
SWIFT_LIB_DIR  := $(abspath $(SWIFT_BIN_DIR)../lib/swift/linux)
FUZZ_DIR       := $(BUILD)/fuzz
SANITIZE_DIR   := $(BUILD)/sanitize
FUZZ_LIBRARY   := .build-fuzz/release/libwellness.so
TSAN_LIBRARY   := .build-tsan/release/libwellness.so
FUZZ_CORPORA   := e2e/fuzz/corpus e2e/fuzz/regressions
FUZZ_SOURCES   := e2e/fuzz/fuzz_entry_points.c e2e/fuzz/fuzz_selectors.h
# Coverage for libFuzzer (what clang's -fsanitize=fuzzer instruments) and
# ASan, in the Swift code itself; swiftc's -sanitize=fuzzer would link
# libFuzzer's main into the shared library. Swift's own checks (overflow,
# bounds, conversions) stay on in -O and trap: UBSan's job for Swift.
FUZZ_SWIFTFLAGS := -Xswiftc -sanitize=address \
                   -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,trace-cmp,pc-table
SAN_CFLAGS     := -std=c99 -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Werror -pedantic -Iinclude -Ie2e/fuzz -fuse-ld=lld
# --expensive-definedness-checks: Swift keeps a multi-payload enum's case in
# a spare bit of its payload (e.g. the sign bit of QuestionAnswer.Asked's
# last word, which `.declined(String)` does not otherwise fill) and branches
# on that bit alone (`cmpq $0; js`). Memcheck's default, cheaper rule calls
# such a compare undefined when any bit of the word is; the precise rule
# tracks the bit itself and still reports a branch on a truly unset one.
VALGRIND       := valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
                  --show-leak-kinds=definite --expensive-definedness-checks=yes
# libFuzzer and the sanitizers report traps; the Swift backtracer would
# take the signal first.
SAN_ENV        := SWIFT_BACKTRACE=enable=no UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# The wheel's JSON codec (python/wellness/_codec.c) is fuzzed inside an embedded
# CPython: the venv's interpreter, its headers and its libpython.
CODEC_FUZZ_CORPORA := e2e/fuzz/codec_corpus e2e/fuzz/codec_regressions
CODEC_FUZZ_FLAGS = $(shell $(PYTHON) -c 'import sysconfig as s; v = s.get_config_var; \
    print("-I" + s.get_paths()["include"], "-L" + v("LIBDIR"), "-lpython" + v("LDVERSION"), "-Wl,-rpath," + v("LIBDIR"))')

# valgrind, only when missing (the rest comes with `deps` and the toolchain).
sanitize-deps: $(BUILD)/.sanitize-deps
$(BUILD)/.sanitize-deps: $(BUILD)/.deps
	@command -v valgrind >/dev/null || { echo "Installing Debian packages: valgrind"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind; }
	@test -x $(CLANG) || { echo "no clang beside swift ($(CLANG)); set CLANG= to a clang with compiler-rt"; exit 1; }
	@touch $@

# The library with ASan and coverage, and the harness with libFuzzer, ASan
# and UBSan. The SwiftPM file is not named after its soname: a
# libwellness.so.1 link in runtime/ lets the loader find it.
fuzz-build: deps
	WELLNESS_SANITIZER_BUILD=1 swift build -q -c release --product wellness --scratch-path .build-fuzz $(FUZZ_SWIFTFLAGS)
	@mkdir -p $(FUZZ_DIR)/runtime
	ln -sf $(CURDIR)/$(FUZZ_LIBRARY) $(FUZZ_DIR)/runtime/libwellness.so.1
	$(CLANG) $(SAN_CFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    e2e/fuzz/fuzz_entry_points.c e2e/fuzz/json_mutator.c -o $(FUZZ_DIR)/fuzz_entry_points \
	    -L$(dir $(FUZZ_LIBRARY)) -lwellness -Wl,-rpath,$(CURDIR)/$(FUZZ_DIR)/runtime -ljansson -lm

# Fails on any crash, sanitizer report, ABI violation, leak or timeout; each
# distinct one is minimised into e2e/fuzz/regressions/ (commit it).
# FUZZ_KEEP_GOING=1 keeps fuzzing past failures (-fork=1 -ignore_crashes=1).
fuzz: fuzz-build
	python3 e2e/fuzz/run_fuzz.py --fuzzer $(FUZZ_DIR)/fuzz_entry_points --seconds $(FUZZ_SECONDS) \
	    --max-len $(FUZZ_MAX_LEN) --work $(FUZZ_DIR) $(if $(FUZZ_KEEP_GOING),--keep-going)

# libFuzzer, ASan and UBSan over the codec, compiled into the harness (fuzz_codec.c).
fuzz-codec-build: sanitize-deps python-env
	@mkdir -p $(FUZZ_DIR)
	$(CLANG) -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Werror -fuse-ld=lld \
	    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    -DCODEC_CHECK_DIR='"$(CURDIR)/e2e/fuzz"' e2e/fuzz/fuzz_codec.c python/wellness/_codec.c \
	    -o $(FUZZ_DIR)/fuzz_codec $(CODEC_FUZZ_FLAGS)

# Fuzzes from a copy of the corpus (the findings to keep are the defects, filed in codec_regressions/).
fuzz-codec: fuzz-codec-build
	@rm -rf $(FUZZ_DIR)/codec-work && mkdir -p $(FUZZ_DIR)/codec-work e2e/fuzz/codec_regressions
	cp e2e/fuzz/codec_corpus/* $(FUZZ_DIR)/codec-work/
	$(SAN_ENV) ASAN_OPTIONS=detect_leaks=0 $(FUZZ_DIR)/fuzz_codec -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	    -dict=e2e/fuzz/json.dict -artifact_prefix=e2e/fuzz/codec_regressions/ -print_final_stats=1 \
	    $(FUZZ_DIR)/codec-work

# What ctest's fuzz_replay runs, without CMake.
RELEASE_LINK := -L$(dir $(LIBRARY)) -l:libwellness.so.1 -Wl,-rpath,$(CURDIR)/$(dir $(LIBRARY))
fuzz-replay: deps lib
	@mkdir -p $(FUZZ_DIR)
	cc -std=c99 -O1 -Wall -Wextra -Werror -pedantic -Iinclude -Ie2e/fuzz e2e/fuzz/replay_main.c \
	    e2e/fuzz/fuzz_entry_points.c -o $(FUZZ_DIR)/fuzz_replay $(RELEASE_LINK) -ljansson -lm
	$(FUZZ_DIR)/fuzz_replay $(FUZZ_CORPORA)

# Seeds from examples/data and the inputs of the C tests (only those adding
# coverage); commit the result.
fuzz-corpus: lib fuzz-build
	python3 e2e/fuzz/make_corpus.py --library $(LIBRARY) --fuzzer $(FUZZ_DIR)/fuzz_entry_points

# (a) ThreadSanitizer: the library with e2e/c/test_concurrency.c, 16 threads
# at once; any report fails. The toolchain's TSan runtime intercepts
# libdispatch, hence -ldispatch -lBlocksRuntime.
sanitize-tsan: sanitize-deps
	@echo "== sanitize (a): ThreadSanitizer, e2e/c/test_concurrency.c and test_groups.c =="
	WELLNESS_SANITIZER_BUILD=1 swift build -q -c release --product wellness --scratch-path .build-tsan \
	    -Xswiftc -sanitize=thread
	@mkdir -p $(SANITIZE_DIR)/tsan-runtime
	ln -sf $(CURDIR)/$(TSAN_LIBRARY) $(SANITIZE_DIR)/tsan-runtime/libwellness.so.1
	$(CLANG) -std=c99 -g -O1 -fsanitize=thread -fuse-ld=lld -Iinclude e2e/c/test_concurrency.c \
	    -o $(SANITIZE_DIR)/test_concurrency_tsan -L$(dir $(TSAN_LIBRARY)) -lwellness \
	    -Wl,-rpath,$(CURDIR)/$(SANITIZE_DIR)/tsan-runtime -L$(SWIFT_LIB_DIR) -ldispatch -lBlocksRuntime \
	    -Wl,-rpath,$(SWIFT_LIB_DIR) -ljansson -lpthread
	$(SAN_ENV) TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/e2e/fuzz/tsan.supp" \
	    $(SANITIZE_DIR)/test_concurrency_tsan
	$(CLANG) -std=c99 -g -O1 -fsanitize=thread -fuse-ld=lld -Iinclude e2e/c/test_groups.c \
	    -o $(SANITIZE_DIR)/test_groups_tsan -L$(dir $(TSAN_LIBRARY)) -lwellness \
	    -Wl,-rpath,$(CURDIR)/$(SANITIZE_DIR)/tsan-runtime -L$(SWIFT_LIB_DIR) -ldispatch -lBlocksRuntime \
	    -Wl,-rpath,$(SWIFT_LIB_DIR) -ljansson -lpthread -lm
	$(SAN_ENV) TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/e2e/fuzz/tsan.supp" \
	    $(SANITIZE_DIR)/test_groups_tsan

# (b) valgrind memcheck against the release library: the corpus in one
# process (one leak check over every entry point), the regressions one
# process each, and the bad-input test. The library runs from a directory
# without its .debug file: Debian's valgrind 3.19 cannot read the DWARF 5
# that the static Swift runtime carries (it gives up on the whole run).
VALGRIND_LIB := $(SANITIZE_DIR)/valgrind-lib
sanitize-valgrind: sanitize-deps fuzz-replay
	@echo "== sanitize (b): valgrind memcheck, release library =="
	@mkdir -p $(VALGRIND_LIB) && cp $(LIBRARY) $(VALGRIND_LIB)/
	cc -std=c99 -O1 -Iinclude e2e/c/test_bad_input.c -o $(FUZZ_DIR)/test_bad_input $(RELEASE_LINK) -ljansson
	$(SAN_ENV) LD_LIBRARY_PATH=$(VALGRIND_LIB) $(VALGRIND) $(FUZZ_DIR)/fuzz_replay --in-process e2e/fuzz/corpus
	$(SAN_ENV) LD_LIBRARY_PATH=$(VALGRIND_LIB) $(VALGRIND) $(FUZZ_DIR)/fuzz_replay e2e/fuzz/regressions
	$(SAN_ENV) LD_LIBRARY_PATH=$(VALGRIND_LIB) $(VALGRIND) $(FUZZ_DIR)/test_bad_input
	cc -std=c99 -O1 -Iinclude e2e/c/test_groups.c -o $(FUZZ_DIR)/test_groups $(RELEASE_LINK) -ljansson -lm
	$(SAN_ENV) LD_LIBRARY_PATH=$(VALGRIND_LIB) $(VALGRIND) $(FUZZ_DIR)/test_groups

# (c) ASan + UBSan: the replay built against the fuzzing library (ASan and
# coverage) without libFuzzer; leaks are checked at exit.
sanitize-asan: sanitize-deps fuzz-build
	@echo "== sanitize (c): AddressSanitizer + UndefinedBehaviorSanitizer, fuzz replay =="
	$(CLANG) $(SAN_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	    e2e/fuzz/replay_main.c e2e/fuzz/fuzz_entry_points.c -o $(FUZZ_DIR)/fuzz_replay_asan \
	    -L$(dir $(FUZZ_LIBRARY)) -lwellness -Wl,-rpath,$(CURDIR)/$(FUZZ_DIR)/runtime -ljansson -lm
	$(SAN_ENV) ASAN_OPTIONS=detect_leaks=1 $(FUZZ_DIR)/fuzz_replay_asan --in-process e2e/fuzz/corpus
	$(SAN_ENV) ASAN_OPTIONS=detect_leaks=1 $(FUZZ_DIR)/fuzz_replay_asan e2e/fuzz/regressions
	@echo "== sanitize (c): the wheel's JSON codec: corpus, regressions, then 60 s of libFuzzer =="
	$(MAKE) --no-print-directory fuzz-codec-build
	$(SAN_ENV) ASAN_OPTIONS=detect_leaks=0 $(FUZZ_DIR)/fuzz_codec -runs=0 $(wildcard $(CODEC_FUZZ_CORPORA))
	$(MAKE) --no-print-directory fuzz-codec FUZZ_SECONDS=60

# All three, each timed; every pass runs even when an earlier one fails.
sanitize:
	@status=0; start=$$(date +%s); \
	for pass in tsan valgrind asan; do \
	  begin=$$(date +%s); \
	  if $(MAKE) --no-print-directory sanitize-$$pass; then result=passed; else result=FAILED; status=1; fi; \
	  echo "sanitize-$$pass: $$result in $$(( $$(date +%s) - begin )) s"; summary="$$summary sanitize-$$pass:$$result"; \
	done; \
	echo "sanitize: $$summary (total $$(( $$(date +%s) - start )) s)"; exit $$status

install: build
	cmake --install $(BUILD)/cmake --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) .build .build-fuzz .build-tsan dist
