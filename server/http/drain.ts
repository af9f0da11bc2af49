// Draining on SIGTERM (issue 30): the process says it is not ready (so a load balancer stops sending it
// work), stops accepting connections, and finishes the requests it has accepted before it exits. Requests are
// counted on the node:http server itself, from arrival to the last byte written, so a streamed answer counts
// until it is sent.
import type { Server } from 'node:http';

export interface Drain {
  /** True from begin(): /health/ready answers 503, and every answer closes its connection. */
  readonly draining: boolean;
  /** Requests accepted and not yet answered in full. */
  inFlight(): number;
  /** Counts the server's requests from now on. */
  attach(server: Server): void;
  begin(): void;
  /** Resolves true once no request is in flight, or false when timeoutMs passed first. */
  settled(timeoutMs: number): Promise<boolean>;
}

export function createDrain(): Drain {
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | null = null;

  return {
    get draining() {
      return draining;
    },
    inFlight: () => inFlight,
    attach(server) {
      // Ahead of the app's own listener, so the header below is set before the app answers.
      server.prependListener('request', (_req, res) => {
        inFlight++;
        // A keep-alive client must open its next connection elsewhere (another instance) once we drain.
        if (draining) res.setHeader('Connection', 'close');
        res.once('close', () => {
          inFlight--;
          if (inFlight === 0) onIdle?.();
        });
      });
    },
    begin() {
      draining = true;
    },
    settled(timeoutMs) {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          onIdle = null;
          resolve(false);
        }, timeoutMs);
        onIdle = () => {
          clearTimeout(timer);
          onIdle = null;
          resolve(true);
        };
      });
    },
  };
}
