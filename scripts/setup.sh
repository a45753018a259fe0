#!/bin/sh
# Installs everything Nearbound needs on a machine that has only Node.js and npm:
# Bun (from the npm registry, into .tools/ when none is on PATH) and the locked
# dependencies. With --test it also installs what the test suite needs.
set -eu
cd "$(dirname "$0")/.."
BUN_VERSION=1.4.5
if ! command -v bun >/dev/null 2>&1 && [ ! -x .tools/node_modules/.bin/bun ]; then
  echo "setup: installing bun@$BUN_VERSION from npm into .tools/" >&2
  mkdir -p .tools
  npm install --prefix .tools --no-audit --no-fund --loglevel=error "bun@$BUN_VERSION" >&2
fi
sh scripts/bun.sh install --frozen-lockfile >&2
if [ "${1:-}" = "--test" ] && [ -x scripts/setup-test.sh ]; then sh scripts/setup-test.sh >&2; fi
