#!/usr/bin/env bash
# Runs every case of identity/cases.txt (identity/base.yaml plus the line's overrides) with two
# lbsim jars and compares the result files byte for byte, the exit codes and the printed tables
# (progress and wall-clock lines aside). A change that must not alter behaviour passes when every case is
# identical.
#   lbsim-bench/run-identity.sh BEFORE.jar AFTER.jar [WORK_DIR]
# Prints one line per case (same / DIFFERENT, and which files differ) and exits 1 if any differs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
before="$(realpath "$1")"
after="$(realpath "$2")"
work="${3:-$(mktemp -d)}"
mkdir -p "$work"
cp "$here/identity/base.yaml" "$here/identity/small.cm" "$work/"

run_side() { # jar side label overrides...
  local jar="$1" side="$2" label="$3"
  shift 3
  local args=(--set "name=$label")
  for kv in "$@"; do args+=(--set "$kv"); done
  set +e
  (cd "$work" && java -jar "$jar" run --out "$work/$side" "${args[@]}" base.yaml >"$work/$side-$label.out" 2>&1)
  echo $? >"$work/$side-$label.rc"
  set -e
}

# What a run printed, without the lines about its progress and wall time, which differ from run to run.
printed() {
  grep -v -e ' wall' -e '^running ' -e ' ms simulated' "$1" || true
}

differ=0
cases=0
while read -r label rest; do
  [ -z "$label" ] && continue
  case "$label" in \#*) continue ;; esac
  read -r -a overrides <<<"$rest"
  run_side "$before" before "$label" "${overrides[@]}"
  run_side "$after" after "$label" "${overrides[@]}"
  cases=$((cases + 1))
  rc_b=$(cat "$work/before-$label.rc")
  rc_a=$(cat "$work/after-$label.rc")
  files=""
  if [ -d "$work/before/$label" ] || [ -d "$work/after/$label" ]; then
    files=$(diff -rq "$work/before/$label" "$work/after/$label" 2>&1 | sed "s|$work/||g" | tr '\n' ';' || true)
  fi
  if ! diff -q <(printed "$work/before-$label.out" | sed "s|$work/before|OUT|g") \
      <(printed "$work/after-$label.out" | sed "s|$work/after|OUT|g") >/dev/null; then
    files="${files}printed table;"
  fi
  if [ "$rc_b" != "$rc_a" ] || [ -n "$files" ]; then
    differ=$((differ + 1))
    echo "DIFFERENT $label (exit $rc_b vs $rc_a) $files"
  elif [ "$rc_b" != 0 ] && [ "$rc_b" != 3 ]; then
    differ=$((differ + 1))
    echo "FAILED    $label (exit $rc_b on both sides; see $work/before-$label.out)"
  else
    n=$(find "$work/after/$label" -type f | wc -l)
    echo "same      $label (exit $rc_a, $n files)"
  fi
done <"$here/identity/cases.txt"
echo "$cases cases, $differ different or failed; outputs in $work"
[ "$differ" = 0 ]
