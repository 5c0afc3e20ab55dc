#!/usr/bin/env bash
# Runs msgx-e2e-bench (mailbox commit -> Kafka acknowledgement with the real msgxd, issue 19) from a
# release build, once per PostgreSQL durability, each against fresh private servers of
# tests/services (PostgreSQL own store, MariaDB mailbox, the 3-broker Kafka mock), then writes the
# results file and plots (bench/write-e2e-results.py).
#
#   bench/run-e2e-bench.sh [BUILD_DIR] [ARGS...]
#
# BUILD_DIR defaults to build/release; ARGS go to msgx-e2e-bench (e.g. --backlog 20000
# --paced-seconds 20 for a quick look). Environment:
#   MSGX_E2E_FSYNC    the runs, default "off on": off = the test servers' fsync=off, on = with-services
#                     --pg-durable (fsync=on, synchronous_commit=on, full_page_writes=on)
#   MSGX_E2E_OUT      per-run output (JSON + CSV series), default build/bench/e2e
#   MSGX_E2E_RESULTS  where the results file and PNGs go, default bench/results ("" = do not write)
#   MSGX_PYTHON       the Python with matplotlib (python3-matplotlib), default /usr/bin/python3
#   MSGX_DELIVERY_JSON the delivery bench's --json file read for delivery_ratio_to_raw_produce,
#                     default build/bench/delivery.json (null in the results when it is missing)
# Exits non-zero when a run failed (msgxd died, a message or an event lost); timings never fail it.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath -m "${1:-build/release}") # relative to the source tree, or absolute
shift || true
bench=$build/bench/msgx-e2e-bench
mock=$build/tests/services/msgx-kafka-mock
msgxd=$build/core/msgxd
for binary in "$bench" "$mock" "$msgxd"; do
  [[ -x $binary ]] || {
    echo "run-e2e-bench: $binary not built (cmake --build --preset release --target msgx-e2e-bench msgx-kafka-mock msgxd)" >&2
    exit 1
  }
done
out=${MSGX_E2E_OUT:-build/bench/e2e}
results=${MSGX_E2E_RESULTS-bench/results}
delivery=${MSGX_DELIVERY_JSON:-build/bench/delivery.json}
mkdir -p "$out"
out=$(realpath "$out") # MSGX_E2E_OUT may be relative or absolute
# Both runs measure one msgxd: a copy taken now, so that a rebuild of the shared build directory
# meanwhile (other work on the same tree) cannot change the binary between fsync off and on.
cp "$msgxd" "$out/msgxd"
msgxd=$out/msgxd
runs=()
for fsync in ${MSGX_E2E_FSYNC:-off on}; do
  durable=()
  [[ $fsync == on ]] && durable=(--pg-durable)
  rm -f "$out/fsync-$fsync.json"
  started=$(date +%s)
  tests/services/with-services --only pg,mysql,kafka --kafka-mock "$mock" "${durable[@]}" -- \
    "$bench" --msgxd "$msgxd" --handlers "$build/handlers" --golden "$PWD/handlers" \
    --label "fsync-$fsync" --out "$out/fsync-$fsync" "$@"
  echo "run-e2e-bench: fsync=$fsync run took $(($(date +%s) - started)) s" >&2
  runs+=("$out/fsync-$fsync.json")
done
if [[ -n $results ]]; then
  "${MSGX_PYTHON:-/usr/bin/python3}" bench/write-e2e-results.py --delivery "$delivery" --results "$results" "${runs[@]}"
fi
