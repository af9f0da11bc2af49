// Runs the Open Library fixture server on a fixed port for the end-to-end suite: `tsx ... <port>`.
import { startOpenLibraryFixture } from './openlibrary-fixture';

const port = Number(process.argv[2] ?? 8791);
const fixture = await startOpenLibraryFixture(port);
console.log(`Open Library fixture on ${fixture.url}`);
const stop = () => void fixture.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
