#!/usr/bin/env bash
# Compares two builds of the runnable jar (lbsim.jar) as a user runs them: N alternating pairs
# of whole processes (JVM start and result files included) on one scenario file, not pinned,
# each under /usr/bin/time, the side that runs first alternating from pair to pair. Prints each
# run's wall and user time and peak resident memory, the per-pair ratio and the median, and
# fails if any run's result files differ from the first's.
#   cp lbsim-cli/target/lbsim.jar /tmp/before.jar   # then change the code and rebuild
#   lbsim-bench/run-cli-ab.sh 5 bar.yaml /tmp/before.jar lbsim-cli/target/lbsim.jar
# Environment: BEFORE_OPTS / AFTER_OPTS, the JVM options of each side (default: the options
# ./lbsim uses), JAVA (default: java on the PATH), RESULTS=per-side when a change is meant to alter
# results (each side's runs are then compared with that side's first run, not with the other side's).
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 PAIRS SCENARIO.yaml BEFORE.jar AFTER.jar" >&2
  exit 2
fi
pairs=$1 scenario=$2 before=$3 after=$4
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "error: PAIRS must be a positive whole number, got '$pairs'" >&2; exit 2; }
for f in "$scenario" "$before" "$after"; do
  [ -f "$f" ] || { echo "error: $f: no such file" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is needed for the peak resident memory" >&2; exit 2; }
launcher_opts="-Xmx8g"
if grep -q '\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
  launcher_opts="$launcher_opts -XX:+UseTransparentHugePages"
fi
launcher_opts="$launcher_opts -XX:+UseSerialGC" # as ./lbsim runs a simulation
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # side jar opts: one whole process; its "wall user rss_kb" in $work/time, results in $work/$side
  rm -rf "${work:?}/$1"
  # shellcheck disable=SC2086 # the options are several words
  if ! /usr/bin/time -f '%e %U %M' -o "$work/time" "${JAVA:-java}" $3 -jar "$2" run "$scenario" --out "$work/$1" \
    >"$work/log" 2>&1; then
    echo "error: the $1 run failed:" >&2
    tail -20 "$work/log" >&2
    exit 1
  fi
}

reference() { # where the result files that side $1 must reproduce are kept
  if [ "${RESULTS:-}" = per-side ]; then echo "$work/reference-$1"; else echo "$work/reference"; fi
}

same_results() { # compares $work/$1 with its reference, every result file
  diff -r -q "$(reference "$1")" "$work/$1" >/dev/null
}

run_before() {
  run before "$before" "${BEFORE_OPTS:-$launcher_opts}"
  read -r bw bu bm <"$work/time"
  [ -d "$(reference before)" ] || cp -r "$work/before" "$(reference before)"
  same_results before || { echo "error: pair $i: the before run's result files differ from the first run's" >&2; exit 1; }
}
run_after() {
  run after "$after" "${AFTER_OPTS:-$launcher_opts}"
  read -r aw au am <"$work/time"
  [ -d "$(reference after)" ] || cp -r "$work/after" "$(reference after)"
  same_results after || { echo "error: pair $i: the after run's result files differ from the first run's" >&2; exit 1; }
}

# Pairs alternate which side runs first (before-after, then after-before, ...): on a machine
# whose speed drifts within minutes, a fixed order would charge the drift to one side.
ratios=()
for i in $(seq "$pairs"); do
  if [ $((i % 2)) -eq 1 ]; then
    run_before
    run_after
  else
    run_after
    run_before
  fi
  r=$(awk -v a="$aw" -v b="$bw" 'BEGIN { printf "%.3f", a / b }')
  ratios+=("$r")
  echo "pair $i: before ${bw} s wall (${bu} s user, $((bm / 1024)) MB), after ${aw} s wall (${au} s user, $((am / 1024)) MB), after/before $r"
done
if [ "${RESULTS:-}" = per-side ]; then
  echo "result files identical within each side ($pairs runs each)"
else
  echo "result files identical in all $((2 * pairs)) runs"
fi
printf '%s\n' "${ratios[@]}" | sort -n \
  | awk '{ r[NR] = $1 } END { m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2; printf "median after/before: %.3f\n", m }'
