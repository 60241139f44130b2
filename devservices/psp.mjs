// A local Pix PSP for Feira's tests and demo, speaking BACEN's standard API Pix laid out like Efí
// (OAuth2 client credentials at POST /oauth/token, the API under /v2), over real mutual TLS with
// certificates generated at each start, and checking every request against BACEN's OpenAPI.
// A second, plain-HTTP loopback port is the control API (pay a charge, script webhooks and
// faults, read what was received). Everything lives in memory. Never use it in production.
//
// Usage: node devservices/psp.mjs [--port N] [--control-port N] [--dir DIR] [--openapi FILE]
//        [--token-ttl SECONDS] [--autopay]       (env and defaults: devservices/README.md)
//
// Prints one line when ready:
//   psp: listening on https://127.0.0.1:PORT {"api": …, "token": …, "control": …, "dir": …, …}
// and writes the same JSON to DIR/psp.json. Exits cleanly on SIGTERM/SIGINT.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './psp/config.mjs';
import { generateCertificates } from './psp/certs.mjs';
import { loadValidator } from './psp/openapi.mjs';
import { createService } from './psp/service.mjs';
import { createApiServer } from './psp/api.mjs';
import { createControlServer } from './psp/control.mjs';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`psp: ${err.message}`);
  process.exit(2);
}

const { pem, files } = generateCertificates(config.dir, { p12Password: config.p12Password });

const validator = await loadValidator(config.openapi);
if (!validator) {
  console.error(`psp: BACEN's OpenAPI not found at ${config.openapi}: running WITHOUT contract validation (set PIX_OPENAPI)`);
}

const svc = createService(config, pem, validator);
if (config.webhookCa) svc.webhooks.trustCa(readFileSync(config.webhookCa, 'utf8'));

const api = createApiServer(svc);
let control;

function listen(server, port) {
  // Idle keep-alive connections are kept longer than the API's client keeps them (60 s,
  // api/src/pix/api_pix/client.rs), as a production server should: with Node's 5 s the server
  // could close a pooled connection as a request goes out on it, and the client would see the
  // answer cut off.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 80_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });
}

let info;
try {
  const port = await listen(api, config.port);
  config.locationBase = `127.0.0.1:${port}/qr/v2`;
  const base = `https://127.0.0.1:${port}`;
  let controlUrl = null;
  const summary = () => ({
    api: `${base}/v2`,
    token: `${base}/oauth/token`,
    control: controlUrl,
    dir: config.dir,
    files,
    p12Password: config.p12Password,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    keys: config.keys,
    scopes: config.scopes,
    tokenTtl: config.tokenTtl,
    validated: Boolean(validator),
    openapi: validator ? validator.file : null,
    autopay: svc.autopay,
  });
  control = createControlServer(svc, summary);
  controlUrl = `http://127.0.0.1:${await listen(control, config.controlPort)}`;
  info = summary();
  writeFileSync(join(config.dir, 'psp.json'), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  console.log(`psp: listening on ${base} ${JSON.stringify(info)}`);
} catch (err) {
  console.error(`psp: ${err.message}`);
  process.exit(1);
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 2000).unref();
  svc.close();
  let open = 2;
  const done = () => {
    open -= 1;
    if (open === 0) process.exit(0);
  };
  for (const server of [api, control]) {
    server.close(done);
    server.closeAllConnections?.();
  }
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
