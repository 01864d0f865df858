#!/usr/bin/env bash
# scripts/e2e-lanes.sh N — prepares end-to-end lanes 2..N (e2e/support/lane.ts): each lane's test
# database recreated empty and migrated, and its Temporal namespace with our search attributes.
# Lane 1 is the test database `make test` migrates anyway. The names come from
# e2e/support/lanes.ts, the one place that decides them.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$QAHWA_ROOT"
load_env
lanes="${1:?usage: $0 N}"
for ((lane = 2; lane <= lanes; lane++)); do
  names="$(node --import tsx e2e/support/lanes.ts "$lane")"
  url="$(sed -n 's/^DATABASE_URL=//p' <<<"$names")"
  namespace="$(sed -n 's/^TEMPORAL_NAMESPACE=//p' <<<"$names")"
  TEST_DATABASE_URL="$url" bash scripts/db.sh test
  bash scripts/services.sh namespace "$namespace"
  ok "e2e lane $lane: database and Temporal namespace $namespace ready"
done
