# shellcheck shell=bash
# Shared helpers for qahwa's scripts. Source it; do not run it.
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

QAHWA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="$QAHWA_ROOT/.data"
LOG_DIR="$DATA_DIR/logs"
PID_DIR="$DATA_DIR/pids"
REPORT_DIR="$DATA_DIR/reports"
export QAHWA_ROOT DATA_DIR LOG_DIR PID_DIR REPORT_DIR

# Go programs (temporal, stripe-mock) live in $GOBIN; Go itself usually in /usr/local/go/bin.
export GOBIN="${GOBIN:-$HOME/go/bin}"
case ":$PATH:" in *":$GOBIN:"*) ;; *) PATH="$GOBIN:$PATH" ;; esac
case ":$PATH:" in *":/usr/local/go/bin:"*) ;; *) PATH="$PATH:/usr/local/go/bin" ;; esac
export PATH

# No telemetry calls from Next.js: only the package registries are reachable.
export NEXT_TELEMETRY_DISABLED=1

if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then
  _c_blue=$'\033[34m' _c_yellow=$'\033[33m' _c_red=$'\033[31m' _c_green=$'\033[32m' _c_off=$'\033[0m'
else
  _c_blue='' _c_yellow='' _c_red='' _c_green='' _c_off=''
fi

log() { printf '%s[qahwa]%s %s\n' "$_c_blue" "$_c_off" "$*"; }
ok() { printf '%s[qahwa]%s %s\n' "$_c_green" "$_c_off" "$*"; }
warn() { printf '%s[qahwa] warning:%s %s\n' "$_c_yellow" "$_c_off" "$*" >&2; }
die() {
  printf '%s[qahwa] error:%s %s\n' "$_c_red" "$_c_off" "$*" >&2
  exit 1
}

# is_port_open PORT [HOST] — true when something accepts TCP connections there.
is_port_open() {
  local port="$1" host="${2:-127.0.0.1}"
  # shellcheck disable=SC2016 # expanded by the inner bash
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$host" "$port" 2>/dev/null
}

# wait_for_port NAME PORT TIMEOUT_SECONDS [LOGFILE] [PID]
# Waits until PORT answers; on time-out (or if PID dies) prints the tail of LOGFILE and fails.
wait_for_port() {
  local name="$1" port="$2" timeout_s="$3" logfile="${4:-}" pid="${5:-}" waited=0
  while ! is_port_open "$port"; do
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
      _port_failure "$name" "$port" "its process (pid $pid) exited" "$logfile"
      return 1
    fi
    if ((waited >= timeout_s * 2)); then
      _port_failure "$name" "$port" "no answer after ${timeout_s}s" "$logfile"
      return 1
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
}

_port_failure() {
  local name="$1" port="$2" why="$3" logfile="$4"
  printf '%s[qahwa] error:%s %s did not come up on port %s: %s\n' "$_c_red" "$_c_off" "$name" "$port" "$why" >&2
  if [[ -n "$logfile" && -f "$logfile" ]]; then
    printf '[qahwa] last lines of %s:\n' "$logfile" >&2
    tail -n 30 "$logfile" | sed 's/^/    /' >&2
  fi
}

# as_root CMD... — runs CMD as root (directly when we are root, else through sudo).
as_root() {
  if ((EUID == 0)); then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root for: $* (run as root or install sudo)"
  fi
}

# _dotenv_load FILE — exports KEY=VALUE lines of FILE whose KEY is not set yet.
# Understands comments, blank lines, `export KEY=...`, quoted values and trailing ` # comments`.
_dotenv_load() {
  local file="$1" line key value
  [[ -f "$file" ]] || return 0
  while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%$'\r'}"
    [[ "$line" =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key="${BASH_REMATCH[2]}"
    value="${BASH_REMATCH[3]}"
    if [[ "$value" =~ ^\"(.*)\"[[:space:]]*(#.*)?$ ]]; then
      value="${BASH_REMATCH[1]}"
    elif [[ "$value" =~ ^\'(.*)\'[[:space:]]*(#.*)?$ ]]; then
      value="${BASH_REMATCH[1]}"
    else
      value="${value%%[[:space:]]#*}"
      value="${value%"${value##*[![:space:]]}"}"
    fi
    if [[ -z "${!key+x}" ]]; then
      export "$key=$value"
    fi
  done <"$file"
}

# load_env — the process environment wins, then .env, then .env.example, then built-in defaults.
load_env() {
  _dotenv_load "$QAHWA_ROOT/.env"
  _dotenv_load "$QAHWA_ROOT/.env.example"
  export NODE_ENV="${NODE_ENV:-development}"
  export DATABASE_URL="${DATABASE_URL:-postgres://qahwa:qahwa@127.0.0.1:5432/qahwa}"
  export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
  export TEMPORAL_ADDRESS="${TEMPORAL_ADDRESS:-127.0.0.1:7233}"
  export TEMPORAL_NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
  export STRIPE_API_BASE="${STRIPE_API_BASE:-http://127.0.0.1:12111}"
  export GATEWAY_URL="${GATEWAY_URL:-http://127.0.0.1:4000}"
  export GATEWAY_PORT="${GATEWAY_PORT:-4000}"
}

# db_url_with_name URL NAME — the same URL pointing at database NAME (query string kept).
db_url_with_name() {
  local url="$1" name="$2" base query=''
  base="${url%%\?*}"
  [[ "$url" == *\?* ]] && query="?${url#*\?}"
  printf '%s/%s%s\n' "${base%/*}" "$name" "$query"
}

# start_services_for_this_run NAME — starts the services that are not running yet
# (scripts/services.sh start --record) and stops exactly those when the script ends: on exit,
# Ctrl-C (exit 130) or TERM (exit 143). Services already running (another engineer's, another
# run's) are reused and stay up. NAME names the run's record, .data/NAME-<pid>.started.
start_services_for_this_run() {
  mkdir -p "$DATA_DIR"
  _started_file="$DATA_DIR/$1-$$.started"
  : >"$_started_file"
  trap _stop_started_services_and_exit EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  bash "$QAHWA_ROOT/scripts/services.sh" start --record "$_started_file"
}

# stop_started_services — stops the services this run started (see above); a no-op the second time.
stop_started_services() {
  [[ -n "${_started_file:-}" ]] || return 0
  local names=()
  mapfile -t names <"$_started_file" 2>/dev/null || true
  if ((${#names[@]})); then
    log "stopping the services this run started: ${names[*]}"
    bash "$QAHWA_ROOT/scripts/services.sh" stop "${names[@]}" || true
  fi
  rm -f "$_started_file"
  _started_file=''
}

# shellcheck disable=SC2317 # called by the EXIT trap
_stop_started_services_and_exit() {
  local rc=$?
  trap - EXIT INT TERM
  stop_started_services
  exit "$rc"
}

# Ports of the infrastructure, fixed by DESIGN.md.
PG_PORT=5432
NATS_PORT=4222
NATS_MONITOR_PORT=8222
TEMPORAL_PORT=7233
TEMPORAL_UI_PORT=8233
STRIPE_MOCK_PORT=12111
STRIPE_MOCK_HTTPS_PORT=12112
export PG_PORT NATS_PORT NATS_MONITOR_PORT TEMPORAL_PORT TEMPORAL_UI_PORT STRIPE_MOCK_PORT STRIPE_MOCK_HTTPS_PORT
