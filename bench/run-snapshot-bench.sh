#!/usr/bin/env bash
# Runs msgx-snapshot-bench (one SCHD-DNLD of 3,000 flights through the pump) against a fresh private
# PostgreSQL (tests/services, fsync off like every test instance), from a release build.
# Usage: bench/run-snapshot-bench.sh [BUILD_DIR] [ARGS...] (ARGS go to msgx-snapshot-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
shift || true
bench=$build/bench/msgx-snapshot-bench
[[ -x $bench ]] || { echo "run-snapshot-bench: $bench not built (cmake --build --preset release --target msgx-snapshot-bench)" >&2; exit 1; }
exec tests/services/with-services --only pg -- "$bench" --handlers "$build/handlers" "$@"
