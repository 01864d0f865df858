#!/usr/bin/env bash
# scripts/cluster.sh's store processes: gateways, event workers, Temporal workers, the doubles,
# the storefront and the back office.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
