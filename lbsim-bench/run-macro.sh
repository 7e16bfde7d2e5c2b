#!/usr/bin/env bash
# Builds the benchmark jar and runs the macro benchmark (whole scenarios, wall time).
#   lbsim-bench/run-macro.sh --list
#   lbsim-bench/run-macro.sh ata-128-2MiB
#   lbsim-bench/run-macro.sh --repeat 3 ata-16-256KiB perm-128-2MiB
# Environment: JAVA_OPTS (extra JVM flags, e.g. -Xmx8g or -XX:StartFlightRecording=...),
#              SKIP_BUILD=1 (reuse lbsim-bench/target/benchmarks.jar).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [[ "${SKIP_BUILD:-0}" != "1" ]]; then
  mvn -B -q -DskipTests -pl lbsim-bench -am package
fi
# shellcheck disable=SC2086  # JAVA_OPTS is a list of flags
exec java ${JAVA_OPTS:-} -cp lbsim-bench/target/benchmarks.jar org.lbsim.bench.MacroBenchmark "$@"
