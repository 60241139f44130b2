#!/usr/bin/env bash
# Builds a crate of the workspace for the browser:
# `build-wasm.sh PACKAGE FEATURES TARGET OUT_DIR OUT_NAME [PROFILE]`
# (PACKAGE: `wasm-core` or `feira-photo`; PROFILE: a Cargo profile, `wasm` by default; the photo
# wasm uses `wasm-photo`). Compiles PACKAGE's library to wasm32 with FEATURES, runs wasm-bindgen
# (TARGET: bundler or web) into a scratch folder and copies into OUT_DIR only the files whose
# content changed, so an unchanged build leaves the webapp's inputs untouched and `just web` has
# nothing to rebuild.
set -euo pipefail
package=$1 features=$2 target=$3 out=$4 name=$5 profile=${6:-wasm}
cargo build -p "$package" --lib --target wasm32-unknown-unknown --profile "$profile" --features "$features"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
wasm-bindgen --target "$target" --remove-name-section --remove-producers-section \
  --out-dir "$scratch" --out-name "$name" "target/wasm32-unknown-unknown/$profile/${package//-/_}.wasm"
mkdir -p "$out"
for f in "$scratch"/*; do
  dest="$out/$(basename "$f")"
  cmp -s "$f" "$dest" || cp "$f" "$dest"
done
