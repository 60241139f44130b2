#!/usr/bin/env bash
# The whole suite: `just test` (and CI's `.ci/run`) run this. Ordered so that what fails fast
# fails first, and so that a 2-core machine is kept busy:
#
#   1. formatting and the text check (no tracker issue numbers: scripts/no-issue-numbers.sh,
#      with its self-test; seconds), then the tools and packages: npm's installs (the disk and the
#      registry) while wasm-bindgen-cli and cargo-deny compile (only when missing);
#   2. static checks: the wasm build (clippy on the two wasm crates), tsc beside ESLint and
#      cargo-deny (licences, bans, sources, advisories), the webapp's bundle (`just web bundle`:
#      without the tsc runs `npm run build` starts with, just done);
#   3. ONE Rust build serves clippy, the tests, the contract, the fuzzer and e2e: clippy-driver is
#      the compiler of the workspace's own crates (RUSTC_WORKSPACE_WRAPPER, as `cargo clippy`
#      does, lints denied), so `cargo test --no-run` both lints and builds (Vitest runs beside
#      it); then the contract (the OpenAPI document, Redocly, the webapp's generated types);
#   4. tests, concurrently: the API suite on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
#      set) side by side, the other Rust tests and doctests, the devservices' self-tests and the
#      deterministic fuzz run (`just fuzz` keeps the long random one);
#   5. end-to-end in Chromium: the journeys in one shard per core side by side (each with its own
#      API and local services), beside the supplier journey against the binary alone.
#
# Every step's output is kept in target/suite/<step>.log; a failing step prints its log and
# stops the run; at the end a table gives each step's time and the tests it counted.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
features=(--features feira-api/embed-webapp)
logs=$root/target/suite
rm -rf "$logs"
mkdir -p "$logs"
started=$(date +%s)
table=()

# The same clippy as `cargo clippy -- -D warnings`, as the compiler of the workspace's crates.
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# No incremental compilation: a fresh clone gains nothing from it, and its caches would add
# gigabytes to target/ (CI's disk ran out during the build with them on). Set
# CARGO_INCREMENTAL=1 to keep them when rerunning the suite on a working copy.
export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}
# The suite's parallelism follows the machine's cores. API tests wait on sockets and child
# processes more than on the CPU: three test threads per core for each database's suite (6 on 2
# cores, as measured best). The e2e journeys: one shard per core (three were no faster than two
# on 2 cores), and every time limit of theirs scaled by E2E_TIMEOUT_SCALE (3 here: three
# Chromiums share the cores with their APIs; a limit only ends a test that is failing anyway).
cores=$(nproc)
api_threads=${SUITE_API_THREADS:-$((3 * cores))}
export E2E_SHARDS=${E2E_SHARDS:-$cores}
export E2E_TIMEOUT_SCALE=${E2E_TIMEOUT_SCALE:-3}

summary() {
  echo
  echo "step                     time    cpu  tests"
  for line in "${table[@]}"; do echo "$line"; done
  echo "total                   $(($(date +%s) - started))s"
}

# Tests a log counted: cargo's, node --test's and Vitest's summaries.
counted() {
  local log=$1
  {
    grep -hoE 'test result: (ok|FAILED)\. [0-9]+ passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {if (NR) print s}'
    grep -hoE '^(ℹ|#) pass [0-9]+' "$log" | awk '{s+=$3} END {if (NR) print s}'
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -hoE '^ +Tests +[0-9]+ passed' | awk '{s+=$2} END {if (NR) print s}'
    grep -hA1 '^Test cases:' "$log" | grep -oE '[0-9]+ generated' | awk '{print $1" cases"}'
  } | paste -sd+ | sed 's/+/ + /g'
}

# The CPU time (user + system) of a step's processes, from the `times` its subshell wrote
# (servers a step talks to, such as PostgreSQL, are not counted).
cpu_of() {
  [ -f "$logs/$1.times" ] || return 0
  sed -n 2p "$logs/$1.times" | sed 's/m/ /g; s/s//g' | awk '{printf "%d", $1 * 60 + $2 + $3 * 60 + $4}'
}

record() {
  local name=$1 seconds=$2
  table+=("$(printf '%-22s %5ss %5ss  %s' "$name" "$seconds" "$(cpu_of "$name")" "$(counted "$logs/$name.log")")")
}

fail() {
  local name=$1
  echo "::: $name FAILED (its whole log: target/suite/$name.log)"
  summary
  exit 1
}

# step NAME CMD…: runs CMD in the foreground, its output shown and kept.
# timed NAME CMD…: runs CMD, then writes the CPU time of what it ran (`times`) for `cpu_of`, and
# returns CMD's status. Called in a subshell of its own, whose children are CMD's processes.
timed() {
  local name=$1 status=0
  shift
  "$@" || status=$?
  times >"$logs/$name.times"
  return $status
}

step() {
  local name=$1
  shift
  local t=$(date +%s)
  echo "::: $name"
  if (timed "$name" "$@") 2>&1 | tee "$logs/$name.log"; then
    record "$name" $(($(date +%s) - t))
  else
    fail "$name"
  fi
}

# bg NAME CMD…: starts CMD in the background, its output kept; `join` waits for it.
declare -A pids starts
bg() {
  local name=$1
  shift
  echo "::: $name (in the background)"
  starts[$name]=$(date +%s)
  ( (
    status=0
    timed "$name" "$@" || status=$?
    date +%s >"$logs/$name.ended"
    exit $status
  ) >"$logs/$name.log" 2>&1) &
  pids[$name]=$!
}
join() {
  local name failed=()
  for name in "$@"; do
    if wait "${pids[$name]}"; then
      echo "::: $name done"
      tail -n 5 "$logs/$name.log"
      record "$name" $(($(cat "$logs/$name.ended") - starts[$name]))
    else
      failed+=("$name")
    fi
  done
  for name in "${failed[@]}"; do
    echo "::: $name FAILED; its log:"
    cat "$logs/$name.log"
  done
  [ ${#failed[@]} = 0 ] || fail "${failed[*]}"
}

# The test executables of the build, as `path<TAB>package dir<TAB>target name` lines.
test_executables() {
  cargo test --workspace --all-targets "${features[@]}" --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, os, sys
for line in sys.stdin:
    m = json.loads(line)
    kinds = m.get("target", {}).get("kind", [])
    # What `cargo test` runs: unit tests of libraries and binaries, integration tests (examples
    # and benches are only built).
    if (m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]
            and not {"example", "bench"} & set(kinds)):
        print(m["executable"], os.path.dirname(m["manifest_path"]), m["target"]["name"], sep="\t")
'
}

# The API's integration suite (target `api`) against one database.
api_suite() {
  local exe=$1 dir=$2 database=$3
  if [ "$database" = sqlite ]; then
    (cd "$dir" && env -u TEST_DATABASE_URL "$exe" --test-threads "$api_threads")
  else
    (cd "$dir" && "$exe" --test-threads "$api_threads")
  fi
}

# Every other Rust test executable (unit tests of the three crates, the photo fuzzer's short
# round included), then the doctests.
# (Each failure is counted: `set -e` does not hold inside a function that `bg` or `step` calls.)
other_rust_tests() {
  local exe dir name failed=()
  while IFS=$'\t' read -r exe dir name; do
    echo "== $name ($exe)"
    (cd "$dir" && env -u TEST_DATABASE_URL "$exe") || failed+=("$name")
  done < <(grep -vP '\tapi$' "$logs/executables.txt")
  env -u TEST_DATABASE_URL cargo test --workspace "${features[@]}" --doc || failed+=(doctests)
  if [ ${#failed[@]} != 0 ]; then
    echo "failed: ${failed[*]}"
    return 1
  fi
}

contract() {
  target/debug/feira-api openapi >target/openapi.json &&
    (cd webapp && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint ../target/openapi.json --config ../api/redocly.yaml --format=stylish) &&
    (cd webapp && node scripts/api-types.mjs --check ../target/openapi.json)
}

# The e2e journeys in E2E_SHARDS shards of about equal length (their files' lines, longest first,
# each to the shortest shard so far): shards[i] holds paths relative to webapp/.
e2e_shards() {
  local file lines i least count=$E2E_SHARDS
  local -a size=()
  shards=()
  for ((i = 0; i < count; i++)); do
    shards[i]=""
    size[i]=0
  done
  while read -r lines file; do
    least=0
    for ((i = 1; i < count; i++)); do
      if ((size[i] < size[least])); then least=$i; fi
    done
    shards[least]+=" ${file#webapp/}"
    size[least]=$((size[least] + lines))
  done < <(wc -l webapp/e2e/tests/*.test.mjs | grep -v ' total$' | sort -rn)
  for ((i = 0; i < count; i++)); do
    echo "e2e shard $((i + 1)) (${size[i]} lines):${shards[i]}"
  done
}

# 1. Formatting; tools and packages.
step fmt cargo fmt --all --check
step text bash -c 'scripts/no-issue-numbers.sh --self-test && scripts/no-issue-numbers.sh'
bg npm-webapp scripts/npm-ci.sh webapp
bg npm-devservices scripts/npm-ci.sh devservices
bg deny-install just deny-install
bg chromium just chromium
step setup-rust just setup-rust
join npm-webapp npm-devservices

# 2. Static checks and the two front-end builds.
step wasm scripts/build-wasm.sh
join deny-install
bg deny bash -c 'just deny && just deny-advisories'
bg eslint bash -c 'cd webapp && npm run lint'
step typecheck bash -c 'cd webapp && npm run typecheck'
join eslint deny
step web just web bundle

# 3. One build: clippy and every test target, then the contract; Vitest meanwhile.
bg vitest bash -c 'cd webapp && npm test'
step build-clippy cargo test --workspace --all-targets "${features[@]}" --no-run
test_executables >"$logs/executables.txt"
step contract contract

# 4. Tests, side by side.
api_exe=$(grep -P '\tapi$' "$logs/executables.txt" | cut -f1)
api_dir=$(grep -P '\tapi$' "$logs/executables.txt" | cut -f2)
bg api-sqlite api_suite "$api_exe" "$api_dir" sqlite
if [[ "${TEST_DATABASE_URL:-}" == postgres* ]]; then
  bg api-postgres api_suite "$api_exe" "$api_dir" postgres
else
  echo "TEST_DATABASE_URL not set: the API suite runs on SQLite only"
fi
bg rust-other other_rust_tests
bg devservices node --test devservices/test/
bg fuzz scripts/fuzz/run.sh target/debug/feira-api --seeded
join vitest devservices fuzz rust-other api-sqlite
[[ "${TEST_DATABASE_URL:-}" == postgres* ]] && join api-postgres

# 5. End to end, side by side: the journeys in E2E_SHARDS shards, each with its own API, database
# and local services (e2e/run.mjs: each on a port the system gives), and the supplier journey
# against the binary alone.
join chromium
e2e_shards
# (Each keeps its failures' screenshots in its own folder of webapp/e2e/artifacts/.)
e2e_steps=()
for i in "${!shards[@]}"; do
  [ -n "${shards[i]}" ] || continue  # (an empty shard would run every journey)
  e2e_steps+=("e2e-$((i + 1))")
  bg "e2e-$((i + 1))" bash -c "cd webapp && E2E_ARTIFACTS=e2e/artifacts/e2e-$((i + 1)) API_BIN=../target/debug/feira-api node e2e/run.mjs${shards[i]}"
done
bg e2e-standalone bash -c 'cd webapp && E2E_ARTIFACTS=e2e/artifacts/standalone API_BIN=../target/debug/feira-api API_STANDALONE=1 node e2e/run.mjs e2e/tests/supplier.test.mjs'
join "${e2e_steps[@]}" e2e-standalone

summary
