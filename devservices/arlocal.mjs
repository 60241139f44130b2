// Local Arweave gateway for Feira's demo and tests (decisions §17): npm `arlocal`, bound to
// 127.0.0.1 only (arlocal itself listens on every interface; we replace its listen call), with
// its data in a temporary directory removed at exit.
//
// On start it makes sure the platform's wallet exists (ARWEAVE_WALLET; a new JWK is generated
// with the npm `arweave` client when the file is missing), funds it through arlocal's mint
// endpoint, and then mines a block whenever transactions are pending (every 500 ms), so that
// uploads get confirmed as on a real network, only faster.
//
// Env:
//   ARLOCAL_PORT     port to listen on (default 1984; 0 picks a free one)
//   ARWEAVE_WALLET   the wallet's JWK file (default ../data/arweave-wallet.json)
//   ARLOCAL_MINT     winston to mint for the wallet (default 1e18)
//   ARLOCAL_LOGS     "1" to show arlocal's request log
//
// Prints one line `arlocal: listening on <url> wallet <address>` when ready.

import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ArLocalModule from 'arlocal';
import ArweaveModule from 'arweave';

const ArLocal = ArLocalModule.default ?? ArLocalModule;
const Arweave = ArweaveModule.default ?? ArweaveModule;

const here = dirname(fileURLToPath(import.meta.url));
const WALLET = resolve(process.env.ARWEAVE_WALLET || join(here, '..', 'data', 'arweave-wallet.json'));
const MINT = process.env.ARLOCAL_MINT || '1000000000000000000';
const LOGS = process.env.ARLOCAL_LOGS === '1';

let port = Number.parseInt(process.env.ARLOCAL_PORT ?? '1984', 10);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`arlocal: invalid ARLOCAL_PORT ${JSON.stringify(process.env.ARLOCAL_PORT)}`);
  process.exit(2);
}

const dbDir = mkdtempSync(join(tmpdir(), 'feira-arlocal-'));
const cleanup = () => rmSync(dbDir, { recursive: true, force: true });
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));

// arlocal appends its request log to ./logs: keep it in the temporary directory.
process.chdir(dbDir);
// (arlocal takes a port of 0 for its default, 1984: it is given 1 and never uses it, since its
// listen call is ours.)
const arlocal = new ArLocal(port || 1, LOGS, join(dbDir, 'db'), false);
// Loopback only, on the port asked for: 0 is bound as it is and the port the system gave is read
// back (a port found free and bound later can be taken meanwhile by a service started beside).
let bound;
const listening = new Promise((resolve, reject) => {
  arlocal.app.listen = (_p, cb) => {
    const server = createServer(arlocal.app.callback());
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      bound = server.address().port;
      resolve();
      cb?.();
    });
    return server;
  };
});
const log = console.log;
if (!LOGS) console.log = () => {};
await arlocal.start();
await listening;
console.log = log;
port = bound;
const url = `http://127.0.0.1:${port}`;

const arweave = Arweave.init({ host: '127.0.0.1', port, protocol: 'http', logging: false });
let jwk;
if (existsSync(WALLET)) {
  jwk = JSON.parse(readFileSync(WALLET, 'utf8'));
} else {
  jwk = await arweave.wallets.generate();
  mkdirSync(dirname(WALLET), { recursive: true });
  writeFileSync(WALLET, JSON.stringify(jwk), { mode: 0o600 });
}
const address = await arweave.wallets.jwkToAddress(jwk);
const minted = await fetch(`${url}/mint/${address}/${MINT}`);
if (!minted.ok) {
  console.error(`arlocal: mint failed: ${minted.status}`);
  process.exit(1);
}

// Mine whenever something is pending.
setInterval(async () => {
  try {
    const pending = await (await fetch(`${url}/tx/pending`)).json();
    if (Array.isArray(pending) && pending.length > 0) await fetch(`${url}/mine`);
  } catch {
    // arlocal is stopping
  }
}, 500).unref();

console.log(`arlocal: listening on ${url} wallet ${address}`);
// Keep running until signalled.
setInterval(() => {}, 1 << 30);
