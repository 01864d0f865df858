#!/usr/bin/env bash
# scripts/cluster.sh's processes: pid files, a process in a session of its own, stopping one,
# waiting for an answer.
# Sourced by it, after its settings (ports, paths) and lib.sh.
# shellcheck shell=bash disable=SC2154

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
