#!/usr/bin/env bash
# Builds the workspace's two crates for the browser, in one cargo call with the `wasm` profile
# (so the dependencies and build-time macros they share are compiled once; the photo crate's
# own settings are the profile's package overrides in the root Cargo.toml):
#
# - wasm-core (feature `wasm`) → webapp/src/wasm/core, wasm-bindgen target `bundler` (loaded by
#   the pages);
# - feira-photo (feature `wasm`) → webapp/src/wasm/photo, target `web` (fetched only when a
#   photo is picked);
#
# then, in a second call with the `wasm-route` profile (same crate, other features: its own
# output folder, so neither build overwrites the other), the day's route:
#
# - wasm-core (feature `route-wasm` alone) → webapp/src/wasm/route, target `bundler` (imported
#   only by the store's 'Dia de entrega' page).
#
# wasm-bindgen writes into a scratch folder and only the files whose content changed are copied,
# so an unchanged build leaves the webapp's inputs untouched and `just web` has nothing to
# rebuild.
set -euo pipefail
cargo build --lib --target wasm32-unknown-unknown --profile wasm \
  -p wasm-core -p feira-photo --features wasm-core/wasm,feira-photo/wasm
cargo build --lib --target wasm32-unknown-unknown --profile wasm-route \
  -p wasm-core --features wasm-core/route-wasm
bindgen() {
  local package=$1 target=$2 out=$3 name=$4 profile=${5:-wasm}
  local scratch
  scratch=$(mktemp -d)
  wasm-bindgen --target "$target" --remove-name-section --remove-producers-section \
    --out-dir "$scratch" --out-name "$name" "target/wasm32-unknown-unknown/$profile/${package//-/_}.wasm"
  mkdir -p "$out"
  for f in "$scratch"/*; do
    dest="$out/$(basename "$f")"
    cmp -s "$f" "$dest" || cp "$f" "$dest"
  done
  rm -rf "$scratch"
}
bindgen wasm-core bundler webapp/src/wasm/core wasm_core
bindgen feira-photo web webapp/src/wasm/photo wasm_photo
bindgen wasm-core bundler webapp/src/wasm/route wasm_route wasm-route
