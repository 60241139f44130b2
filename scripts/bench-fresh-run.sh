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
# The CPU time of the whole build (setup, wasm, webapp, the API), separately from the
# wall time: on a busy machine the wall time says little, the CPU time what an idle one needs.
cpu() { awk '{ print $14 + $15 + $16 + $17 }' "/proc/$1/stat"; }
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
# Children's CPU of `just run` (reaped builds) in clock ticks.
ticks=$(cpu "$pid")
hz=$(getconf CLK_TCK)
curl -sf "http://127.0.0.1:$port/" | grep -q '<title>' || { echo "the webapp is not served"; exit 1; }
echo "fresh just run served after $((end - start)) s, $((ticks / hz)) s of CPU in its finished steps ($(date -u +%Y-%m-%d), $(nproc) cores; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
