#!/usr/bin/env bash
# Builds the benchmark jar and runs the larger liveness matrix (every cc x lr x SACK trigger x
# fast retransmit, 8 situations x 3 seeds on a k = 8 fat tree); exits 1 if any pairing is not live.
#   lbsim-bench/run-liveness.sh [THREADS [SITUATION]]   (SITUATION: a part of the situations' names, e.g. PFC)
# Environment: SKIP_BUILD=1 (reuse lbsim-bench/target/benchmarks.jar).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [[ "${SKIP_BUILD:-0}" != "1" ]]; then
  mvn -B -q -DskipTests -pl lbsim-bench -am package
fi
exec java -Xmx8g -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.LivenessBench "$@"
