#!/usr/bin/env bash
# `make dev`: installs what is missing, starts the infrastructure, migrates and seeds the
# database, then runs the five processes of the store with labelled logs. Ctrl-C stops the
# processes and the services this run started; services that were already running stay up.
# `make start` (`scripts/dev.sh start`) is the same store as a try-out of what ships: the
# storefront and back office are production builds (`next build`, then `next start`: no
# development badge, no on-demand compiling), the gateway runs without watching its files; the
# providers are still the local doubles, so nothing here takes real money.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

export QAHWA_DEV_STARTED="${QAHWA_DEV_STARTED:-$(date +%s)}"
cd "$QAHWA_ROOT"
load_env

bash scripts/install.sh

start_services_for_this_run dev
# The demo store (products, promotions, reviews, content) besides the bootstrap: docs/operations.md.
SEED_DEMO="${SEED_DEMO:-1}" bash scripts/db.sh setup

for entry in gateway:4000 web:3000 admin:3001 stripe-double:12120 tabby-fake:4010; do
  if is_port_open "${entry##*:}"; then
    die "port ${entry##*:} (${entry%%:*}) is already in use: is another 'make dev' running? ('make stop' stops only services)"
  fi
done

mode="${1:-dev}"
gateway_cmd="npm run dev -w @qahwa/gateway"
web_cmd="npm run dev -w @qahwa/web"
admin_cmd="npm run dev -w @qahwa/admin"
if [[ "$mode" == start ]]; then
  log "building the storefront and the back office (next build)"
  NODE_ENV=production npm run build -w @qahwa/web -w @qahwa/admin
  # `next start` is production: the storefront takes no development secret for the gateway's
  # cache-clearing calls (docs/security.md), so this run makes one of its own for both sides.
  if [[ -z "${REVALIDATE_SECRET:-}" || "$REVALIDATE_SECRET" == dev-revalidate-secret ]]; then
    REVALIDATE_SECRET="try-out-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')"
    export REVALIDATE_SECRET
  fi
  gateway_cmd="npm run start -w @qahwa/gateway"
  web_cmd="NODE_ENV=production npm run start -w @qahwa/web"
  admin_cmd="NODE_ENV=production npm run start -w @qahwa/admin"
fi

log "starting gateway, workers, workflows, web, admin, the Stripe double and the Tabby fake (Ctrl-C stops them)"
rc=0
# The Stripe double (fakes/stripe, docs/payments.md) is Stripe for `make dev`: pay with 4242 4242 4242 4242.
# The Tabby fake (fakes/tabby, docs/tabby.md) is Tabby on :4010: its page has Approve / Reject / Cancel /
# Let it expire; its webhooks go to the gateway with the TABBY_WEBHOOK_HEADER_* the gateway expects.
npx --no -- concurrently -n gateway,workers,workflows,web,admin,stripe,tabby,ready -c auto --kill-others-on-fail \
  "$gateway_cmd" \
  "npm run start -w @qahwa/workers" \
  "npm run start -w @qahwa/workflows" \
  "$web_cmd" \
  "$admin_cmd" \
  "npm run start -w @qahwa/fake-stripe" \
  "npm run start -w @qahwa/fake-tabby" \
  "bash scripts/ready.sh" || rc=$?
exit "$rc"
