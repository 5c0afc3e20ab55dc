#!/usr/bin/env bash
# install-deps.sh [PROFILE...]: installs the Debian 12 packages msgexchange needs, per profile:
#   build    compile everything and run msgxd (make run, make build)
#   test     build, plus the test servers and tools of make test (the default)
#   bench    test, plus the plots of make bench / make soak and libfaketime (make soak's season run)
#   chaos    test, plus libfaketime (make chaos)
#   season   build, plus libfaketime, sqlite3 and python3 (make season)
#   fuzz     build, plus clang's libFuzzer (make fuzz)
#   package  build, plus rpm, debootstrap, zstd and promtool (make package, make package-test)
#   tidy     build, plus clang-tidy (make tidy)
# A fresh machine running make test installs only what the tests use: the time of the first
# make test is mostly what this installs (docs/testing.md "Where the time goes").
# Idempotent: runs `apt-get update` and `apt-get install` only when a package is missing.
# A package install may start a system database on its default port; this script stops and
# disables such services again, because the project only ever uses private instances.
set -euo pipefail

BUILD=(
  build-essential cmake ninja-build pkg-config
  libpoco-dev librdkafka-dev libyaml-cpp-dev libspdlog-dev libfmt-dev
  googletest libgtest-dev libgmock-dev
  libpq-dev libsqlite3-dev libcli11-dev libsystemd-dev prometheus-cpp-dev tzdata
)
# The servers and tools the tests talk to (docs/testing.md), and clang-format (the format test).
TEST=(
  clang-format
  postgresql-15 sqlite3 mariadb-server mariadb-client
  unixodbc unixodbc-dev odbc-postgresql odbc-mariadb
  kcat python3 python3-yaml python3-jsonschema systemd
  prometheus
  chromium chromium-driver python3-selenium
)
BENCH=(python3-matplotlib faketime)
CHAOS=(faketime)
SEASON=(faketime sqlite3 python3)
FUZZ=(clang libclang-rt-14-dev)
PACKAGE=(rpm debootstrap zstd prometheus) # package-test checks the installed alert rules with promtool
TIDY=(clang-tidy)

profiles=("$@")
((${#profiles[@]})) || profiles=(test)
PACKAGES=()
for profile in "${profiles[@]}"; do
  case "$profile" in
  build) PACKAGES+=("${BUILD[@]}") ;;
  test) PACKAGES+=("${BUILD[@]}" "${TEST[@]}") ;;
  bench) PACKAGES+=("${BUILD[@]}" "${TEST[@]}" "${BENCH[@]}") ;;
  chaos) PACKAGES+=("${BUILD[@]}" "${TEST[@]}" "${CHAOS[@]}") ;;
  season) PACKAGES+=("${BUILD[@]}" "${SEASON[@]}") ;;
  fuzz) PACKAGES+=("${BUILD[@]}" "${FUZZ[@]}") ;;
  package) PACKAGES+=("${BUILD[@]}" "${PACKAGE[@]}") ;;
  tidy) PACKAGES+=("${BUILD[@]}" "${TIDY[@]}") ;;
  *)
    echo "install-deps: unknown profile '$profile' (build, test, bench, chaos, season, fuzz, package, tidy)" >&2
    exit 2
    ;;
  esac
done

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: missing packages: ${missing[*]}; run as root or install them yourself" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

# Stop and disable any system database or monitoring service the install may have started (the
# project only uses private instances: tests start their own Prometheus on a free port).
for svc in mariadb mysql postgresql prometheus prometheus-node-exporter; do
  if command -v systemctl >/dev/null 2>&1 && systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
    systemctl stop "$svc" >/dev/null 2>&1 || true
    systemctl disable "$svc" >/dev/null 2>&1 || true
  fi
  if [[ -x /etc/init.d/$svc ]]; then
    /etc/init.d/"$svc" stop >/dev/null 2>&1 || true
  fi
done
if command -v pg_lsclusters >/dev/null 2>&1; then
  pg_lsclusters -h 2>/dev/null | while read -r ver name _port status _rest; do
    if [[ "$status" == online* ]]; then pg_ctlcluster "$ver" "$name" stop || true; fi
  done
fi
echo "install-deps: done" >&2
