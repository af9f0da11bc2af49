// Runs the covers fixture for Playwright: `tsx tests/support/covers-fixture-cli.ts <port> <controlPort>`.
// The control port stays up while the covers port is stopped and started, so an e2e test can prove that
// cached covers are served with Open Library's stand-in gone:
//   POST /stop   closes the covers port (connections are refused)
//   POST /start  opens it again
//   GET  /requests   the /b/... requests the covers port has had, as JSON
//   GET  /health
import { createServer } from 'node:http';
import { startCoversFixture } from './covers-fixture';

const [port, controlPort] = process.argv.slice(2).map(Number);
if (!port || !controlPort) throw new Error('usage: covers-fixture-cli.ts <port> <controlPort>');

const fixture = await startCoversFixture(port);
createServer((req, res) => {
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const action =
    req.method === 'POST' && req.url === '/stop'
      ? fixture.stop()
      : req.method === 'POST' && req.url === '/start'
        ? fixture.start()
        : null;
  if (action) {
    action.then(
      () => send(200, { ok: true }),
      (err: unknown) => send(500, { error: String(err) }),
    );
  } else if (req.url === '/requests') send(200, fixture.requests);
  else if (req.url === '/health') send(200, { ok: true });
  else send(404, { error: 'not found' });
}).listen(controlPort, '127.0.0.1');
console.log(`covers fixture on ${fixture.url}, control on http://127.0.0.1:${controlPort}`);
