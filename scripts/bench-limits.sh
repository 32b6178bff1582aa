#!/usr/bin/env bash
# `npm run bench:limits`: builds the native and WASM solvers, then times and measures every
# hostile document's refusal (scripts/bench-limits.mjs; arguments are passed on).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-native.sh"
if [[ " $* " != *" --native-only "* ]]; then bash "$root/scripts/build-wasm.sh" >/dev/null; fi
exec node "$root/scripts/bench-limits.mjs" "$@"
