#!/usr/bin/env bash
# The fault run (issue 25 "Faults under load"; docs/deploy.md "The fault run"): cash-on-delivery
# and card orders through HAProxy while one NATS server, one gateway and one worker of each kind
# are killed -9 and started again and the standby is stopped (bench/fault-run.ts), then the
# checks: one order per accepted request, none twice, every event applied once, one
# confirmation each, HAProxy's own 503 in the gateways' JSON. Exits non-zero when a check fails.
#
# Usage: scripts/cluster-faults.sh           the full run: 60 s, 50 COD + 5 card orders/s (make soak)
#        scripts/cluster-faults.sh --short   make test's: the same faults in 24 s, 10 + 2 orders/s
# FAULT_SEED=N replays a run's choice of which server and workers are hit (printed at the start).
#
# Starts `make cluster` without the storefront and back office (scripts/cluster.sh start
# --no-web: its own ports 52xx, data and database, nothing shared with make test's services) and
# stops it at the end, also when the run fails or is interrupted. A cluster already answering is
# used as it is and left running (the run starts again what it stopped).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$QAHWA_ROOT"

# The cluster runs as `make cluster` does, whatever mode the caller's tests run in
# (make soak exports NODE_ENV=test).
unset NODE_ENV
# The Temporal workers and the gateways' eager ones take the tests' workflow bundle (README
# "Tests") instead of bundling at each start: about 2 s of CPU less for each, restarts included.
export WORKFLOW_BUNDLE_CACHE=1

started=0
finish() {
  local rc=$?
  if ((started)); then
    bash scripts/cluster.sh stop || rc=1
  elif [[ "$(bash scripts/cluster.sh status 2>/dev/null)" != *"pg-standby   up"* ]]; then
    # A run that ended early leaves a cluster it did not start as it found it: the standby up.
    bash scripts/cluster.sh restart pg-standby || true
  fi
  exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

t0=$SECONDS
if ! curl -fsS -o /dev/null --max-time 5 http://127.0.0.1:5200/health/ready 2>/dev/null; then
  started=1
  bash scripts/cluster.sh start --no-web
fi
log "cluster ready after $((SECONDS - t0))s"
node --import tsx bench/fault-run.ts "$@"
