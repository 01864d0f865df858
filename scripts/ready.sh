#!/usr/bin/env bash
# Part of `make dev`: waits until the gateway, the storefront and the admin answer, then prints
# where they are and how long it took since `make dev` began (QAHWA_DEV_STARTED, epoch seconds).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

started="${QAHWA_DEV_STARTED:-$(date +%s)}"
for entry in gateway:4000 storefront:3000 admin:3001; do
  wait_for_port "${entry%%:*}" "${entry##*:}" 600 || exit 0
done
cat <<MSG
qahwa is up after $(($(date +%s) - started))s:
  storefront   http://localhost:3000
  admin        http://localhost:3001/backend
  gateway      http://localhost:4000/health/ready
  Temporal UI  http://localhost:8233
  NATS         http://localhost:8222 (monitoring)
  Tabby fake   http://localhost:4010 (pay later; its page approves, rejects, cancels or expires)
Ctrl-C stops everything this run started.
MSG
