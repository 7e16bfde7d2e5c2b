#!/usr/bin/env bash
# Cross-checks lbsim against a built htsim: runs every case of a case list on both sides, one
# simulation at a time, and prints one table (docs/validation.md).
#   lbsim-bench/crosscheck/crosscheck.sh --htsim DIR [--cases FILE] [--runs N] [--seeds N]
#       [--only REGEX] [--metrics cct,p50,p99,trims,rtx] [--out DIR] [--lbsim PATH] [--fresh] [--timeout-s S]
# Without --htsim it prints how to build the reference simulator and exits 0 without running.
# The harness (package org.lbsim.bench.crosscheck) needs only the JDK: it is compiled here with
# javac, without Maven.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="$repo/lbsim-bench/src/main/java/org/lbsim/bench/crosscheck"
classes="$repo/lbsim-bench/target/crosscheck-classes"
stamp="$classes/.built"
if [ ! -f "$stamp" ] || [ -n "$(find "$src" -type f -newer "$stamp" -print -quit)" ]; then
  rm -rf "$classes"
  mkdir -p "$classes"
  javac -encoding UTF-8 --release 17 -d "$classes" "$src"/*.java
  touch "$stamp"
fi
exec java -cp "$classes" org.lbsim.bench.crosscheck.CrossCheck --repo "$repo" "$@"
