// Prometheus metrics (issue 30), per serving process, with prom-client. Off unless METRICS_TOKEN is set; then
// GET /metrics answers only a bearer of that token (it names routes and volumes: never public).
//   http_requests_total / http_request_duration_seconds   by method, route (the pattern or /sf/ endpoint
//                                                          name, never a raw path) and status
//   db_pool_connections{state}, db_pool_waiting           PostgreSQL pool use and callers waiting for it
//   jobs_queued{kind}, jobs_failed{kind}                  the durable job queue (read at scrape time)
//   public_read_cache_requests_total / _hits_total        the public-read cache (server/cache)
//   plus prom-client's defaults: event-loop delay, heap and resident memory, CPU, handles.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppDeps } from '../deps';
import { routeLabel } from '../http/route-label';

export interface Metrics {
  /** Counts and times every request (registered first, so it sees every answer). */
  middleware: MiddlewareHandler;
  /** GET /metrics. */
  router: Hono;
}

export function createMetrics(deps: Pick<AppDeps, 'db' | 'publicReads'>, token: string): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections, by state (in use, idle).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = deps.db.poolStats?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Callers waiting for a PostgreSQL pool connection.',
    registers: [registry],
    collect() {
      const pool = deps.db.poolStats?.();
      if (pool) this.set(pool.waiting);
    },
  });
  const queued = new Gauge({
    name: 'jobs_queued',
    help: 'Durable jobs waiting or running, by kind.',
    labelNames: ['kind'],
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'jobs_failed',
    help: 'Durable jobs that failed for good and are kept for the operator, by kind.',
    labelNames: ['kind'],
    registers: [registry],
  });
  new Counter({
    name: 'public_read_cache_requests_total',
    help: 'Public reads asked of the public-read cache.',
    registers: [registry],
    collect() {
      const stats = deps.publicReads?.stats();
      if (!stats) return;
      this.reset();
      this.inc(stats.requests);
    },
  });
  new Counter({
    name: 'public_read_cache_hits_total',
    help: 'Public reads answered from memory (misses are requests minus hits).',
    registers: [registry],
    collect() {
      const stats = deps.publicReads?.stats();
      if (!stats) return;
      this.reset();
      this.inc(stats.hits);
    },
  });

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: c.req.method,
        // After next(), the route index is that of the handler that answered (not a later catch-all).
        route: routeLabel(routePath(c), c.req.path),
        status: String(c.res.status),
      };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    }
  };

  const router = new Hono();
  router.get('/', async (c) => {
    if (!bearerMatches(c.req.header('authorization'), token)) {
      return c.json({ error: 'Send the metrics token as a bearer token.', code: 'unauthorized' }, 401);
    }
    // One grouped query per scrape, not per kind.
    const rows = await deps.db.query<{ kind: string; waiting: number; failed: number }>(
      `select kind, count(*) filter (where failed_at is null)::int as waiting,
              count(*) filter (where failed_at is not null)::int as failed
         from jobs.queue group by kind`,
    );
    queued.reset();
    failed.reset();
    for (const row of rows) {
      queued.set({ kind: row.kind }, row.waiting);
      failed.set({ kind: row.kind }, row.failed);
    }
    c.header('Content-Type', registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics());
  });
  return { middleware, router };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
