#!/usr/bin/env bash
# check-deb-contents.sh BUILD_DIR OUT_DIR
#
# The quick package check of `make test` (label unit, no network, no root): builds the DEB files of
# BUILD_DIR with cpack into OUT_DIR and checks with dpkg-deb -c/-I what docs/packaging.md promises:
# the FHS paths, the conffiles, shlib Depends, the unit, and maintainer scripts that create the user
# but never start the service. Prints every failed expectation, exits 1 if there is one.
set -euo pipefail
build=$(cd "$1" && pwd)
out=$2
rm -rf "$out"
mkdir -p "$out"
start=$SECONDS
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$out" >"$out/cpack.log" 2>&1 || {
  tail -n 40 "$out/cpack.log"
  echo "check-deb-contents: cpack failed" >&2
  exit 1
}
echo "check-deb-contents: cpack -G DEB took $((SECONDS - start)) s"

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
# Under pipefail, `producer | head -n1` or `producer | grep -q` fails when the consumer exits
# before the producer has written everything (SIGPIPE), and set -e then ends the script without a
# word (seen in CI: ls of the 75 handlers into head). So outputs are globbed or captured first.

# Runs in a command substitution, so a missing package is reported on stderr and ends the script.
deb_of() {
  local files=("$out"/"$1"_*.deb)
  [[ -f "${files[0]}" ]] || {
    echo "FAIL: no $1 package in $out" >&2
    exit 1
  }
  echo "${files[0]}"
}
# Paths of a package, as /abs/path (dpkg-deb -c prints ./abs/path; directories end in /).
paths_of() { dpkg-deb -c "$1" | awk '{print $6}' | sed 's#^\.##'; }
expect_path() { # PACKAGE-PATHS-FILE PATH
  grep -qxF -- "$2" "$1" || fail "$(basename "$1" .paths): missing $2"
}

msgx=$(deb_of msgx)
handlers=$(deb_of msgx-handlers)
dev=$(deb_of msgx-dev)
[[ $failures -eq 0 ]] || exit 1
for p in msgx msgx-handlers msgx-dev; do
  paths_of "$(deb_of $p)" >"$out/$p.paths"
done

# msgx: programs, migrations, configuration, unit, logrotate, alert rules.
for f in /usr/bin/msgxd /usr/bin/msgxctl /etc/msgx/msgx.yaml /usr/lib/systemd/system/msgxd.service \
  /etc/logrotate.d/msgx /etc/msgx/prometheus/msgx-alerts.yml /etc/msgx/sites/postgresql.yaml.example /etc/msgx/sites/mysql.yaml.example \
  /etc/msgx/sites/odbc-oracle.yaml.example /etc/msgx/sites/sqlite.yaml.example; do
  expect_path "$out/msgx.paths" "$f"
done
grep -qE '^/usr/share/msgx/migrations/[a-z]+/V[0-9]+__.*\.sql$' "$out/msgx.paths" ||
  fail "msgx: no /usr/share/msgx/migrations/<dialect>/V<n>__<name>.sql"
while read -r path; do
  fail "msgx: unexpected path $path"
done < <(grep -vE '^/(usr/(bin|share/msgx|lib/systemd/system)|etc/(msgx|logrotate\.d))(/|$)' "$out/msgx.paths" |
  grep -vxE '/|/usr/|/usr/share/|/usr/lib/|/usr/lib/systemd/|/etc/' || true)
mode=$(dpkg-deb -c "$msgx" | awk '$6 == "./etc/msgx/msgx.yaml" {print $1}')
[[ "$mode" == "-rw-r-----" ]] || fail "msgx: /etc/msgx/msgx.yaml mode $mode, expected -rw-r-----"

control=$out/msgx.control
dpkg-deb -I "$msgx" >"$control"
conffiles=$(dpkg-deb -I "$msgx" conffiles)
for f in /etc/msgx/msgx.yaml /etc/logrotate.d/msgx /etc/msgx/prometheus/msgx-alerts.yml; do
  grep -qxF "$f" <<<"$conffiles" || fail "msgx: $f is not a conffile"
done
depends=$(dpkg-deb -f "$msgx" Depends)
for d in adduser libpocofoundation libpocodata libyaml-cpp libsystemd0 librdkafka1 libstdc++6; do
  grep -q "$d" <<<"$depends" || fail "msgx: Depends lacks $d (shlibdeps): $depends"
done
for s in postinst prerm postrm; do
  dpkg-deb -I "$msgx" "$s" >"$out/msgx.$s" 2>/dev/null || fail "msgx: no $s"
done
grep -q 'adduser --system' "$out/msgx.postinst" || fail "msgx: postinst does not create the system user"
grep -q '/var/lib/msgx' "$out/msgx.postinst" || fail "msgx: postinst does not create /var/lib/msgx"
if grep -qE 'systemctl +(start|enable|restart)|deb-systemd-invoke +start' "$out/msgx.postinst"; then
  fail "msgx: postinst starts or enables the service"
fi
grep -qE '^ *purge\)' "$out/msgx.postrm" || fail "msgx: postrm has no purge branch"
grep -q 'rm -rf /var/lib/msgx' "$out/msgx.postrm" || fail "msgx: purge does not remove /var/lib/msgx"

unit=$(dpkg-deb --fsys-tarfile "$msgx" | tar -xOf - ./usr/lib/systemd/system/msgxd.service)
for line in 'Type=notify' 'ExecReload=/bin/kill -HUP $MAINPID' 'User=msgx' 'NoNewPrivileges=yes' \
  'ProtectSystem=strict' 'ReadWritePaths=/var/lib/msgx /var/log/msgx' 'PrivateTmp=yes' 'RuntimeDirectory=msgx' \
  'ExecStart=/usr/bin/msgxd --config /etc/msgx/msgx.yaml'; do
  grep -qxF -- "$line" <<<"$unit" || fail "msgx: msgxd.service lacks '$line'"
done
logrotate=$(dpkg-deb --fsys-tarfile "$msgx" | tar -xOf - ./etc/logrotate.d/msgx)
grep -qE '^\s*copytruncate\s*$' <<<"$logrotate" || fail "msgx: logrotate file without copytruncate"

# msgx-handlers: every handler of the build tree, nothing else, same version of msgx.
for so in "$build"/handlers/*.so; do
  expect_path "$out/msgx-handlers.paths" "/usr/lib/msgx/handlers/$(basename "$so")"
done
n_built=$(ls "$build"/handlers/*.so | wc -l)
n_packed=$(grep -c '^/usr/lib/msgx/handlers/.*\.so$' "$out/msgx-handlers.paths" || true)
[[ $n_built -eq $n_packed && $n_built -gt 0 ]] || fail "msgx-handlers: $n_packed .so packed, $n_built built"
version=$(dpkg-deb -f "$msgx" Version)
grep -qF "msgx (= $version)" <<<"$(dpkg-deb -f "$handlers" Depends)" ||
  fail "msgx-handlers: Depends lacks 'msgx (= $version)'"
# The handlers' shared SDK (plugins/CMakeLists.txt): beside their folder, named by the exact project
# version, found through each handler's RUNPATH $ORIGIN/.. (or /usr/lib/msgx for a handler copied
# elsewhere); no namelink: nothing links it later.
sdk_so=$(grep -E '^/usr/lib/msgx/libmsgx_handler_sdk\.so\.[0-9]+\.[0-9]+\.[0-9]+$' "$out/msgx-handlers.paths" || true)
[[ -n $sdk_so ]] || fail "msgx-handlers: no /usr/lib/msgx/libmsgx_handler_sdk.so.<version>"
while read -r path; do
  fail "msgx-handlers: unexpected path $path"
done < <(grep -vE '^/usr/lib/msgx/(handlers/[a-z0-9._-]+\.so|libmsgx_handler_sdk\.so\.[0-9.]+)$' "$out/msgx-handlers.paths" |
  grep -vxE '/|/usr/|/usr/lib/|/usr/lib/msgx/|/usr/lib/msgx/handlers/' || true)
unpacked=$out/msgx-handlers.root
rm -rf "$unpacked" && dpkg-deb -x "$handlers" "$unpacked"
handler_files=("$unpacked"/usr/lib/msgx/handlers/*.so)
one_handler=${handler_files[0]}
[[ -f $one_handler ]] || fail "msgx-handlers: no handler in /usr/lib/msgx/handlers"
dynamic=$(readelf -d "$one_handler" 2>&1 || true)
grep -qF 'Library runpath: [$ORIGIN/..:/usr/lib/msgx]' <<<"$dynamic" ||
  fail "msgx-handlers: $(basename "$one_handler") has not the RUNPATH \$ORIGIN/..:/usr/lib/msgx: $(grep -i path <<<"$dynamic" || true)"
grep -qF "Shared library: [$(basename "$sdk_so")]" <<<"$dynamic" ||
  fail "msgx-handlers: $(basename "$one_handler") does not link $(basename "$sdk_so")"

# msgx-dev: headers, static libraries, CMake package.
expect_path "$out/msgx-dev.paths" /usr/include/msgx/sdk/Sdk.h
expect_path "$out/msgx-dev.paths" /usr/include/msgx/codec/Message.h
grep -qE '^/usr/lib/(.*/)?libmsgx_plugin_sdk\.a$' "$out/msgx-dev.paths" || fail "msgx-dev: no libmsgx_plugin_sdk.a"
grep -qE '^/usr/lib/(.*/)?libmsgx_codec_fields\.a$' "$out/msgx-dev.paths" || fail "msgx-dev: no libmsgx_codec_fields.a"
for f in MsgxSdkConfig.cmake MsgxSdkConfigVersion.cmake MsgxSdkTargets.cmake MsgxHandler.cmake msgx-plugin-exports.map; do
  grep -qE "^/usr/lib/(.*/)?cmake/MsgxSdk/$f\$" "$out/msgx-dev.paths" || fail "msgx-dev: no cmake/MsgxSdk/$f"
done

if ((failures > 0)); then
  echo "check-deb-contents: $failures failure(s); packages in $out"
  exit 1
fi
echo "check-deb-contents: msgx, msgx-handlers, msgx-dev $version OK ($((SECONDS - start)) s)"
