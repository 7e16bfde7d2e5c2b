#!/usr/bin/env bash
# The bar as a user meets it: N whole-process runs of `./lbsim run lbsim-bench/bar.yaml`, one
# after another, each timed with /usr/bin/time. Prints each run's clock time, wall time, peak
# resident memory and the load average before it, then the median, the quartiles and the range.
# The first ./lbsim call builds the jar and its class-data archive if they are stale; that call
# is a warm-up and not counted. DEFAULT=1 times `./lbsim run` instead: the built-in default
# comparison a new user starts with.
#   lbsim-bench/run-bar.sh 15
#   DEFAULT=1 lbsim-bench/run-bar.sh 5
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ $# -ne 1 ] || ! [[ "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 RUNS (a positive whole number)" >&2
  exit 2
fi
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is needed for the peak resident memory" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scenario=(lbsim-bench/bar.yaml)
[ "${DEFAULT:-}" = 1 ] && scenario=()
./lbsim run "${scenario[@]}" --set workload.size=4KiB --out "$work/warm-up" >/dev/null 2>&1
for i in $(seq 1 "$1"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%T)
  if ! /usr/bin/time -f '%e %M' -o "$work/time" ./lbsim run "${scenario[@]}" --out "$work/out" >"$work/log" 2>&1; then
    echo "error: run $i failed:" >&2
    tail -20 "$work/log" >&2
    exit 1
  fi
  read -r wall rss <"$work/time"
  echo "run $i at $start (load $load): $wall s, peak RSS $((rss / 1024)) MiB"
  echo "$wall" >>"$work/walls"
done
sort -n "$work/walls" | awk '{ w[NR] = $1 } END {
  printf "median %.2f s over %d runs (quartiles %.2f .. %.2f, range %.2f .. %.2f)\n",
    (NR % 2 ? w[(NR + 1) / 2] : (w[NR / 2] + w[NR / 2 + 1]) / 2), NR,
    w[int((NR + 3) / 4)], w[int((3 * NR + 3) / 4)], w[1], w[NR] }'
