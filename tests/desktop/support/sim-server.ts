// The server side of the desktop simulation, in one process: a local OpenID provider standing in for Google
// (its issuer is only known once it listens, and the server must be started with it), a small control port
// through which the tests add Google accounts, then the real server exactly as `npm start` runs it (building
// dist/web first when the renderer changed) on a fresh embedded database.
//   tsx tests/desktop/support/sim-server.ts <server port> <control port> <Open Library fixture URL>
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { startOidcProvider } from '../../support/oidc-provider';
import type { OidcAccount } from '../../support/oidc-provider';

const port = Number(process.argv[2]);
const controlPort = Number(process.argv[3]);
const openLibraryUrl = process.argv[4];
if (!Number.isInteger(port) || !Number.isInteger(controlPort) || !openLibraryUrl)
  throw new Error('usage: sim-server.ts <server port> <control port> <Open Library fixture URL>');

const publicUrl = `http://localhost:${port}`;
const google = await startOidcProvider(`${publicUrl}/auth/v1/callback`);

/** The provider's address and its accounts, for tests in other processes (support/google-provider.ts). */
const control = createServer((req, res) => {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && req.url === '/provider') return reply(200, { issuer: google.issuer });
  if (req.method !== 'POST' || req.url !== '/accounts') return reply(404, { error: 'not found' });
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const { sub, account } = JSON.parse(body) as { sub: string; account: OidcAccount };
    google.addAccount(sub, account);
    reply(200, { ok: true });
  });
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

// One database per port, so runs on different ports never share or wipe each other's data.
const dataDir = `.data/desktop-${port}`;
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  OPENLIBRARY_URL: openLibraryUrl,
  COVERS_URL: `${openLibraryUrl}/covers`,
  GOOGLE_ISSUER: google.issuer,
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
});
console.log(`Google stand-in at ${google.issuer}, its control port on ${controlPort}`);
await import('../../../scripts/start');
