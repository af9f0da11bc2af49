// The worker thread that reads large /sf/ bodies (see request-input-off-thread.ts): one message in, one
// reply out, each the outcome of readRequestInput, an ApiError carried as its parts.
import { parentPort } from 'node:worker_threads';
import { ApiError } from './errors';
import { readRequestInput } from './request-input';
import type { InputReply, InputRequest } from './request-input-off-thread';

const port = parentPort;
if (!port) throw new Error('request-input-worker runs only as a worker thread');

port.on('message', (request: InputRequest) => {
  let reply: InputReply;
  try {
    const input = readRequestInput(request.name, request.bytes, request.contentType);
    reply = {
      id: request.id,
      ok: true,
      data: input.data,
      fingerprint: request.wantFingerprint ? input.fingerprint() : null,
    };
  } catch (err) {
    reply =
      err instanceof ApiError
        ? {
            id: request.id,
            ok: false,
            status: err.status,
            code: err.code,
            message: err.message,
            details: err.details,
          }
        : {
            id: request.id,
            ok: false,
            status: 500,
            code: 'internal',
            message: String(err),
            details: undefined,
          };
  }
  port.postMessage(reply);
});
