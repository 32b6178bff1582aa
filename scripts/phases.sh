# Sourced by the test scripts: `phase NAME COMMAND...` runs one phase of the run, headed by its
# name, and prints its wall time when it ends; `phase_summary` lists every phase's time (those of
# scripts/test-web.sh too, when it runs under scripts/test.sh) and the total.
PIECEWISE_PHASE_LOG="${PIECEWISE_PHASE_LOG:-$(mktemp)}"
export PIECEWISE_PHASE_LOG

phase() {
  local name="$1" start ms
  shift
  echo "== $name"
  start=$(date +%s%N)
  "$@"
  ms=$((($(date +%s%N) - start) / 1000000))
  printf '%s\t%d\n' "$name" "$ms" >>"$PIECEWISE_PHASE_LOG"
  printf -- '-- %s: %d.%d s\n' "$name" $((ms / 1000)) $((ms % 1000 / 100))
}

phase_summary() {
  echo "== phase times"
  awk -F'\t' '{ printf "  %-66s %7.1f s\n", $1, $2 / 1000; total += $2 } END { printf "  %-66s %7.1f s\n", "total", total / 1000 }' "$PIECEWISE_PHASE_LOG"
}
