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
mkdir -p "$DATA_DIR"
started_file="$DATA_DIR/bench-$$.started"
: >"$started_file"
cleanup() {
  local names=()
  mapfile -t names <"$started_file" 2>/dev/null || true
  if ((${#names[@]})); then bash scripts/services.sh stop "${names[@]}" || true; fi
  rm -f "$started_file"
}
trap cleanup EXIT
bash scripts/services.sh start --record "$started_file"
bash scripts/db.sh test
npx --no -- tsx bench/main.ts
