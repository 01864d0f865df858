#!/usr/bin/env bash
# `npm run typecheck`: `tsc --noEmit` of every workspace, e2e and bench, as many at once as the
# machine has cores (tsc uses one). The Node workspaces share one set of options and are checked as
# one program (tsconfig.node.json: each shared file once, not once per workspace importing it);
# ui, web, admin and e2e have options of their own. Each project's errors are printed together under
# its name; the exit code is non-zero when any project has an error. One workspace alone:
# `npx tsc --noEmit -p gateway`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

projects=(tsconfig.node.json ui web admin e2e)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

check() {
  local project="$1" log="$2/${1//\//_}"
  if npx --no -- tsc --noEmit -p "$project" >"$log.out" 2>&1; then
    printf 'typecheck %s: ok\n' "$project"
  else
    printf 'typecheck %s: failed\n' "$project"
    touch "$log.failed"
  fi
}
export -f check

printf '%s\n' "${projects[@]}" | xargs -P "$(nproc)" -I{} bash -c 'check "$1" "$2"' _ {} "$out"

failed=0
for project in "${projects[@]}"; do
  log="$out/${project//\//_}"
  if [[ -e "$log.failed" ]]; then
    failed=1
    printf '\n==== %s\n' "$project"
    cat "$log.out"
  fi
done
exit "$failed"
