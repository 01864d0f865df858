#!/usr/bin/env bash
# scripts/cluster.sh's Temporal: the dev server.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
