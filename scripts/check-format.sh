#!/usr/bin/env bash
# Fails when a tracked C++ file differs from what clang-format (.clang-format) would write.
# `make format` fixes it.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.h' '*.cpp')
if ((${#files[@]} == 0)); then
  echo "check-format: no C++ files tracked by git" >&2
  exit 1
fi
clang-format --dry-run --Werror "${files[@]}"
echo "check-format: ${#files[@]} files formatted"
