#!/bin/sh
# Runs the project's Bun: the one on PATH, else the one scripts/setup.sh installed from npm.
here="$(cd "$(dirname "$0")/.." && pwd)"
if command -v bun >/dev/null 2>&1; then exec bun "$@"; fi
if [ -x "$here/.tools/node_modules/.bin/bun" ]; then exec "$here/.tools/node_modules/.bin/bun" "$@"; fi
echo "bun not found: run 'sh scripts/setup.sh' first" >&2
exit 127
