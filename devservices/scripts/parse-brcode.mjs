// Parses a Pix BR Code with an independent library (npm `pix-utils`) and prints what it read as
// JSON: `{type, pixKey, transactionAmount, txid, merchantName, merchantCity, ...}`. The parser
// checks the EMV structure and the CRC16; on any error this prints `{"error": "..."}` and exits
// with status 1. Used by the API tests: `node devservices/scripts/parse-brcode.mjs <payload>`.
import { parsePix, hasError } from 'pix-utils';

const payload = process.argv[2];
if (!payload) {
  console.log(JSON.stringify({ error: 'usage: parse-brcode.mjs <payload>' }));
  process.exit(1);
}
const pix = parsePix(payload);
if (hasError(pix)) {
  console.log(JSON.stringify({ error: pix.message ?? String(pix.error) }));
  process.exit(1);
}
const { toBRCode, toImage, ...fields } = pix;
console.log(JSON.stringify(fields));
