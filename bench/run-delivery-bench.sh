#!/usr/bin/env bash
# Runs msgx-delivery-bench against a fresh Kafka mock cluster of the test services (3 brokers) with
# a SQLite own store (or, with --store postgresql, the private PostgreSQL of the test services).
# Usage: bench/run-delivery-bench.sh [BUILD_DIR] [ARGS...] (default build dir build/release; ARGS go
# to msgx-delivery-bench, e.g. --events 20000 --rounds 3 --store postgresql --json FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
shift || true
bench=$build/bench/msgx-delivery-bench
mock=$build/tests/services/msgx-kafka-mock
[[ -x $bench ]] || { echo "run-delivery-bench: $bench not built (cmake --build --preset release --target msgx-delivery-bench)" >&2; exit 1; }
if [[ -x $mock ]]; then
  exec tests/services/with-services --only pg,kafka --kafka-mock "$mock" -- "$bench" "$@"
fi
# No mock binary in this build: the bench starts an in-process mock cluster itself.
exec "$bench" "$@"
