// Local S3-compatible server for Feira's tests (npm `s3rver`), on loopback only, with its data in
// a temporary directory removed at exit. Clients sign requests with the access key `S3RVER` and
// secret `S3RVER` (s3rver's fixed credentials); path-style URLs (`{endpoint}/{bucket}/{key}`).
//
// Env:
//   S3_PORT     port (default 4568; 0 picks a free one)
//   S3_BUCKET   bucket created at start (default feira-media)
//
// Prints `s3: listening on http://127.0.0.1:<port> bucket <name>` when ready.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rverModule from 's3rver';

// (Not `.default`: s3rver extends Koa, whose static `default` is Koa itself.)
const S3rver = S3rverModule;
const bucket = process.env.S3_BUCKET || 'feira-media';
const directory = mkdtempSync(join(tmpdir(), 'feira-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3_PORT ?? 4568),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
  vhostBuckets: false,
});

const { port } = await server.run();
console.log(`s3: listening on http://127.0.0.1:${port} bucket ${bucket}`);

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  try {
    await server.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop());
