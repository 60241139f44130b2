#!/usr/bin/env bash
# Fuzzes the API with schemathesis against its own OpenAPI document (/api/openapi.json), for
# SECONDS: a fresh instance on loopback (a temporary SQLite database with the demo data, the
# local OpenID provider, an Arweave gateway address nothing listens on), signed in as the demo
# supplier (a user with a store: the widest set of actions). The run fails on any 5xx, on any
# answer the document does not describe (status, content type, schema), and prints the number
# of cases sent (target/fuzz/ndjson-*.ndjson keeps every case). Hooks: scripts/fuzz/hooks.py.
# Left out: the supplier's event stream, which never ends (each case would wait for the
# request's timeout); the authorization matrix and its own API tests cover it.
#
# Usage: scripts/fuzz/run.sh API_BIN SECONDS   random cases for SECONDS (`just fuzz`)
#        scripts/fuzz/run.sh API_BIN --seeded    the suite's run: schemathesis' deterministic
#                                                 generation (fixed cases, no random seed), at most
#                                                 FUZZ_EXAMPLES (default 100) per operation, one
#                                                 worker: the same cases, in the same order, every run
set -euo pipefail
api_bin=$1
seconds=$2
if [ "$seconds" = --seeded ]; then
  budget=(--max-examples "${FUZZ_EXAMPLES:-100}" --workers 1 --generation-deterministic)
  store=()
else
  budget=(--max-time "$seconds" --workers 2)
  store=(--generation-database none)
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv=$root/target/fuzz-venv
schemathesis_version=4.32.5

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -qF "$schemathesis_version"; then
  echo "installing schemathesis $schemathesis_version into target/fuzz-venv"
  python3 -m venv --clear "$venv"  # --clear: a venv copied or moved from elsewhere is rebuilt
  "$venv/bin/pip" install -q "schemathesis==$schemathesis_version"
fi

work=$(mktemp -d)
pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

# Every service binds port 0 and its log says where it listens (a port found free here and bound
# later could be taken meanwhile by the suites running beside this one). The OpenID client is a
# native one: on 127.0.0.1 the redirect URI's port is not compared (RFC 8252 §7.3).
export APP_HOST=127.0.0.1
export APP_PORT=0
export OIDC_PORT=0
export OIDC_CLIENT_ID=feira-fuzz
export OIDC_REDIRECT_URIS=http://127.0.0.1/auth/callback
export ADMIN_EMAIL=admin@feira.test
export SEED_DEMO=true
export DATABASE_URL=sqlite://$work/feira.db
export MEDIA_STORE=local
export MEDIA_DIR=$work/media
export WEBAPP_DIR=$work/dist
export PIX_PROVIDER=sandbox
# The limits stay on (their 429 is part of the document) but wide, so the fuzzer reaches the
# handlers behind them (as in the e2e suite).
export RATE_LIMIT_SIGNIN='ip=600/min'
export RATE_LIMIT_COUPON='ip=600/min user=300/min'
export RATE_LIMIT_UPLOAD='ip=600/min user=300/min'
export RATE_LIMIT_ORDER='ip=600/min user=300/min'
export RATE_LIMIT_NOTARY='ip=600/h user=300/h'
export GEOCODER_URL=
export SMTP_URL=
# Nothing listens there: a notarisation that reaches the gateway fails as it would in an outage.
export ARWEAVE_GATEWAY=http://127.0.0.1:9
export ARWEAVE_WALLET=$work/arweave-wallet.json
# (The API's own info lines include the one saying where it listens.)
export RUST_LOG=${RUST_LOG:-warn,feira_api=info}
mkdir -p "$WEBAPP_DIR/assets"
echo '<!doctype html><title>Feira</title>' > "$WEBAPP_DIR/index.html"
echo "console.log('feira')" > "$WEBAPP_DIR/assets/app.js"

# listening NAME LOG PATTERN: the first match of sed's PATTERN in LOG once the service wrote it
# (its process the last one started; up to 120 s).
listening() {
  local name=$1 log=$2 pattern=$3 found
  for _ in $(seq 1 1200); do
    found=$(sed -nE "s/\x1b\[[0-9;]*m//g; $pattern" "$log" | head -n 1)
    [ -n "$found" ] && { echo "$found"; return; }
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "$name stopped:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "$name did not start within 120 s:" >&2
  cat "$log" >&2
  exit 1
}
node "$root/devservices/oidc.mjs" > "$work/oidc.log" 2>&1 &
pids+=($!)
OIDC_ISSUER=$(listening "the OpenID provider" "$work/oidc.log" 's/^oidc: listening on (\S+)$/\1/p')
export OIDC_ISSUER
"$api_bin" > "$work/api.log" 2>&1 &
pids+=($!)
api=$(listening "the API" "$work/api.log" 's|.*listening on (http://[0-9.:]+).*|\1|p')
for _ in $(seq 1 300); do
  curl -sf "$api/healthz" >/dev/null && break
  sleep 0.1
done

FUZZ_TOKEN=$("$venv/bin/python" "$here/login.py" "$api" fornecedor)
export FUZZ_TOKEN FUZZ_API=$api
mkdir -p "$root/target/fuzz"
cd "$root/target/fuzz" # schemathesis keeps its own files in the working directory
status=0
SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$here" "$venv/bin/schemathesis" run "$api/api/openapi.json" \
  --url "$api" \
  "${budget[@]}" \
  --exclude-path /api/fornecedor/eventos \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --suppress-health-check all \
  --request-timeout 30 \
  --report ndjson --report-dir "$root/target/fuzz" \
  "${store[@]}" \
  --no-color || status=$?
if [ "$status" != 0 ]; then
  echo "the API's log (last lines):" >&2
  tail -n 30 "$work/api.log" >&2
fi
exit $status
