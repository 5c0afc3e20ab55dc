#!/usr/bin/env bash
# The flight history sweep in the real daemon over a faked calendar (issue 44; docs/testing.md
# "The season run"): release msgxd on the embedded profile (SQLite store and mailbox, file delivery
# targets, a private loopback port) under libfaketime, three starts of the same store:
#
#   A  7 Mar 2024 08:00 (Asia/Shanghai)   the sample day's schedule creates the turnaround pair
#                                         880301/880302, flown that morning; stopped.
#   B 14 Apr 02:59:45, 38 days later      a FLOP-STND of 880302 waits in the mailbox: the sweep run of
#                                         the start (msgxd becoming the writer) moves the pair to the
#                                         history and the FLOP brings it back in its own commit;
#                                         stopped. The pair's last change is now 14 Apr 02:59:4x.
#   C 16 Apr 02:59:30, 40 days after the  the sweep run of the start keeps the pair (changed less than
#     flight                              flights.history-after = 2d ago); the daily run at archive.at
#                                         03:00 moves it (GET /all/flights answers neither flight, the
#                                         schd file gets the flight-to-history tombstones); a FLOP-STND
#                                         of 880301 sent after its last change brings it back.
#
# Why B: every start runs the sweep (a run a crash cut short is finished that way), so a daemon
# started 40 days after an untouched flight moves it at once; to see the daily archive.at run move a
# flight 40 days past, its last change must be just under 2 days old at the start. B also checks the
# start's run and a revival.
#
# flights.revive-within (default 14d) counts from the move to the history, not from the flight's
# date: the default lets a flight 40 days past come back minutes after its sweep, so the
# configuration keeps it. Only the wall clock is faked (FAKETIME_DONT_FAKE_MONOTONIC), each run's
# clock ticks at the real rate from its start; C waits about 30 s for 03:00. libfaketime does not
# mix with ASan: the release build only.
#
# docs/delivery.md says a revived flight is published again (a msg event, the schd document), the
# partner that comes back with it too: checked (expect_republished).
#
#   tests/season/faketime-sweep.sh [BUILD_DIR]      (default build/release; make season builds it)
#
# Exit 0 when every check passed; the work directory (logs, store, delivered files) is kept on a
# failure and named.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
msgxd=$build/core/msgxd
msgxctl=$build/core/msgxctl
faketime_lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
for file in "$msgxd" "$msgxctl" "$faketime_lib"; do
  [[ -e $file ]] || { echo "faketime-sweep: $file missing (make season builds and installs it)" >&2; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "faketime-sweep: sqlite3 missing" >&2; exit 1; }

began=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/msgx-season.XXXXXX")
mkdir -p "$work/var" "$work/run" "$work/msgs"
daemon_pid=
finish() {
  local rc=$?
  if [[ -n $daemon_pid ]] && kill -0 "$daemon_pid" 2>/dev/null; then
    kill -TERM "$daemon_pid" 2>/dev/null || true
    wait "$daemon_pid" 2>/dev/null || true
  fi
  if ((rc == 0)); then
    rm -rf "$work"
  else
    echo "faketime-sweep: FAILED; logs, store and delivered files kept in $work" >&2
  fi
}
trap finish EXIT

config=$work/msgx.yaml
cat >"$config" <<EOF
profile: embedded
store:
  backend: sqlite
  connect: $work/var/msgx.db
mailbox:
  backend: sqlite
  connect: $work/var/mailbox.db
  create-tables: true
plugins:
  dir: $build/handlers
delivery:
  schd-flush-period: 200ms # the default 3s only makes the run wait
  targets:
    msg:
      type: file
      path: $work/var/outbox/msg.jsonl
    schd:
      type: file
      path: $work/var/outbox/schd.jsonl
control:
  socket: $work/run/msgxd.sock
http:
  listen: 127.0.0.1:0
pipeline:
  business-time-zone: Asia/Shanghai
archive:
  at: "03:00"
flights:
  history-after: 2d
  revive-within: 14d
log:
  level: info
  format: text
  file: stderr
EOF

say() { printf 'faketime-sweep: [%3d s] %s\n' "$(($(date +%s) - began))" "$*"; }
fail() {
  say "FAIL: $*" >&2
  exit 1
}

# Runs a command with the wall clock starting at $1 (UTC, "YYYY-MM-DD hh:mm:ss").
faked() {
  local at=$1
  shift
  env TZ=UTC LD_PRELOAD="$faketime_lib" FAKETIME="@$at" FAKETIME_DONT_FAKE_MONOTONIC=1 "$@"
}

# A FLOP-STND of flight $2 to stand $3, sent at $4 (yyyyMMddHHmmss, Asia/Shanghai), SEQN $1.
stand_update() {
  cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<MSG>
  <META><SNDR>AODB</SNDR><SEQN>$1</SEQN><DTTM>$4</DTTM><TYPE>FLOP</TYPE><STYP>STND</STYP></META>
  <FLOP><FLID>$2</FLID><STND>$3</STND></FLOP>
</MSG>
EOF
}

port=
log=
started_at=
started_real=
# Starts msgxd with the clock at $1 (UTC), log $2; waits for its HTTP port.
start_daemon() {
  log=$work/$2
  started_at=$1
  started_real=$(date +%s)
  # env execs msgxd: $! is the daemon (a shell function in the background would be a subshell).
  env TZ=UTC LD_PRELOAD="$faketime_lib" FAKETIME="@$1" FAKETIME_DONT_FAKE_MONOTONIC=1 \
    "$msgxd" --config "$config" >"$log" 2>&1 &
  daemon_pid=$!
  for _ in $(seq 1 300); do
    port=$(sed -n 's/.*http: listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)
    [[ -n $port ]] && return 0
    kill -0 "$daemon_pid" 2>/dev/null || fail "msgxd exited at start: $(tail -5 "$log")"
    sleep 0.1
  done
  fail "msgxd did not listen within 30 s: $(tail -5 "$log")"
}

# The running daemon's faked time (UTC), to the second.
faked_now() { date -u -d "$started_at UTC + $(($(date +%s) - started_real)) seconds" +'%F %T'; }

stop_daemon() {
  kill -TERM "$daemon_pid"
  wait "$daemon_pid" || fail "msgxd did not stop cleanly: $(tail -5 "$log")"
  daemon_pid=
}

store() { sqlite3 -batch -noheader "$work/var/msgx.db" "$1"; }

# The state of mailbox message $1 (live or archived).
state_of() {
  store "SELECT STATE FROM PROC_STATE WHERE CMINMSGS_ID = $1 UNION ALL
         SELECT STATE FROM PROC_STATE_HST WHERE CMINMSGS_ID = $1;" 2>/dev/null | head -1
}

# Waits until mailbox messages $@ all ended SUCCEEDED.
await_succeeded() {
  local id
  for id; do
    for _ in $(seq 1 200); do
      [[ $(state_of "$id") == SUCCEEDED ]] && continue 2
      sleep 0.1
    done
    fail "message $id is $(state_of "$id") after 20 s: $(store "SELECT NOTE, LAST_ERROR FROM PROC_STATE WHERE CMINMSGS_ID = $id;")"
  done
}

# The FLIDs GET /all/flights answers, space-separated, by FLID.
all_flights() {
  python3 - "$port" <<'EOF'
import json, sys, urllib.request
with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/all/flights", timeout=10) as answer:
    print(" ".join(str(f["flid"]) for f in sorted(json.load(answer), key=lambda f: f["flid"])))
EOF
}

# Delivered lines before the mark (mark_delivered) are not looked at.
declare -A marked=([msg]=0 [schd]=0)
mark_delivered() {
  local target
  for target in msg schd; do
    marked[$target]=0
    [[ -f $work/var/outbox/$target.jsonl ]] && marked[$target]=$(wc -l <"$work/var/outbox/$target.jsonl")
  done
}

# The "type" of the last line after the mark of delivered file $1 whose key is flight $2, with
# " (tombstone)" for a line without value; "" when none.
last_delivered() {
  [[ -f $work/var/outbox/$1.jsonl ]] || return 0
  python3 - "$work/var/outbox/$1.jsonl" "$2" "${marked[$1]}" <<'EOF'
import json, sys
last = ""
for number, line in enumerate(open(sys.argv[1])):
    record = json.loads(line)
    if number >= int(sys.argv[3]) and record.get("key") == int(sys.argv[2]):
        last = record["type"] + (" (tombstone)" if record.get("value") is None else "")
print(last)
EOF
}

# Waits up to $3 s until the last delivery of flight $2 to target $1 after the mark matches the
# pattern $4.
await_delivered() {
  for _ in $(seq 1 $(($3 * 10))); do
    [[ $(last_delivered "$1" "$2") =~ ^($4)$ ]] && return 0
    sleep 0.1
  done
  fail "$1 delivered \"$(last_delivered "$1" "$2")\" last for $2 (since the mark), not \"$4\""
}

# Waits up to 20 s until every event of the store is delivered (none PENDING).
await_all_delivered() {
  for _ in $(seq 1 200); do
    [[ $(store "SELECT COUNT(*) FROM MSG_EVENT WHERE STATE = 'PENDING';") == 0 ]] && return 0
    sleep 0.1
  done
  fail "events still pending after 20 s: $(store "SELECT EVENT_ID, TARGET, FLID FROM MSG_EVENT WHERE STATE = 'PENDING';")"
}

# docs/delivery.md: a flight brought back from the history is published again: its last msg record
# is its return (flight-from-history) or the message's change, its last schd record its document.
expect_republished() {
  local target=$1 flid=$2 got
  got=$(last_delivered "$target" "$flid")
  [[ $got =~ ^flight-(update|upsert|from-history)$ ]] ||
    fail "$target's last record of revived $flid is \"${got:-none}\", not the flight again (docs/delivery.md)"
}

in_history() { store "SELECT COUNT(*) FROM FLIGHT_HST WHERE FLID = $1;"; }
live_flight() { store "SELECT COUNT(*) FROM FLIGHT WHERE FLID = $1;"; }
local_time() { TZ=Asia/Shanghai date -d "@$(($1 / 1000000))" +'%F %T %Z'; }

# --- A: 7 Mar 2024 08:00 Asia/Shanghai (00:00Z): the schedule creates the pair -------------------
at_a="2024-03-07 00:00:00"
ids=$(faked "$at_a" "$msgxctl" --config "$config" inject etc/sample-day/0[1-4]-*.xml)
start_daemon "$at_a" a.log
# shellcheck disable=SC2086 # one id per line
await_succeeded $ids
await_all_delivered
await_delivered schd 880302 1 flight-upsert
[[ $(all_flights) == "880301 880302" ]] || fail "A: GET /all/flights answered $(all_flights)"
say "A  2024-03-07 08:00 Asia/Shanghai: messages ${ids//$'\n'/ } (sample day 01-04) created 880301/880302; GET /all/flights: $(all_flights)"
stop_daemon

# --- B: 14 Apr 02:59:45 Asia/Shanghai, 38 days later: the start's run sweeps, the FLOP revives --
at_b="2024-04-13 18:59:45"
stand_update 91001 880302 419 20240414025945 >"$work/msgs/b-stand.xml"
id_b=$(faked "$at_b" "$msgxctl" --config "$config" inject "$work/msgs/b-stand.xml")
mark_delivered
start_daemon "$at_b" b.log
await_succeeded "$id_b"
await_all_delivered
grep -q 'flight history: moved 2 flights' "$log" ||
  fail "B: the start's sweep run did not move the pair: $(grep 'flight history' "$log")"
await_delivered msg 880301 1 flight-from-history # moved by the sweep, back with its partner
await_delivered msg 880302 1 flight-update # after its flight-to-history
[[ $(all_flights) == "880301 880302" ]] || fail "B: GET /all/flights answered $(all_flights) after the revival"
[[ $(in_history 880301) == 0 && $(in_history 880302) == 0 ]] || fail "B: FLIGHT_HST still holds the revived pair"
say "B  2024-04-14 02:59:45 start: the start's sweep run $(grep -o 'moved [0-9]* flights' "$log" | head -1) (msg: flight-to-history 880301, 880302); FLOP-STND 880302 (message $id_b) brought the pair back: GET /all/flights: $(all_flights)"
expect_republished schd 880302
expect_republished msg 880301
say "   the pair's last change: $(local_time "$(store "SELECT MAX(UPDATED_AT) FROM FLIGHT;")")"
stop_daemon

# --- C: 16 Apr 02:59:30 Asia/Shanghai, 40 days after the flight: swept at archive.at 03:00 -------
at_c="2024-04-15 18:59:30"
mark_delivered
start_daemon "$at_c" c.log
for _ in $(seq 1 100); do
  grep -q 'flight history: moved' "$log" && break
  sleep 0.1
done
grep -q 'flight history: moved 0 flights' "$log" ||
  fail "C: the start's sweep run did not keep the pair: $(grep 'flight history' "$log")"
[[ $(all_flights) == "880301 880302" ]] || fail "C: GET /all/flights answered $(all_flights) before archive.at"
say "C  2024-04-16 02:59:30 start: the start's sweep run moved 0 flights (the pair changed under 2d ago); GET /all/flights: $(all_flights)"
# The daily run at 03:00 (19:00Z), about 30 s of real time after the start.
for _ in $(seq 1 600); do
  grep -q 'flight history: moved [1-9]' "$log" && break
  sleep 0.1
done
swept_line=$(grep 'flight history: moved [1-9]' "$log" | tail -1) || fail "C: nothing swept by $(faked_now)Z"
await_all_delivered
await_delivered schd 880301 1 'flight-to-history \(tombstone\)'
await_delivered schd 880302 1 'flight-to-history \(tombstone\)'
await_delivered msg 880301 1 flight-to-history
await_delivered msg 880302 1 flight-to-history
swept_at=$(local_time "$(store "SELECT MAX(ARCHIVED_AT) FROM FLIGHT_HST WHERE FLID = 880301;")")
[[ $swept_at == "2024-04-16 03:00:"* ]] || fail "C: the pair moved at $swept_at, not at archive.at 03:00"
[[ -z $(all_flights) ]] || fail "C: GET /all/flights answered $(all_flights) after the sweep"
[[ $(live_flight 880301) == 0 && $(live_flight 880302) == 0 && $(in_history 880301) == 1 && $(in_history 880302) == 1 ]] ||
  fail "C: FLIGHT and FLIGHT_HST do not hold the pair as moved"
say "   archive.at: the pair moved at $swept_at (${swept_line#*flight history: }); GET /all/flights: []; schd: flight-to-history tombstones for 880301 and 880302, msg: flight-to-history for both"

stand_update 91002 880301 420 20240416030100 >"$work/msgs/c-stand.xml"
mark_delivered
id_c=$(faked "$(faked_now)" "$msgxctl" --config "$config" inject "$work/msgs/c-stand.xml")
await_succeeded "$id_c"
await_all_delivered
await_delivered msg 880301 1 flight-update
[[ $(all_flights) == "880301 880302" ]] || fail "C: GET /all/flights answered $(all_flights) after the FLOP"
stand=$(store "SELECT json_extract(ATTRIBUTES, '$.currentStand') FROM FLIGHT WHERE FLID = 880301;")
[[ $stand == 420 ]] || fail "C: 880301's stand is $stand after the FLOP, not 420"
[[ $(in_history 880301) == 0 && $(in_history 880302) == 0 ]] || fail "C: FLIGHT_HST still holds the revived pair"
say "   FLOP-STND 880301 (message $id_c, sent 03:01) brought the pair back: stand 420, msg flight-update 880301; GET /all/flights: $(all_flights)"
expect_republished schd 880301
expect_republished msg 880302
stop_daemon
say "passed in $(($(date +%s) - began)) s"
