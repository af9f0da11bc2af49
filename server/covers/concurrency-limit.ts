// A counting semaphore: at most `max` tasks run at once, the rest wait in arrival order. Used so that
// decoding covers cannot take the server's memory and so that Open Library sees only a few requests at a time.

export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** How many tasks hold a slot now (for tests). */
  running(): number;
}

export function concurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    running: () => running,
    async run(task) {
      if (running < max) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over on release
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
