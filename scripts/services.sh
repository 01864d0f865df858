#!/usr/bin/env bash
# Starts, stops and reports the infrastructure qahwa runs on, each on its fixed port:
#   postgres    PostgreSQL            127.0.0.1:5432  data .data/postgres
#   nats        NATS with JetStream   127.0.0.1:4222  monitoring :8222, store .data/nats
#   temporal    Temporal dev server   127.0.0.1:7233  UI :8233, state .data/temporal/temporal.db
#   stripe-mock stripe-mock           127.0.0.1:12111 (HTTPS :12112)
#   maildev     MailDev mail catcher  127.0.0.1:1080 inbox + REST API, SMTP :1025, mail .data/maildev
# A service whose port already answers is reused and never stopped by us. Services we start
# write logs to .data/logs/<name>.log and their pid to .data/pids/<name>.pid.
#
# Usage: scripts/services.sh start [--record FILE] [NAME...]   (FILE gets the names this run started)
#        scripts/services.sh stop [NAME...]                    (default: every service we started)
#        scripts/services.sh status
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ALL_SERVICES=(postgres nats temporal stripe-mock maildev)
# MailDev (npm, root devDependency): the store's mail goes to its SMTP port in development and
# tests, and shows in its web inbox (docs/email.md). Its usual ports.
MAILDEV_WEB_PORT="${MAILDEV_WEB_PORT:-1080}"
MAILDEV_SMTP_PORT="${MAILDEV_SMTP_PORT:-1025}"
PGDATA_DIR="$DATA_DIR/postgres"
PG_SOCKET_DIR="$DATA_DIR/run"

main_port() {
  case "$1" in
  postgres) echo "$PG_PORT" ;;
  nats) echo "$NATS_PORT" ;;
  temporal) echo "$TEMPORAL_PORT" ;;
  stripe-mock) echo "$STRIPE_MOCK_PORT" ;;
  maildev) echo "$MAILDEV_WEB_PORT" ;;
  *) die "unknown service: $1 (known: ${ALL_SERVICES[*]})" ;;
  esac
}

pid_file() { echo "$PID_DIR/$1.pid"; }

# our_pid NAME — prints the pid of the process we started for NAME, if it is still alive.
our_pid() {
  local file pid
  file="$(pid_file "$1")"
  [[ -f "$file" ]] || return 1
  pid="$(head -n1 "$file")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  # Guard against a recycled pid: the process must still be the service's program.
  local exe
  case "$1" in nats) exe=nats-server ;; *) exe="$1" ;; esac
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$exe" || return 1
  echo "$pid"
}

# spawn NAME CMD... — runs CMD in the background in its own session, logging to .data/logs/NAME.log.
spawn() {
  local name="$1" logfile
  shift
  logfile="$LOG_DIR/$name.log"
  printf '\n===== %s: %s\n' "$(date -Is)" "$*" >>"$logfile"
  setsid "$@" >>"$logfile" 2>&1 </dev/null &
  echo "$!" >"$(pid_file "$name")"
}

# ---------------------------------------------------------------- PostgreSQL

pg_bin_dir() {
  local dir
  dir="$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n1 || true)"
  [[ -n "$dir" && -x "$dir/postgres" ]] || die "PostgreSQL is not installed (run scripts/install.sh)"
  echo "$dir"
}

# PostgreSQL refuses to run as root: as root, its files belong to the postgres user.
as_pg() {
  if ((EUID == 0)); then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# The postgres user must be able to reach .data: add o+x (traverse only) to parents that lack it.
ensure_pg_can_reach() {
  local dir="$1"
  ((EUID == 0)) || return 0
  while [[ "$dir" != / ]]; do
    if ! runuser -u postgres -- test -x "$dir" 2>/dev/null; then
      log "postgres: chmod o+x $dir (so the postgres user can reach .data)"
      chmod o+x "$dir"
    fi
    dir="$(dirname "$dir")"
  done
}

prepare_postgres() {
  local bin="$1" version
  version="$(basename "$(dirname "$bin")")"
  mkdir -p "$PGDATA_DIR" "$PG_SOCKET_DIR"
  touch "$LOG_DIR/postgres.log"
  if ((EUID == 0)); then
    id postgres >/dev/null 2>&1 || die "no postgres user (is the postgresql package installed?)"
    chown postgres: "$PGDATA_DIR" "$PG_SOCKET_DIR" "$LOG_DIR/postgres.log"
    ensure_pg_can_reach "$DATA_DIR"
  fi
  chmod 700 "$PGDATA_DIR"
  if [[ ! -f "$PGDATA_DIR/PG_VERSION" ]]; then
    local locale_args=(--no-locale)
    locale -a 2>/dev/null | grep -qix 'c.utf-\?8' && locale_args=(--locale=C.UTF-8)
    log "postgres: initdb $PGDATA_DIR (PostgreSQL $version)"
    as_pg "$bin/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 "${locale_args[@]}" >>"$LOG_DIR/postgres.log" 2>&1 ||
      die "initdb failed; see $LOG_DIR/postgres.log"
    echo "include_if_exists = 'qahwa.conf'" | as_pg tee -a "$PGDATA_DIR/postgresql.conf" >/dev/null
  elif [[ "$(cat "$PGDATA_DIR/PG_VERSION")" != "$version" ]]; then
    die "$PGDATA_DIR was made by PostgreSQL $(cat "$PGDATA_DIR/PG_VERSION"), installed is $version: remove it with 'make clean-data'"
  fi
  # Written at every start, so the socket follows the repo if it moves. Durability settings are
  # relaxed: this is development and test data, and a killed process still loses nothing.
  local socket_dir="$PG_SOCKET_DIR"
  if ((${#socket_dir} > 90)); then
    socket_dir='' # a Unix socket path must stay under 108 bytes; TCP only then
  fi
  as_pg tee "$PGDATA_DIR/qahwa.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$socket_dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
EOF
}

start_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  prepare_postgres "$bin"
  # pg_ctl daemonizes the server itself; -W: don't wait here, all services come up in parallel.
  as_pg "$bin/pg_ctl" -D "$PGDATA_DIR" -l "$LOG_DIR/postgres.log" -W start >/dev/null ||
    die "pg_ctl start failed; see $LOG_DIR/postgres.log"
  for _ in $(seq 1 40); do
    [[ -f "$PGDATA_DIR/postmaster.pid" ]] && break
    sleep 0.25
  done
  head -n1 "$PGDATA_DIR/postmaster.pid" >"$(pid_file postgres)" 2>/dev/null || true
}

stop_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  as_pg "$bin/pg_ctl" -D "$PGDATA_DIR" -m fast -w -t 60 stop >/dev/null
}

# ---------------------------------------------------------------- NATS, Temporal, stripe-mock

start_nats() {
  command -v nats-server >/dev/null || die "nats-server is not installed (run scripts/install.sh)"
  mkdir -p "$DATA_DIR/nats"
  spawn nats nats-server -js -a 127.0.0.1 -p "$NATS_PORT" -m "$NATS_MONITOR_PORT" -sd "$DATA_DIR/nats"
}

# The search attributes every checkout workflow carries, so an operator finds a checkout in the
# Temporal UI by the order number a shopper reads out on the phone. The same list is
# SEARCH_ATTRIBUTES in schema/src/contracts/workflows.ts (a unit test keeps the two equal).
TEMPORAL_SEARCH_ATTRIBUTES=(OrderNumber CustomerEmail PaymentProvider CheckoutId PaymentId)

start_temporal() {
  command -v temporal >/dev/null || die "the Temporal CLI is not installed (run scripts/install.sh)"
  mkdir -p "$DATA_DIR/temporal"
  local attrs=() name
  for name in "${TEMPORAL_SEARCH_ATTRIBUTES[@]}"; do attrs+=(--search-attribute "$name=Keyword"); done
  # WAL and no fsync per commit, as PostgreSQL's fsync=off here: development data only. With
  # SQLite's default (a journal and an fsync per write) the dev server takes ~17 checkouts a
  # second on two cores, with WAL ~40 (docs/checkout.md).
  spawn temporal temporal server start-dev --ip 127.0.0.1 --port "$TEMPORAL_PORT" \
    --ui-port "$TEMPORAL_UI_PORT" --db-filename "$DATA_DIR/temporal/temporal.db" --log-level warn \
    --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=off "${attrs[@]}"
}

# A reused server (started before this list grew, or by someone else) may lack the attributes:
# register the missing ones. Creating one that exists with the same type is a no-op.
ensure_temporal_search_attributes() {
  command -v temporal >/dev/null || return 0
  local have name
  # A namespace created a moment ago may not answer yet, and a loaded machine is slow: a few tries.
  local try
  for try in 1 2 3 4 5; do
    have="$(temporal operator search-attribute list --namespace "${TEMPORAL_NAMESPACE:-default}" \
      --address "127.0.0.1:$TEMPORAL_PORT" --command-timeout 10s 2>/dev/null)" && break
    have=''
    sleep "$try"
  done
  [[ -n "$have" ]] || {
    warn "temporal: could not list search attributes"
    return 0
  }
  for name in "${TEMPORAL_SEARCH_ATTRIBUTES[@]}"; do
    grep -qw -- "$name" <<<"$have" && continue
    log "temporal: registering search attribute $name"
    # One per call: with several --name the CLI registers only the first.
    temporal operator search-attribute create --namespace "${TEMPORAL_NAMESPACE:-default}" \
      --address "127.0.0.1:$TEMPORAL_PORT" --command-timeout 10s --name "$name" --type Keyword >/dev/null ||
      warn "temporal: could not register search attribute $name"
  done
}

start_stripe_mock() {
  command -v stripe-mock >/dev/null || die "stripe-mock is not installed (run scripts/install.sh)"
  spawn stripe-mock stripe-mock -http-addr "127.0.0.1:$STRIPE_MOCK_PORT" -https-addr "127.0.0.1:$STRIPE_MOCK_HTTPS_PORT"
}

# MailDev re-reads and parses every mail in its folder when it starts, and the folder only grows
# (each test and bench run adds its mails): at 24,570 mails (481 MB) its start-up parse ran for
# minutes beside whatever came next, and the tests that read the inbox timed out. Over
# MAILDEV_KEEP_MAX mails, only the newest MAILDEV_KEEP are kept (development mail, nobody's inbox).
prune_maildev() {
  local dir="$1" count keep_max="${MAILDEV_KEEP_MAX:-5000}" keep="${MAILDEV_KEEP:-1000}"
  count="$(find "$dir" -maxdepth 1 -name '*.eml' | wc -l)"
  ((count > keep_max)) || return 0
  log "maildev: $count mails in $dir; keeping the newest $keep (MailDev parses them all at start)"
  find "$dir" -maxdepth 1 -name '*.eml' -printf '%T@ %p\n' | sort -rn | tail -n +"$((keep + 1))" |
    cut -d' ' -f2- | xargs -r rm -f --
}

start_maildev() {
  local bin="$QAHWA_ROOT/node_modules/.bin/maildev"
  [[ -x "$bin" ]] || die "maildev is not installed (run npm ci)"
  mkdir -p "$DATA_DIR/maildev"
  prune_maildev "$DATA_DIR/maildev"
  spawn maildev "$bin" --ip 127.0.0.1 --web-ip 127.0.0.1 --web "$MAILDEV_WEB_PORT" \
    --smtp "$MAILDEV_SMTP_PORT" --mail-directory "$DATA_DIR/maildev"
}

# The gRPC port opens before the default namespace is ready to serve.
wait_temporal_namespace() {
  command -v temporal >/dev/null || return 0
  for _ in $(seq 1 60); do
    if temporal operator namespace describe --namespace "${TEMPORAL_NAMESPACE:-default}" \
      --address "127.0.0.1:$TEMPORAL_PORT" --command-timeout 2s >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.5
  done
  warn "temporal: namespace ${TEMPORAL_NAMESPACE:-default} not ready after 30s"
}

# ---------------------------------------------------------------- commands

# namespace NAME — a Temporal namespace of its own (the e2e lanes' beside `default`), with our
# search attributes; nothing when it exists already.
cmd_namespace() {
  local name="${1:?usage: $0 namespace NAME}"
  command -v temporal >/dev/null || die "temporal is not installed (run scripts/install.sh)"
  if ! temporal operator namespace describe --namespace "$name" --address "127.0.0.1:$TEMPORAL_PORT" \
    --command-timeout 5s >/dev/null 2>&1; then
    log "temporal: creating namespace $name"
    temporal operator namespace create --namespace "$name" --address "127.0.0.1:$TEMPORAL_PORT" \
      --command-timeout 10s >/dev/null
  fi
  TEMPORAL_NAMESPACE="$name" wait_temporal_namespace
  TEMPORAL_NAMESPACE="$name" ensure_temporal_search_attributes
}

cmd_start() {
  local record='' names=() name port pid
  while (($#)); do
    case "$1" in
    --record)
      record="$2"
      shift 2
      ;;
    *)
      names+=("$1")
      shift
      ;;
    esac
  done
  ((${#names[@]})) || names=("${ALL_SERVICES[@]}")
  mkdir -p "$LOG_DIR" "$PID_DIR"
  load_env

  local started=() waiting=()
  for name in "${names[@]}"; do
    port="$(main_port "$name")"
    if is_port_open "$port"; then
      log "$name: port $port already answers; reusing it"
      if [[ "$name" == temporal ]]; then
        wait_temporal_namespace
        ensure_temporal_search_attributes
      fi
      continue
    fi
    if pid="$(our_pid "$name")" && [[ "$name" != postgres ]]; then
      log "$name: already starting (pid $pid); waiting for it"
      waiting+=("$name")
      continue
    fi
    log "$name: starting on port $port (log .data/logs/$name.log)"
    case "$name" in
    postgres) start_postgres ;;
    nats) start_nats ;;
    temporal) start_temporal ;;
    stripe-mock) start_stripe_mock ;;
    maildev) start_maildev ;;
    esac
    started+=("$name")
    if [[ -n "$record" ]]; then echo "$name" >>"$record"; fi
  done

  local failed=0 timeout_s
  for name in "${started[@]}" "${waiting[@]}"; do
    port="$(main_port "$name")"
    case "$name" in temporal) timeout_s=180 ;; *) timeout_s=60 ;; esac
    pid="$(our_pid "$name" || true)"
    if ! wait_for_port "$name" "$port" "$timeout_s" "$LOG_DIR/$name.log" "$pid"; then
      failed=1
      continue
    fi
    case "$name" in
    nats) wait_for_port "nats monitoring" "$NATS_MONITOR_PORT" 30 "$LOG_DIR/nats.log" || failed=1 ;;
    maildev) wait_for_port "maildev SMTP" "$MAILDEV_SMTP_PORT" 30 "$LOG_DIR/maildev.log" || failed=1 ;;
    temporal)
      wait_for_port "temporal UI" "$TEMPORAL_UI_PORT" 60 "$LOG_DIR/temporal.log" || failed=1
      wait_temporal_namespace
      ensure_temporal_search_attributes
      ;;
    esac
    ok "$name: up on port $port"
  done
  ((failed == 0)) || die "some services did not start (logs in .data/logs/)"
}

cmd_stop() {
  local names=("$@") name pid
  if ((${#names[@]} == 0)); then
    for name in "${ALL_SERVICES[@]}"; do
      [[ -f "$(pid_file "$name")" ]] && names+=("$name")
    done
  fi
  for name in "${names[@]}"; do
    main_port "$name" >/dev/null
    if ! pid="$(our_pid "$name")"; then
      rm -f "$(pid_file "$name")"
      continue
    fi
    log "$name: stopping (pid $pid)"
    if [[ "$name" == postgres ]]; then
      stop_postgres || warn "postgres: pg_ctl stop failed"
    else
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.25
      done
      if kill -0 "$pid" 2>/dev/null; then
        warn "$name: still running after 10s; killing it"
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
      fi
    fi
    rm -f "$(pid_file "$name")"
  done
}

cmd_status() {
  local name port extra state pid
  for name in "${ALL_SERVICES[@]}"; do
    port="$(main_port "$name")"
    extra=''
    case "$name" in
    nats) extra=" monitoring :$NATS_MONITOR_PORT $(is_port_open "$NATS_MONITOR_PORT" && echo up || echo down)" ;;
    temporal) extra=" UI :$TEMPORAL_UI_PORT $(is_port_open "$TEMPORAL_UI_PORT" && echo up || echo down)" ;;
    maildev) extra=" SMTP :$MAILDEV_SMTP_PORT $(is_port_open "$MAILDEV_SMTP_PORT" && echo up || echo down)" ;;
    esac
    if is_port_open "$port"; then
      if pid="$(our_pid "$name")"; then
        state="up (started by qahwa, pid $pid)"
      else
        state="up (not started by these scripts)"
      fi
    else
      state=down
    fi
    printf '%-12s :%-6s %s%s\n' "$name" "$port" "$state" "$extra"
  done
}

case "${1:-}" in
start)
  shift
  cmd_start "$@"
  ;;
stop)
  shift
  cmd_stop "$@"
  ;;
status) cmd_status ;;
namespace)
  shift
  cmd_namespace "$@"
  ;;
*)
  echo "usage: $0 start [--record FILE] [NAME...] | stop [NAME...] | status | namespace NAME" >&2
  echo "services: ${ALL_SERVICES[*]}" >&2
  exit 2
  ;;
esac
