#!/usr/bin/env bash
# Installs a folder's npm packages from its lock file with `npm ci`, only when the lock file
# changed since the last install (a stamp inside node_modules remembers its hash).
set -euo pipefail
dir=$1
lock="$dir/package-lock.json"
stamp="$dir/node_modules/.feira-lock-sha256"
hash=$(sha256sum "$lock" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
  exit 0
fi
echo "npm ci in $dir"
(cd "$dir" && npm ci --no-audit --no-fund)
echo "$hash" >"$stamp"
