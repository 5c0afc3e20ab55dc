#!/usr/bin/env bash
# Installs the Debian 12 packages msgexchange needs to build, run and test.
# Idempotent: runs `apt-get update` and `apt-get install` only when a package is missing.
# A package install may start a system database on its default port; this script stops and
# disables such services again, because the project only ever uses private instances.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  clang libclang-rt-14-dev clang-format clang-tidy
  libpoco-dev librdkafka-dev libyaml-cpp-dev libspdlog-dev libfmt-dev
  googletest libgtest-dev libgmock-dev
  libpq-dev postgresql-15 libsqlite3-dev sqlite3
  mariadb-server mariadb-client
  unixodbc unixodbc-dev odbc-postgresql odbc-mariadb
  kcat libcli11-dev tzdata python3 python3-yaml python3-jsonschema python3-matplotlib
  faketime
  libsystemd-dev systemd rpm debootstrap zstd
  prometheus-cpp-dev
  prometheus
  chromium chromium-driver python3-selenium
)

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
