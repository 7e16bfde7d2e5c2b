#!/usr/bin/env bash
# The wall times the docs quote, measured: runs every command of lbsim-bench/doc-timings.tsv as a
# reader would (whole processes through ./lbsim, each run in a fresh folder holding a copy of
# scenarios/ and the tiny my.yaml), times each with /usr/bin/time, then writes docs/timings.md
# (the machine, the load, every command's median, range and CPU time) and rewrites the
# <!-- timing:ID --> spans of README.md and docs/ from it (DocTimings). DocTimingsTest holds the
# pages to those spans. With IDs it runs only those rows and prints their times, writing nothing.
# Before each run it waits up to WAIT seconds (default 180) for the 1-minute load average to fall
# below MAX_LOAD (default: the number of vCPUs), so that a run measures lbsim, not the machine's
# other work; the table gives the load each run started at either way.
#   lbsim-bench/run-doc-timings.sh               # every row; about 20 minutes on 2 idle cores
#   lbsim-bench/run-doc-timings.sh tiny-run perm-bound
#   MAX_LOAD=1 WAIT=600 lbsim-bench/run-doc-timings.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is needed for the CPU time" >&2; exit 2; }
list=lbsim-bench/doc-timings.tsv
only=" $* "
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LBSIM_JSA="$root/lbsim-cli/target/lbsim.jsa"
max_load="${MAX_LOAD:-$(nproc)}"
wait_s="${WAIT:-180}"

# Waits (at most wait_s seconds) until the 1-minute load average is below max_load.
quiet() {
  local waited=0
  while [ "$waited" -lt "$wait_s" ] \
      && awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v m="$max_load" 'BEGIN { exit !(l >= m) }'; do
    sleep 5
    waited=$((waited + 5))
  done
}

# A folder as a reader's: a copy of scenarios/, the tiny scenario, and ./lbsim calling this checkout's.
fresh() {
  rm -rf "$1"
  mkdir -p "$1"
  cp -r scenarios "$1/scenarios"
  printf 'topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n' >"$1/my.yaml"
  printf '#!/bin/sh\nexec "%s/lbsim" "$@"\n' "$root" >"$1/lbsim"
  chmod +x "$1/lbsim"
}

# Builds the jar and its class-data archive if they are stale; not counted.
fresh "$work/warm-up"
(cd "$work/warm-up" && ./lbsim run my.yaml >/dev/null 2>&1)

raw="$work/raw.tsv"
: >"$raw"
while IFS=$'\t' read -r id runs command _; do
  [[ -z "$id" || "$id" == \#* ]] && continue
  [[ "$only" != "  " && "$only" != *" $id "* ]] && continue
  for i in $(seq 1 "$runs"); do
    dir="$work/run"
    fresh "$dir"
    quiet
    load=$(cut -d' ' -f1 /proc/loadavg)
    if ! (cd "$dir" && /usr/bin/time -f '%e %U %S' -o "$work/time" bash -c "$command" >"$work/log" 2>&1); then
      echo "error: $id, run $i failed: $command" >&2
      tail -20 "$work/log" >&2
      exit 1
    fi
    read -r wall user sys <"$work/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$i" "$wall" "$cpu" "$load" | tee -a "$raw"
  done
done <"$list"
rm -rf "$work/run"
[ "$only" != "  " ] && exit 0

machine="$work/machine.txt"
{
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "vcpus=$(nproc)"
  echo "virtual=$(grep -q hypervisor /proc/cpuinfo && echo yes || echo no)"
  echo "memory_kb=$(awk '/MemTotal/ { print $2 }' /proc/meminfo)"
  echo "kernel=$(uname -sr)"
  echo "jdk=$(java -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.vm.name|java.runtime.version/ { printf "%s ", $2 }')"
  echo "commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- lbsim-core lbsim-cli lbsim-report || echo ' with local changes')"
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "max_load=$max_load"
  echo "wait=$wait_s"
} >"$machine"
java lbsim-bench/src/main/java/org/lbsim/bench/DocTimings.java "$list" "$raw" "$machine" "$root"
