#!/usr/bin/env bash
# The fuzzer no one here wrote: Schemathesis against the gateway's own /openapi.json, every check
# on, signed in as an admin so the back-office routes are reached too. It must find 0 server
# errors, every answer documented, and 405 for undeclared methods.
#
# It starts what it tests and stops it again: a gateway on a free port over its own database
# (recreated, migrated and seeded with a one-off admin), and a checkout worker on its own Temporal
# task queue so POST /api/orders completes. Needs PostgreSQL and Temporal (scripts/services.sh).
#   scripts/fuzz.sh                    FUZZ_SEED, FUZZ_MAX_EXAMPLES and FUZZ_WORKERS change the run
# Report: .data/reports/fuzz/junit.xml; logs: .data/logs/fuzz-*.log.
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

base_url="${TEST_DATABASE_URL:-$DATABASE_URL}"
export DATABASE_URL TEST_DATABASE_URL
DATABASE_URL="$(db_url_with_name "$base_url" qahwa_test_fuzz)"
TEST_DATABASE_URL="$DATABASE_URL"
bash scripts/db.sh test >/dev/null

run="$(node -e 'console.log(require("node:crypto").randomUUID().slice(0, 8))')"
admin_email="fuzz-admin-$run@qahwa.local"
admin_password="fuzz-$(node -e 'console.log(require("node:crypto").randomUUID())')"
NODE_ENV=test ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" npm run --silent seed -w @qahwa/db >/dev/null

port="$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export NODE_ENV=test GATEWAY_PORT="$port" CHECKOUT_TASK_QUEUE="fuzz-checkout-$run" LOG_LEVEL=warn
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
wait_for_port gateway "$port" 60 "$DATA_DIR/logs/fuzz-gateway.log" "${pids[0]}"

gateway="http://127.0.0.1:$port"
cookie="$(curl -sS -o /dev/null -D - -H 'content-type: application/json' \
  --data "{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}" "$gateway/api/auth/login" |
  sed -n 's/^[Ss]et-[Cc]ookie: \(qahwa_staff_session=[^;]*\).*/\1/p')"
[[ -n "$cookie" ]] || die "could not sign in as the fuzz admin"

log "fuzz: Schemathesis $("$SCHEMATHESIS" --version | awk '{print $NF}') on $gateway, seed $seed, at most $max_examples examples per operation"
rc=0
# Sign-out is left out: it would end the admin session the other operations are fuzzed with
# (gateway/test/auth.int.test.ts covers it).
"$SCHEMATHESIS" run "$gateway/openapi.json" \
  --checks all \
  --seed "$seed" \
  --max-examples "$max_examples" \
  --generation-database none \
  --workers "$workers" \
  --header "Cookie: $cookie" \
  --exclude-path /api/auth/logout \
  --request-timeout 30 \
  --no-color \
  --report junit --report-junit-path "$DATA_DIR/reports/fuzz/junit.xml" || rc=$?
exit "$rc"
