#!/usr/bin/env bash
# package-test.sh BUILD_DIR   (`make package-test`; root; docs/packaging.md)
#
# Installs the DEB files of BUILD_DIR/packages into a throwaway Debian 12 root and checks what the
# packages promise:
#   1. files at the FHS paths; the system user msgx; /var/lib/msgx, /var/log/msgx owned by it;
#      the service neither enabled nor started;
#   2. `msgxd --config /etc/msgx/msgx.yaml --check` runs from the installed files, names the values
#      a site must set, and passes once they are set;
#   3. the out-of-tree example handler (plugins/examples/remark-handler), built against the
#      unpacked msgx-dev alone, is picked up by the installed daemon on SIGHUP (`msgxctl plugins
#      list` through the control socket);
#   4. an edited /etc/msgx/msgx.yaml survives an upgrade to a rebuilt package (release + 1);
#      remove keeps /var/lib/msgx, purge deletes it;
#   5. the regular files and symlinks of each DEB equal those of its RPM (minus /usr/lib/.build-id).
# The root is unpacked afresh each run from a cached debootstrap tarball (make-rootfs.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: package-test.sh BUILD_DIR}" && pwd)
pkgs=$build/packages
work=$source_dir/build/package-test
root=$work/root
tarball=$work/rootfs-bookworm.tar.zst
t0=$SECONDS

[[ $(id -u) -eq 0 ]] || { echo "package-test: needs root (chroot, dpkg --root)" >&2; exit 1; }
shopt -s nullglob
debs=("$pkgs"/msgx_*.deb "$pkgs"/msgx-handlers_*.deb "$pkgs"/msgx-dev_*.deb)
rpms=("$pkgs"/msgx-*.rpm)
[[ ${#debs[@]} -eq 3 && ${#rpms[@]} -eq 3 ]] || {
  echo "package-test: expected 3 .deb and 3 .rpm in $pkgs (make package); found ${#debs[@]} and ${#rpms[@]}" >&2
  exit 1
}

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
step() { echo "== $* ($((SECONDS - t0)) s)"; }
in_root() { chroot "$root" "$@"; }

mkdir -p "$work"
"$here/make-rootfs.sh" "$tarball"

cleanup() {
  if [[ -n "${daemon_pid:-}" ]]; then kill "$daemon_pid" 2>/dev/null || true; wait "$daemon_pid" 2>/dev/null || true; fi
  if mountpoint -q "$root/proc"; then umount "$root/proc"; fi
}
trap cleanup EXIT
if [[ -d "$root" ]] && mountpoint -q "$root/proc"; then umount "$root/proc"; fi
rm -rf "$root"
mkdir -p "$root"
step "unpacking $tarball"
tar --zstd -C "$root" -xf "$tarball"
mount -t proc proc "$root/proc"
mkdir -p "$root/tmp/pkgs"
cp "${debs[@]}" "$root/tmp/pkgs/"

# --- 1. install -----------------------------------------------------------------------------------
step "dpkg -i msgx msgx-handlers msgx-dev"
# (Paths inside the root are named, not globbed: the host shell would expand a glob on the host.)
in_root env DEBIAN_FRONTEND=noninteractive dpkg -i "${debs[@]/#*\//\/tmp\/pkgs\/}" >"$work/dpkg-install.log" 2>&1 || { cat "$work/dpkg-install.log"; fail "dpkg -i"; exit 1; }
for f in /usr/bin/msgxd /usr/bin/msgxctl /etc/msgx/msgx.yaml /usr/lib/systemd/system/msgxd.service \
  /etc/logrotate.d/msgx /etc/msgx/prometheus/msgx-alerts.yml /etc/msgx/sites/{postgresql,mysql,odbc-oracle,sqlite}.yaml.example \
  /usr/include/msgx/sdk/Sdk.h; do
  [[ -f "$root$f" ]] || fail "missing $f"
done
for d in postgresql mysql oracle sqlite; do
  compgen -G "$root/usr/share/msgx/migrations/$d/V*__*.sql" >/dev/null || fail "no migrations in /usr/share/msgx/migrations/$d"
done
compgen -G "$root/usr/lib/msgx/handlers/*.so" >/dev/null || fail "no handler in /usr/lib/msgx/handlers"
in_root getent passwd msgx >/dev/null || fail "user msgx not created"
for d in /var/lib/msgx /var/log/msgx; do
  owner=$(in_root stat -c %U:%G "$d" 2>/dev/null || echo missing)
  [[ "$owner" == msgx:msgx ]] || fail "$d owned by $owner, expected msgx:msgx"
done
[[ "$(in_root stat -c %a:%G /etc/msgx/msgx.yaml)" == 640:msgx ]] || fail "/etc/msgx/msgx.yaml is not 0640 root:msgx"
compgen -G "$root/etc/systemd/system/*.wants/msgxd.service" >/dev/null && fail "msgxd.service enabled on install"
# Outputs are captured before grep -q: under pipefail a producer cut off by grep's early exit
# (SIGPIPE) would turn a match into a reported failure.
conffiles=$(in_root dpkg-query -W -f='${Conffiles}\n' msgx)
grep -q ' /etc/msgx/msgx.yaml ' <<<"$conffiles" || fail "msgx.yaml not a conffile"
grep -q ' /etc/msgx/prometheus/msgx-alerts.yml ' <<<"$conffiles" || fail "msgx-alerts.yml not a conffile"
in_root logrotate --debug /etc/logrotate.d/msgx >"$work/logrotate.log" 2>&1 || fail "logrotate --debug: $(tail -n 3 "$work/logrotate.log")"
# The installed alert rules, checked by the host's promtool (Debian's prometheus, install-deps.sh).
promtool check rules "$root/etc/msgx/prometheus/msgx-alerts.yml" >"$work/promtool.log" 2>&1 ||
  fail "promtool check rules /etc/msgx/prometheus/msgx-alerts.yml: $(tail -n 3 "$work/promtool.log")"

# --- 2. msgxd --check ------------------------------------------------------------------------------
step "msgxd --check"
if in_root /usr/bin/msgxd --config /etc/msgx/msgx.yaml --check >"$work/check.log" 2>&1; then
  fail "msgxd --check accepted the template without site values"
fi
for v in MSGX_STORE_CONNECT MSGX_MAILBOX_CONNECT MSGX_KAFKA_BOOTSTRAP; do
  grep -q "$v" "$work/check.log" || fail "msgxd --check does not name $v: $(cat "$work/check.log")"
done
site_env=(MSGX_STORE_CONNECT="host=db1 dbname=msgx" MSGX_MAILBOX_CONNECT="host=mbx1;db=ciims"
  MSGX_KAFKA_BOOTSTRAP=kafka1:9092)
in_root env "${site_env[@]}" /usr/bin/msgxd --config /etc/msgx/msgx.yaml --check >"$work/check-ok.log" 2>&1 ||
  fail "msgxd --check with the site values: $(cat "$work/check-ok.log")"

# --- 3. out-of-tree handler, hot add into the installed daemon -------------------------------------
step "example handler against the unpacked msgx-dev"
sdk=$work/sdk
rm -rf "$sdk" "$work/example-build"
dpkg-deb -x "$pkgs"/msgx-dev_*.deb "$sdk"
cmake -S "$source_dir/plugins/examples/remark-handler" -B "$work/example-build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_PREFIX_PATH="$sdk/usr" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  -DMSGX_HANDLERS_INSTALL_DIR="$root/usr/lib/msgx/handlers" >"$work/example.log" 2>&1 &&
  cmake --build "$work/example-build" >>"$work/example.log" 2>&1 || { cat "$work/example.log"; fail "example handler build"; }
# Every include directory of the build is inside the unpacked package.
while read -r dir; do
  [[ "$dir" == "$sdk"/* ]] || fail "example handler build includes $dir (not from msgx-dev)"
done < <(grep -oE -- '(-I|-isystem )[^ ]+' "$work/example-build/build.ninja" | sed -E 's/^(-I|-isystem )//' | sort -u)
# The daemon of the installed package, as the unit runs it: user msgx, socket in /run/msgx.
in_root install -d -o msgx -g msgx -m 0750 /run/msgx
# chroot, env and setpriv exec each other, so $! is msgxd itself (not a subshell: no in_root here).
chroot "$root" env "${site_env[@]}" setpriv --reuid=msgx --regid=msgx --init-groups \
  /usr/bin/msgxd --config /etc/msgx/msgx.yaml >"$work/msgxd.log" 2>&1 &
daemon_pid=$!
for _ in $(seq 50); do [[ -S "$root/run/msgx/msgxd.sock" ]] && break; sleep 0.1; done
in_root /usr/bin/msgxctl plugins list --socket /run/msgx/msgxd.sock >"$work/list-before.json" 2>&1 ||
  fail "msgxctl plugins list (installed daemon): $(cat "$work/list-before.json")"
grep -q '"example-flop-rmrk"' "$work/list-before.json" && fail "example handler listed before it was installed"
# Every shipped handler is served: each one loads the shared SDK of msgx-handlers through its
# RUNPATH (docs/packaging.md), which only an installed tree shows.
shipped=$(ls "$root"/usr/lib/msgx/handlers/*.so | wc -l)
served=$(grep -c '"file": "/usr/lib/msgx/handlers/' "$work/list-before.json" || true)
[[ $served -eq $shipped ]] || fail "the installed daemon serves $served of the $shipped shipped handlers: $(grep -A3 refused "$work/list-before.json")"
cmake --install "$work/example-build" >>"$work/example.log" 2>&1 || fail "example handler install"
kill -HUP "$daemon_pid"
sleep 1
in_root /usr/bin/msgxctl plugins list --socket /run/msgx/msgxd.sock >"$work/list-after.json" 2>&1 || true
grep -q '"example-flop-rmrk"' "$work/list-after.json" ||
  fail "example handler not served after SIGHUP: $(cat "$work/list-after.json") $(tail -n 5 "$work/msgxd.log")"
grep -q '"refused": \[\]' "$work/list-after.json" || fail "a plugin was refused: $(cat "$work/list-after.json")"
listed=$(in_root /usr/bin/msgxctl plugins list --dir /usr/lib/msgx/handlers || true)
grep -q '"example-flop-rmrk"' <<<"$listed" ||
  fail "msgxctl plugins list --dir does not show the example handler"
kill "$daemon_pid"; wait "$daemon_pid" || true; daemon_pid=
rm -f "$root/usr/lib/msgx/handlers/example-flop-rmrk.so"

# --- 4. upgrade keeps the edited conffile; remove vs purge ----------------------------------------
step "upgrade to a rebuilt package (release + 1)"
release=$(dpkg-deb -f "$pkgs"/msgx_*.deb Version | sed 's/.*-//')
next=$((release + 1))
rebuilt=$work/rebuilt
rm -rf "$rebuilt"
(cd "$build" && MSGX_PACKAGE_RELEASE=$next cpack -G DEB -B "$rebuilt" >"$work/cpack-rebuilt.log" 2>&1) ||
  { tail -n 20 "$work/cpack-rebuilt.log"; fail "cpack (release $next)"; }
sed -i 's/^  pool-size: 4$/  pool-size: 7   # edited by the site/' "$root/etc/msgx/msgx.yaml"
grep -q 'edited by the site' "$root/etc/msgx/msgx.yaml" || fail "could not edit msgx.yaml (template changed?)"
echo "state" >"$root/var/lib/msgx/keep-me"
rm -f "$root"/tmp/pkgs/*.deb
cp "$rebuilt"/*.deb "$root/tmp/pkgs/"
rebuilt_debs=("$rebuilt"/*.deb)
in_root env DEBIAN_FRONTEND=noninteractive dpkg -i --force-confold "${rebuilt_debs[@]/#*\//\/tmp\/pkgs\/}" </dev/null >"$work/dpkg-upgrade.log" 2>&1 ||
  { cat "$work/dpkg-upgrade.log"; fail "dpkg -i (upgrade)"; }
[[ "$(in_root dpkg-query -W -f='${Version}' msgx)" == *-"$next" ]] || fail "msgx not upgraded to release $next"
grep -q 'edited by the site' "$root/etc/msgx/msgx.yaml" || fail "upgrade replaced the edited /etc/msgx/msgx.yaml"
[[ -f "$root/var/lib/msgx/keep-me" ]] || fail "upgrade lost /var/lib/msgx content"

step "remove, then purge"
in_root dpkg -r msgx-dev msgx-handlers msgx >"$work/dpkg-remove.log" 2>&1 || fail "dpkg -r: $(tail -n 5 "$work/dpkg-remove.log")"
[[ -f "$root/var/lib/msgx/keep-me" ]] || fail "remove deleted /var/lib/msgx"
[[ -f "$root/etc/msgx/msgx.yaml" ]] || fail "remove deleted the conffile"
[[ -e "$root/usr/bin/msgxd" ]] && fail "remove left /usr/bin/msgxd"
in_root dpkg -P msgx >"$work/dpkg-purge.log" 2>&1 || fail "dpkg -P: $(tail -n 5 "$work/dpkg-purge.log")"
[[ -e "$root/var/lib/msgx" || -e "$root/var/log/msgx" ]] && fail "purge left /var/lib/msgx or /var/log/msgx"
[[ -e "$root/etc/msgx/msgx.yaml" ]] && fail "purge left /etc/msgx/msgx.yaml"

# --- 5. DEB and RPM contents agree ---------------------------------------------------------------
step "dpkg-deb -c vs rpm -qlp"
for deb in "${debs[@]}"; do
  name=$(dpkg-deb -f "$deb" Package)
  rpm_file=$(ls "$pkgs/$name"-[0-9]*.rpm)
  dpkg-deb -c "$deb" | awk '$1 ~ /^[-l]/ {print $6}' | sed 's#^\.##' | sort >"$work/$name.deb.list"
  rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$rpm_file" | awk '$1 !~ /^d/ {print $2}' |
    grep -v '^/usr/lib/\.build-id' | sort >"$work/$name.rpm.list"
  diff -u "$work/$name.deb.list" "$work/$name.rpm.list" >"$work/$name.diff" ||
    fail "$name: DEB and RPM file lists differ: $(cat "$work/$name.diff")"
done
for f in /etc/msgx/msgx.yaml /etc/msgx/prometheus/msgx-alerts.yml; do
  rpm_files=$(rpm -qp --qf '[%{FILEFLAGS:fflags} %{FILENAMES}\n]' "$pkgs"/msgx-[0-9]*.rpm)
  grep -qE "^cn +$f\$" <<<"$rpm_files" ||
    fail "msgx.rpm: $f is not %config(noreplace)"
done

if ((failures > 0)); then
  echo "package-test: $failures failure(s) ($((SECONDS - t0)) s); logs in $work"
  exit 1
fi
echo "package-test: all checks passed ($((SECONDS - t0)) s)"
