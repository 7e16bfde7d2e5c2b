#!/usr/bin/env bash
# Runs reproduction presets with two lbsim jars and compares their tables cell by cell: for a
# change that is meant to alter results (a new tie rule, a model fix), it says by how much each
# page's numbers move. For each preset it runs `reproduce PRESET [ARGS]` with each jar into its own
# folder, then prints every numeric cell of table.csv that differs, the largest change, and how
# many cells moved by more than LIMIT percent.
#   lbsim-bench/run-preset-ab.sh BEFORE.jar AFTER.jar WORK_DIR "PRESET [ARGS...]"...
#   e.g. lbsim-bench/run-preset-ab.sh /tmp/before.jar /tmp/after.jar /tmp/ab "perm-bound" "fig1 --quick"
# Environment: LIMIT (default 3), THREADS (default 2), JAVA (default java).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 BEFORE.jar AFTER.jar WORK_DIR \"PRESET [ARGS...]\"..." >&2
  exit 2
fi
before="$(realpath "$1")"
after="$(realpath "$2")"
work="$3"
shift 3
limit="${LIMIT:-3}"
threads="${THREADS:-2}"
java="${JAVA:-java}"
mkdir -p "$work"
for f in "$before" "$after"; do
  [ -f "$f" ] || { echo "error: $f: no such file" >&2; exit 2; }
done

for spec in "$@"; do
  read -r -a words <<<"$spec"
  label="$(printf '%s' "$spec" | tr ' /=' '_-_')"
  for side in before after; do
    jar="$before"
    [ "$side" = after ] && jar="$after"
    out="$work/$side/$label"
    start=$(date +%s)
    rc=0
    "$java" -jar "$jar" reproduce "${words[@]}" --threads "$threads" --out "$out" --overwrite \
        >"$work/$side-$label.out" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 3 ]; then # 3: the runs finished with some flows unfinished, a result
      echo "FAILED   $spec ($side, exit $rc): see $work/$side-$label.out"
      continue 2
    fi
    echo "ran      $spec ($side) in $(( $(date +%s) - start )) s" >&2
  done
  python3 - "$work/before/$label" "$work/after/$label" "$spec" "$limit" <<'EOF'
import csv, glob, os, sys
before, after, spec, limit = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])

def table(root):
    found = sorted(glob.glob(os.path.join(root, "**", "table.csv"), recursive=True))
    if not found:
        return None, None
    with open(found[0], newline="") as f:
        return os.path.relpath(found[0], root), list(csv.reader(f))

name, a = table(before)
_, b = table(after)
if a is None or b is None:
    print(f"NO TABLE {spec}")
    sys.exit(0)
if len(a) != len(b) or any(len(x) != len(y) for x, y in zip(a, b)):
    print(f"SHAPE    {spec}: {name} has different rows or columns")
    sys.exit(0)
header = a[0]
moved, worst, cells = 0, 0.0, 0
lines = []
for ra, rb in zip(a[1:], b[1:]):
    for col, (x, y) in enumerate(zip(ra, rb)):
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            continue
        cells += 1
        if fx == fy:
            continue
        rel = abs(fy - fx) / max(abs(fx), 1e-12) * 100
        worst = max(worst, rel)
        if rel > limit:
            moved += 1
        lines.append(f"    {ra[0]} / {header[col]}: {x} -> {y} ({rel:.2f} %)")
verdict = "same" if not lines else f"{len(lines)} of {cells} cells differ, largest {worst:.2f} %, {moved} above {limit:g} %"
print(f"{'SAME' if not lines else 'MOVED':8} {spec}: {verdict}")
for l in lines:
    print(l)
EOF
done
