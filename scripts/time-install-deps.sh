#!/usr/bin/env bash
# time-install-deps.sh [PROFILE...]   (root; default profile: test)
#
# How long `scripts/install-deps.sh PROFILE...` takes on a machine that has none of the packages: a
# minimal Debian 12 root (debootstrap minbase from the mirror apt on this machine uses) into which
# the script runs under chroot, service starts refused (policy-rc.d), from `apt-get update` to the
# last package configured. The root is thrown away afterwards. Prints the seconds the script took;
# docs/testing.md "Where the time goes" adds it to a clean-clone .ci/run for the fresh-machine time
# of make test.
set -euo pipefail
profiles=("$@")
((${#profiles[@]})) || profiles=(test)
repo=$(cd "$(dirname "$0")/.." && pwd)
if [[ $(id -u) -ne 0 ]]; then
  echo "time-install-deps: needs root (debootstrap, chroot)" >&2
  exit 1
fi
command -v debootstrap >/dev/null || bash "$repo/scripts/install-deps.sh" package

mirror=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null |
  grep -v security | head -n1 | sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//; s/[[:space:]].*$//' || true)
[[ -n "$mirror" ]] || { echo "time-install-deps: no Debian mirror in /etc/apt/sources.list*" >&2; exit 1; }

mkdir -p "$repo/build"
work=$(mktemp -d "$repo/build/install-deps-root.XXXXXX")
root=$work/root
cleanup() {
  for m in dev/pts dev proc sys; do umount "$root/$m" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "time-install-deps: debootstrap bookworm (minbase) from $mirror" >&2
start=$SECONDS
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
echo "time-install-deps: the root took $((SECONDS - start)) s (not counted)" >&2

cp /etc/resolv.conf "$root/etc/resolv.conf"
cp -r /etc/apt/sources.list* "$root/etc/apt/" 2>/dev/null || true
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
for m in proc sys dev dev/pts; do mount --bind "/$m" "$root/$m"; done
mkdir -p "$root/opt/msgx"
cp "$repo/scripts/install-deps.sh" "$root/opt/msgx/"

start=$SECONDS
chroot "$root" bash /opt/msgx/install-deps.sh "${profiles[@]}" >"$work/install.log" 2>&1 || {
  tail -n 30 "$work/install.log" >&2
  exit 1
}
took=$((SECONDS - start))
echo "time-install-deps: install-deps.sh ${profiles[*]} on a fresh root: $took s ($(chroot "$root" dpkg-query -W | wc -l) packages installed in all)" >&2
echo "$took"
