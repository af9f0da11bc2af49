import { describe, expect, it } from 'vitest';
import { PACKAGED_RENDERER_URL, checkServerUrl, resolveDesktopConfig } from './app-config';

describe('resolveDesktopConfig', () => {
  it('defaults to the local server and the packaged pages', () => {
    expect(resolveDesktopConfig({ env: {}, settings: null, packaged: true })).toEqual({
      serverUrl: 'http://localhost:8787',
      rendererUrl: PACKAGED_RENDERER_URL,
      defaultServerUrl: 'http://localhost:8787',
      serverChosen: false,
      serverFixed: false,
    });
  });

  it('takes the server from the environment first, then settings.json', () => {
    const settings = { serverUrl: 'https://books.example.org/' };
    expect(resolveDesktopConfig({ env: {}, settings, packaged: true }).serverUrl).toBe(
      'https://books.example.org',
    );
    const env = { SHELFWISE_SERVER_URL: 'http://127.0.0.1:9000' };
    expect(resolveDesktopConfig({ env, settings, packaged: true }).serverUrl).toBe('http://127.0.0.1:9000');
  });

  it('knows a first run (no server in settings.json) and a server the environment fixes', () => {
    const release = { env: {}, packaged: true, releaseServerUrl: 'https://books.example.org/' };
    expect(resolveDesktopConfig({ ...release, settings: null })).toMatchObject({
      serverUrl: 'https://books.example.org',
      defaultServerUrl: 'https://books.example.org',
      serverChosen: false,
      serverFixed: false,
    });
    expect(
      resolveDesktopConfig({ ...release, settings: { serverUrl: 'https://shelf.my-home.example' } }),
    ).toMatchObject({ serverUrl: 'https://shelf.my-home.example', serverChosen: true });
    expect(
      resolveDesktopConfig({
        ...release,
        env: { SHELFWISE_SERVER_URL: 'http://127.0.0.1:9000' },
        settings: null,
      }),
    ).toMatchObject({ serverUrl: 'http://127.0.0.1:9000', serverFixed: true });
  });

  it('ignores a settings file without a usable serverUrl field', () => {
    for (const settings of [{ serverUrl: 42 }, 'https://x.example', [], { other: 1 }]) {
      expect(resolveDesktopConfig({ env: {}, settings, packaged: true }).serverUrl).toBe(
        'http://localhost:8787',
      );
    }
  });

  it('loads Vite only in an unpackaged run, and only from this machine', () => {
    const env = { SHELFWISE_RENDERER_URL: 'http://localhost:5173' };
    expect(resolveDesktopConfig({ env, settings: null, packaged: false }).rendererUrl).toBe(
      'http://localhost:5173/',
    );
    expect(resolveDesktopConfig({ env, settings: null, packaged: true }).rendererUrl).toBe(
      PACKAGED_RENDERER_URL,
    );
    expect(() =>
      resolveDesktopConfig({
        env: { SHELFWISE_RENDERER_URL: 'https://cdn.example/' },
        settings: null,
        packaged: false,
      }),
    ).toThrow(/on this machine/);
  });
});

describe('checkServerUrl', () => {
  it('keeps a base path and drops trailing slashes', () => {
    expect(checkServerUrl(' https://example.org/shelfwise/ ')).toBe('https://example.org/shelfwise');
  });

  it.each([
    ['plain http to another machine', 'http://books.example.org'],
    ['another scheme', 'file:///tmp/server'],
    ['credentials', 'https://user:pw@example.org'],
    ['a query', 'https://example.org/?x=1'],
    ['a fragment', 'https://example.org/#x'],
    ['nonsense', 'localhost:8787'],
  ])('refuses %s', (_name, value) => {
    expect(() => checkServerUrl(value)).toThrow();
  });
});
