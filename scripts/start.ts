// `npm start`: build the web app when it is missing or older than its sources, then run the server.
import { buildWebIfStale } from './web-build';

await buildWebIfStale();
await import('../server/main');
