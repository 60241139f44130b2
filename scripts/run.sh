#!/usr/bin/env bash
# Serves Feira locally: the local OpenID provider, the local Arweave gateway (arlocal, which
# funds the wallet in ARWEAVE_WALLET and mines pending uploads) and the local CEP lookup
# (devservices/cep.mjs) on loopback, the local WhatsApp Cloud API (devservices/whatsapp.mjs, on
# a port it picks, unless WHATSAPP_TOKEN is set), then the API (which migrates the database, loads the demo
# data into an empty one and serves the built webapp).
# Ctrl-C (or any exit) stops every process started here.
set -euo pipefail
api_bin=$1

# Settings: .env when present, then these local defaults (see .env.example).
if [ -f .env ]; then set -a; . ./.env; set +a; fi
export APP_HOST=${APP_HOST:-127.0.0.1}
export APP_PORT=${APP_PORT:-8080}
export OIDC_PORT=${OIDC_PORT:-8091}
export OIDC_ISSUER=${OIDC_ISSUER:-http://127.0.0.1:$OIDC_PORT}
export OIDC_CLIENT_ID=${OIDC_CLIENT_ID:-feira-local}
export OIDC_REDIRECT_URIS=${OIDC_REDIRECT_URIS:-http://localhost:$APP_PORT/auth/callback,http://127.0.0.1:$APP_PORT/auth/callback}
export ADMIN_EMAIL=${ADMIN_EMAIL:-admin@feira.test}
export SEED_DEMO=${SEED_DEMO:-true}
export RUST_LOG=${RUST_LOG:-info}
export ARLOCAL_PORT=${ARLOCAL_PORT:-1984}
export ARWEAVE_GATEWAY=${ARWEAVE_GATEWAY:-http://127.0.0.1:$ARLOCAL_PORT}
export ARWEAVE_WALLET=${ARWEAVE_WALLET:-data/arweave-wallet.json}
export CEP_PORT=${CEP_PORT:-8095}
local_cep="http://127.0.0.1:$CEP_PORT/ws/{cep}/json/"
export CEP_URL=${CEP_URL:-$local_cep}
export PUBLIC_URL=${PUBLIC_URL:-http://localhost:$APP_PORT}

pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM

if [[ "$OIDC_ISSUER" == http://127.0.0.1:* ]]; then
  node devservices/oidc.mjs &
  pids+=($!)
  for _ in $(seq 1 100); do
    curl -sf "$OIDC_ISSUER/.well-known/openid-configuration" >/dev/null && break
    sleep 0.1
  done
fi

if [[ "$ARWEAVE_GATEWAY" == http://127.0.0.1:* ]]; then
  ARLOCAL_PORT=${ARWEAVE_GATEWAY##*:} node devservices/arlocal.mjs &
  pids+=($!)
  for _ in $(seq 1 300); do
    curl -sf "$ARWEAVE_GATEWAY/info" >/dev/null && [ -s "$ARWEAVE_WALLET" ] && break
    sleep 0.1
  done
  sleep 1 # the wallet is funded right after it is written
fi

if [[ "$CEP_URL" == http://127.0.0.1:* ]]; then
  node devservices/cep.mjs &
  pids+=($!)
  for _ in $(seq 1 100); do
    curl -s "http://127.0.0.1:$CEP_PORT/ws/13400390/json/" >/dev/null && break
    sleep 0.1
  done
fi

# The local WhatsApp Cloud API (decisions.md §38) binds a free port and says which; its messages
# are in data/whatsapp.log. Off with WHATSAPP_LOCAL=false, or with WHATSAPP_TOKEN set.
if [ -z "${WHATSAPP_TOKEN:-}" ] && [ "${WHATSAPP_LOCAL:-true}" = true ]; then
  export WHATSAPP_TOKEN=feira-whatsapp-local WHATSAPP_PHONE_NUMBER_ID=100200300
  export WHATSAPP_APP_SECRET=segredo-do-app-local WHATSAPP_VERIFY_TOKEN=verifica-local
  mkdir -p data
  wa_log=data/whatsapp.log
  : >"$wa_log"
  WHATSAPP_PORT=0 WHATSAPP_WEBHOOK_URL="http://$APP_HOST:$APP_PORT/webhooks/whatsapp" \
    node devservices/whatsapp.mjs >>"$wa_log" &
  pids+=($!)
  for _ in $(seq 1 100); do
    grep -q '^whatsapp: listening on ' "$wa_log" && break
    sleep 0.1
  done
  WHATSAPP_API_URL=$(sed -n 's/^whatsapp: listening on \([^ ]*\).*/\1/p' "$wa_log" | head -n 1)
  export WHATSAPP_API_URL
  echo "local WhatsApp Cloud API on $WHATSAPP_API_URL (messages in $wa_log)"
fi

"$api_bin" &
pids+=($!)
for _ in $(seq 1 300); do
  curl -sf "http://$APP_HOST:$APP_PORT/healthz" >/dev/null && break
  kill -0 "${pids[-1]}" 2>/dev/null || { echo "the API stopped; see the log above" >&2; exit 1; }
  sleep 0.1
done
echo
echo "Feira is running on http://localhost:$APP_PORT  (demo sign-in: comprador, fornecedor or admin; Ctrl-C stops)"
wait -n "${pids[@]}"
