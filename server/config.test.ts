// Every setting is read from the environment here and checked: a wrong value stops the start, naming it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENLIBRARY_CONTACT, loadConfig } from './config';

const base = { DATA_DIR: '/nonexistent' };

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8787);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:8787');
    expect(config.trustProxy).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.openLibraryContact).toBe(DEFAULT_OPENLIBRARY_CONTACT);
    expect(config.siteUrls).toEqual([]);
  });

  it('serves from one process with the default pool unless told otherwise; several need PostgreSQL', () => {
    expect(loadConfig(base)).toMatchObject({
      serverWorkers: 1,
      databasePoolSize: 10,
      publicReadCacheBytes: 32 * 1024 * 1024,
      storedFilesCacheBytes: 128 * 1024 * 1024,
    });
    expect(loadConfig({ ...base, PUBLIC_READ_CACHE_MB: '0' }).publicReadCacheBytes).toBe(0);
    expect(loadConfig({ ...base, STORED_FILES_CACHE_MB: '16' }).storedFilesCacheBytes).toBe(16 * 1024 * 1024);
    expect(() => loadConfig({ ...base, STORED_FILES_CACHE_MB: '0' })).toThrow(/STORED_FILES_CACHE_MB/);
    const db = 'postgres://postgres@127.0.0.1:5432/test';
    expect(
      loadConfig({ ...base, DATABASE_URL: db, SERVER_WORKERS: '2', DATABASE_POOL_SIZE: '6' }),
    ).toMatchObject({ serverWorkers: 2, databasePoolSize: 6 });
    expect(() => loadConfig({ ...base, SERVER_WORKERS: '2' })).toThrow(/SERVER_WORKERS 2 needs DATABASE_URL/);
    expect(() => loadConfig({ ...base, SERVER_WORKERS: '0' })).toThrow(/^SERVER_WORKERS/);
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: 'many' })).toThrow(/^DATABASE_POOL_SIZE/);
  });

  it("rebuilds the recommender's shared tables every 15 minutes unless told otherwise", () => {
    expect(loadConfig(base).recommendationsRebuildMs).toBe(15 * 60_000);
    expect(loadConfig({ ...base, RECOMMENDATIONS_REBUILD_SECONDS: '3' }).recommendationsRebuildMs).toBe(3000);
    expect(() => loadConfig({ ...base, RECOMMENDATIONS_REBUILD_SECONDS: '0' })).toThrow(
      /^RECOMMENDATIONS_REBUILD_SECONDS/,
    );
  });

  it('lets cover redirects reach archive.org only with Open Library as the covers host, unless told', () => {
    expect(loadConfig(base).coversRedirectHosts).toEqual(['archive.org']);
    expect(loadConfig({ ...base, COVERS_URL: 'http://127.0.0.1:9000' }).coversRedirectHosts).toEqual([]);
    expect(
      loadConfig({ ...base, COVERS_URL: 'https://mirror.test', COVERS_REDIRECT_HOSTS: 'Cdn.Test, img.test' })
        .coversRedirectHosts,
    ).toEqual(['cdn.test', 'img.test']);
    expect(() => loadConfig({ ...base, COVERS_REDIRECT_HOSTS: 'http://x/' })).toThrow(
      /^COVERS_REDIRECT_HOSTS/,
    );
  });

  it('reads TRUST_PROXY, SEED_DEMO and OPENLIBRARY_CONTACT', () => {
    const config = loadConfig({
      ...base,
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      OPENLIBRARY_CONTACT: 'books@example.org',
    });
    expect(config.trustProxy).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.openLibraryContact).toBe('books@example.org');
  });

  it('reads lists and URLs without their trailing slashes', () => {
    const config = loadConfig({
      ...base,
      PORT: '9000',
      PUBLIC_URL: 'https://books.example.org/',
      SITE_URL: 'https://a.example.org/, https://b.example.org',
      ADMIN_EMAILS: 'Ada@Example.org, ,bob@example.org',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://books.example.org');
    expect(config.siteUrls).toEqual(['https://a.example.org', 'https://b.example.org']);
    expect(config.adminEmails).toEqual(['ada@example.org', 'bob@example.org']);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ ...base, PORT: '', DATABASE_URL: '', SEED_DEMO: '' });
    expect(config.port).toBe(8787);
    expect(config.databaseUrl).toBeNull();
    expect(config.seedDemo).toBe(true);
  });

  it('refuses a wrong value, naming the variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'http' })).toThrow('PORT is not a port number: http');
    expect(() => loadConfig({ ...base, PORT: '70000' })).toThrow(/^PORT /);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be 0 or 1: yes');
    expect(() => loadConfig({ ...base, SEED_DEMO: 'false' })).toThrow(/^SEED_DEMO /);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'books' })).toThrow(/^PUBLIC_URL /);
    expect(() => loadConfig({ ...base, SITE_URL: 'https://a.example.org,nope' })).toThrow(/^SITE_URL /);
    expect(() => loadConfig({ ...base, OPENLIBRARY_CONTACT: 'a\r\nX-Evil: 1' })).toThrow(
      /^OPENLIBRARY_CONTACT /,
    );
    expect(() => loadConfig({ ...base, AUTH_RATE_LIMITS: 'nonsense' })).toThrow(/^AUTH_RATE_LIMITS/);
  });
});
