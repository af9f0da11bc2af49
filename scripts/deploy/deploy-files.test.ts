// What the container and compose deployment must hold (README "Deploying"), checked here because our machines
// cannot build or run containers; the deploy-smoke workflow runs them on the hosting CI.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../server/config';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');
// Compose reads YAML merge keys (<<: *shelfwise), which YAML 1.2 leaves to an option.
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<
    string,
    {
      environment?: Record<string, string>;
      volumes?: string[];
      stop_grace_period?: string;
      image?: string;
      ports?: string[];
    }
  >;
};
const caddyfile = read('deploy/Caddyfile');
const instances = ['shelfwise-1', 'shelfwise-2'] as const;

/** Compose's ${NAME:-default} and ${NAME:?message} with these values, as `docker compose` would fill them. */
function filled(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::[-?]([^}]*))?\}/g,
    (_, name: string, fallback = '') => env[name] ?? fallback,
  );
}
const operatorEnv = {
  POSTGRES_PASSWORD: 'pw',
  JWT_SECRET: 'j'.repeat(40),
  MFA_ENCRYPTION_KEY: 'm'.repeat(40),
};

describe('the Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;

  it('builds in one stage and runs from another, with the production web build', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/RUN npm ci/);
    expect(stages[0]).toMatch(/npm run build/);
    expect(final).toMatch(/COPY --from=build .*\/app\/dist\/web/);
    expect(final).toMatch(/NODE_ENV=production/);
    expect(final).toMatch(/CMD \["node", "--import", "tsx", "server\/main.ts"\]/);
  });

  it('runs as a non-root user and checks /health/ready', () => {
    const user = final.match(/^USER (\S+)/m)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    expect(final).toMatch(/^HEALTHCHECK .*\n?.*\/health\/ready/m);
  });

  it('leaves local data, dependencies and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '.data', '.env', '.git', 'dist']) expect(ignored).toContain(entry);
  });
});

describe('the compose deployment', () => {
  it('has PostgreSQL, two instances and a proxy in front of both', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'proxy', ...instances].sort());
    expect(compose.services.postgres!.image).toMatch(/^postgres:15/);
    const upstreams = caddyfile
      .match(/reverse_proxy ([^{]+)\{/)?.[1]
      ?.trim()
      .split(/\s+/);
    expect(upstreams).toEqual(['shelfwise-1:8787', 'shelfwise-2:8787']);
    expect(caddyfile).toMatch(/health_uri \/health\/ready/);
  });

  it('gives both instances the settings they must share and a DATA_DIR each', () => {
    const [one, two] = instances.map((name) => compose.services[name]!);
    for (const key of ['DATABASE_URL', 'JWT_SECRET', 'MFA_ENCRYPTION_KEY', 'PUBLIC_URL']) {
      expect(one!.environment![key], key).toBeTruthy();
      expect(two!.environment![key], key).toBe(one!.environment![key]);
    }
    expect(one!.volumes).toEqual(['data-1:/data']);
    expect(two!.volumes).toEqual(['data-2:/data']);
  });

  it('is a configuration the server accepts: PostgreSQL, files in the database, behind a proxy, draining', () => {
    for (const name of instances) {
      const env = Object.fromEntries(
        Object.entries(compose.services[name]!.environment!).map(([k, v]) => [
          k,
          filled(String(v), operatorEnv),
        ]),
      );
      const config = loadConfig({ ...env, DATA_DIR: '/data' });
      expect(config.databaseUrl).toBe('postgres://shelfwise:pw@postgres:5432/shelfwise');
      expect(config.fileStorage).toBe('database');
      expect(config.trustProxy).toBe(true);
      expect(config.metricsToken).toBeNull();
      // The proxy polls readiness every health_interval: the drain delay must outlast one poll, and the stop
      // grace period the whole drain.
      const interval = Number(caddyfile.match(/health_interval (\d+)s/)?.[1]) * 1000;
      expect(config.drainDelayMs).toBeGreaterThan(interval);
      const grace = Number(compose.services[name]!.stop_grace_period!.replace(/s$/, '')) * 1000;
      expect(grace).toBeGreaterThan(config.drainDelayMs + config.shutdownTimeoutMs);
    }
  });
});
