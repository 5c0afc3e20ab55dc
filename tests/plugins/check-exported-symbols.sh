#!/usr/bin/env bash
# Every plugin .so in the given folders exports exactly the entry symbol (PluginAbi.h): nothing of
# the SDK or the std:: templates it carries, so that msgxd maps no symbol tables it never uses and
# no plugin's copy of a function can be bound in place of another's.
#   check-exported-symbols.sh ENTRY_SYMBOL MIN_PLUGINS DIR...
set -euo pipefail
entry=$1
min=$2
shift 2
checked=0
failed=0
for dir in "$@"; do
  for so in "$dir"/*.so; do
    [[ -e $so ]] || continue
    exported=$(nm -D --defined-only "$so" | awk '{print $3}' | sort)
    if [[ $exported != "$entry" ]]; then
      echo "$so exports $(wc -l <<<"$exported") symbol(s), not only $entry:" >&2
      grep -vx "$entry" <<<"$exported" | head -5 >&2
      failed=$((failed + 1))
    fi
    checked=$((checked + 1))
  done
done
if ((checked < min)); then
  echo "only $checked plugin(s) found in $*, expected at least $min" >&2
  exit 1
fi
echo "$checked plugin(s) checked, $failed with more than $entry exported"
((failed == 0))
