// Test harness for the local PSP: starts `psp.mjs` as a child process the way the Rust tests do
// (free ports, a temporary directory, the first stdout line read for the addresses), talks to it
// with Node's https client over mutual TLS, and runs webhook receivers (https with mTLS, or http
// with an hmac) that record what they get and answer as a test scripts them.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer, request } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const PSP = join(dirname(fileURLToPath(import.meta.url)), '..', 'psp.mjs');
export const KEY = '123e4567-e12b-12d1-a456-426655440000';
export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Starts the PSP; `env` adds to the defaults (fast webhooks and refunds). */
export async function startPsp(env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'feira-psp-test-'));
  const child = spawn(process.execPath, [PSP, '--port', '0', '--control-port', '0', '--dir', dir], {
    env: { ...process.env, PSP_WEBHOOK_BACKOFF_MS: '50', PSP_REFUND_DELAY_MS: '100', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`psp did not start: ${stderr}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`psp exited (${code}): ${stderr}`)));
    lines.on('line', (line) => {
      const m = /^psp: listening on (\S+) (\{.*\})$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], ...JSON.parse(m[2]) });
      }
    });
  });
  const pem = Object.fromEntries(
    Object.entries(info.files).map(([k, path]) => [k, k === 'clientP12' ? readFileSync(path) : readFileSync(path, 'utf8')]),
  );
  const client = { cert: pem.clientCert, key: pem.clientKey };
  const psp = {
    info,
    pem,
    child,
    stderr: () => stderr,
    /** One HTTPS request; `tls` overrides the client identity (`{}` = no certificate). */
    https(method, url, { headers = {}, body, tls = client } = {}) {
      const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(url, {
          method,
          ca: pem.ca,
          ...tls,
          agent: false,
          headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        }, (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            data += c;
          });
          res.on('end', () => {
            let json;
            try {
              json = data ? JSON.parse(data) : undefined;
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode, headers: res.headers, text: data, body: json });
          });
        });
        req.on('error', reject);
        req.end(text);
      });
    },
    /** A token from POST /oauth/token (client credentials, JSON body as Efí takes it). */
    async token({ scope, tls } = {}) {
      const basic = Buffer.from(`${info.clientId}:${info.clientSecret}`).toString('base64');
      const r = await psp.https('POST', info.token, {
        headers: { authorization: `Basic ${basic}` },
        body: { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
        tls,
      });
      if (r.status !== 200) throw new Error(`token: ${r.status} ${r.text}`);
      return r.body.access_token;
    },
    /** An API call under /v2 with a bearer token (a fresh one unless given). */
    async api(method, path, body, { token, headers = {}, tls } = {}) {
      const t = token ?? (await psp.token());
      return psp.https(method, `${info.api}${path}`, { headers: { authorization: `Bearer ${t}`, ...headers }, body, tls });
    },
    /** A control API call (plain HTTP, JSON). */
    async control(method, path, body) {
      const res = await fetch(`${info.control}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return psp;
}

/** A charge body the PSP accepts. */
export function cobBody(valor = '12.50', extra = {}) {
  return { calendario: { expiracao: 3600 }, valor: { original: valor }, chave: KEY, ...extra };
}

let txidSeq = 0;
/** A fresh valid txid (32 letters and digits). */
export function newTxid() {
  txidSeq += 1;
  return `feiraTeste${String(txidSeq).padStart(4, '0')}${Date.now().toString(36)}`.padEnd(32, 'x').slice(0, 32);
}

/** Waits until `fn()` returns a truthy value (polls every 25 ms, fails after `ms`). */
export async function until(fn, ms = 10_000, what = 'condition') {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * A webhook receiver. `mtls` (default): https with the PSP-issued webhook-server certificate,
 * requiring a client certificate from the PSP's CA. Otherwise plain http. `answers` is a list of
 * statuses for the next calls (then 200); `received` lists {path, query, body, client}.
 */
export async function startReceiver(psp, { mtls = true } = {}) {
  const received = [];
  const answers = [];
  const handler = (req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      const cert = mtls ? req.socket.getPeerCertificate() : null;
      received.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body: JSON.parse(data || 'null'), client: cert?.subject?.CN ?? null });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' });
      res.end('200');
    });
  };
  const server = mtls
    ? createHttpsServer({
      key: psp.pem.webhookServerKey,
      cert: psp.pem.webhookServerCert,
      ca: psp.pem.ca,
      requestCert: true,
      rejectUnauthorized: true,
    }, handler)
    : createHttpServer(handler);
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `${mtls ? 'https' : 'http'}://127.0.0.1:${server.address().port}`;
  return {
    base,
    received,
    answers,
    /** Notifications with at least one Pix (the registration probe sends an empty list). */
    notifications: () => received.filter((r) => r.body?.pix?.length > 0),
    close: () => new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections?.();
    }),
  };
}
