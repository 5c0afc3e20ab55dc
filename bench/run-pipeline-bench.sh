#!/usr/bin/env bash
# Runs msgx-pipeline-bench (the real msgxd on PostgreSQL + MariaDB, typical FLOP messages) against
# fresh private servers from tests/services (PostgreSQL with fsync off like every test instance), from
# a release build. Usage: bench/run-pipeline-bench.sh [BUILD_DIR] [ARGS...] (ARGS go to the bench,
# e.g. --count 20000 --messages-per-transaction 100).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
shift || true
bench=$build/bench/msgx-pipeline-bench
[[ -x $bench ]] || { echo "run-pipeline-bench: $bench not built (cmake --build --preset release --target msgx-pipeline-bench msgx_runtime)" >&2; exit 1; }
exec tests/services/with-services --only pg,mysql -- "$bench" --msgxd "$build/core/msgxd" --handlers "$PWD/$build/handlers" "$@"
