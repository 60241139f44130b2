// Local SMTP server for Feira's tests (a real one: npm `smtp-server`, messages read back with
// npm `mailparser`), on loopback only. It speaks STARTTLS (default), implicit TLS or plain text,
// and requires AUTH when a user is given (never before TLS), so the API's e-mail client is tested
// the way real providers treat it.
//
// Env:
//   SMTP_PORT   port (default 2525; 0 picks a free one)
//   SMTP_TLS    starttls (default) | implicit | none (plain text only: no STARTTLS, no AUTH)
//   SMTP_CERT, SMTP_KEY   PEM files of the server's certificate and key (needed unless none)
//   SMTP_USER, SMTP_PASS  the only accepted login (AUTH PLAIN/LOGIN); unset: no AUTH required
//
// Prints `smtp: listening on 127.0.0.1:<port>` when ready, then one line per accepted message:
// `smtp: message {"from","to":[…],"subject","text","messageId","secure","user"}`.

import { readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const mode = process.env.SMTP_TLS || 'starttls';
if (!['starttls', 'implicit', 'none'].includes(mode)) {
  console.error(`smtp: SMTP_TLS must be starttls, implicit or none, not ${mode}`);
  process.exit(2);
}
const user = process.env.SMTP_USER || '';
const pass = process.env.SMTP_PASS || '';
const tls = mode === 'none' ? {} : { key: readFileSync(process.env.SMTP_KEY), cert: readFileSync(process.env.SMTP_CERT) };

const server = new SMTPServer({
  ...tls,
  secure: mode === 'implicit',
  name: 'localhost',
  banner: 'Feira test SMTP',
  logger: false,
  hideSTARTTLS: mode === 'none',
  disabledCommands: mode === 'none' ? ['STARTTLS', 'AUTH'] : user ? [] : ['AUTH'],
  authOptional: !user,
  allowInsecureAuth: false,
  authMethods: ['PLAIN', 'LOGIN'],
  onAuth(auth, _session, cb) {
    if (auth.username === user && auth.password === pass) return cb(null, { user: auth.username });
    return cb(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
  },
  onData(stream, session, cb) {
    simpleParser(stream)
      .then((mail) => {
        const line = {
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
          secure: session.secure,
          user: session.user || null,
        };
        console.log(`smtp: message ${JSON.stringify(line)}`);
        cb();
      })
      .catch((err) => cb(err));
  },
});
server.on('error', (err) => console.error(`smtp: ${err.message}`));
server.listen(Number(process.env.SMTP_PORT ?? 2525), '127.0.0.1', () => {
  console.log(`smtp: listening on 127.0.0.1:${server.server.address().port}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
