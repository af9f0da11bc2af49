// Preloaded into a server process by the import-costs suite (NODE_OPTIONS=--import), never by the server
// itself: every 50 ms it appends the longest event-loop delay of those 50 ms, in milliseconds, to the file
// EVENT_LOOP_PROBE_FILE names, so the suite can read the longest stall during each case from outside.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const out = process.env.EVENT_LOOP_PROBE_FILE;
if (out && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    appendFileSync(out, `${Date.now()} ${(delay.max / 1e6).toFixed(1)}\n`);
    delay.reset();
  }, 50).unref();
}
