#!/usr/bin/env bash
# Builds the benchmark jar and runs the JMH micro-benchmarks; arguments go to JMH.
#   lbsim-bench/run-jmh.sh                          all benchmarks, defaults (3 x 1 s warmup, 5 x 1 s, 1 fork)
#   lbsim-bench/run-jmh.sh EventQueueBench -p pending=100000
#   lbsim-bench/run-jmh.sh -rf json -rff jmh.json   machine-readable results
#   lbsim-bench/run-jmh.sh -h                       JMH's own options
# Environment: SKIP_BUILD=1 (reuse lbsim-bench/target/benchmarks.jar).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [[ "${SKIP_BUILD:-0}" != "1" ]]; then
  mvn -B -q -DskipTests -pl lbsim-bench -am package
fi
exec java -jar lbsim-bench/target/benchmarks.jar "$@"
