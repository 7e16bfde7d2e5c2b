#!/usr/bin/env bash
# Builds the benchmark jar and compares optimize with the exhaustive grid over the same space on the
# 128-host fat tree's all-to-all (org.lbsim.bench.OptimizeVsGrid; docs/optimize.md, "Measured").
#   lbsim-bench/run-optimize-vs-grid.sh small            # DefaultFabricSearchTest's space: 39 grid runs, budget 40
#   lbsim-bench/run-optimize-vs-grid.sh large 16KiB 2    # 12 design combinations, 3 knobs: 144 grid runs, budget 300
#   lbsim-bench/run-optimize-vs-grid.sh flowlet          # ecmp, plb, letflow, conga x dctcp, mswift: 132 grid runs, budget 300
# Environment: JAVA_OPTS (extra JVM flags), SKIP_BUILD=1 (reuse lbsim-bench/target/benchmarks.jar).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [[ "${SKIP_BUILD:-0}" != "1" ]]; then
  mvn -B -q -DskipTests -pl lbsim-bench -am package
fi
# shellcheck disable=SC2086  # JAVA_OPTS is a list of flags
exec java ${JAVA_OPTS:-} -XX:+UseSerialGC -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.OptimizeVsGrid "$@"
