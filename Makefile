# The two set-up commands of the README (`make run`, `make test`) and the longer runs.
# Every target installs the Debian packages it needs first: deps-<profile> runs
# scripts/install-deps.sh <profile> (idempotent; the profiles are listed in the script).
SHELL := /bin/bash
.DEFAULT_GOAL := help

DEV_DIR     := build/dev
RELEASE_DIR := build/release
RUN_DIR     := $(CURDIR)/build/run
KAFKA_MOCK  := $(DEV_DIR)/tests/services/msgx-kafka-mock

PACKAGE_DIR := build/package

.PHONY: help deps build build-release run test fuzz bench chaos season soak format tidy clean package package-test

help:
	@echo "make run    - build and run msgxd in the foreground on the embedded profile (etc/msgx.embedded.yaml)"
	@echo "make test   - build the dev preset (ASan/UBSan), start the test services, run ctest, stop them"
	@echo "make fuzz   - libFuzzer run of the XML decoder (FUZZ_SECONDS, default 600); make test replays its corpus"
	@echo "make bench  - release build; store, delivery, end-to-end (fsync off and on; bench/results/), snapshot and FLOP benchmarks beside raw rates of the same run (docs/performance.md)"
	@echo "make chaos  - release build; msgxd writer + standby (faketime) under kills, pauses, outages and Kafka/disk faults, checked, ~10 min (docs/reliability.md)"
	@echo "make season - release build; msgxd under libfaketime sweeps a flight 40 days past at archive.at and revives it, ~1 min (docs/testing.md)"
	@echo "make soak   - make season, then hot store operations at 10k rows and at full size, msgxd RSS over 30 min at 1,000 msg/s, <= 45 min (docs/performance.md)"
	@echo "make format - apply clang-format;  make tidy - run clang-tidy over the dev build"
	@echo "make package      - release build (no tests) and the DEB + RPM files in $(PACKAGE_DIR)/packages"
	@echo "make package-test - install the DEBs into a throwaway Debian 12 root and check them (root, docs/packaging.md)"

deps: deps-test

deps-%:
	@bash scripts/install-deps.sh $*

build: deps-test
	cmake --preset dev
	cmake --build --preset dev

build-release: deps-build
	cmake --preset release
	cmake --build --preset release --target msgx_runtime

# The recipe's shell execs msgxd, so the daemon (not a shell) receives SIGINT/SIGTERM.
RUN_ENV = MSGX_VAR_DIR=$(RUN_DIR)/var MSGX_RUN_DIR=$(RUN_DIR)/run MSGX_PLUGINS_DIR=$(CURDIR)/$(RELEASE_DIR)/handlers

# The embedded profile end to end. The first start seeds the sample day (etc/sample-day/) into the
# empty embedded mailbox; later starts find the mailbox filled and leave it alone.
run: build-release
	@mkdir -p $(RUN_DIR)/var $(RUN_DIR)/run
	env $(RUN_ENV) $(RELEASE_DIR)/core/msgxctl --config etc/msgx.embedded.yaml inject --if-empty etc/sample-day/*.xml
	exec env $(RUN_ENV) $(RELEASE_DIR)/core/msgxd --config etc/msgx.embedded.yaml

test: build
	tests/services/with-services --kafka-mock $(KAFKA_MOCK) -- ctest --preset dev

FUZZ_SECONDS ?= 600
fuzz: deps-fuzz
	tests/fuzz/build-and-run.sh $(FUZZ_SECONDS)

# The benchmarks (docs/performance.md), one after the other (never two at once: each is measured
# against a raw rate of the same run). The delivery bench writes its median ratio to
# build/bench/delivery.json before the end-to-end runs (fsync off, then on), whose results writer
# reads it into bench/results/<date>-<sha>.json beside the plots.
bench: deps-bench
	cmake --preset release
	cmake --build --preset release --target msgx-store-bench msgx-delivery-bench msgx-e2e-bench \
	  msgx-flop-decide-bench msgx-snapshot-bench msgx-kafka-mock msgx_runtime
	bench/run-store-bench.sh build/release
	@mkdir -p build/bench
	bench/run-delivery-bench.sh build/release --store postgresql --json build/bench/delivery.json
	bench/run-e2e-bench.sh build/release
	bench/run-snapshot-bench.sh build/release
	build/release/bench/msgx-flop-decide-bench --handlers build/release/handlers

# The chaos run (docs/reliability.md): the release build (libfaketime does not mix with ASan), the
# servers of with-services (the run kills and restarts them itself), the table in build/chaos/.
# CHAOS_ARGS passes options, e.g. CHAOS_ARGS='--seed 42' repeats a run's schedule and load.
CHAOS_ARGS ?=
chaos: deps-chaos
	cmake --preset release
	cmake --build --preset release --target msgx-chaos
	tests/services/with-services --only pg,mysql,kafka --kafka-mock $(RELEASE_DIR)/tests/services/msgx-kafka-mock -- \
	  $(RELEASE_DIR)/tests/chaos/msgx-chaos --work-dir build/chaos/run --report build/chaos/report.md \
	  --commit "$$(git rev-parse --short HEAD)$$(git diff --quiet HEAD -- core storage plugins handlers || echo '+uncommitted')" \
	  $(CHAOS_ARGS)

# The flight history over a faked calendar (docs/testing.md "The season run"): release msgxd on a
# temporary embedded-profile store under libfaketime (never the ASan tree), about a minute.
season: deps-season
	cmake --preset release
	cmake --build --preset release --target msgx_runtime
	tests/season/faketime-sweep.sh $(RELEASE_DIR)

# Flat cost as the store grows and memory over time (docs/performance.md): fills a private
# PostgreSQL to the size of real operation, then runs msgxd 30 minutes; not part of make test.
# The season run first: a minute that stops a broken sweep before the long run.
# SOAK_ARGS passes options, e.g. SOAK_ARGS='--minutes 5'.
SOAK_ARGS ?=
soak: deps-bench
	cmake --preset release
	cmake --build --preset release --target msgx-soak msgx_runtime msgx-kafka-mock
	tests/season/faketime-sweep.sh $(RELEASE_DIR)
	bench/run-soak.sh $(RELEASE_DIR) $(SOAK_ARGS)

format:
	git ls-files '*.h' '*.cpp' | xargs clang-format -i

tidy: build deps-tidy
	git ls-files '*.cpp' | xargs clang-tidy -p $(DEV_DIR) --quiet

# Packages (docs/packaging.md): a release build of its own, prefix /usr, without the test suite.
package: deps-package
	cmake -S . -B $(PACKAGE_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMSGX_SANITIZE=OFF \
	  -DMSGX_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX=/usr
	cmake --build $(PACKAGE_DIR) -j2
	cd $(PACKAGE_DIR) && cpack -G "DEB;RPM"

package-test: package
	packaging/test/package-test.sh $(PACKAGE_DIR)

clean:
	rm -rf build
