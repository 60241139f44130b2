#!/usr/bin/env bash
# Builds wasm-core for the browser: `build-wasm.sh FEATURE TARGET OUT_DIR OUT_NAME [PROFILE]`
# (PROFILE: a Cargo profile, `wasm` by default; the photo wasm uses `wasm-photo`).
# Compiles the crate to wasm32 with FEATURE, runs wasm-bindgen (TARGET: bundler or web) into a
# scratch folder and copies into OUT_DIR only the files whose content changed, so an unchanged
# build leaves the webapp's inputs untouched and `just web` has nothing to rebuild.
set -euo pipefail
feature=$1 target=$2 out=$3 name=$4 profile=${5:-wasm}
cargo build -p wasm-core --lib --target wasm32-unknown-unknown --profile "$profile" --features "$feature"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
wasm-bindgen --target "$target" --remove-name-section --remove-producers-section \
  --out-dir "$scratch" --out-name "$name" "target/wasm32-unknown-unknown/$profile/wasm_core.wasm"
mkdir -p "$out"
for f in "$scratch"/*; do
  dest="$out/$(basename "$f")"
  cmp -s "$f" "$dest" || cp "$f" "$dest"
done
