#!/usr/bin/env bash
# The database side of qahwa. PostgreSQL must answer on DATABASE_URL's host and port
# (scripts/services.sh start).
#
#   scripts/db.sh ensure   role and databases from DATABASE_URL exist (plus <db>_test)
#   scripts/db.sh migrate  drizzle-kit migrations on DATABASE_URL   (npm run migrate -w @qahwa/db)
#   scripts/db.sh seed     bootstrap (first admin, lookups) and, with SEED_DEMO=1, the demo store
#                          (npm run seed -w @qahwa/db; SEED_DEMO defaults to 1 when NODE_ENV is
#                          development or test, 0 otherwise: docs/operations.md)
#   scripts/db.sh setup    ensure + migrate + seed                   (what `make dev` and `make db` do)
#   scripts/db.sh test     recreate the test database (TEST_DATABASE_URL, default .../qahwa_test)
#                          empty and migrate it                       (what `make test` does)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

load_env
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(db_url_with_name "$DATABASE_URL" qahwa_test)}"

# parse_url URL — sets DB_USER DB_PASS DB_HOST DB_PORT DB_NAME
parse_url() {
  local re='^postgres(ql)?://([^:@/]+)(:([^@/]*))?@([^:/?]+)(:([0-9]+))?/([^?]+)'
  [[ "$1" =~ $re ]] || die "cannot read a postgres URL from '$1'"
  DB_USER="${BASH_REMATCH[2]}"
  DB_PASS="${BASH_REMATCH[4]}"
  DB_HOST="${BASH_REMATCH[5]}"
  DB_PORT="${BASH_REMATCH[7]:-5432}"
  DB_NAME="${BASH_REMATCH[8]}"
}

# An administrative psql: our own cluster's trusted superuser, else a Debian cluster through the
# postgres user's socket, else the application role itself (it is a superuser once created).
ADMIN_PSQL=()
find_admin() {
  parse_url "$DATABASE_URL"
  local candidates=(
    "psql -X -q -w -h $DB_HOST -p $DB_PORT -U postgres -d postgres"
    "psql -X -q -w -h $DB_HOST -p $DB_PORT -U $DB_USER -d postgres"
  )
  if ((EUID == 0)) && id postgres >/dev/null 2>&1; then
    candidates+=("runuser -u postgres -- psql -X -q -w -p $DB_PORT -d postgres")
  fi
  local c
  for c in "${candidates[@]}"; do
    read -r -a ADMIN_PSQL <<<"$c"
    if PGPASSWORD="$DB_PASS" "${ADMIN_PSQL[@]}" -tAc 'select 1' >/dev/null 2>&1; then
      return 0
    fi
  done
  is_port_open "$DB_PORT" "$DB_HOST" || die "PostgreSQL does not answer on $DB_HOST:$DB_PORT (scripts/services.sh start)"
  die "cannot connect to PostgreSQL on $DB_HOST:$DB_PORT as an administrator to create role $DB_USER"
}

admin_sql() { PGPASSWORD="$DB_PASS" "${ADMIN_PSQL[@]}" -v ON_ERROR_STOP=1 "$@"; }

ensure_role() {
  admin_sql -v user="$DB_USER" -v pass="$DB_PASS" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN SUPERUSER PASSWORD %L', :'user', :'pass')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user') \gexec
SQL
}

ensure_database() {
  admin_sql -v db="$1" -v user="$DB_USER" <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db') \gexec
SQL
}

drop_database() {
  admin_sql -v db="$1" <<'SQL'
SELECT format('DROP DATABASE IF EXISTS %I WITH (FORCE)', :'db') \gexec
SQL
}

cmd_ensure() {
  find_admin
  local test_name
  ensure_role
  ensure_database "$DB_NAME"
  parse_url "$TEST_DATABASE_URL"
  test_name="$DB_NAME"
  parse_url "$DATABASE_URL"
  ensure_database "$test_name"
  log "db: role $DB_USER and databases $DB_NAME, $test_name exist"
}

cmd_migrate() {
  log "db: migrating ${DATABASE_URL##*/}"
  (cd "$QAHWA_ROOT" && npm run --silent migrate -w @qahwa/db)
}

cmd_seed() {
  # The demo store is for development and the tests; a production database run through this
  # script gets the bootstrap only unless SEED_DEMO=1 is asked for.
  local demo=0
  [[ "$NODE_ENV" == development || "$NODE_ENV" == test ]] && demo=1
  export SEED_DEMO="${SEED_DEMO:-$demo}"
  log "db: seeding ${DATABASE_URL##*/} (SEED_DEMO=$SEED_DEMO)"
  (cd "$QAHWA_ROOT" && npm run --silent seed -w @qahwa/db)
}

cmd_test() {
  find_admin
  ensure_role
  parse_url "$TEST_DATABASE_URL"
  log "db: recreating test database $DB_NAME"
  drop_database "$DB_NAME"
  ensure_database "$DB_NAME"
  DATABASE_URL="$TEST_DATABASE_URL" cmd_migrate
}

case "${1:-}" in
ensure) cmd_ensure ;;
migrate) cmd_migrate ;;
seed) cmd_seed ;;
setup)
  cmd_ensure
  cmd_migrate
  cmd_seed
  ;;
test) cmd_test ;;
*)
  echo "usage: $0 ensure|migrate|seed|setup|test" >&2
  exit 2
  ;;
esac
