#!/usr/bin/env bash
# The cluster's smoke drill (scripts/cluster-smoke.mjs): starts `make cluster` unless its balancer
# answers, then places an order through HAProxy, kills -9 one gateway and the NATS server leading
# the event stream, checks that orders and their events still go through, and prints how long each
# part took to come back. A cluster it started is stopped at the end; a running one is left up.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$QAHWA_ROOT"

started=0
if ! curl -fsS -o /dev/null --max-time 5 http://127.0.0.1:5200/health/ready 2>/dev/null; then
  bash scripts/cluster.sh start
  started=1
fi
rc=0
node scripts/cluster-smoke.mjs || rc=$?
if ((started)); then bash scripts/cluster.sh stop; fi
exit "$rc"
