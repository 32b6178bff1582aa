#!/usr/bin/env bash
# `npm run fuzz -- [SECONDS] [FUZZER...]`: builds the libFuzzer harnesses of tests/fuzz with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer into build/fuzz, then runs each fuzzer
# (parse_fuzzer, search_fuzzer, xmpuzzle_fuzzer, merge_fuzzer; all by default) for SECONDS (default 60), nice'd,
# one after the other. Seeds: the library (puzzles/), the hostile documents (tests/hostile/), malformed bytes,
# BurrTools files (tests/data/burrtools/), results of `count --job` (tests/fuzz/merge-seeds/), and every input that once failed
# (tests/fuzz/regressions/NAME/, run first). What a fuzzer
# finds new is kept in build/fuzz/corpus/NAME, so that the next run starts from there.
# A crash, leak, hang (over 20 s on one input), UB report or memory blow-up (over 2 GB) stops
# the run with exit status 1 and leaves the input in build/fuzz/artifacts/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
fuzzers=("$@")
[ ${#fuzzers[@]} -eq 0 ] && fuzzers=(parse_fuzzer search_fuzzer xmpuzzle_fuzzer merge_fuzzer)
build="$root/build/fuzz"

bash "$root/scripts/setup-system.sh"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [ ! -f "$build/CMakeCache.txt" ]; then
  CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DPIECEWISE_FUZZ=ON -DCMAKE_BUILD_TYPE=Fuzz >"$log" 2>&1 ||
    { cat "$log" >&2; exit 1; }
fi
echo "fuzz: building the harnesses" >&2
nice cmake --build "$build" -j "$(nproc)" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# PIECEWISE_FUZZ_BUILD_ONLY=1: stop here (npm test times the build and the runs apart).
[ "${PIECEWISE_FUZZ_BUILD_ONLY:-}" = 1 ] && exit 0

for name in "${fuzzers[@]}"; do
  case "$name" in
    parse_fuzzer) max_len=65536 dict=piecewise.dict ;;
    search_fuzzer) max_len=8192 dict=piecewise.dict ;;  # larger accepted puzzles only slow the search down
    xmpuzzle_fuzzer) max_len=16384 dict=xmpuzzle.dict ;;
    merge_fuzzer) max_len=16384 dict=merge.dict ;;
    *) echo "fuzz: unknown fuzzer '$name' (parse_fuzzer, search_fuzzer, xmpuzzle_fuzzer, merge_fuzzer)" >&2; exit 2 ;;
  esac
  seeds="$build/seeds/$name"
  rm -rf "$seeds"
  node "$root/tests/fuzz/write-seeds.mjs" "$seeds" "$max_len"
  mkdir -p "$build/corpus/$name" "$build/artifacts" "$root/tests/fuzz/regressions/$name"
  echo "fuzz: $name for $seconds s" >&2
  if ! nice "$build/$name" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len="$max_len" \
      -dict="$root/tests/fuzz/$dict" -artifact_prefix="$build/artifacts/$name-" -print_final_stats=1 \
      "$build/corpus/$name" "$root/tests/fuzz/regressions/$name" "$seeds" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz: $name failed; the input is in $build/artifacts/ (reproduce: $build/$name FILE)" >&2
    exit 1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^Done" "$log" | sed "s/^/fuzz: $name: /" >&2 || true
done
