// /health/live and /health/ready (issue 30), beside /health (which answers as it always has).
//   live:  the process answers; nothing else is asked, so a busy database never gets a live process killed.
//   ready: send it traffic? The database answers, its migrations are the ones this build expects (not older),
//          the public-read cache's LISTEN connection is up (without it every read goes to the database,
//          correct but slow), and the process is not draining. 503 names the checks that failed.
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { loadMigrations, migrationVersion } from '../db/migrate';
import type { Drain } from './drain';

type Check = 'ok' | 'failed' | 'off';

export function healthRoutes(deps: AppDeps, drain?: Pick<Drain, 'draining'>): Hono {
  const router = new Hono();
  // The newest migration this build ships: a database behind it is being migrated, or by an older build.
  let expected: Promise<number> | null = null;
  const expectedVersion = () =>
    (expected ??= loadMigrations().then((all) => Math.max(0, ...all.map((m) => m.version))));

  router.get('/live', (c) => c.json({ ok: true }));

  router.get('/ready', async (c) => {
    const checks: Record<'database' | 'migrations' | 'cache_listener' | 'draining', Check> = {
      database: 'failed',
      migrations: 'failed',
      cache_listener: deps.publicReads ? (deps.publicReads.stats().listening ? 'ok' : 'failed') : 'off',
      draining: drain?.draining ? 'failed' : 'ok',
    };
    try {
      const version = await migrationVersion(deps.db);
      checks.database = 'ok';
      checks.migrations = version >= (await expectedVersion()) ? 'ok' : 'failed';
    } catch {
      // The failure itself is /health's and the error log's to tell; readiness only says no.
    }
    const ok = Object.values(checks).every((check) => check !== 'failed');
    c.header('Cache-Control', 'no-store');
    return c.json({ ok, checks }, ok ? 200 : 503);
  });

  return router;
}
