// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    requests?: AutocannonRequest[];
  }

  interface AutocannonResult {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    duration: number;
  }

  interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): this;
    on(event: 'done', listener: (result: AutocannonResult) => void): this;
    stop(): void;
  }

  function autocannon(
    options: AutocannonOptions,
    callback: (err: Error | null, result: AutocannonResult) => void,
  ): Instance;
  export default autocannon;
  export type { AutocannonOptions, AutocannonRequest, AutocannonResult, Instance };
}
