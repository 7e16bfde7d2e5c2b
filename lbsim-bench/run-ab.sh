#!/usr/bin/env bash
# Compares two builds of the benchmark jar on one macro scenario: N alternating pairs, one
# process at a time, pinned to one vCPU, printing each run's wall and run-thread CPU time and
# the per-pair ratio. On a VM whose speed drifts within minutes only such pairs show a change
# of a few percent (docs/performance.md, "Noise rules").
#   lbsim-bench/run-ab.sh 5 before.jar after.jar --set workload.size=512KiB ata-128-2MiB
# Environment: CPU (the vCPU to pin to, default 1), JAVA (default: java on the PATH).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 PAIRS BEFORE.jar AFTER.jar MACRO-ARGS..." >&2
  exit 2
fi
pairs=$1 before=$2 after=$3
shift 3
for jar in "$before" "$after"; do
  [ -f "$jar" ] || { echo "error: $jar: no such file" >&2; exit 2; }
done
cpu() { # run-thread CPU seconds of one macro run, after printing its summary row
  local row
  row=$(taskset -c "${CPU:-1}" "${JAVA:-java}" -cp "$1" org.lbsim.bench.MacroBenchmark "${@:2}" 2>&1 \
    | grep -E '^\| [a-z]' | grep -v '^| scenario' | tail -1)
  echo "  $(basename "$1"): $row" >&2
  echo "$row" | awk -F'|' '{gsub(/[ s]/, "", $4); print $4}'
}
ratios=()
for i in $(seq "$pairs"); do
  # the side that runs first alternates, so that a machine drifting within minutes favours neither
  if [ $((i % 2)) -eq 1 ]; then
    b=$(cpu "$before" "$@")
    a=$(cpu "$after" "$@")
  else
    a=$(cpu "$after" "$@")
    b=$(cpu "$before" "$@")
  fi
  r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')
  ratios+=("$r")
  echo "pair $i: before $b s, after $a s, after/before $r"
done
printf '%s\n' "${ratios[@]}" | sort -n \
  | awk '{ r[NR] = $1 } END { m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2; printf "median after/before: %.3f\n", m }'
