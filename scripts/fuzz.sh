#!/usr/bin/env bash
# `npm run fuzz -- [SECONDS] [FUZZER...]`: builds the libFuzzer harnesses of tests/fuzz with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer into build/fuzz, then runs each fuzzer
# (parse_fuzzer, search_fuzzer, xmpuzzle_fuzzer, merge_fuzzer; all by default) for SECONDS (default 60), nice'd,
# as many at a time as there are cores (PIECEWISE_FUZZ_JOBS changes that): each fuzzer is one process on
# one core, so on two cores four take two rounds rather than four. Seeds: the library (puzzles/), the hostile documents (tests/hostile/), malformed bytes,
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
# Each named once: two runs of one fuzzer at a time would share its seeds and corpus.
mapfile -t fuzzers < <(printf '%s\n' "${fuzzers[@]}" | awk '!seen[$0]++')

# The settings of each fuzzer: the longest input worth trying and its dictionary.
settings() {
  case "$1" in
    parse_fuzzer) echo "65536 piecewise.dict" ;;
    search_fuzzer) echo "8192 piecewise.dict" ;;  # larger accepted puzzles only slow the search down
    xmpuzzle_fuzzer) echo "16384 xmpuzzle.dict" ;;
    merge_fuzzer) echo "16384 merge.dict" ;;
    *) return 1 ;;
  esac
}
for name in "${fuzzers[@]}"; do
  settings "$name" >/dev/null ||
    { echo "fuzz: unknown fuzzer '$name' (parse_fuzzer, search_fuzzer, xmpuzzle_fuzzer, merge_fuzzer)" >&2; exit 2; }
done

# Both checked before the build, so that a typo costs no build.
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: SECONDS must be a whole number from 1, not '$seconds'" >&2; exit 2; }
jobs="${PIECEWISE_FUZZ_JOBS:-$(nproc)}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: PIECEWISE_FUZZ_JOBS must be a whole number from 1, not '$jobs'" >&2; exit 2; }

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

# fuzz NAME: writes NAME's seeds and runs it for $seconds; its output stays in build/fuzz/logs/NAME.log.
fuzz() {
  local name="$1" max_len dict seeds="$build/seeds/$1" out="$build/logs/$1.log"
  read -r max_len dict < <(settings "$name")
  rm -rf "$seeds"
  node "$root/tests/fuzz/write-seeds.mjs" "$seeds" "$max_len"
  mkdir -p "$build/corpus/$name" "$build/artifacts" "$root/tests/fuzz/regressions/$name"
  echo "fuzz: $name for $seconds s" >&2
  if ! nice "$build/$name" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len="$max_len" \
      -dict="$root/tests/fuzz/$dict" -artifact_prefix="$build/artifacts/$name-" -print_final_stats=1 \
      "$build/corpus/$name" "$root/tests/fuzz/regressions/$name" "$seeds" >"$out" 2>&1; then
    tail -n 60 "$out" >&2
    echo "fuzz: $name failed; the input is in $build/artifacts/ (reproduce: $build/$name FILE)" >&2
    return 1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^Done" "$out" | sed "s/^/fuzz: $name: /" >&2 || true
}

# Up to $jobs fuzzers at a time; after a failure no further one starts, and those running finish.
mkdir -p "$build/logs"
running=0
failed=0
for name in "${fuzzers[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  [ "$failed" = 1 ] && break
  fuzz "$name" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit "$failed"
