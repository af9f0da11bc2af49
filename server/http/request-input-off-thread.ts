// Reads large /sf/ bodies in one worker thread, shared by every request of the process: the bytes move to it
// without a copy, and only the parsed input comes back. The worker has a heap of its own, capped, so a body
// that would need more costs its caller a 413, not the server its life. Started on the first large body.
import type { Worker } from 'node:worker_threads';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EndpointName } from '@shared/api/endpoints';
import { startTypeScriptWorker } from '../workers/typescript-worker';
import { ApiError } from './errors';
import type { RequestInput } from './request-input';

/** Bodies larger than this are read off the event loop (decoding and parsing 256 KB takes about 1 ms). */
export const OFF_THREAD_BODY_BYTES = 256 * 1024;
/** Some eight times what the largest body (an import file's 40 MB of JSON) needs to be read and checked. */
const WORKER_HEAP_MB = 384;
export const BODY_TOO_COSTLY_MESSAGE = 'The request body needs more memory to read than a request may use.';

export interface InputRequest {
  id: number;
  name: EndpointName;
  bytes: Uint8Array;
  contentType: string | undefined;
  wantFingerprint: boolean;
}
export type InputReply =
  | { id: number; ok: true; data: unknown; fingerprint: string | null }
  | {
      id: number;
      ok: false;
      status: ContentfulStatusCode;
      code: string;
      message: string;
      details: unknown;
    };

interface Waiting {
  resolve: (input: RequestInput) => void;
  reject: (err: Error) => void;
  fingerprint: () => string;
}

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let lastId = 0;

function failAll(err: Error): void {
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = startTypeScriptWorker(new URL('./request-input-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
  // Idle, it must not keep a process (a test, a script) alive; busy, it does.
  started.unref();
  started.on('message', (reply: InputReply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) started.unref();
    if (!reply.ok) {
      w.reject(new ApiError(reply.status, reply.code, reply.message, reply.details));
      return;
    }
    const { fingerprint } = reply;
    w.resolve({ data: reply.data, fingerprint: fingerprint === null ? w.fingerprint : () => fingerprint });
  });
  started.on('error', (err: Error & { code?: string }) => {
    if (worker === started) worker = null;
    failAll(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new ApiError(413, 'payload_too_large', BODY_TOO_COSTLY_MESSAGE)
        : err,
    );
  });
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    failAll(new Error(`the request reader stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

/** readRequestInput in the worker; the fingerprint is worked out there only when `wantFingerprint`. */
export function readRequestInputOffThread(
  name: EndpointName,
  bytes: Uint8Array,
  contentType: string | undefined,
  wantFingerprint: boolean,
): Promise<RequestInput> {
  // Only a buffer of its own can be handed over; a view into a shared one is copied first.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const id = (lastId += 1);
  return new Promise<RequestInput>((resolve, reject) => {
    const fingerprint = () => {
      throw new Error('the fingerprint of an off-thread body is worked out only when asked for');
    };
    waiting.set(id, { resolve, reject, fingerprint });
    const request: InputRequest = { id, name, bytes: own, contentType, wantFingerprint };
    const reader = theWorker();
    reader.ref();
    reader.postMessage(request, [own.buffer as ArrayBuffer]);
  });
}
