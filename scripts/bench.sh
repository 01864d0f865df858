#!/usr/bin/env bash
# `make bench`: starts the services it needs (and stops the ones it started), recreates the test
# database, and runs the benchmarks, which print numbers and assert nothing.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$QAHWA_ROOT"
load_env
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(db_url_with_name "$DATABASE_URL" qahwa_test)}"
export DATABASE_URL="$TEST_DATABASE_URL"
unset NODE_ENV

bash scripts/install.sh
start_services_for_this_run bench
bash scripts/db.sh test
npx --no -- tsx bench/main.ts
