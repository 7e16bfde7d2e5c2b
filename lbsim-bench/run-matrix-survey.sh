#!/usr/bin/env bash
# Reads every connection matrix under the given folders with lbsim's cm reader (MatrixSurvey: the
# smallest fat tree that fits each file, nothing run) and prints a Markdown table: file, runs or
# refused, and why. docs/third-party-matrices.md is its output for the two htsim trees.
#   lbsim-bench/run-matrix-survey.sh ROOT[=SHOWN_AS]...
# Uses lbsim-cli/target/lbsim.jar (build it first: mvn -B -q -o install -DskipTests -pl lbsim-core,lbsim-report,lbsim-cli -am).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec java -cp "$root/lbsim-cli/target/lbsim.jar" "$root/lbsim-bench/src/main/java/org/lbsim/bench/MatrixSurvey.java" "$@"
