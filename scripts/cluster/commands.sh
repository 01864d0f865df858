#!/usr/bin/env bash
# scripts/cluster.sh's commands: start, stop, status, kill, restart.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
