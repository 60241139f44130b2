// Local OpenID provider for Feira's demo and end-to-end tests (decisions §3).
//
// A standards-compliant provider (npm `oidc-provider`) bound to 127.0.0.1 only, with one
// first-party client for the webapp's popup sign-in (response_type=id_token + nonce).
// Its login form accepts any login without a password check; a few logins map to demo
// accounts. Never use this in production: the production issuer is Google.
//
// Env:
//   OIDC_PORT           port to listen on (default 8091; 0: the system picks one, read back)
//   OIDC_ISSUER         issuer URL (default http://127.0.0.1:<the port listened on>)
//   OIDC_CLIENT_ID      the webapp's client id (default feira-local)
//   OIDC_REDIRECT_URIS  comma-separated redirect URIs
//                       (default http://localhost:8080/auth/callback,http://127.0.0.1:8080/auth/callback;
//                       the client is a native one, so on 127.0.0.1 any port is accepted, RFC 8252 §7.3)
//
// Prints one line `oidc: listening on <issuer>` when ready.

import { createServer } from 'node:http';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import Provider, { interactionPolicy } from 'oidc-provider';
import { paginaLocal } from './oidc-pages.mjs';

const PORT = Number.parseInt(process.env.OIDC_PORT || '8091', 10);
if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) {
  console.error(`oidc: invalid OIDC_PORT ${JSON.stringify(process.env.OIDC_PORT)}`);
  process.exit(2);
}

// --- Server ---------------------------------------------------------------------------------
// Bound first, so that with OIDC_PORT=0 the issuer (which names the port) is the port the system
// gave: a port found free and bound later could be taken meanwhile by a service started beside.

let handler = (_req, res) => res.writeHead(503).end();
const server = createServer((req, res) => handler(req, res));
server.on('error', (err) => {
  console.error(`oidc: ${err.message}`);
  process.exit(1);
});
await new Promise((resolve) => server.listen(PORT, '127.0.0.1', resolve));
const ISSUER = (process.env.OIDC_ISSUER || `http://127.0.0.1:${server.address().port}`).replace(/\/+$/, '');
const CLIENT_ID = process.env.OIDC_CLIENT_ID || 'feira-local';
const REDIRECT_URIS = (
  process.env.OIDC_REDIRECT_URIS
  || 'http://localhost:8080/auth/callback,http://127.0.0.1:8080/auth/callback'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

// --- Accounts -------------------------------------------------------------------------------

const DEMO_ACCOUNTS = {
  'comprador@feira.test': 'Carla Souza',
  'fornecedor@feira.test': 'João Batista',
  'admin@feira.test': 'Administração Feira',
};

/** Maps whatever was typed in the login form to the account's e-mail (also its `sub`). */
function emailForLogin(login) {
  const l = String(login).trim().toLowerCase();
  return l.includes('@') ? l : `${l}@feira.test`;
}

function nameForEmail(email) {
  if (DEMO_ACCOUNTS[email]) return DEMO_ACCOUNTS[email];
  const local = email.split('@')[0] || email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

async function findAccount(_ctx, id) {
  if (typeof id !== 'string' || id.trim() === '') return undefined;
  const email = emailForLogin(id);
  const name = nameForEmail(email);
  return {
    accountId: email,
    async claims() {
      return { sub: email, email, email_verified: true, name };
    },
  };
}

// --- Signing key: generated at start (not the library's dev key) ---------------------------

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingJwk = {
  ...privateKey.export({ format: 'jwk' }),
  kid: `feira-local-${randomUUID()}`,
  alg: 'RS256',
  use: 'sig',
};

// First-party client: no consent screen. oidc-provider always asks native clients for consent
// (check `native_client_prompt`); drop that check. The other consent checks stay and never fire,
// because loadExistingGrant below already grants what the webapp asks for.
const policy = interactionPolicy.base();
policy.get('consent').checks.remove('native_client_prompt');

// --- Provider -------------------------------------------------------------------------------

const provider = new Provider(ISSUER, {
  clients: [
    {
      client_id: CLIENT_ID,
      token_endpoint_auth_method: 'none',
      application_type: 'native', // the default 'web' refuses http redirect URIs for implicit clients
      response_types: ['id_token'],
      grant_types: ['implicit'],
      redirect_uris: REDIRECT_URIS,
    },
  ],
  responseTypes: ['id_token', 'code'],
  scopes: ['openid', 'email', 'profile'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name'],
  },
  findAccount,
  interactions: { policy },
  // Reuse the session's grant or create one with the scopes the webapp asks for, so a sign-in
  // is just: login form → redirect.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId
      || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) {
      const existing = await ctx.oidc.provider.Grant.find(grantId);
      if (existing && existing.accountId === ctx.oidc.account.accountId) return existing;
    }
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.account.accountId,
    });
    grant.addOIDCScope('openid email profile');
    grant.addOIDCClaims(['email', 'email_verified', 'name']);
    await grant.save();
    return grant;
  },
  jwks: { keys: [signingJwk] },
  features: {
    devInteractions: { enabled: true }, // login form: any login, no password check
  },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  ttl: {
    Session: 8 * 60 * 60,
    Interaction: 60 * 60,
    Grant: 8 * 60 * 60,
    IdToken: 60 * 60,
    AccessToken: 60 * 60,
    AuthorizationCode: 60,
  },
});

// The library's HTML pages @import a Google Fonts stylesheet; keep every page self-contained so
// a browser pointed at this provider never reaches for another host. The password field is not
// checked, so it need not be filled either. And they speak Portuguese (`paginaLocal`).
provider.use(async (ctx, next) => {
  await next();
  if (typeof ctx.body === 'string' && ctx.response.is('html')) ctx.body = paginaLocal(ctx.body);
});

provider.on('server_error', (_ctx, err) => {
  console.error('oidc: server_error', err);
});

handler = provider.callback();
console.log(`oidc: listening on ${ISSUER}`);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  // Do not hang on lingering keep-alive sockets.
  setTimeout(() => process.exit(0), 2000).unref();
  void signal;
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
