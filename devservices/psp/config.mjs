// The local PSP's settings: command-line arguments first, then environment variables, then
// defaults. Every one is described in devservices/README.md.

import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateOpenApi } from './openapi.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(here, '..', '..');

/** The Pix key in `.env.example` (PIX_KEY), so the API's defaults match this PSP's account. */
const DEFAULT_KEY = '123e4567-e12b-12d1-a456-426655440000';
export const SCOPES = [
  'cob.write', 'cob.read', 'pix.write', 'pix.read', 'webhook.write', 'webhook.read',
  // Pix Automático: recurrences, their locations, recurring charges and their webhooks.
  'rec.write', 'rec.read', 'payloadlocationrec.write', 'payloadlocationrec.read',
  'cobr.write', 'cobr.read', 'webhookrec.write', 'webhookrec.read', 'webhookcobr.write', 'webhookcobr.read',
];

const ARGS = {
  '--port': 'PSP_PORT',
  '--control-port': 'PSP_CONTROL_PORT',
  '--dir': 'PSP_DIR',
  '--openapi': 'PIX_OPENAPI',
  '--token-ttl': 'PSP_TOKEN_TTL',
};

/** `--name value` / `--name=value` pairs into env-style names; `--autopay` alone turns it on. */
function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--autopay') out.PSP_AUTOPAY = '1';
    else if (ARGS[flag]) {
      out[ARGS[flag]] = inline ?? argv[i + 1];
      if (inline === undefined) i += 1;
    } else throw new Error(`unknown argument ${argv[i]} (see devservices/README.md)`);
  }
  return out;
}

function int(value, name, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`invalid ${name} ${JSON.stringify(value)}`);
  return n;
}

export function loadConfig(argv = process.argv.slice(2), env = process.env) {
  const v = { ...env, ...parseArgs(argv) };
  const get = (name, fallback) => (v[name] === undefined || v[name] === '' ? fallback : v[name]);
  const flag = (name, fallback) => !['0', 'false', 'no', 'off'].includes(String(get(name, fallback)).toLowerCase());
  const max = get('PSP_AUTOPAY_MAX', null);
  if (max !== null && !(Number(max) > 0)) throw new Error(`invalid PSP_AUTOPAY_MAX ${JSON.stringify(max)} (reais, e.g. 10)`);
  return {
    port: int(get('PSP_PORT', '8093'), 'PSP_PORT', { max: 65535 }),
    controlPort: int(get('PSP_CONTROL_PORT', '8094'), 'PSP_CONTROL_PORT', { max: 65535 }),
    dir: resolve(get('PSP_DIR', join(REPO, 'data', 'psp'))),
    openapi: locateOpenApi(get('PIX_OPENAPI', null), REPO),
    clientId: get('PSP_CLIENT_ID', `Client_Id_${randomBytes(20).toString('hex')}`),
    clientSecret: get('PSP_CLIENT_SECRET', `Client_Secret_${randomBytes(20).toString('hex')}`),
    keys: String(get('PSP_PIX_KEYS', DEFAULT_KEY)).split(',').map((k) => k.trim()).filter(Boolean),
    merchantName: get('PSP_MERCHANT_NAME', 'Feira'),
    merchantCity: get('PSP_MERCHANT_CITY', 'Piracicaba'),
    cnpj: get('PSP_CNPJ', '12345678000195'), // the account holder's (BACEN's example CNPJ)
    scopes: SCOPES,
    tokenTtl: int(get('PSP_TOKEN_TTL', '3600'), 'PSP_TOKEN_TTL', { min: 1 }),
    p12Password: get('PSP_P12_PASSWORD', ''),
    webhookAttempts: int(get('PSP_WEBHOOK_ATTEMPTS', '10'), 'PSP_WEBHOOK_ATTEMPTS', { min: 1, max: 100 }),
    webhookBackoffMs: int(get('PSP_WEBHOOK_BACKOFF_MS', '200'), 'PSP_WEBHOOK_BACKOFF_MS'),
    webhookTimeoutMs: int(get('PSP_WEBHOOK_TIMEOUT_MS', '5000'), 'PSP_WEBHOOK_TIMEOUT_MS', { min: 1 }),
    webhookProbe: flag('PSP_WEBHOOK_PROBE', '1'),
    webhookCa: get('PSP_WEBHOOK_CA', null),
    refundDelayMs: int(get('PSP_REFUND_DELAY_MS', '500'), 'PSP_REFUND_DELAY_MS'),
    autopay: {
      enabled: flag('PSP_AUTOPAY', '0'),
      delayMs: int(get('PSP_AUTOPAY_DELAY_MS', '3000'), 'PSP_AUTOPAY_DELAY_MS'),
      max: max === null ? null : Number(max),
    },
    ispb: '12345678', // this PSP's ISPB, in the refunds' return ids (D…)
    payerIspb: '87654321', // the payers' bank, in the end-to-end ids (E…)
    locationBase: null, // set once the port is known: 127.0.0.1:PORT/qr/v2
  };
}
