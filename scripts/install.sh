#!/usr/bin/env bash
# Installs whatever qahwa needs and is missing; does nothing for what is already there.
#   - Debian packages: postgresql, nats-server, chromium, fonts-dejavu-core and poppler-utils (the invoice
#     PDFs and their tests), haproxy (`make cluster`'s load balancer) (apt-get update once, only if one is missing),
#     and docker-compose when there is a docker client without its compose plugin
#   - Go programs into $GOBIN ($HOME/go/bin): the Temporal CLI and stripe-mock
#   - node_modules: `npm ci` when package-lock.json changed since the last install
#   - Schemathesis (the API fuzzer of scripts/fuzz.sh) from PyPI, pinned, into the venv .data/fuzz-venv
# Usage: scripts/install.sh [--no-apt] [--no-go] [--no-npm] [--no-fuzz]
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

do_apt=1 do_go=1 do_npm=1 do_fuzz=1
for arg in "$@"; do
  case "$arg" in
  --no-apt) do_apt=0 ;;
  --no-go) do_go=0 ;;
  --no-npm) do_npm=0 ;;
  --no-fuzz) do_fuzz=0 ;;
  *) die "unknown option: $arg" ;;
  esac
done

TEMPORAL_CLI_VERSIONS=(v1.5.1 v1.4.1 v1.3.0 v1.2.0 v1.1.0)
STRIPE_MOCK_VERSION=v0.197.0
SCHEMATHESIS_VERSION=4.32.5

have_postgres() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && command -v psql >/dev/null; }
have_nats() { command -v nats-server >/dev/null; }
have_compose() { docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null; }
have_chromium() { command -v chromium >/dev/null || command -v chromium-browser >/dev/null; }
# The invoice PDFs are printed by Chromium in DejaVu Sans, whose Arabic the documents use
# (docs/invoices.md); their tests read the PDFs back with poppler's pdftotext.
have_dejavu() { [[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]]; }
have_pdftotext() { command -v pdftotext >/dev/null; }
have_haproxy() { command -v haproxy >/dev/null || [[ -x /usr/sbin/haproxy ]]; }
# Debian's python3 makes venvs only with python3-venv (ensurepip) installed.
have_python_venv() { command -v python3 >/dev/null && python3 -c 'import ensurepip, venv' 2>/dev/null; }

install_apt() {
  local missing=()
  have_postgres || missing+=(postgresql)
  have_nats || missing+=(nats-server)
  have_chromium || missing+=(chromium)
  have_dejavu || missing+=(fonts-dejavu-core)
  have_pdftotext || missing+=(poppler-utils)
  have_haproxy || missing+=(haproxy)
  if ((do_fuzz)) && ! have_python_venv; then missing+=(python3-venv); fi
  # `make test` validates docker-compose.yml; a docker client without the compose plugin gets
  # Debian's docker-compose for that.
  if command -v docker >/dev/null && ! have_compose; then missing+=(docker-compose); fi
  if ((${#missing[@]} == 0)); then
    log "apt: postgresql, nats-server, chromium, fonts-dejavu-core, poppler-utils, haproxy (and a compose for the docker client) already installed"
    tame_debian_postgres no-stop
    return 0
  fi
  command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get to install them with"
  log "apt: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq "${missing[@]}" </dev/null
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then
    tame_debian_postgres stop
  fi
  if [[ " ${missing[*]} " == *" haproxy "* ]] && [[ -d /run/systemd/system ]]; then
    # The package's unit would listen on its default configuration; `make cluster` runs its own.
    as_root systemctl disable --now haproxy >/dev/null 2>&1 || true
  fi
  if [[ " ${missing[*]} " == *" nats-server "* ]] && [[ -d /run/systemd/system ]]; then
    # The Debian unit runs nats-server without JetStream on :4222; ours must own that port.
    as_root systemctl disable --now nats-server >/dev/null 2>&1 || true
  fi
}

# Debian's postgresql package creates a cluster "main" on 5432 and may start it; qahwa runs its
# own server with data under .data/postgres on that port, so the package's clusters are set to
# start manually, and stopped right after the package was installed by us ("stop"). A cluster that
# was already running before is left alone (and reused if it is on 5432).
tame_debian_postgres() {
  command -v pg_lsclusters >/dev/null || return 0
  ((EUID == 0)) || command -v sudo >/dev/null || return 0
  local mode="$1" ver cluster port status
  while read -r ver cluster port status _; do
    [[ "$ver" =~ ^[0-9]+$ ]] || continue
    if [[ "$mode" == stop && "$status" == online* ]]; then
      log "postgres: stopping Debian's default cluster $ver/$cluster on port $port"
      as_root pg_ctlcluster "$ver" "$cluster" stop || warn "could not stop cluster $ver/$cluster"
    fi
    local conf="/etc/postgresql/$ver/$cluster/start.conf"
    if [[ -f "$conf" ]] && grep -qx 'auto' "$conf"; then
      log "postgres: setting $conf to manual"
      echo manual | as_root tee "$conf" >/dev/null
    fi
  done < <(pg_lsclusters --no-header 2>/dev/null || true)
}

go_bin_version() { go version -m "$1" 2>/dev/null | awk '$1 == "mod" { print $3; exit }'; }

install_go_tools() {
  mkdir -p "$GOBIN"
  local need_temporal=1 need_stripe=1
  command -v temporal >/dev/null && need_temporal=0
  command -v stripe-mock >/dev/null && need_stripe=0
  if ((need_temporal == 0 && need_stripe == 0)); then
    log "go: temporal $(go_bin_version "$(command -v temporal)") and stripe-mock $(go_bin_version "$(command -v stripe-mock)") already installed"
    return 0
  fi
  command -v go >/dev/null || die "Go is needed to build the Temporal CLI and stripe-mock (expected in /usr/local/go/bin)"
  # One `go install` at a time on this machine: a parallel run waits here instead of compiling twice.
  local lock="$HOME/go/.qahwa-go-install.lock"
  exec 9>"$lock"
  if ! flock -n 9; then
    log "go: another install is running; waiting for it"
    flock 9
  fi
  if ((need_stripe)) && ! command -v stripe-mock >/dev/null; then
    log "go: go install github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
    go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
  fi
  if ((need_temporal)) && ! command -v temporal >/dev/null; then
    local v installed=''
    for v in "${TEMPORAL_CLI_VERSIONS[@]}"; do
      log "go: go install github.com/temporalio/cli/cmd/temporal@$v (takes a few minutes the first time)"
      if go install "github.com/temporalio/cli/cmd/temporal@$v"; then
        installed="$v"
        break
      fi
      warn "temporal CLI $v did not install; trying the next release"
    done
    [[ -n "$installed" ]] || die "no Temporal CLI release from ${TEMPORAL_CLI_VERSIONS[*]} installed"
    ok "go: installed temporal CLI $installed into $GOBIN"
  fi
  flock -u 9
  exec 9>&-
}

lock_hash() { cat "$QAHWA_ROOT/package-lock.json" "$QAHWA_ROOT/package.json" | sha256sum | cut -d' ' -f1; }

install_npm() {
  local stamp="$QAHWA_ROOT/node_modules/.qahwa-lock-hash" want
  [[ -f "$QAHWA_ROOT/package-lock.json" ]] || die "package-lock.json is missing"
  want="$(lock_hash)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    log "npm: node_modules matches package-lock.json"
    return 0
  fi
  mkdir -p "$LOG_DIR"
  local npm_log="$LOG_DIR/npm-install.log"
  log "npm: npm ci (output in .data/logs/npm-install.log)"
  if (cd "$QAHWA_ROOT" && npm ci --no-audit --no-fund) >"$npm_log" 2>&1; then
    grep -E '^(added|removed|changed|up to date)' "$npm_log" || true
  else
    # npm ci refuses a package-lock.json that is out of step with package.json (seen: optional
    # platform packages missing from the lock). Install from the same lock without rewriting it.
    # shellcheck disable=SC2016 # a literal backquoted `npm ci`
    grep -E '^npm error (code|Missing|`npm ci`|Invalid)' "$npm_log" | head -n 12 >&2 || true
    # The registry mirror of these machines serves only linux-x64 builds of Biome, so the lock
    # cannot list the other platforms' optional packages and npm ci always refuses it here;
    # npm install still follows the lock for every package it does list.
    warn "npm ci refused package-lock.json (mirror lacks other platforms' optional packages);" \
      "installing with 'npm install --no-save', which follows the lock"
    (cd "$QAHWA_ROOT" && npm install --no-save --no-audit --no-fund) >>"$npm_log" 2>&1 ||
      die "npm install failed; see $npm_log"
    grep -E '^(added|removed|changed|up to date)' "$npm_log" | tail -n1 || true
  fi
  printf '%s\n' "$want" >"$stamp"
}

# Schemathesis into its own venv under .data, made only when missing or not the pinned version.
install_fuzzer() {
  local venv="$DATA_DIR/fuzz-venv"
  if [[ -x "$venv/bin/schemathesis" ]] &&
    [[ "$("$venv/bin/schemathesis" --version 2>/dev/null | awk '{print $NF}')" == "$SCHEMATHESIS_VERSION" ]]; then
    log "fuzz: schemathesis $SCHEMATHESIS_VERSION already installed"
    return 0
  fi
  have_python_venv || die "python3 with venv is needed for Schemathesis (apt-get install python3-venv)"
  log "fuzz: installing schemathesis $SCHEMATHESIS_VERSION into ${venv#"$QAHWA_ROOT"/}"
  mkdir -p "$DATA_DIR/logs"
  [[ -x "$venv/bin/pip" ]] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" \
    >>"$DATA_DIR/logs/fuzz-install.log" 2>&1 || die "pip install schemathesis failed; see .data/logs/fuzz-install.log"
}

start=$SECONDS
if ((do_apt)); then install_apt; fi
if ((do_go)); then install_go_tools; fi
if ((do_npm)); then install_npm; fi
if ((do_fuzz)); then install_fuzzer; fi
ok "install: done in $((SECONDS - start))s"
