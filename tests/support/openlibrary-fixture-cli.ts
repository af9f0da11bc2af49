// Runs the Open Library fixture server on a fixed port for the end-to-end suite:
// `tsx ... <port> [controlPort]`. The control port switches the fixture's list answers (issue 26):
//   POST /mode/{normal|slow|failing|rate-limited}
//   GET  /requests   the requests the fixture has had, as JSON
//   GET  /health
import { createServer } from 'node:http';
import { FIXTURE_MODES, startOpenLibraryFixture } from './openlibrary-fixture';
import type { FixtureMode } from './openlibrary-fixture';

const port = Number(process.argv[2] ?? 8791);
const controlPort = Number(process.argv[3] ?? 0);
const fixture = await startOpenLibraryFixture(port);
console.log(`Open Library fixture on ${fixture.url}`);
const control = controlPort
  ? createServer((req, res) => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const mode = /^\/mode\/([a-z-]+)$/.exec(req.url ?? '')?.[1] as FixtureMode | undefined;
      if (req.method === 'POST' && mode && FIXTURE_MODES.includes(mode)) {
        fixture.mode = mode;
        send(200, { mode });
      } else if (req.url === '/requests') send(200, fixture.requests);
      else if (req.url === '/health') send(200, { ok: true });
      else send(404, { error: 'not found' });
    }).listen(controlPort, '127.0.0.1')
  : null;
const stop = () => {
  control?.close();
  void fixture.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
