#!/usr/bin/env bash
# Times a fresh `just run`: clones this repository's committed HEAD (or the commit given) into a
# temporary folder (no target/, no node_modules/, no data/), runs `just run` there on other ports
# and measures until the app answers /healthz and serves the webapp; then stops it and removes
# the clone. `just bench-run [fresh]`; the figures go in docs/benchmarks.md ('A fresh `just run`').
#
#   scripts/bench-fresh-run.sh [--fresh] [COMMIT]
#
# Without --fresh, what is installed once per machine stays as it is (the wasm32 target,
# wasm-bindgen-cli, `just`, cargo's and npm's download caches). With --fresh, the clone runs as on
# a machine that has only Rust (rustup, the toolchain), Node, Python and git, without touching this
# machine's own installs:
# - CARGO_HOME is an empty folder (no crate downloads, no installed tools); its bin/ comes first
#   on PATH, then the rustup proxies (cargo, rustc, …: links to ~/.cargo/bin's), never
#   ~/.cargo/bin itself (its wasm-bindgen and cargo-deny);
# - RUSTUP_HOME is a copy of the active toolchain (hard links, its metadata copied) without the
#   wasm32-unknown-unknown target, which `rustup target add` then installs;
# - npm's cache (npm_config_cache) and pip's cache are empty folders;
# - `just` is not on PATH (nor pyenv's shims): the run starts with README's `pip install
#   rust-just` in a new virtual environment, timed as part of it.
# It prints each step's time as the log reaches it, the wall time, the CPU time (user and system)
# of everything it ran, and the machine's load: on a machine shared with other builds the wall
# time says little, the CPU time what an idle one needs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
fresh=""
ref=HEAD
for arg in "$@"; do
  case $arg in
    --fresh | fresh) fresh=1 ;;
    *) ref=$arg ;;
  esac
done
commit=$(git -C "$repo" rev-parse --verify "$ref^{commit}")
port=${BENCH_PORT:-18080}
dir=$(mktemp -d)
cleanup() {
  if [ -n "${pid:-}" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
git clone -q --no-checkout "$repo" "$dir/feira"
cd "$dir/feira"
git checkout -q --detach "$commit"

if [ -n "$fresh" ]; then
  machine=$dir/machine
  toolchain=$(rustup show active-toolchain | cut -d' ' -f1)
  source_toolchain=$(realpath "$(rustup show home)/toolchains/$toolchain")
  export CARGO_HOME=$machine/cargo RUSTUP_HOME=$machine/rustup
  mkdir -p "$CARGO_HOME/bin" "$RUSTUP_HOME/toolchains" "$machine/rustup-bin"
  cp -al "$source_toolchain" "$RUSTUP_HOME/toolchains/$toolchain"
  # rustup rewrites the toolchain's metadata in place: those files are copies, not links.
  for f in "$RUSTUP_HOME/toolchains/$toolchain/lib/rustlib"/*; do
    [ -f "$f" ] && cp --remove-destination "$source_toolchain/lib/rustlib/$(basename "$f")" "$f"
  done
  printf 'version = "12"\ndefault_toolchain = "%s"\nprofile = "default"\nauto_self_update = "disable"\n' \
    "$toolchain" >"$RUSTUP_HOME/settings.toml"
  for tool in cargo rustc rustdoc rustup cargo-clippy clippy-driver cargo-fmt rustfmt; do
    ln -s "$(command -v "$tool")" "$machine/rustup-bin/$tool"
  done
  python=$(python3 -c 'import sys; print(sys.executable)')
  "$python" -m venv "$machine/venv"
  export npm_config_cache=$machine/npm-cache PIP_CACHE_DIR=$machine/pip-cache
  export PATH="$CARGO_HOME/bin:$machine/rustup-bin:$machine/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target remove wasm32-unknown-unknown 2>/dev/null
  fi
  for tool in just wasm-bindgen cargo-deny; do
    if command -v "$tool" >/dev/null; then echo "--fresh: $tool is still on PATH ($(command -v "$tool"))"; exit 1; fi
  done
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then echo "--fresh: the wasm32 target is still installed"; exit 1; fi
  state="fresh machine state: empty CARGO_HOME, npm and pip caches; toolchain $toolchain without the wasm32 target; no just, no wasm-bindgen"
else
  state="this machine's installs and caches (not fresh)"
fi

# CPU of this script's reaped children (user and system clock ticks), and of the whole machine.
children_cpu() { local s; s=$(</proc/$$/stat); s=${s##*) }; set -- $s; echo "${14} ${15}"; }
machine_cpu() { awk '/^cpu /{ print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat; }
tick=$(getconf CLK_TCK)
read -r user0 sys0 < <(children_cpu)
read -r busy0 total0 < <(machine_cpu)
echo "clone of $(git rev-parse --short HEAD) in $dir/feira; $state"
echo "$(nproc) cores; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
stamp() { echo "$(($(date +%s) - start)) s: $*"; }
if [ -n "$fresh" ]; then
  # README's way to install `just`.
  pip install --quiet rust-just >"$dir/run.log" 2>&1
  stamp "just installed ($(just --version))"
fi
APP_PORT=$port OIDC_PORT=$((port + 11)) ARLOCAL_PORT=$((port + 12)) setsid just run >>"$dir/run.log" 2>&1 &
pid=$!
seen=""
loads=()
until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do
  if ! kill -0 "$pid" 2>/dev/null; then tail -40 "$dir/run.log"; echo "just run stopped"; exit 1; fi
  # Report each step as the log reaches it.
  for step in "info: downloading component" "installing wasm-bindgen-cli" "Installed package" "npm ci in webapp" "npm ci in devservices" "Compiling wasm-core" "Compiling feira-photo" "vite" "Compiling feira-api" "Finished \`demo\`" "arlocal: listening"; do
    if [[ "$seen" != *"|$step|"* ]] && grep -qF "$step" "$dir/run.log"; then seen="$seen|$step|"; stamp "$step"; fi
  done
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  sleep 1
done
end=$(date +%s)
curl -sf "http://127.0.0.1:$port/" | grep -q '<title>' || { echo "the webapp is not served"; exit 1; }
read -r busy1 total1 < <(machine_cpu)
wall=$((end - start))
echo "fresh just run served after $wall s ($(date -u +%Y-%m-%d), $(nproc) cores; load average now $(cut -d' ' -f1-3 /proc/loadavg); mean of the 1-minute load average sampled each second: $(printf '%s\n' "${loads[@]}" | awk '{ s += $1 } END { printf "%.1f", s / NR }'))"
# The CPU of everything it ran (builds, installs, the services until now): once stopped, each
# process was reaped by its parent up to this script.
kill -TERM -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pid=
read -r user1 sys1 < <(children_cpu)
user=$(((user1 - user0) / tick)) sys=$(((sys1 - sys0) / tick))
echo "CPU of the whole run: $((user + sys)) s ($user s user, $sys s system; the services until stopped included)"
busy=$(((busy1 - busy0) / tick)) capacity=$(((total1 - total0) / tick))
echo "the machine's CPU while it ran: $busy s busy of $capacity s ($((busy - user - sys)) s of it not this run's)"
