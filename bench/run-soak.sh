#!/usr/bin/env bash
# Runs msgx-soak (bench/SoakMain.cpp; docs/performance.md "Flat cost as the store grows") from a
# release build against private PostgreSQL, MariaDB and Kafka mock servers (tests/services), and
# writes bench/results/<date>-<shortsha>-soak.json.
#
#   bench/run-soak.sh [BUILD_DIR] [ARGS...]
#
# BUILD_DIR defaults to build/release; ARGS go to msgx-soak, e.g. for a short development run
# `--online-rows 100000 --hst-rows 100000 --flights 50000 --minutes 2`. The defaults are the full
# run of `make soak` (<= 45 minutes on the 2-core machine).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
shift || true
soak=$build/bench/msgx-soak
mock=$build/tests/services/msgx-kafka-mock
for binary in "$soak" "$build/core/msgxd" "$mock"; do
  [[ -x $binary ]] || { echo "run-soak: $binary not built (make soak builds it)" >&2; exit 1; }
done
sha=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- core storage plugins handlers bench || sha="$sha+uncommitted"
# An --out among ARGS replaces the default results file.
out=(--out "bench/results/$(date -u +%Y-%m-%d)-$(git rev-parse --short HEAD)-soak.json")
for arg; do [[ $arg == --out ]] && out=(); done
mkdir -p bench/results
echo "run-soak: $(date -u +%H:%M:%S) start ${out[*]}" >&2
# pg_stat_statements in the test PostgreSQL: the soak reads each hot operation's server execution
# time from it beside the wall-clock time (bench/SoakMain.cpp, StatementProfile).
MSGX_SERVICES_PG_STATEMENTS=1 tests/services/with-services --only pg,mysql,kafka --kafka-mock "$mock" -- \
  "$soak" --msgxd "$build/core/msgxd" --handlers "$build/handlers" --flop-golden handlers/flop \
  --commit "$sha" "${out[@]}" "$@"
echo "run-soak: $(date -u +%H:%M:%S) done" >&2
