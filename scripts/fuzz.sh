#!/usr/bin/env bash
# The fuzzer no one here wrote: Schemathesis against the gateway's own /openapi.json, every check
# on, signed in as an admin so the back-office routes are reached too. It must find 0 server
# errors, every answer documented, and 405 for undeclared methods.
#
# It starts what it tests and stops it again: a gateway on a free port over its own database
# (recreated, migrated and seeded with a one-off admin), and a checkout worker on its own Temporal
# task queue so POST /api/orders completes. Needs PostgreSQL and Temporal (scripts/services.sh).
#   scripts/fuzz.sh                    FUZZ_SEED, FUZZ_MAX_EXAMPLES, FUZZ_WORKERS and FUZZ_INCLUDE change the run
# Settings: scripts/fuzz/schemathesis.toml. Report: .data/reports/fuzz/junit.xml and requests.har.json
# (every request), summed up per operation at the end; logs: .data/logs/fuzz-*.log.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$QAHWA_ROOT"
load_env
SCHEMATHESIS="$DATA_DIR/fuzz-venv/bin/schemathesis"
[[ -x "$SCHEMATHESIS" ]] || die "Schemathesis is not installed: run scripts/install.sh"

# A fixed seed and a bounded number of examples: the same requests every run, in a few minutes.
seed="${FUZZ_SEED:-20261122}"
max_examples="${FUZZ_MAX_EXAMPLES:-40}"
# One worker: Hypothesis on Python 3.11 trips over a CPython AST race with several threads.
workers="${FUZZ_WORKERS:-1}"

# Its own database beside the test database (qahwa_test -> qahwa_test_fuzz), so two engineers
# fuzzing at once, each with their own TEST_DATABASE_URL, never recreate each other's.
base_url="${TEST_DATABASE_URL:-$(db_url_with_name "$DATABASE_URL" qahwa_test)}"
base_name="${base_url%%\?*}"
base_name="${base_name##*/}"
export DATABASE_URL TEST_DATABASE_URL
DATABASE_URL="$(db_url_with_name "$base_url" "${base_name}_fuzz")"
TEST_DATABASE_URL="$DATABASE_URL"
bash scripts/db.sh test >/dev/null

run="$(node -e 'console.log(require("node:crypto").randomUUID().slice(0, 8))')"
admin_email="fuzz-admin-$run@qahwa.local"
admin_password="fuzz-$(node -e 'console.log(require("node:crypto").randomUUID())')"
NODE_ENV=test SEED_DEMO=1 ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" npm run --silent seed -w @qahwa/db >/dev/null

# Data for the fuzzer to find (scripts/fuzz/schemathesis.toml): the one-off admin's credentials
# for sign-in; the seeded variations, which the orders operation draws item ids from; dead letters
# to re-drive. libFuzzer dictionaries, one quoted value a line.
mkdir -p "$DATA_DIR/fuzz"
printf '"%s"\n' "$admin_email" >"$DATA_DIR/fuzz/staff-emails.dict"
printf '"%s"\n' "$admin_password" >"$DATA_DIR/fuzz/staff-passwords.dict"

# Variations on sale (switched on, of a size switched on), and each one's product: the hook gives a
# generated line the product its variation belongs to (scripts/fuzz/hooks.py).
sellable="from product_variations v join variation_sizes s on s.id = v.size_id where v.is_active and s.is_active"
psql -X -q -At -v ON_ERROR_STOP=1 "$DATABASE_URL" \
  -c "select format('\"%s\"', v.id) $sellable order by v.id" >"$DATA_DIR/fuzz/variations.dict"
[[ -s "$DATA_DIR/fuzz/variations.dict" ]] || die "the fuzz database has no variations to order"
export FUZZ_VARIATION_PRODUCTS="$DATA_DIR/fuzz/variation-products.json"
psql -X -q -At -v ON_ERROR_STOP=1 "$DATABASE_URL" \
  -c "select coalesce(json_object_agg(v.id, v.product_id), '{}') $sellable" >"$FUZZ_VARIATION_PRODUCTS"
dead_letter_ids="$(grep -o '"[0-9a-f-]*"' scripts/fuzz/dead-letters.dict | tr '"' "'" | paste -sd, -)"
psql -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL" -c "
  insert into outbox_dead_letters (id, subject, type, payload, request_id, attempts, last_error, created_at)
  select id::uuid, 'qahwa.fuzz.dead-letter', 'FuzzDeadLetter', jsonb_build_object('seeded', true), 'fuzz', 10,
         'seeded by scripts/fuzz.sh', now()
  from unnest(array[$dead_letter_ids]) as id" >/dev/null
# The same ids as consumer dead letters (a JSON event body, so a re-drive goes through to the outbox).
psql -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL" -c "
  insert into consumer_dead_letters (id, consumer, stream, stream_seq, subject, body, deliveries, last_error)
  select id::uuid, 'fuzz', 'COMMERCE', ord, 'commerce.fuzz.dead_letter',
         json_build_object('id', id, 'type', 'FuzzDeadLetter', 'version', 1)::text, 20, 'seeded by scripts/fuzz.sh'
  from unnest(array[$dead_letter_ids]) with ordinality as t(id, ord)" >/dev/null

port="${FUZZ_GATEWAY_PORT:-}"
[[ -n "$port" ]] || port="$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export NODE_ENV=test GATEWAY_PORT="$port" CHECKOUT_TASK_QUEUE="fuzz-checkout-$run" LOG_LEVEL=warn
# A Temporal namespace of its own: `make test` runs the fuzzer beside the integration tests, and
# order numbers (which name workflow ids) start over in every database.
export TEMPORAL_NAMESPACE="${FUZZ_TEMPORAL_NAMESPACE:-qahwa-fuzz}"
bash scripts/services.sh namespace "$TEMPORAL_NAMESPACE" >/dev/null
# Payment intents go to stripe-mock (running for the tests): it validates every request like Stripe.
export STRIPE_API_BASE="http://127.0.0.1:$STRIPE_MOCK_PORT"
# Pay-later sessions go to a Tabby fake of this run's own (fakes/tabby), which posts its webhooks
# to this gateway with the static header.
tabby_port="$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export TABBY_API_BASE="http://127.0.0.1:$tabby_port"
# The per-address limits (orders 30, sign-in 10, 404s 60 a minute) would turn most of the fuzzer's
# requests, all from one address, into 429s and leave the logic behind them untested; they are
# tested by gateway/test/rate-limits.int.test.ts. The per-account sign-in lock and the per-contact
# order limit stay as in production (docs/security.md).
export RATE_LIMIT_ORDERS=1000000 RATE_LIMIT_SIGN_IN=1000000 RATE_LIMIT_NOT_FOUND=1000000
export RATE_LIMIT_MESSAGES=1000000 RATE_LIMIT_VIEWS=1000000 RATE_LIMIT_CONTENT_READS=1000000 RATE_LIMIT_LEADS=1000000
export RATE_LIMIT_COUPONS=1000000 RATE_LIMIT_COUPON_CODE=1000000 RATE_LIMIT_COUPONS_ALL=1000000
# The fuzzer calls the staff API as the back office's pages do, with their Origin: the gateway
# refuses a staff write from anywhere else (docs/security.md "Cross-site requests").
export BACKOFFICE_URL="http://127.0.0.1:3001"
export SESSION_SECRET="fuzz-session-secret-$run-$(node -e 'console.log(require("node:crypto").randomUUID())')"
mkdir -p "$DATA_DIR/logs" "$DATA_DIR/reports/fuzz"

pids=()
stop() {
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  sleep 1
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
}
trap stop EXIT INT TERM
# setsid: each in its own process group, so stopping one stops npx, tsx and node together.
setsid npx tsx gateway/src/server.ts >"$DATA_DIR/logs/fuzz-gateway.log" 2>&1 &
pids+=($!)
setsid npx tsx workflows/src/worker.ts >"$DATA_DIR/logs/fuzz-workflows.log" 2>&1 &
pids+=($!)
TABBY_FAKE_PORT="$tabby_port" TABBY_FAKE_WEBHOOK_URL="http://127.0.0.1:$port/api/webhooks/tabby" \
  setsid npx tsx fakes/tabby/src/main.ts >"$DATA_DIR/logs/fuzz-tabby.log" 2>&1 &
pids+=($!)
wait_for_port gateway "$port" 60 "$DATA_DIR/logs/fuzz-gateway.log" "${pids[0]}"
wait_for_port tabby-fake "$tabby_port" 60 "$DATA_DIR/logs/fuzz-tabby.log" "${pids[2]}"

gateway="http://127.0.0.1:$port"
# The hook asks it for an order's price (the claimed total cash on delivery must match).
export FUZZ_GATEWAY_URL="$gateway"
cookie="$(curl -sS -o /dev/null -D - -H 'content-type: application/json' -H "Origin: $BACKOFFICE_URL" \
  --data "{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}" "$gateway/api/auth/login" |
  sed -n 's/^[Ss]et-[Cc]ookie: \(qahwa_staff_session=[^;]*\).*/\1/p')"
[[ -n "$cookie" ]] || die "could not sign in as the fuzz admin"
# The admin's session and the back office's Origin go with every request, from the config
# (scripts/fuzz/schemathesis.toml), which sends sign-in without the session: a sign-in replaces
# the session its browser sent, and the fuzzer's many successful ones would end this one.
export FUZZ_STAFF_COOKIE="$cookie"

log "fuzz: Schemathesis $("$SCHEMATHESIS" --version | awk '{print $NF}') on $gateway, seed $seed, at most $max_examples examples per operation"
rc=0
# FUZZ_INCLUDE narrows a run to the paths matching a regex (one area while it is being built);
# `make test` leaves it unset and fuzzes every operation.
narrow=()
[[ -z "${FUZZ_INCLUDE:-}" ]] || narrow=(--include-path-regex "$FUZZ_INCLUDE")
# Sign-out is left out: it would end the admin session the other operations are fuzzed with
# (gateway/test/auth.int.test.ts covers it). So is the profile's password change: every generated
# current password is wrong, and five wrong ones lock the admin's account like failed sign-ins,
# after which sign-in and the change itself answer mostly 429 (gateway/test/profile.int.test.ts).
# Its output goes through `sed`: Schemathesis closes with a pytest-style banner ("=== 3 warnings
# in 100s ===") that a reader of test output takes for a pytest run that ran no test; the banners
# lose their rules, the words stay. The run's own status is kept from PIPESTATUS.
set +e
SCHEMATHESIS_HOOKS=scripts/fuzz/hooks.py \
  "$SCHEMATHESIS" --config-file scripts/fuzz/schemathesis.toml run "$gateway/openapi.json" \
  --seed "$seed" \
  --max-examples "$max_examples" \
  --generation-database none \
  --workers "$workers" \
  --exclude-path /api/auth/logout \
  --exclude-path /api/profile/password \
  "${narrow[@]}" \
  --request-timeout 30 \
  --no-color \
  --report junit,har --report-junit-path "$DATA_DIR/reports/fuzz/junit.xml" \
  --report-har-path "$DATA_DIR/reports/fuzz/requests.har.json" 2>&1 |
  sed -u -E 's/^=+ (.*[^= ]) =+$/-- \1 --/'
rc=${PIPESTATUS[0]}
set -e
# What the run reached, per operation: how many answers of each status (2xx = the logic ran through).
"$DATA_DIR/fuzz-venv/bin/python" scripts/fuzz/statuses.py "$gateway/openapi.json" "$DATA_DIR/reports/fuzz/requests.har.json" || true
exit "$rc"
