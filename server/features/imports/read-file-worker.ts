// The entry of the worker thread that reads an import's file (see read-in-worker.ts). It checks the whole
// file first (limits applied while reading, nothing kept), then hands the staged rows over one batch at a
// time, each as JSON ready for the insert, and waits for 'next' before reading the next batch, so neither
// thread holds more than a batch. Rows up to `skipRows` were stored by an earlier attempt: they are read
// again (a later row may repeat one of them) but not sent.
import { parentPort, workerData } from 'node:worker_threads';
import { openLibraryFile } from '@shared/domain/library-import/read-file';
import type { ReadReply, ReadRequest } from './read-in-worker';
import { stageRows } from './staged-rows';

const port = parentPort;
if (!port) throw new Error('read-file-worker runs only as a worker thread');
const request = workerData as ReadRequest;
const send = (reply: ReadReply) => port.postMessage(reply);

const file = openLibraryFile(request.parts.join(''), request.format);
if (typeof file === 'string') {
  send({ type: 'problem', message: file });
} else {
  const firstRowOf = new Map<string, number>();
  const batches = file.batches(request.batchSize);
  const sendNext = () => {
    for (;;) {
      const next = batches.next();
      if (next.done) {
        const { shelves, goals, profile } = file;
        send({ type: 'done', extras: JSON.stringify({ shelves, goals, profile }) });
        return;
      }
      const rows = stageRows(next.value, firstRowOf).filter((r) => r.row > request.skipRows);
      if (rows.length > 0) {
        send({ type: 'rows', json: JSON.stringify(rows) });
        return;
      }
    }
  };
  port.on('message', sendNext);
  sendNext();
}
