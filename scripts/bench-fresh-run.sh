#!/usr/bin/env bash
# Times a fresh `just run`: clones this repository's committed HEAD into a temporary folder (no
# target/, no node_modules/, no data/), runs `just run` there on other ports and measures until
# the app answers /healthz with the demo data served; then stops it and removes the clone.
# `just bench-run`; the figure goes in docs/benchmarks.md ('A fresh `just run`').
# What it cannot reset: tools installed once per machine (the wasm32 target, wasm-bindgen-cli),
# and the download caches of cargo and npm (a first machine also downloads those).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
port=${BENCH_PORT:-18080}
dir=$(mktemp -d)
cleanup() {
  if [ -n "${pid:-}" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
git clone -q "$repo" "$dir/feira"
cd "$dir/feira"
echo "fresh clone of $(git rev-parse --short HEAD) in $dir/feira; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# The CPU time of the whole run is printed at the end, separately from the wall time: on a busy
# machine the wall time says little, the CPU time what an idle one needs.
start=$(date +%s)
APP_PORT=$port OIDC_PORT=$((port + 11)) ARLOCAL_PORT=$((port + 12)) setsid just run >"$dir/run.log" 2>&1 &
pid=$!
stamp() { echo "$(($(date +%s) - start)) s: $*"; }
seen=""
until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do
  if ! kill -0 "$pid" 2>/dev/null; then tail -40 "$dir/run.log"; echo "just run stopped"; exit 1; fi
  # Report each step as the log reaches it.
  for step in "npm ci in webapp" "npm ci in devservices" "Compiling wasm-core" "Compiling feira-photo" "vite" "Compiling feira-api" "Finished \`demo\`" "arlocal: listening"; do
    if [[ "$seen" != *"|$step|"* ]] && grep -qF "$step" "$dir/run.log"; then seen="$seen|$step|"; stamp "$step"; fi
  done
  sleep 1
done
end=$(date +%s)
curl -sf "http://127.0.0.1:$port/" | grep -q '<title>' || { echo "the webapp is not served"; exit 1; }
echo "fresh just run served after $((end - start)) s ($(date -u +%Y-%m-%d), $(nproc) cores; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
# The CPU of everything it ran (builds, installs, the services until now): once stopped, each
# process was reaped by its parent up to this script, whose children's times `times` prints.
kill -TERM -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pid=
echo "CPU of the whole run (user, then system, of this script's children):"
times | tail -1
