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
# The addresses the store links to (STOREFRONT_URL, BACKOFFICE_URL): open these, not another name
# of the same machine, so a cart and a pay-later return stay on one origin (a storefront page
# opened on another loopback name moves to STOREFRONT_URL in the browser: web/shell/loopback-redirect.tsx).
load_env
storefront="${STOREFRONT_URL:-http://127.0.0.1:3000}"
backoffice="${BACKOFFICE_URL:-http://127.0.0.1:3001}"
cat <<MSG
qahwa is up after $(($(date +%s) - started))s:
  storefront   ${storefront%/}
  admin        ${backoffice%/}/backend
  gateway      http://localhost:4000/health/ready
  Temporal UI  http://localhost:8233
  NATS         http://localhost:8222 (monitoring)
  Tabby fake   http://localhost:4010 (pay later; its page approves, rejects, cancels or expires)
Ctrl-C stops everything this run started.
MSG
