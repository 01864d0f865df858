#!/usr/bin/env bash
# scripts/cluster.sh's load balancer: HAProxy in front of the gateways.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
