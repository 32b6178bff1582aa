#!/usr/bin/env bash
# `npm run cli -- ARGS`: builds the native solver if needed, then runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-native.sh"
exec "$root/build/native/piecewise" "$@"
