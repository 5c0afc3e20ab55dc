#!/usr/bin/env bash
# verify-unit.sh SYSTEMD_ANALYZE UNIT MSGXD
#
# `systemd-analyze verify` of msgxd.service. The unit names /usr/bin/msgxd, which does not exist on
# a build machine, so the check runs on a copy whose ExecStart points at the built MSGXD; every
# other line is verified as shipped. Any warning or error fails the test.
set -euo pipefail
analyze=$1 unit=$2 msgxd=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sed "s#^ExecStart=/usr/bin/msgxd#ExecStart=$msgxd#" "$unit" >"$dir/msgxd.service"
grep -q "^ExecStart=$msgxd " "$dir/msgxd.service"
out=$(SYSTEMD_LOG_LEVEL=warning "$analyze" verify --man=no "$dir/msgxd.service" 2>&1) || {
  echo "$out"
  echo "verify-unit: systemd-analyze verify failed" >&2
  exit 1
}
if [[ -n "$out" ]]; then
  echo "$out"
  echo "verify-unit: systemd-analyze verify printed warnings" >&2
  exit 1
fi
echo "verify-unit: $unit verified"
