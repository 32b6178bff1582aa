#!/usr/bin/env bash
# `npm test`: every test. Installs what is missing, builds, then runs the C++ tests
# (GoogleTest through CTest), the command line's job tests (node's test runner), the fuzzers
# briefly, and the web tests (Vitest and the browser end-to-end tests).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

bash scripts/build-native.sh
echo "== C++ tests (ctest)"
ctest --test-dir build/native --output-on-failure -j "$(nproc)"

echo "== command-line tests (split -> GNU Parallel -> merge, the Kubernetes manifest)"
bash scripts/npm-deps.sh
node --test tests/cli/

# A short run of each libFuzzer harness (sanitizers on), from the seeds and every input that
# once failed, so that a regression shows here; `npm run fuzz -- SECONDS` runs them longer.
echo "== fuzzers (${PIECEWISE_FUZZ_SECONDS:-30} s each)"
bash scripts/fuzz.sh "${PIECEWISE_FUZZ_SECONDS:-30}"

if [ -f scripts/test-web.sh ]; then
  echo "== web tests"
  bash scripts/test-web.sh
fi
