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
#        scripts/cluster.sh kill NAME           kill -9 one process (fault drills: scripts/cluster-smoke.sh,
#                                               scripts/cluster-faults.sh)
#        scripts/cluster.sh restart NAME        start one process again (after kill)
#
# This file holds the settings and the commands' names; each concern is a file of scripts/cluster/
# it sources: processes.sh (pid files, spawning, stopping), nats.sh, postgres.sh, temporal.sh,
# apps.sh (the store's processes), haproxy.sh, commands.sh (start, stop, status, kill, restart).
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

CLUSTER_SCRIPTS="$(dirname "${BASH_SOURCE[0]}")/cluster"
# shellcheck source=/dev/null
. "$CLUSTER_SCRIPTS/processes.sh"
. "$CLUSTER_SCRIPTS/nats.sh"
. "$CLUSTER_SCRIPTS/postgres.sh"
. "$CLUSTER_SCRIPTS/temporal.sh"
. "$CLUSTER_SCRIPTS/apps.sh"
. "$CLUSTER_SCRIPTS/haproxy.sh"
. "$CLUSTER_SCRIPTS/commands.sh"

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
