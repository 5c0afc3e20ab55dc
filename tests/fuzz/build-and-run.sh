#!/usr/bin/env bash
# Builds the decoder fuzz target with clang++ (libFuzzer, AddressSanitizer incl. leak detection,
# UndefinedBehaviorSanitizer) into build/fuzz/ and runs it for N seconds (default 600).
#
#   tests/fuzz/build-and-run.sh [seconds]
#
# The main build uses g++, so the target is compiled here from the codec sources (the message model
# in plugins/src/codec, the decoder in core/decoder/src)
# and linked against the system Poco XML (which links the system expat); only our code is
# instrumented for coverage. The committed seeds (tests/fuzz/corpus/decoder, read-only here) are
# merged with build/fuzz/corpus-decoder, where libFuzzer keeps what it finds. A crash, leak or
# broken contract stops the run with a non-zero exit and leaves the input in build/fuzz/artifacts/;
# reproduce with: build/fuzz/decoder_fuzzer build/fuzz/artifacts/<file>. The log of the last run
# is build/fuzz/decoder-fuzz.log.
set -euo pipefail

seconds="${1:-600}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [seconds]" >&2
  exit 2
fi

root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/build/fuzz"
mkdir -p "$out/corpus-decoder" "$out/artifacts"

echo "build-and-run: compiling $out/decoder_fuzzer"
clang++ -std=c++20 -g -O1 -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -Wall -Wextra \
  -I"$root/core/decoder/include" -I"$root/plugins/include" \
  "$root"/plugins/src/codec/*.cpp "$root"/core/decoder/src/*.cpp "$root/tests/fuzz/DecoderFuzzTarget.cpp" \
  -lPocoXML -lPocoFoundation \
  -o "$out/decoder_fuzzer"

echo "build-and-run: fuzzing for ${seconds}s"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
"$out/decoder_fuzzer" \
  -max_total_time="$seconds" \
  -timeout=25 \
  -rss_limit_mb=2048 \
  -print_final_stats=1 \
  -dict="$root/tests/fuzz/decoder.dict" \
  -artifact_prefix="$out/artifacts/" \
  "$out/corpus-decoder" "$root/tests/fuzz/corpus/decoder" 2>&1 | tee "$out/decoder-fuzz.log"
