#!/usr/bin/env bash
# scripts/cluster.sh's PostgreSQL: the primary and its streaming hot standby.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
