#!/usr/bin/env bash
# `npm test`: every test. Installs what is missing, builds, then runs the C++ tests
# (GoogleTest through CTest) and the web tests (Vitest and the browser end-to-end tests).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

bash scripts/build-native.sh
echo "== C++ tests (ctest)"
ctest --test-dir build/native --output-on-failure -j "$(nproc)"

if [ -f scripts/test-web.sh ]; then
  echo "== web tests"
  bash scripts/test-web.sh
fi
