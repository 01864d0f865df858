#!/usr/bin/env bash
# `make cluster`: the store in the shape it takes past one machine (docs/deploy.md), on this one,
# with the real engines, beside a running `make dev` (its own ports, data and logs):
#   nats-1..3       three nats-server processes, one JetStream cluster   clients :5222-5224
#   pg-primary      PostgreSQL primary                                    :5250
#   pg-standby      its streaming hot standby (pg_basebackup -R)          :5251
#   temporal        Temporal's dev server                                 :5260, UI :5261
#   gateway-1, -2   two gateways                                          :5270, :5271
#   workers-1, -2   two event workers (health :5280, :5281)
#   workflows-1, -2 two Temporal workers
#   haproxy         the load balancer in front of the gateways            :5200, stats :5201
#   web, admin      storefront and back office, through the balancer     :5210, :5211
#   stripe, tabby, maildev   the local doubles, as in `make dev`          :5212, :5213, inbox :5214
# Everything lives in .data/cluster/ (data, logs/<name>.log, pids/<name>.pid); the database is
# qahwa_cluster. It runs in the background: start it again and what runs is kept.
#
# Usage: scripts/cluster.sh [start] [--prod] [--no-web]   start (--prod: production builds of web
#                                               and admin, as `make start`; default: `next dev`, as
#                                               `make dev`; --no-web: neither, for the fault run,
#                                               which needs only the API: scripts/cluster-faults.sh)
#        scripts/cluster.sh stop [NAME]         stop every process of the cluster, or only NAME
#                                               (the standby: pg_ctl's fast shutdown)
#        scripts/cluster.sh status              what runs, and the balancer's view of the gateways
#        scripts/cluster.sh kill NAME           kill -9 one process (fault drills: scripts/cluster-smoke.sh)
#        scripts/cluster.sh restart NAME        start one process again (after kill)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CLUSTER_DIR="$DATA_DIR/cluster"
C_LOGS="$CLUSTER_DIR/logs"
C_PIDS="$CLUSTER_DIR/pids"

LB_PORT=5200
LB_STATS_PORT=5201
WEB_PORT=5210
ADMIN_PORT=5211
STRIPE_PORT=5212
TABBY_PORT=5213
MAILDEV_WEB=5214
MAILDEV_SMTP=5215
NATS_CLIENT_PORTS=(5222 5223 5224)
NATS_ROUTE_PORTS=(5232 5233 5234)
NATS_MONITOR_PORTS=(5242 5243 5244)
PG_PRIMARY_PORT=5250
PG_STANDBY_PORT=5251
TEMPORAL_C_PORT=5260
TEMPORAL_C_UI_PORT=5261
TEMPORAL_C_HTTP_PORT=5262
TEMPORAL_C_METRICS_PORT=5263
GATEWAY_PORTS=(5270 5271)
WORKERS_HEALTH_PORTS=(5280 5281)

DB_NAME=qahwa_cluster
# Read before load_env, whose .env.example says 1 (one server): the cluster's default is three.
CLUSTER_STREAM_REPLICAS="${EVENTS_STREAM_REPLICAS:-3}"
PRIMARY_URL="postgres://qahwa:qahwa@127.0.0.1:$PG_PRIMARY_PORT/$DB_NAME"
STANDBY_URL="postgres://qahwa:qahwa@127.0.0.1:$PG_STANDBY_PORT/$DB_NAME"
NATS_URLS="nats://127.0.0.1:${NATS_CLIENT_PORTS[0]},nats://127.0.0.1:${NATS_CLIENT_PORTS[1]},nats://127.0.0.1:${NATS_CLIENT_PORTS[2]}"
LB_URL="http://127.0.0.1:$LB_PORT"

# The processes, in the order they start; `stop` goes backwards.
APP_NAMES=(gateway-1 gateway-2 workers-1 workers-2 workflows-1 workflows-2 stripe tabby maildev haproxy web admin)

pid_of_file() { echo "$C_PIDS/$1.pid"; }

# alive NAME — prints the pid of NAME when the process recorded for it still runs.
alive() {
  local file pid
  file="$(pid_of_file "$1")"
  [[ -f "$file" ]] || return 1
  pid="$(head -n1 "$file")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  # A recycled pid is not ours: the process must still run from this checkout's cluster.
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qE -- "$(cmd_marker "$1")" || return 1
  echo "$pid"
}

# A word of NAME's command line, to tell our process from a recycled pid.
cmd_marker() {
  case "$1" in
  nats-*) echo "nats-server" ;;
  pg-*) echo "postgres" ;;
  temporal) echo "temporal" ;;
  gateway-*) echo "gateway/src/server.ts" ;;
  workers-*) echo "workers/src/main.ts" ;;
  workflows-*) echo "workflows/src/worker.ts" ;;
  haproxy) echo "haproxy" ;;
  web | admin) echo "next" ;;
  stripe) echo "fakes/stripe" ;;
  tabby) echo "fakes/tabby" ;;
  maildev) echo "maildev" ;;
  *) echo "$1" ;;
  esac
}

# spawn NAME [ENV=VALUE...] -- CMD... — CMD in its own session (so kill reaches its children),
# logging to .data/cluster/logs/NAME.log.
spawn() {
  local name="$1" logfile envs=()
  shift
  while [[ "$1" != -- ]]; do
    envs+=("$1")
    shift
  done
  shift
  logfile="$C_LOGS/$name.log"
  printf '\n===== %s: %s\n' "$(date -Is)" "$*" >>"$logfile"
  (cd "$QAHWA_ROOT" && exec env "${envs[@]}" setsid "$@" >>"$logfile" 2>&1 </dev/null) &
  echo "$!" >"$(pid_of_file "$name")"
}

# ---------------------------------------------------------------- NATS: three servers, one cluster

nats_conf() {
  local i="$1" routes='' j
  for j in 0 1 2; do routes+="    nats-route://127.0.0.1:${NATS_ROUTE_PORTS[$j]}"$'\n'; done
  mkdir -p "$CLUSTER_DIR/nats-$((i + 1))"
  cat >"$CLUSTER_DIR/nats-$((i + 1)).conf" <<EOF
# Written by scripts/cluster.sh at every start.
server_name: qahwa-nats-$((i + 1))
listen: 127.0.0.1:${NATS_CLIENT_PORTS[$i]}
http: 127.0.0.1:${NATS_MONITOR_PORTS[$i]}
jetstream {
  store_dir: "$CLUSTER_DIR/nats-$((i + 1))"
}
cluster {
  name: qahwa-cluster
  listen: 127.0.0.1:${NATS_ROUTE_PORTS[$i]}
  routes: [
$routes  ]
}
EOF
}

start_nats() {
  local i="$1" name
  name="nats-$((i + 1))"
  alive "$name" >/dev/null && return 0
  nats_conf "$i"
  spawn "$name" -- nats-server -c "$CLUSTER_DIR/$name.conf"
}

# JetStream answers once the three have elected a meta leader.
wait_jetstream() {
  local i
  for i in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:${NATS_MONITOR_PORTS[0]}/jsz" 2>/dev/null | grep -q '"meta_cluster"' &&
      curl -fsS "http://127.0.0.1:${NATS_MONITOR_PORTS[0]}/jsz" | node -e '
        let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
          const m = JSON.parse(s).meta_cluster ?? {};
          process.exit(m.leader && (m.cluster_size ?? 0) >= 3 ? 0 : 1);
        });'; then
      return 0
    fi
    sleep 0.5
  done
  die "the NATS cluster elected no JetStream leader in 60 s (logs .data/cluster/logs/nats-*.log)"
}

# ---------------------------------------------------------------- PostgreSQL: primary and standby

pg_bin() {
  local dir
  dir="$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n1 || true)"
  [[ -n "$dir" && -x "$dir/postgres" ]] || die "PostgreSQL is not installed (run scripts/install.sh)"
  echo "$dir"
}

as_pg() { if ((EUID == 0)); then runuser -u postgres -- "$@"; else "$@"; fi; }

# PostgreSQL refuses root: as root its files belong to postgres, who must reach .data/cluster.
pg_own() {
  ((EUID == 0)) || return 0
  chown postgres: "$@"
  local dir="$CLUSTER_DIR"
  while [[ "$dir" != / ]]; do
    runuser -u postgres -- test -x "$dir" 2>/dev/null || chmod o+x "$dir"
    dir="$(dirname "$dir")"
  done
}

pg_settings() {
  local dir="$1" port="$2"
  # Relaxed durability, as the single-node server's (development data); WAL for a standby.
  as_pg tee "$dir/qahwa.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = ''
fsync = off
synchronous_commit = off
full_page_writes = on
max_connections = 200
wal_level = replica
max_wal_senders = 10
hot_standby = on
hot_standby_feedback = on
EOF
}

pg_start() {
  local name="$1" dir="$2" bin
  bin="$(pg_bin)"
  as_pg "$bin/pg_ctl" -D "$dir" -l "$C_LOGS/$name.log" -W start >/dev/null || die "$name: pg_ctl start failed (log .data/cluster/logs/$name.log)"
  for _ in $(seq 1 40); do
    [[ -f "$dir/postmaster.pid" ]] && break
    sleep 0.25
  done
  head -n1 "$dir/postmaster.pid" >"$(pid_of_file "$name")"
}

start_pg_primary() {
  local dir="$CLUSTER_DIR/pg-primary" bin
  bin="$(pg_bin)"
  alive pg-primary >/dev/null && return 0
  mkdir -p "$dir"
  touch "$C_LOGS/pg-primary.log"
  pg_own "$dir" "$C_LOGS/pg-primary.log"
  chmod 700 "$dir"
  if [[ ! -f "$dir/PG_VERSION" ]]; then
    log "pg-primary: initdb"
    as_pg "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --no-locale >>"$C_LOGS/pg-primary.log" 2>&1 ||
      die "initdb failed (log .data/cluster/logs/pg-primary.log)"
    echo "include_if_exists = 'qahwa.conf'" | as_pg tee -a "$dir/postgresql.conf" >/dev/null
  fi
  pg_settings "$dir" "$PG_PRIMARY_PORT"
  pg_start pg-primary "$dir"
}

# The standby is a copy of the primary taken by pg_basebackup -R (which writes primary_conninfo
# and standby.signal), then streams the primary's WAL. Made once; started again as it is.
start_pg_standby() {
  local dir="$CLUSTER_DIR/pg-standby" bin
  bin="$(pg_bin)"
  alive pg-standby >/dev/null && return 0
  touch "$C_LOGS/pg-standby.log"
  pg_own "$C_LOGS/pg-standby.log"
  if [[ ! -f "$dir/PG_VERSION" ]]; then
    log "pg-standby: pg_basebackup -R from the primary"
    rm -rf "$dir"
    mkdir -p "$dir"
    pg_own "$dir"
    chmod 700 "$dir"
    as_pg "$bin/pg_basebackup" -h 127.0.0.1 -p "$PG_PRIMARY_PORT" -U postgres -D "$dir" -R -X stream \
      -c fast >>"$C_LOGS/pg-standby.log" 2>&1 || die "pg_basebackup failed (log .data/cluster/logs/pg-standby.log)"
  fi
  rm -f "$dir/postmaster.pid"
  pg_settings "$dir" "$PG_STANDBY_PORT"
  pg_start pg-standby "$dir"
}

pg_stop() {
  local name="$1" dir="$CLUSTER_DIR/$1" bin
  bin="$(pg_bin)"
  alive "$name" >/dev/null || return 0
  log "$name: stopping"
  as_pg "$bin/pg_ctl" -D "$dir" -m fast -w -t 60 stop >/dev/null || warn "$name: pg_ctl stop failed"
  rm -f "$(pid_of_file "$name")"
}

# ---------------------------------------------------------------- Temporal

start_temporal() {
  alive temporal >/dev/null && return 0
  command -v temporal >/dev/null || die "the Temporal CLI is not installed (run scripts/install.sh)"
  mkdir -p "$CLUSTER_DIR/temporal"
  local attrs=() a
  # The checkout's search attributes (scripts/services.sh keeps the list).
  for a in OrderNumber CustomerEmail PaymentProvider CheckoutId PaymentId; do attrs+=(--search-attribute "$a=Keyword"); done
  spawn temporal -- temporal server start-dev --ip 127.0.0.1 --port "$TEMPORAL_C_PORT" \
    --ui-port "$TEMPORAL_C_UI_PORT" --http-port "$TEMPORAL_C_HTTP_PORT" --metrics-port "$TEMPORAL_C_METRICS_PORT" \
    --db-filename "$CLUSTER_DIR/temporal/temporal.db" --log-level warn \
    --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=off "${attrs[@]}"
}

wait_temporal() {
  wait_for_port temporal "$TEMPORAL_C_PORT" 180 "$C_LOGS/temporal.log" || die "Temporal did not start"
  for _ in $(seq 1 60); do
    temporal operator namespace describe --namespace default --address "127.0.0.1:$TEMPORAL_C_PORT" \
      --command-timeout 2s >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  die "Temporal's default namespace did not answer in 30 s"
}

# ---------------------------------------------------------------- the store's processes

# The environment every process of the store gets: the cluster's services, the balancer as the
# gateway's address, the doubles on the cluster's ports. The process environment, .env and
# .env.example fill in the rest (load_env), as for `make dev`.
app_env() {
  APP_ENV=(
    "DATABASE_URL=$PRIMARY_URL"
    "DATABASE_READ_URL=$STANDBY_URL"
    "NATS_URL=$NATS_URLS"
    "EVENTS_STREAM_REPLICAS=$CLUSTER_STREAM_REPLICAS"
    "TEMPORAL_ADDRESS=127.0.0.1:$TEMPORAL_C_PORT"
    "TEMPORAL_UI_URL=http://127.0.0.1:$TEMPORAL_C_UI_PORT"
    "GATEWAY_URL=$LB_URL"
    "STOREFRONT_URL=http://127.0.0.1:$WEB_PORT"
    "BACKOFFICE_URL=http://127.0.0.1:$ADMIN_PORT"
    "STOREFRONT_REVALIDATE_URLS=http://127.0.0.1:$WEB_PORT/revalidate/catalogue"
    "STRIPE_API_BASE=http://127.0.0.1:$STRIPE_PORT"
    "STRIPE_DOUBLE_URL=http://127.0.0.1:$STRIPE_PORT"
    "TABBY_API_BASE=http://127.0.0.1:$TABBY_PORT"
    "TABBY_PROMO_SCRIPT_URL=http://127.0.0.1:$TABBY_PORT/tabby-promo.js"
    "SMTP_URL=smtp://127.0.0.1:$MAILDEV_SMTP"
  )
}

start_app() {
  local name="$1" i node=(node --import tsx)
  alive "$name" >/dev/null && return 0
  app_env
  case "$name" in
  gateway-*)
    i="${name#gateway-}"
    spawn "$name" "${APP_ENV[@]}" "GATEWAY_PORT=${GATEWAY_PORTS[$((i - 1))]}" -- "${node[@]}" gateway/src/server.ts
    ;;
  workers-*)
    i="${name#workers-}"
    spawn "$name" "${APP_ENV[@]}" "WORKERS_HEALTH_PORT=${WORKERS_HEALTH_PORTS[$((i - 1))]}" -- "${node[@]}" workers/src/main.ts
    ;;
  workflows-*) spawn "$name" "${APP_ENV[@]}" -- "${node[@]}" workflows/src/worker.ts ;;
  stripe)
    spawn stripe "${APP_ENV[@]}" "STRIPE_DOUBLE_PORT=$STRIPE_PORT" \
      "STRIPE_DOUBLE_WEBHOOK_URL=$LB_URL/api/webhooks/stripe" -- "${node[@]}" fakes/stripe/src/main.ts
    ;;
  tabby)
    spawn tabby "${APP_ENV[@]}" "TABBY_FAKE_PORT=$TABBY_PORT" "TABBY_FAKE_PUBLIC_URL=http://127.0.0.1:$TABBY_PORT" \
      "TABBY_FAKE_WEBHOOK_URL=$LB_URL/api/webhooks/tabby" -- "${node[@]}" fakes/tabby/src/main.ts
    ;;
  maildev)
    mkdir -p "$CLUSTER_DIR/maildev"
    spawn maildev -- "$QAHWA_ROOT/node_modules/.bin/maildev" --ip 127.0.0.1 --web-ip 127.0.0.1 \
      --web "$MAILDEV_WEB" --smtp "$MAILDEV_SMTP" --mail-directory "$CLUSTER_DIR/maildev"
    ;;
  haproxy) start_haproxy ;;
  web | admin) start_next "$name" ;;
  esac
}

start_haproxy() {
  command -v haproxy >/dev/null || die "haproxy is not installed (run scripts/install.sh)"
  local cfg="$CLUSTER_DIR/haproxy.cfg" errors="$QAHWA_ROOT/scripts/cluster" json='"application/json; charset=utf-8"'
  # Round robin over the gateways, each checked on /health/ready every second: two failures take
  # one out, two passes bring it back. A connection refused (a killed gateway not yet marked
  # down) is retried on the other one (redispatch); a request already sent is never resent.
  # HAProxy's own 503 (no gateway up, or none reached) is the gateways' one error body
  # (scripts/cluster/unavailable.*.json) in the shopper's language as the gateway would pick it
  # (x-locale, the NEXT_LOCALE cookie, else the first language of Accept-Language), never its
  # HTML page. Each request carries an id (the client's when well formed, else a new uuid): the
  # gateway logs it, and HAProxy logs it with each failed request and puts it in its 503s.
  cat >"$cfg" <<EOF
# Written by scripts/cluster.sh at every start.
global
  maxconn 4096
  log stdout format raw local0 info
  # The runtime API: the fault run (scripts/cluster-faults.sh) puts both gateways in maintenance.
  stats socket $CLUSTER_DIR/haproxy.sock mode 600 level admin
defaults
  mode http
  log global
  option dontlog-normal
  log-format "%ci [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}r request_id=%[var(txn.request_id)]"
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-request 30s
  retries 3
  option redispatch 1
  option forwardfor
  http-error status 503 content-type $json hdr retry-after 5 lf-file $errors/unavailable.en.json
frontend qahwa
  bind 127.0.0.1:$LB_PORT
  http-request set-var(txn.request_id) req.fhdr(x-request-id) if { req.fhdr(x-request-id) -m reg ^[A-Za-z0-9_-]{8,64}\$ }
  http-request set-var(txn.request_id) uuid() unless { var(txn.request_id) -m found }
  http-request set-header x-request-id %[var(txn.request_id)]
  default_backend gateways
backend gateways
  balance roundrobin
  acl gateway_up nbsrv(gateways) gt 0
  acl x_ar req.fhdr(x-locale) -m str ar
  acl x_en req.fhdr(x-locale) -m str en
  acl cookie_ar req.cook(NEXT_LOCALE) -m str ar
  acl cookie_en req.cook(NEXT_LOCALE) -m str en
  acl browser_ar req.fhdr(accept-language) -m reg -i ^[[:space:]]*ar([-;,]|\$)
  http-request return status 503 content-type $json hdr retry-after 5 lf-file $errors/unavailable.ar.json if !gateway_up x_ar || !gateway_up !x_en cookie_ar || !gateway_up !x_en !cookie_en browser_ar
  http-request return status 503 content-type $json hdr retry-after 5 lf-file $errors/unavailable.en.json if !gateway_up
  option httpchk GET /health/ready
  http-check expect status 200
  # A loaded gateway may take over a second to answer: the check waits 4 s before it counts a failure.
  timeout check 4s
  default-server inter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down
  server gateway-1 127.0.0.1:${GATEWAY_PORTS[0]} check
  server gateway-2 127.0.0.1:${GATEWAY_PORTS[1]} check
listen stats
  bind 127.0.0.1:$LB_STATS_PORT
  stats enable
  stats uri /
  stats refresh 2s
EOF
  haproxy -c -q -f "$cfg" || die "haproxy refused $cfg"
  spawn haproxy -- haproxy -db -f "$cfg"
}

start_next() {
  local name="$1" port mode="${CLUSTER_MODE:-dev}" next="$QAHWA_ROOT/node_modules/next/dist/bin/next"
  [[ "$name" == web ]] && port="$WEB_PORT" || port="$ADMIN_PORT"
  app_env
  # Its own build directory: a `make dev` or a helper's build beside it is left alone.
  local envs=("${APP_ENV[@]}" "NEXT_DIST_DIR=.next-cluster")
  if [[ "$mode" == prod ]]; then
    spawn "$name" "${envs[@]}" NODE_ENV=production -- bash -c "cd $name && exec node $next start -p $port"
  else
    spawn "$name" "${envs[@]}" -- bash -c "cd $name && exec node $next dev -p $port"
  fi
}

build_next() {
  app_env
  log "building the storefront and the back office for the cluster (next build, .next-cluster)"
  (cd "$QAHWA_ROOT" && env "${APP_ENV[@]}" NEXT_DIST_DIR=.next-cluster NODE_ENV=production \
    npm run build -w @qahwa/web -w @qahwa/admin) >>"$C_LOGS/build.log" 2>&1 ||
    die "next build failed (log .data/cluster/logs/build.log)"
}

# ---------------------------------------------------------------- commands

# wait_http NAME URL TIMEOUT [any] — until URL answers 2xx (with `any`: any HTTP answer, for a
# page whose own errors are the page's business, not the cluster's).
wait_http() {
  local name="$1" url="$2" timeout_s="$3" any="${4:-}" waited=0 code
  while :; do
    code="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 "$url" 2>/dev/null || true)"
    [[ "$code" == 2* ]] && break
    [[ -n "$any" && "$code" =~ ^[1-5][0-9][0-9]$ ]] && {
      [[ "$code" == 5* ]] && warn "$name answers $url with $code (log .data/cluster/logs/$name.log)"
      break
    }
    if ((waited >= timeout_s * 2)); then
      warn "$name did not answer $url in ${timeout_s}s; last lines of .data/cluster/logs/$name.log:"
      tail -n 20 "$C_LOGS/$name.log" >&2 || true
      return 1
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
}

cmd_start() {
  local started="$SECONDS" i prod=0 web=1 names
  for arg in "$@"; do
    case "$arg" in
    --prod) prod=1 ;;
    --no-web) web=0 ;;
    *) die "unknown option: $arg" ;;
    esac
  done
  ((prod)) && export CLUSTER_MODE=prod
  names=("${APP_NAMES[@]}")
  # Without the storefront and the back office: two Next servers' CPU the fault run has no use for.
  ((web)) || names=("${APP_NAMES[@]:0:${#APP_NAMES[@]}-2}")
  cd "$QAHWA_ROOT"
  load_env
  # The cluster's stores, not the single node's defaults that load_env filled in.
  unset DATABASE_URL NATS_URL TEMPORAL_ADDRESS GATEWAY_URL GATEWAY_PORT
  bash scripts/install.sh
  mkdir -p "$C_LOGS" "$C_PIDS"
  local port
  for port in "$LB_PORT" "$WEB_PORT" "$ADMIN_PORT" "${GATEWAY_PORTS[@]}" "$PG_PRIMARY_PORT" "$PG_STANDBY_PORT" \
    "${NATS_CLIENT_PORTS[@]}" "$TEMPORAL_C_PORT"; do
    if is_port_open "$port" && ! cluster_owns_port "$port"; then
      die "port $port is taken by a process that is not this cluster's"
    fi
  done

  log "NATS: three servers, one JetStream cluster (:${NATS_CLIENT_PORTS[*]})"
  for i in 0 1 2; do start_nats "$i"; done
  log "PostgreSQL: primary :$PG_PRIMARY_PORT"
  start_pg_primary
  log "Temporal: dev server :$TEMPORAL_C_PORT"
  start_temporal
  wait_for_port pg-primary "$PG_PRIMARY_PORT" 60 "$C_LOGS/pg-primary.log" || die "the primary did not start"
  DATABASE_URL="$PRIMARY_URL" TEST_DATABASE_URL="${PRIMARY_URL}_test" SEED_DEMO="${SEED_DEMO:-1}" bash scripts/db.sh setup
  log "PostgreSQL: hot standby :$PG_STANDBY_PORT"
  start_pg_standby
  wait_for_port pg-standby "$PG_STANDBY_PORT" 60 "$C_LOGS/pg-standby.log" || die "the standby did not start"
  for i in 0 1 2; do
    wait_for_port "nats-$((i + 1))" "${NATS_CLIENT_PORTS[$i]}" 30 "$C_LOGS/nats-$((i + 1)).log" || die "NATS did not start"
  done
  wait_jetstream
  wait_temporal
  if ((prod && web)); then build_next; fi

  log "starting ${names[*]}"
  for name in "${names[@]}"; do start_app "$name"; done
  for i in 0 1; do
    wait_http "gateway-$((i + 1))" "http://127.0.0.1:${GATEWAY_PORTS[$i]}/health/ready" 180 || die "a gateway did not start"
  done
  wait_http haproxy "$LB_URL/health/ready" 30 || die "the balancer does not answer"
  for i in 0 1; do
    wait_http "workers-$((i + 1))" "http://127.0.0.1:${WORKERS_HEALTH_PORTS[$i]}/health/ready" 120 || die "an event worker did not start"
  done
  if ((web)); then
    wait_http web "http://127.0.0.1:$WEB_PORT/shop" 600 any || die "the storefront did not start"
    wait_http admin "http://127.0.0.1:$ADMIN_PORT/backend/login" 600 any || die "the back office did not start"
  fi
  cat <<MSG
qahwa cluster is up after $((SECONDS - started))s:
$( ((web)) && printf '  storefront    %s\n  admin         %s\n' "http://127.0.0.1:$WEB_PORT" "http://127.0.0.1:$ADMIN_PORT/backend" || echo "  (no storefront or back office: --no-web)")
  balancer      $LB_URL/health/ready (gateways :${GATEWAY_PORTS[0]}, :${GATEWAY_PORTS[1]}; HAProxy stats http://127.0.0.1:$LB_STATS_PORT)
  NATS          ${NATS_URLS//,/ } (monitoring :${NATS_MONITOR_PORTS[*]})
  PostgreSQL    $PRIMARY_URL (standby :$PG_STANDBY_PORT)
  Temporal UI   http://127.0.0.1:$TEMPORAL_C_UI_PORT
  MailDev       http://127.0.0.1:$MAILDEV_WEB
  logs          .data/cluster/logs/
'make cluster-stop' (scripts/cluster.sh stop) stops it.
MSG
}

# cluster_owns_port PORT — a port answering because the cluster already runs is no conflict.
cluster_owns_port() {
  local name
  for name in nats-1 nats-2 nats-3 pg-primary pg-standby temporal "${APP_NAMES[@]}"; do
    alive "$name" >/dev/null && return 0
  done
  return 1
}

stop_process() {
  local name="$1" pid
  pid="$(alive "$name")" || {
    rm -f "$(pid_of_file "$name")"
    return 0
  }
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "$name: still running after 15 s; killing it"
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$(pid_of_file "$name")"
}

cmd_stop() {
  local i name
  [[ -d "$C_PIDS" ]] || return 0
  if (($#)); then
    name="$1"
    case "$name" in
    pg-*) pg_stop "$name" ;;
    *)
      if alive "$name" >/dev/null; then log "$name: stopping"; fi
      stop_process "$name"
      ;;
    esac
    return 0
  fi
  for ((i = ${#APP_NAMES[@]} - 1; i >= 0; i--)); do
    name="${APP_NAMES[$i]}"
    if alive "$name" >/dev/null; then log "$name: stopping"; fi
    stop_process "$name"
  done
  pg_stop pg-standby
  pg_stop pg-primary
  for name in temporal nats-3 nats-2 nats-1; do
    if alive "$name" >/dev/null; then log "$name: stopping"; fi
    stop_process "$name"
  done
  ok "cluster stopped"
}

cmd_status() {
  local name pid
  for name in nats-1 nats-2 nats-3 pg-primary pg-standby temporal "${APP_NAMES[@]}"; do
    if pid="$(alive "$name")"; then printf '%-12s up (pid %s)\n' "$name" "$pid"; else printf '%-12s down\n' "$name"; fi
  done
  if is_port_open "$LB_STATS_PORT"; then
    echo "balancer:"
    curl -fsS "http://127.0.0.1:$LB_STATS_PORT/;csv" | awk -F, '$1 == "gateways" && $2 ~ /^gateway/ { print "  " $2 " " $18 }'
  fi
}

# kill NAME — kill -9 of one process (and its session: a tsx process and its node child).
cmd_kill() {
  local name="${1:?usage: $0 kill NAME}" pid
  pid="$(alive "$name")" || die "$name is not running"
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
  rm -f "$(pid_of_file "$name")"
}

cmd_restart() {
  local name="${1:?usage: $0 restart NAME}"
  cd "$QAHWA_ROOT"
  load_env
  unset DATABASE_URL NATS_URL TEMPORAL_ADDRESS GATEWAY_URL GATEWAY_PORT
  case "$name" in
  nats-*) start_nats "$((${name#nats-} - 1))" ;;
  pg-primary) start_pg_primary ;;
  pg-standby) start_pg_standby ;;
  temporal) start_temporal ;;
  *) start_app "$name" ;;
  esac
}

case "${1:-start}" in
start)
  shift || true
  cmd_start "$@"
  ;;
--prod | --no-web) cmd_start "$@" ;;
stop)
  shift
  cmd_stop "$@"
  ;;
status) cmd_status ;;
kill)
  shift
  cmd_kill "$@"
  ;;
restart)
  shift
  cmd_restart "$@"
  ;;
*)
  echo "usage: $0 [start [--prod] [--no-web]] | stop [NAME] | status | kill NAME | restart NAME" >&2
  exit 2
  ;;
esac
