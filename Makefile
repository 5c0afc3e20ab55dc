# The two set-up commands of the README (`make run`, `make test`) and the longer runs.
# Every target installs the Debian packages it needs first (scripts/install-deps.sh is idempotent).
SHELL := /bin/bash
.DEFAULT_GOAL := help

DEV_DIR     := build/dev
RELEASE_DIR := build/release
RUN_DIR     := $(CURDIR)/build/run
KAFKA_MOCK  := $(DEV_DIR)/tests/services/msgx-kafka-mock

.PHONY: help deps build build-release run test fuzz format tidy clean

help:
	@echo "make run    - build and run msgxd in the foreground on the embedded profile (etc/msgx.embedded.yaml)"
	@echo "make test   - build the dev preset (ASan/UBSan), start the test services, run ctest, stop them"
	@echo "make fuzz   - libFuzzer run of the XML decoder (FUZZ_SECONDS, default 600); make test replays its corpus"
	@echo "make format - apply clang-format;  make tidy - run clang-tidy over the dev build"

deps:
	@bash scripts/install-deps.sh

build: deps
	cmake --preset dev
	cmake --build --preset dev

build-release: deps
	cmake --preset release
	cmake --build --preset release --target msgx_runtime

# The recipe's shell execs msgxd, so the daemon (not a shell) receives SIGINT/SIGTERM.
run: build-release
	@mkdir -p $(RUN_DIR)/var $(RUN_DIR)/run
	exec env MSGX_VAR_DIR=$(RUN_DIR)/var MSGX_RUN_DIR=$(RUN_DIR)/run MSGX_PLUGINS_DIR=$(CURDIR)/$(RELEASE_DIR)/handlers \
	  $(RELEASE_DIR)/core/msgxd --config etc/msgx.embedded.yaml

test: build
	tests/services/with-services --kafka-mock $(KAFKA_MOCK) -- ctest --preset dev

FUZZ_SECONDS ?= 600
fuzz: deps
	tests/fuzz/build-and-run.sh $(FUZZ_SECONDS)

format:
	git ls-files '*.h' '*.cpp' | xargs clang-format -i

tidy: build
	git ls-files '*.cpp' | xargs clang-tidy -p $(DEV_DIR) --quiet

clean:
	rm -rf build
