#!/usr/bin/env bash
# `make soak`: the money path's long runs, at their full counts (make test runs bounded samples):
#   - the card race: 1,000 rounds of confirm + order + webhook ×1–5 per intent (CARD_RACE_ROUNDS)
#   - the card race in both orders: 1,000 rounds of three payments each (webhook first, browser
#     first, together) with a coupon: orders, stock, coupon uses and confirmation e-mails counted
#   - the pricing properties: 10,000 random carts each (QAHWA_SOAK=1): the order's total and
#     the Stripe amount
#   - the dashboard's figures after 5,000 random orders, and a rebuild after 1,000 (QAHWA_SOAK=1)
#   - a limit-5 automatic promotion: 10 rushes of 200 cash-on-delivery shoppers at once
#     (AUTO_PROMOTION_ROUNDS), and all 200 of 200 card intents paid at once (AUTO_PROMOTION_PAID)
#   - one cart paid in two tabs at once: 200 rounds, one order and one refund each (DUPLICATE_ROUNDS)
#   - VAT: 10,000 random orders whose tax invoice adds up to the total and whose full refund's
#     credit notes cancel it (QAHWA_SOAK=1; docs/vat.md)
#   - the fault run on `make cluster`: its short schedule (24 s of 10 COD + 2 card orders/s), then
#     60 s of 50 COD + 5 card orders/s, while NATS, a gateway, the workers and the standby are hit
#     (scripts/cluster-faults.sh; docs/deploy.md)
# Starts the services it needs (and stops the ones it started) and recreates the test database.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$QAHWA_ROOT"
load_env
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(db_url_with_name "$DATABASE_URL" qahwa_test)}"
export DATABASE_URL="$TEST_DATABASE_URL"
export NODE_ENV=test

bash scripts/install.sh
start_services_for_this_run soak
bash scripts/db.sh test

export CARD_RACE_ROUNDS="${CARD_RACE_ROUNDS:-1000}" QAHWA_SOAK=1
export AUTO_PROMOTION_ROUNDS="${AUTO_PROMOTION_ROUNDS:-10}" AUTO_PROMOTION_PAID="${AUTO_PROMOTION_PAID:-200}"
export DUPLICATE_ROUNDS="${DUPLICATE_ROUNDS:-200}"
npx --no -- vitest run --project unit schema/test/vat.property.test.ts
npx --no -- vitest run --project integration \
  gateway/test/payments/race.int.test.ts \
  gateway/test/payments/race-both-orders.int.test.ts \
  gateway/test/payments/amount.property.int.test.ts \
  workflows/test/pricing.property.int.test.ts \
  workers/test/dashboard-figures.int.test.ts \
  workers/test/projection-rebuild.int.test.ts \
  gateway/test/automatic-promotion-limit.int.test.ts \
  gateway/test/payments/automatic-promotion-limit.int.test.ts \
  gateway/test/payments/duplicate-payment.int.test.ts
# Its own cluster (ports 52xx, .data/cluster, database qahwa_cluster), stopped at its end: the
# short schedule (make test's sample, not in make test for now: scripts/test.sh), then the full one.
bash scripts/cluster-faults.sh --short
bash scripts/cluster-faults.sh
