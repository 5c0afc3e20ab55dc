#!/usr/bin/env bash
# make-rootfs.sh TARBALL
#
# Builds (once) a minimal Debian 12 root file system for `make package-test` and stores it as
# TARBALL (a .tar.zst under build/, reused by every later run built from the same package list).
# The tree is a debootstrap minbase plus the run-time libraries msgxd and msgxctl link (so
# installing the .deb files with dpkg needs no network), adduser (the maintainer scripts) and
# logrotate.
# The mirror is the one apt on this machine uses (first deb URI of /etc/apt/sources.list*), so the
# script names no host of its own.
set -euo pipefail

tarball=${1:?usage: make-rootfs.sh TARBALL}

# The run-time libraries of the msgx package (its shlibdeps Depends), so dpkg -i works offline.
include=adduser,logrotate,libstdc++6,libsystemd0,libyaml-cpp0.7,libspdlog1.10,libfmt9,librdkafka1,librdkafka++1
include+=,libpocofoundation80,libpocoutil80,libpoconet80,libpocoxml80,libpocojson80,libpocodata80
include+=,libpocodatapostgresql80,libpocodatamysql80,libpocodataodbc80,libpocodatasqlite80
include+=,libprometheus-cpp-core1.0

# The tarball is reused while it was built from this list (TARBALL.include): a dependency added to
# msgx (libprometheus-cpp-core1.0 was, with the metrics) rebuilds it instead of failing dpkg -i.
if [[ -s "$tarball" && "$(cat "$tarball.include" 2>/dev/null)" == "$include" ]]; then
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "make-rootfs: debootstrap needs root" >&2
  exit 1
fi

mirror=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null |
  grep -v security | head -n1 | sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//; s/[[:space:]].*$//' || true)
if [[ -z "$mirror" ]]; then
  echo "make-rootfs: no Debian mirror found in /etc/apt/sources.list*" >&2
  exit 1
fi

work=$(mktemp -d "$(dirname "$tarball")/rootfs.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "make-rootfs: debootstrap bookworm (minbase) from $mirror into $work" >&2
debootstrap --variant=minbase --include="$include" bookworm "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
# Keep the tarball small: no apt package cache.
rm -rf "$work/root/var/cache/apt/archives/"*.deb
tar --zstd -C "$work/root" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
echo "$include" >"$tarball.include"
echo "make-rootfs: wrote $tarball ($(du -h "$tarball" | cut -f1))" >&2
