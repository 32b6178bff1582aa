#!/usr/bin/env bash
# `npm test`: every test, each phase timed (scripts/phases.sh). Installs what is missing, builds
# the native CLI and tests once, then runs the C++ tests (GoogleTest through CTest), the command
# line's job tests (node's test runner), a short smoke run of the fuzzers, and the web tests
# (scripts/test-web.sh: typecheck, Vitest, the site, the browser end-to-end tests), which reuse
# that native build and build the WASM solver once for Vitest and the site alike.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/phases.sh

phase "set-up (Debian and npm packages)" bash -c 'bash scripts/setup-system.sh && bash scripts/npm-deps.sh'
phase "native build (CLI, C++ tests)" bash scripts/build-native.sh
phase "C++ tests (ctest)" ctest --test-dir build/native --output-on-failure -j "$(nproc)"
phase "command-line tests (split -> GNU Parallel -> merge, Kubernetes)" node --test tests/cli/

# A short run of each libFuzzer harness (sanitizers on), from the seeds and every input that
# once failed, so that a regression shows here; `npm run fuzz -- SECONDS` runs them for longer.
phase "fuzz build (clang, sanitizers)" env PIECEWISE_FUZZ_BUILD_ONLY=1 bash scripts/fuzz.sh
phase "fuzz smoke (${PIECEWISE_FUZZ_SECONDS:-10} s each)" bash scripts/fuzz.sh "${PIECEWISE_FUZZ_SECONDS:-10}"

bash scripts/test-web.sh
phase_summary
