#!/usr/bin/env node
// End-to-end harness: `node e2e/run.mjs` from webapp/.
//
// Starts, on loopback ports the system gives (each service binds port 0 and says where it listens;
// the API is handed its socket already bound) and with a throw-away data directory:
//   1. the local OpenID provider (../devservices/oidc.mjs),
//   1b. the local Arweave gateway (../devservices/arlocal.mjs, funded wallet in the data dir),
//   1c. the local Pix PSP (../devservices/psp.mjs: BACEN's API Pix over mutual TLS and OAuth2),
//   1d. the local SMTP server (../devservices/smtp.mjs: STARTTLS with the API suite's test
//       certificate, which the API is told to trust), whose accepted messages the tests read at
//       `GET {E2E_CONTROL_URL}/mail`,
//   1e. the local CEP lookup (../devservices/cep.mjs, ViaCEP's shape: CEP_URL),
//   1f. the local WhatsApp Cloud API (../devservices/whatsapp.mjs: WHATSAPP_*, its statuses and
//       replies signed back to the API's webhook; WHATSAPP_CONTROL_URL for the tests),
//   2. the API binary serving the built webapp (SEED_DEMO=true, ARWEAVE_GATEWAY set, Pix through
//      the local PSP: PIX_PROVIDER=api-pix, its webhook registered with an hmac),
// then runs `node --test --test-concurrency=1 e2e/tests/` with APP_URL (ARWEAVE_URL, PSP_CONTROL_URL,
// E2E_CONTROL_URL: `POST /api/stop` kills the API, `POST /api/start` starts it again) set,
// checks that the PSP saw no request breaking BACEN's OpenAPI, and finally stops every
// child (whole process groups, also on Ctrl-C and on failure), removes the data directory and exits
// with the test runner's code. Children's logs are printed when something fails.
//
// Arguments: test files to run (default: every file in e2e/tests/), e.g.
//   node e2e/run.mjs e2e/tests/buyer.test.mjs
//
// Env:
//   API_BIN        API binary (default ../target/debug/feira-api, relative to webapp/)
//   WEBAPP_DIR     built webapp (default dist, relative to webapp/)
//   API_STANDALONE=1  the one-file release (`just dist`): API_BIN is copied alone into an empty
//                  directory and started there with only the settings below in its environment
//                  (no WEBAPP_DIR, MEDIA_DIR or DATABASE_URL: it serves its embedded webapp and
//                  keeps its data under ./data), as a deploy would run it
//   CHROMIUM_PATH  Chromium binary for the tests (default /usr/bin/chromium)
//   E2E_ARTIFACTS  where failing tests leave screenshots (default e2e/artifacts)
//   E2E_KEEP_TMP=1 keep the data directory and logs

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, closeSync, mkdirSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCALE, scaled } from './lib.mjs';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const WEBAPP_ROOT = path.dirname(E2E_DIR);
const REPO_ROOT = path.dirname(WEBAPP_ROOT);
const DEVSERVICES = path.join(REPO_ROOT, 'devservices');

const API_BIN = path.resolve(WEBAPP_ROOT, process.env.API_BIN || '../target/debug/feira-api');
const STANDALONE = process.env.API_STANDALONE === '1';
const WEBAPP_DIR = path.resolve(WEBAPP_ROOT, process.env.WEBAPP_DIR || 'dist');
const ARTIFACTS = path.resolve(WEBAPP_ROOT, process.env.E2E_ARTIFACTS || path.join(E2E_DIR, 'artifacts'));
const OIDC_CLIENT_ID = 'feira-local';

const log = (msg) => console.log(`e2e: ${msg}`);

// --- Children ---------------------------------------------------------------------------------

const children = []; // { name, child, logFile }
let tmp;
let cleaningUp = false;

function start(name, cmd, args, { env, cwd, inheritOutput = false, onlyEnv = false, listenFd } = {}) {
  const logFile = path.join(tmp, `${name}.log`);
  let fd;
  let stdio;
  if (inheritOutput) {
    stdio = 'inherit';
  } else {
    fd = openSync(logFile, 'a');
    stdio = ['ignore', fd, fd];
  }
  // listenFd: a listening socket handed to the child as its fd 3 (systemd's LISTEN_FDS).
  if (listenFd !== undefined) stdio = [...stdio, listenFd];
  // detached: the child leads its own process group, so the whole group can be stopped.
  // onlyEnv: the child sees `env` and nothing of ours (PATH aside).
  const childEnv = onlyEnv ? { PATH: process.env.PATH, ...env } : { ...process.env, ...env };
  const child = spawn(cmd, args, { cwd, env: childEnv, stdio, detached: true });
  if (fd !== undefined) closeSync(fd);
  const entry = { name, child, logFile: inheritOutput ? null : logFile, exited: false, code: null };
  entry.exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      entry.exited = true;
      entry.code = code ?? (signal ? 128 : 1);
      resolve(entry.code);
    });
    child.on('error', (err) => {
      entry.exited = true;
      entry.code = 127;
      entry.error = err;
      resolve(127);
    });
  });
  children.push(entry);
  return entry;
}

function killGroup(entry, signal) {
  if (!entry.child.pid) return;
  try {
    process.kill(-entry.child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopAll() {
  const alive = children.filter((c) => !c.exited);
  for (const c of alive) killGroup(c, 'SIGTERM');
  const timeout = new Promise((r) => setTimeout(r, 5000));
  await Promise.race([Promise.all(alive.map((c) => c.exit)), timeout]);
  // SIGKILL whatever is left in the groups (also grandchildren of exited leaders).
  for (const c of children) killGroup(c, 'SIGKILL');
}

function printLogs() {
  for (const c of children) {
    if (!c.logFile || !existsSync(c.logFile)) continue;
    const text = readFileSync(c.logFile, 'utf8');
    const lines = text.split('\n');
    const tail = lines.length > 200 ? lines.slice(-200) : lines;
    console.log(`\n----- ${c.name} log (${c.logFile}${lines.length > 200 ? ', last 200 lines' : ''}) -----`);
    console.log(tail.join('\n'));
  }
}

async function cleanup(code, { showLogs = false } = {}) {
  if (cleaningUp) return;
  cleaningUp = true;
  await stopAll();
  if (showLogs) printLogs();
  if (tmp) {
    if (process.env.E2E_KEEP_TMP) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`${sig}: stopping`);
    void cleanup(sig === 'SIGINT' ? 130 : 143);
  });
}

// --- Helpers ----------------------------------------------------------------------------------

/**
 * Waits for `entry`'s first log line matching `pattern` and returns its match. Every service is
 * started on port 0 and says in its log where it listens: a port found free here and bound later
 * by the child could be taken meanwhile by the other suites running beside this one.
 */
async function waitForLine(entry, pattern, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = pattern.exec(readFileSync(entry.logFile, 'utf8'));
    if (m) return m;
    if (entry.exited) throw new Error(`${what} exited (code ${entry.code}) before it listened`);
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Time limits, scaled as the journeys' are (E2E_TIMEOUT_SCALE and the machine's load now: e2e/lib.mjs). */
const within = scaled;

async function waitForHttp(url, entry, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (entry.exited) throw new Error(`${what} exited (code ${entry.code}) before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err.cause?.code || err.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer 200 at ${url} within ${timeoutMs / 1000} s (last: ${last})`);
}

function fail(msg) {
  console.error(`e2e: ${msg}`);
  return cleanup(1, { showLogs: true });
}

// --- Main -------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(API_BIN)) return fail(`API binary not found: ${API_BIN} (build it, or set API_BIN)`);
  if (!STANDALONE && !existsSync(path.join(WEBAPP_DIR, 'index.html'))) {
    return fail(`built webapp not found: ${WEBAPP_DIR}/index.html (npm run build, or set WEBAPP_DIR)`);
  }
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    return fail(`Chromium not found at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  }
  if (!existsSync(path.join(DEVSERVICES, 'node_modules', 'oidc-provider')) || !existsSync(path.join(DEVSERVICES, 'node_modules', 'arlocal'))) {
    log('installing devservices dependencies (npm ci)');
    const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: DEVSERVICES, stdio: 'inherit' });
    if (r.status !== 0) return fail('npm ci in devservices failed');
  }

  tmp = mkdtempSync(path.join(tmpdir(), 'feira-e2e-'));
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });

  // 1. OpenID provider. Its client is a native one: on 127.0.0.1 and localhost the redirect
  //    URI's port is not compared (RFC 8252 §7.3), so it is registered before the API's port is
  //    known.
  const oidc = start('oidc', process.execPath, [path.join(DEVSERVICES, 'oidc.mjs')], {
    cwd: DEVSERVICES,
    env: {
      OIDC_PORT: '0',
      OIDC_CLIENT_ID,
      OIDC_REDIRECT_URIS: 'http://127.0.0.1/auth/callback,http://localhost/auth/callback',
    },
  });
  const issuer = (await waitForLine(oidc, /^oidc: listening on (\S+)$/m, { timeoutMs: within(30_000), what: 'the OpenID provider' }))[1];
  log(`OpenID provider on ${issuer}`);

  // 1b. Arweave gateway (arlocal) with the platform's wallet, funded (its line comes after its
  //     last start-up step).
  const arweaveWallet = path.join(tmp, 'arweave-wallet.json');
  const arlocal = start('arlocal', process.execPath, [path.join(DEVSERVICES, 'arlocal.mjs')], {
    cwd: DEVSERVICES,
    env: { ARLOCAL_PORT: '0', ARWEAVE_WALLET: arweaveWallet },
  });
  const arweaveUrl = (await waitForLine(arlocal, /^arlocal: listening on (\S+)/m, { timeoutMs: within(60_000), what: 'arlocal' }))[1];
  log(`Arweave gateway (arlocal) on ${arweaveUrl}`);

  // 1c. Pix PSP (certificates generated into the data dir at start).
  const pspDir = path.join(tmp, 'psp');
  const psp = start('psp', process.execPath, [path.join(DEVSERVICES, 'psp.mjs')], {
    cwd: DEVSERVICES,
    env: { PSP_PORT: '0', PSP_CONTROL_PORT: '0', PSP_DIR: pspDir, PSP_CLIENT_ID: 'feira-e2e', PSP_CLIENT_SECRET: 'segredo-e2e' },
  });
  const pspLine = (await waitForLine(psp, /^psp: listening on .*$/m, { timeoutMs: within(60_000), what: 'the PSP' }))[0];
  const pspInfo = JSON.parse(pspLine.slice(pspLine.indexOf('{')));
  log(`Pix PSP on ${pspInfo.api} (control ${pspInfo.control}, OpenAPI validation ${pspInfo.validated ? 'on' : 'OFF'})`);

  // 1d. SMTP server (STARTTLS; the certificate and CA of the API suite's fixtures).
  const fixtures = path.join(REPO_ROOT, 'api', 'tests', 'fixtures');
  const smtp = start('smtp', process.execPath, [path.join(DEVSERVICES, 'smtp.mjs')], {
    cwd: DEVSERVICES,
    env: {
      SMTP_PORT: '0',
      SMTP_TLS: 'starttls',
      SMTP_CERT: path.join(fixtures, 'smtp-server.pem'),
      SMTP_KEY: path.join(fixtures, 'smtp-server-key.pem'),
    },
  });
  const smtpPort = Number((await waitForLine(smtp, /smtp: listening on 127\.0\.0\.1:(\d+)/, { timeoutMs: within(30_000), what: 'the SMTP server' }))[1]);
  log(`SMTP server on 127.0.0.1:${smtpPort}`);
  /** The messages the SMTP server accepted so far, from its log. */
  const mailbox = () =>
    readFileSync(smtp.logFile, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('smtp: message '))
      .map((l) => JSON.parse(l.slice('smtp: message '.length)));
  // 1e. CEP lookup (ViaCEP's shape).
  const cep = start('cep', process.execPath, [path.join(DEVSERVICES, 'cep.mjs')], { cwd: DEVSERVICES, env: { CEP_PORT: '0' } });
  const cepUrl = (await waitForLine(cep, /^cep: listening on (\S+)/m, { timeoutMs: within(30_000), what: 'the CEP lookup' }))[1];
  log(`CEP lookup on ${cepUrl}`);

  // 2. API serving the webapp: from the repository's build, or (standalone) the one-file release
  //    alone in an empty directory, serving its embedded webapp.
  const mediaDir = path.join(tmp, 'media');
  mkdirSync(mediaDir, { recursive: true });
  let apiCwd = REPO_ROOT;
  let apiBin = API_BIN;
  const where = {
    DATABASE_URL: `sqlite://${path.join(tmp, 'e2e.db')}`,
    MEDIA_DIR: mediaDir,
    WEBAPP_DIR,
  };
  if (STANDALONE) {
    apiCwd = path.join(tmp, 'standalone');
    mkdirSync(apiCwd);
    apiBin = path.join(apiCwd, path.basename(API_BIN));
    copyFileSync(API_BIN, apiBin);
    chmodSync(apiBin, 0o755);
    for (const k of Object.keys(where)) delete where[k];
    log(`standalone: ${apiBin} alone in ${apiCwd}`);
  }
  const apiSocket = createServer();
  await new Promise((resolve, reject) => {
    apiSocket.once('error', reject);
    apiSocket.listen(0, '127.0.0.1', resolve);
  });
  const apiPort = apiSocket.address().port;
  const appUrl = `http://127.0.0.1:${apiPort}`;
  // 1f. WhatsApp Cloud API (its webhooks go to the API's port, known now).
  const whatsapp = start('whatsapp', process.execPath, [path.join(DEVSERVICES, 'whatsapp.mjs')], {
    cwd: DEVSERVICES,
    env: {
      WHATSAPP_PORT: '0',
      WHATSAPP_TOKEN: 'token-whatsapp-e2e',
      WHATSAPP_APP_SECRET: 'segredo-do-app-whatsapp-e2e',
      WHATSAPP_PHONE_NUMBER_ID: '100200300',
      WHATSAPP_WEBHOOK_URL: `${appUrl}/webhooks/whatsapp`,
    },
  });
  const whatsappLine = (await waitForLine(whatsapp, /^whatsapp: listening on .*$/m, { timeoutMs: within(30_000), what: 'the WhatsApp Cloud API' }))[0];
  const whatsappInfo = JSON.parse(whatsappLine.slice(whatsappLine.indexOf('{')));
  log(`WhatsApp Cloud API on ${whatsappInfo.api}`);
  const apiEnv = {
    APP_HOST: '127.0.0.1',
    // (Used only when the API is started again after `POST /api/stop`: on the same port, which
    // the stopped API no longer holds, so that the page's origin stays the same.)
    APP_PORT: String(apiPort),
    ...where,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID,
    ADMIN_EMAIL: 'admin@feira.test',
    SEED_DEMO: 'true',
    RUST_LOG: 'warn',
    ARWEAVE_GATEWAY: arweaveUrl,
    ARWEAVE_WALLET: arweaveWallet,
    ARWEAVE_SPOOL_DIR: path.join(tmp, 'spool'),
    CEP_URL: `${cepUrl}/ws/{cep}/json/`,
    PUBLIC_URL: appUrl,
    PIX_PROVIDER: 'api-pix',
    PIX_PSP: 'generic',
    PIX_API_URL: pspInfo.api,
    PIX_TOKEN_URL: pspInfo.token,
    PIX_CLIENT_ID: pspInfo.clientId,
    PIX_CLIENT_SECRET: pspInfo.clientSecret,
    PIX_CERT_FILE: pspInfo.files.clientCert,
    PIX_CERT_KEY_FILE: pspInfo.files.clientKey,
    PIX_CA_FILE: pspInfo.files.ca,
    PIX_KEY: pspInfo.keys[0],
    PIX_WEBHOOK_URL: `${appUrl}/webhooks/pix`,
    PIX_WEBHOOK_HMAC: 'segredoDoWebhookE2e0123456789',
    WHATSAPP_TOKEN: whatsappInfo.token,
    WHATSAPP_PHONE_NUMBER_ID: whatsappInfo.phoneNumberId,
    WHATSAPP_APP_SECRET: whatsappInfo.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verifica-whatsapp-e2e',
    WHATSAPP_API_URL: whatsappInfo.api,
    WHATSAPP_RETRY_SECONDS: '1',
    SMTP_URL: `smtp://localhost:${smtpPort}`,
    SMTP_CA_FILE: path.join(fixtures, 'smtp-ca.pem'),
    SMTP_FROM: 'loja@feira.test',
    SMTP_RETRY_SECONDS: '1',
    // The journeys sign in and upload far more often than a person would, all from one
    // address: the limits stay on (the 429 paths are the API suite's), only wider.
    RATE_LIMIT_SIGNIN: 'ip=600/min',
    RATE_LIMIT_COUPON: 'ip=600/min user=300/min',
    RATE_LIMIT_UPLOAD: 'ip=600/min user=300/min',
    RATE_LIMIT_ORDER: 'ip=600/min user=300/min',
    RATE_LIMIT_NOTARY: 'ip=600/h user=300/h',
    // A buyer's browser sees another's edit within seconds instead of a minute: the journeys
    // that change stock or prices wait for the cached public reads to go stale.
    PUBLIC_READ_MAX_AGE_SECONDS: '3',
  };
  // The API is handed its socket already listening (LISTEN_FDS, as systemd does), so its port is
  // known before it starts (PUBLIC_URL, the webhook's URL) and never raced. The harness then
  // closes its own copy: only the API accepts.
  let api = start('api', apiBin, [], {
    cwd: apiCwd,
    onlyEnv: STANDALONE,
    env: { ...apiEnv, LISTEN_FDS: '1' },
    listenFd: apiSocket._handle.fd,
  });
  await new Promise((resolve) => apiSocket.close(resolve));
  await waitForHttp(`${appUrl}/readyz`, api, { timeoutMs: within(120_000), what: 'the API' });
  if (STANDALONE) {
    const page = await fetch(`${appUrl}/`).then((r) => r.text());
    if (!page.includes('id="root"')) throw new Error('the standalone binary does not serve the webapp');
    const left = readdirSync(apiCwd).filter((f) => f !== path.basename(apiBin) && f !== 'data');
    if (left.length) throw new Error(`the standalone binary wrote outside ./data: ${left.join(', ')}`);
  }
  log(`API on ${appUrl} (data in ${tmp})`);

  // 2b. The tests' control of the API: `POST /api/stop` kills it (SIGKILL, as a crash or a lost
  //     server would end it) and `POST /api/start` starts it again on the same port and data, so a
  //     journey can meet a server that really does not answer.
  let apiStops = 0;
  const control = createHttpServer(async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === '/api/stop') {
        if (!api.exited) {
          apiStops += 1;
          killGroup(api, 'SIGKILL');
          await api.exit;
        }
      } else if (req.method === 'GET' && req.url === '/mail') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mailbox()));
        return;
      } else if (req.method === 'POST' && req.url === '/api/start') {
        if (api.exited) {
          api = start('api', apiBin, [], { cwd: apiCwd, onlyEnv: STANDALONE, env: apiEnv });
          await waitForHttp(`${appUrl}/readyz`, api, { timeoutMs: within(90_000), what: 'the API, started again' });
        }
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err));
    }
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${control.address().port}`;

  // 3. Tests, one file at a time.
  const runner = start(
    'tests',
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      // (Twice the limit the load gives now: the load may grow while the journeys run.)
      `--test-timeout=${2 * within(180_000)}`,
      '--test-reporter=spec',
      ...(process.argv.length > 2 ? process.argv.slice(2) : ['e2e/tests/']),
    ],
    {
      cwd: WEBAPP_ROOT,
      env: { APP_URL: appUrl, OIDC_URL: issuer, ARWEAVE_URL: arweaveUrl, PSP_CONTROL_URL: pspInfo.control, WHATSAPP_CONTROL_URL: whatsappInfo.control, E2E_CONTROL_URL: controlUrl, E2E_ARTIFACTS: ARTIFACTS, E2E_TIMEOUT_SCALE: String(SCALE) },
      inheritOutput: true,
    },
  );
  let code = await runner.exit;
  control.close();
  if (cleaningUp) return undefined; // stopped by a signal
  // Every request the API sent the PSP met BACEN's OpenAPI.
  if (pspInfo.validated) {
    const violations = await fetch(`${pspInfo.control}/violations`).then((r) => r.json());
    if (violations.length) {
      log(`the PSP recorded ${violations.length} contract violation(s):\n${JSON.stringify(violations, null, 2)}`);
      code = code || 1;
    } else {
      log('Pix contract check: zero violations');
    }
  } else {
    log('!!!!!! Pix contract check skipped: the PSP runs without BACEN\'s OpenAPI (../shared/reference/…) !!!!!!');
  }
  if (code !== 0) {
    log(`tests failed (exit ${code}); screenshots in ${ARTIFACTS}`);
  } else {
    log('all tests passed');
  }
  const stopped = oidc.exited || api.exited || arlocal.exited || psp.exited || smtp.exited || cep.exited;
  if (stopped) {
    log(`a service stopped during the tests (oidc: ${oidc.exited ? oidc.code : 'running'}, api: ${api.exited ? api.code : 'running'}, arlocal: ${arlocal.exited ? arlocal.code : 'running'}, psp: ${psp.exited ? psp.code : 'running'}, smtp: ${smtp.exited ? smtp.code : 'running'})`);
  }
  if (apiStops) log(`the tests stopped and restarted the API ${apiStops} time(s)`);
  return cleanup(code === 0 && !stopped ? 0 : code || 1, { showLogs: code !== 0 || stopped });
}

main().catch((err) => fail(err.stack || String(err)));
