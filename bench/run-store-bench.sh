#!/usr/bin/env bash
# Runs msgx-store-bench against a fresh private PostgreSQL (tests/services, fsync off like every
# test instance) and SQLite, from a release build. Usage: bench/run-store-bench.sh [BUILD_DIR] [ARGS...]
# (default build dir build/release; ARGS go to msgx-store-bench, e.g. --count 5000 --rounds 5).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
shift || true
bench=$build/bench/msgx-store-bench
[[ -x $bench ]] || { echo "run-store-bench: $bench not built (cmake --build --preset release --target msgx-store-bench)" >&2; exit 1; }
exec tests/services/with-services --only pg -- "$bench" "$@"
