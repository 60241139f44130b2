#!/usr/bin/env bash
# `cargo deny check advisories` offline, against a snapshot of the RustSec database (a git
# bundle, $1): cloned into target/advisory-db under the folder name cargo-deny gives the default
# database, and checked with deny.toml plus `db-path` pointing there (target/deny-advisories.toml).
# Idempotent: the clone is redone only when the bundle's head changed. Without the bundle the
# check is skipped loudly (the snapshot lives beside the project, never in it). cargo-deny's
# --offline also keeps `cargo metadata` offline, so every crate of every platform is fetched
# first (from the registry, with the lock file as it is).
set -euo pipefail
bundle=$1
root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$bundle" ]; then
  echo "!!!!!! advisories NOT checked: no RustSec snapshot at $bundle (set ADVISORY_BUNDLE) !!!!!!"
  exit 0
fi
dbroot="$root/target/advisory-db"
# The folder cargo-deny uses for https://github.com/rustsec/advisory-db.
db="$dbroot/advisory-db-3157b0e258782691"
head=$(git bundle list-heads "$bundle" | head -1 | cut -d' ' -f1)
if [ "$(git -C "$db" rev-parse HEAD 2>/dev/null || true)" != "$head" ]; then
  rm -rf "$db"
  mkdir -p "$dbroot"
  git -c init.defaultBranch=main clone -q "$bundle" "$db"
fi
config="$root/target/deny-advisories.toml"
awk -v path="$dbroot" '
  { print }
  /^\[advisories\]$/ {
    print "db-path = \"" path "\""
    print "db-urls = [\"https://github.com/rustsec/advisory-db\"]"
  }
' "$root/deny.toml" >"$config"
echo "RustSec snapshot: $(git -C "$db" log -1 --format='%h %cs') ($bundle)"
cd "$root"
cargo fetch --locked --quiet
cargo deny --offline --config "$config" check --hide-inclusion-graph advisories
