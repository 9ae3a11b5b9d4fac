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
VERSION    := 1.0.0
WHEEL      := dist/wellness-$(VERSION)-py3-none-linux_x86_64.whl
APT_NEEDS  := gcc g++ binutils libjansson-dev libsqlite3-dev libcurl4-openssl-dev cmake ninja-build pkg-config \
              tzdata util-linux
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps lib wheel python-env build test swift-test server-test ctest demo bench server install clean

all: build

# Debian packages, installed only when missing.
deps: $(BUILD)/.deps
$(BUILD)/.deps:
	@missing=$$(for p in $(APT_NEEDS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3 python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@mkdir -p $(BUILD) && touch $@

# The Python test environment: the test tools, then the wheel (python-env),
# so that the tests exercise what users install.
$(PYTHON): | deps
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q pytest numpy schemathesis
	@touch $@

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
	@cp -r examples/python/pyproject.toml examples/python/setup.py examples/python/README.md examples/python/wellness \
	    $(BUILD)/wheel/
	@rm -rf $(BUILD)/wheel/wellness/__pycache__ && cp $(LIBRARY) $(BUILD)/wheel/wellness/libwellness.so
	@$(PYTHON) -m pip wheel -q --no-deps -w dist $(BUILD)/wheel
	@echo "$(WHEEL): $$(stat -c %s $(WHEEL)) bytes"

python-env: wheel
	@$(PYTHON) -m pip install -q --force-reinstall --no-deps $(WHEEL)

build: deps lib python-env
	cmake -S . -B $(BUILD)/cmake -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DWELLNESS_PREBUILT_LIBRARY=$(CURDIR)/$(LIBRARY) -DWELLNESS_PYTHON=$(CURDIR)/$(PYTHON) \
	      -DWELLNESS_WHEEL=$(CURDIR)/$(WHEEL) >/dev/null
	cmake --build $(BUILD)/cmake

swift-test: deps
	swift test

# The reference backend is its own package (server/), so library users never build it.
SERVER_BIN := server/.build/release/wellness-server
SERVER_DEBUG_BIN := server/.build/debug/wellness-server
SERVER_DATA ?= $(BUILD)/server-data

# Swift tests of handlers and storage, then schemathesis (every default check)
# against a live server on a free loopback port.
server-test: deps $(PYTHON)
	swift test --package-path server
	swift build --package-path server --product wellness-server
	tests/server/run_schemathesis.sh $(SERVER_DEBUG_BIN) $(VENV)/bin/schemathesis --seed 7
	tests/server/test_shutdown.sh $(SERVER_DEBUG_BIN)

$(SERVER_BIN): deps
	swift build -c release --package-path server

$(SERVER_DEBUG_BIN): deps
	swift build --package-path server --product wellness-server

# `make server` runs it with a demo user (its API key and token are printed).
server: $(SERVER_BIN)
	$(SERVER_BIN) --port 8080 --data $(SERVER_DATA) --demo

ctest: build
	ctest --test-dir $(BUILD)/cmake --output-on-failure

test: swift-test server-test ctest

demo: build $(SERVER_DEBUG_BIN)
	@echo "== C example (examples/c/demo.c) =="
	@mkdir -p $(BUILD)/demo
	$(BUILD)/cmake/demo examples/data $(BUILD)/demo
	@echo
	@echo "== Python example (examples/python/scripts/demo.py) =="
	$(PYTHON) examples/python/scripts/demo.py examples/data $(BUILD)/demo
	@echo
	examples/journeys.sh $(SERVER_DEBUG_BIN) $(BUILD)/cmake/journeys $(CURDIR)/$(PYTHON)
	@echo
	@echo "Charts to open in a browser: $(BUILD)/demo/*.svg"

# Benchmarks print this library's figures beside pandas and polars, measured
# in the same run (the peers are installed into the venv here only).
$(BUILD)/.bench-deps: $(PYTHON)
	$(PYTHON) -m pip install -q numpy pandas polars requests
	@touch $@

bench: python-env $(BUILD)/.bench-deps $(SERVER_BIN)
	$(PYTHON) benchmarks/bench_series.py
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq wrk; }
	benchmarks/bench_server.sh $(SERVER_BIN) 60
	$(PYTHON) benchmarks/bench_client.py $(SERVER_BIN) 2000

install: build
	cmake --install $(BUILD)/cmake --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) .build dist
