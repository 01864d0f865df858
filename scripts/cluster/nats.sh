#!/usr/bin/env bash
# scripts/cluster.sh's NATS: three servers, one JetStream cluster.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
