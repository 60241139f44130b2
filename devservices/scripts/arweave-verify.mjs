// Checks a transaction header with the npm `arweave` client (used by the API tests to check
// the Rust signer independently): reads the transaction JSON on stdin and prints
// `{"valid": true|false, "id": "..."}`; with `--data FILE` also prints the data_root the
// npm client computes for that file's bytes (`"data_root": "..."`).
import { readFileSync } from 'node:fs';
import ArweaveModule from 'arweave';

const Arweave = ArweaveModule.default ?? ArweaveModule;
const arweave = Arweave.init({ host: '127.0.0.1', port: 1, protocol: 'http', logging: false });

const input = readFileSync(0, 'utf8');
const tx = arweave.transactions.fromRaw(JSON.parse(input));
const out = { id: tx.id, valid: await arweave.transactions.verify(tx) };
const i = process.argv.indexOf('--data');
if (i > 0) {
  const data = new Uint8Array(readFileSync(process.argv[i + 1]));
  const merkle = await import('arweave/node/lib/merkle.js');
  const { data_root } = await (merkle.default ?? merkle).generateTransactionChunks(data);
  out.data_root = Arweave.utils.bufferTob64Url(data_root);
}
console.log(JSON.stringify(out));
