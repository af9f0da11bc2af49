// Every request this process makes to Open Library passes this gate (issue 26 "Politeness and abuse"):
// a global rate limit (a token bucket: a short burst, then a steady rate), a bounded queue behind it
// (a request that would wait too long is refused at once instead of piling up), and a circuit breaker
// (after consecutive failures the service is left alone for a while, so callers get a quick "unavailable"
// instead of each waiting for its own timeout). The limits are per server process.

export interface GateOptions {
  /** Steady requests per second. Open Library asks identified clients to stay near 3. */
  ratePerSecond?: number;
  /** Requests that may start at once after a quiet spell (one ISBN lookup is four requests). */
  burst?: number;
  /** A request that would wait longer than this in the queue is refused. */
  maxWaitMs?: number;
  /** Consecutive failures that open the breaker. */
  breakerFailures?: number;
  /** How long an open breaker refuses before one trial request is let through. */
  breakerCooldownMs?: number;
  now?: () => number;
}

export type GateRefusal = 'busy' | 'breaker_open';

/** Thrown by run() when the request is not sent at all. */
export class GateRefused extends Error {
  constructor(readonly reason: GateRefusal) {
    super(
      reason === 'busy'
        ? 'Open Library is busy with our other requests; try again in a moment.'
        : 'Open Library has not been answering; we will try it again shortly.',
    );
    this.name = 'GateRefused';
  }
}

export interface Gate {
  /**
   * Runs `send` when the rate allows. `isFailure` tells which outcomes count against the breaker (a
   * timeout or a 5xx does; a 404 does not).
   */
  run<T>(send: () => Promise<T>, isFailure: (err: unknown) => boolean): Promise<T>;
  /** 'open' while the breaker refuses. */
  breakerState(): 'closed' | 'open' | 'half-open';
}

export function createGate(options: GateOptions = {}): Gate {
  const rate = options.ratePerSecond ?? 3;
  const burst = options.burst ?? 12;
  const maxWaitMs = options.maxWaitMs ?? 4000;
  const threshold = options.breakerFailures ?? 5;
  const cooldownMs = options.breakerCooldownMs ?? 30_000;
  const now = options.now ?? Date.now;

  let tokens = burst;
  let refilledAt = now();
  const queue: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  let failures = 0;
  let openUntil = 0;
  let trialInFlight = false;

  function refill(): void {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - refilledAt) / 1000) * rate);
    refilledAt = t;
  }

  function drain(): void {
    timer = null;
    refill();
    while (queue.length > 0 && tokens >= 1) {
      tokens -= 1;
      queue.shift()?.();
    }
    if (queue.length > 0) timer = setTimeout(drain, Math.ceil(((1 - tokens) / rate) * 1000));
  }

  /** Resolves when a token is this request's; refuses when the wait would pass maxWaitMs. */
  function slot(): Promise<void> {
    refill();
    if (queue.length === 0 && tokens >= 1) {
      tokens -= 1;
      return Promise.resolve();
    }
    const waitMs = ((queue.length + 1 - tokens) / rate) * 1000;
    if (waitMs > maxWaitMs) return Promise.reject(new GateRefused('busy'));
    return new Promise((resolve) => {
      queue.push(resolve);
      timer ??= setTimeout(drain, Math.ceil(((1 - tokens) / rate) * 1000));
    });
  }

  function breakerState(): 'closed' | 'open' | 'half-open' {
    if (failures < threshold) return 'closed';
    return now() < openUntil ? 'open' : 'half-open';
  }

  return {
    breakerState,
    async run(send, isFailure) {
      const state = breakerState();
      // Half-open lets exactly one trial through; the others are refused as if still open.
      if (state === 'open' || (state === 'half-open' && trialInFlight)) throw new GateRefused('breaker_open');
      const trial = state === 'half-open';
      if (trial) trialInFlight = true;
      try {
        await slot();
        const result = await send();
        failures = 0;
        return result;
      } catch (err) {
        if (!(err instanceof GateRefused) && isFailure(err)) {
          failures += 1;
          if (failures >= threshold) openUntil = now() + cooldownMs;
        } else if (!(err instanceof GateRefused)) {
          failures = 0; // an answer, even a refusal of ours, shows the service is up
        }
        throw err;
      } finally {
        if (trial) trialInFlight = false;
      }
    },
  };
}
