import { describe, expect, it, vi } from 'vitest';
import {
  ServerChoiceError,
  checkServerAddress,
  createServerChooser,
  probeShelfwiseServer,
} from './server-choice';
import type { ServerChooserDeps } from './server-choice';

const shelfwise = () => Response.json({ url: 'https://books.example.org', anonKey: 'anon' });

describe('checkServerAddress', () => {
  it('takes https anywhere and http only on this machine, normalised', () => {
    expect(checkServerAddress(' https://books.example.org/ ')).toBe('https://books.example.org');
    expect(checkServerAddress('https://Books.Example.org/shelfwise/')).toBe(
      'https://books.example.org/shelfwise',
    );
    expect(checkServerAddress('books.example.org:8443')).toBe('https://books.example.org:8443');
    expect(checkServerAddress('http://localhost:8787')).toBe('http://localhost:8787');
    expect(checkServerAddress('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    expect(checkServerAddress('http://[::1]:8787')).toBe('http://[::1]:8787');
  });

  it('refuses plain http to another machine, saying why', () => {
    for (const address of [
      'http://books.example.org',
      'http://192.168.1.20:8787',
      'http://localhost.evil.example',
    ])
      expect(() => checkServerAddress(address)).toThrow(
        'Use an https address. Plain http is only allowed for a server on this computer.',
      );
  });

  it('refuses what is no server address at all', () => {
    expect(() => checkServerAddress('   ')).toThrow('Enter the address of a Shelfwise server.');
    for (const address of [
      'ftp://books.example.org',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://reader:secret@books.example.org',
      'https://books.example.org/?next=evil',
      'https://books.example.org/#x',
      'https://',
      'https://exa mple.org',
    ])
      expect(() => checkServerAddress(address), address).toThrow(ServerChoiceError);
  });
});

describe('probeShelfwiseServer', () => {
  it('accepts a server whose /client-config answers as ours, asking without following redirects', async () => {
    const fetchImpl = vi.fn(async () => shelfwise());
    await probeShelfwiseServer('https://books.example.org', fetchImpl as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://books.example.org/client-config',
      expect.objectContaining({ redirect: 'error' }),
    );
  });

  it('says so when the server cannot be reached, or answers as something else', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(probeShelfwiseServer('https://books.example.org', down)).rejects.toThrow(
      'Shelfwise could not reach https://books.example.org. Check the address and your connection, then try again.',
    );
    const answers = [
      new Response('<!doctype html>'),
      new Response('Not found', { status: 404 }),
      Response.json({ url: 'https://books.example.org' }),
      Response.json({ url: 'not a url', anonKey: 'anon' }),
      Response.json({ url: 'https://books.example.org', anonKey: '' }),
      Response.json(['https://books.example.org', 'anon']),
      new Response(JSON.stringify({ url: 'https://books.example.org', anonKey: 'anon' }), { status: 500 }),
    ];
    for (const answer of answers)
      await expect(
        probeShelfwiseServer('https://books.example.org', (async () => answer) as typeof fetch),
      ).rejects.toThrow('https://books.example.org did not answer as a Shelfwise server.');
  });

  it('gives up on a server that never answers', async () => {
    const hangs = ((_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch;
    await expect(probeShelfwiseServer('https://books.example.org', hangs, 20)).rejects.toThrow(
      'could not reach',
    );
  });
});

function chooser(overrides: Partial<ServerChooserDeps> = {}) {
  const deps = {
    currentServerUrl: 'https://books.example.org',
    defaultServerUrl: 'https://books.example.org',
    chosen: false,
    fixedByEnvironment: false,
    fetch: vi.fn(async () => shelfwise()) as unknown as typeof fetch,
    save: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    restart: vi.fn(),
    log: vi.fn(),
    ...overrides,
  };
  return { deps, chooser: createServerChooser(deps) };
}

describe('createServerChooser', () => {
  it('keeps the session when the reader confirms the server in use', async () => {
    const { deps, chooser: c } = chooser();
    expect(c.state().chosen).toBe(false);
    expect(await c.choose('https://books.example.org/')).toEqual({
      ok: true,
      serverUrl: 'https://books.example.org',
      restarting: false,
    });
    expect(c.state().chosen).toBe(true);
    expect(deps.save).toHaveBeenCalledWith('https://books.example.org');
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(deps.restart).not.toHaveBeenCalled();
  });

  it('signs out before restarting on another server, even when sign-out cannot reach the old one', async () => {
    const order: string[] = [];
    const { deps, chooser: c } = chooser({
      save: vi.fn(async () => void order.push('save')),
      signOut: vi.fn(async () => {
        order.push('signOut');
        throw new Error('offline');
      }),
      restart: vi.fn(() => void order.push('restart')),
    });
    expect(await c.choose('https://shelf.my-home.example')).toEqual({
      ok: true,
      serverUrl: 'https://shelf.my-home.example',
      restarting: true,
    });
    expect(order).toEqual(['save', 'signOut', 'restart']);
    expect(deps.log).toHaveBeenCalledWith(expect.stringContaining('offline'));
  });

  it('changes nothing when the address fails its checks', async () => {
    const { deps, chooser: c } = chooser({
      fetch: vi.fn(async () => new Response('<!doctype html>')) as unknown as typeof fetch,
    });
    expect(await c.choose('http://shelf.my-home.example')).toEqual({
      ok: false,
      message: 'Use an https address. Plain http is only allowed for a server on this computer.',
    });
    expect(await c.choose('https://shelf.my-home.example')).toEqual({
      ok: false,
      message: 'https://shelf.my-home.example did not answer as a Shelfwise server.',
    });
    expect(deps.save).not.toHaveBeenCalled();
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(deps.restart).not.toHaveBeenCalled();
    expect(c.state().chosen).toBe(false);
  });

  it('cannot change a server the environment sets, and counts it as chosen', async () => {
    const { deps, chooser: c } = chooser({ fixedByEnvironment: true });
    expect(c.state()).toMatchObject({ chosen: true, fixedByEnvironment: true });
    expect((await c.choose('https://shelf.my-home.example')).ok).toBe(false);
    expect(deps.fetch).not.toHaveBeenCalled();
  });

  it('takes one choice at a time', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { deps, chooser: c } = chooser({
      fetch: vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch,
    });
    const first = c.choose('https://shelf.my-home.example');
    expect(await c.choose('https://other.example')).toEqual({
      ok: false,
      message: 'Shelfwise is already checking a server.',
    });
    answer(shelfwise());
    expect((await first).ok).toBe(true);
    expect(deps.restart).toHaveBeenCalledTimes(1);
  });

  it('reports a failure to save without changing server', async () => {
    const { deps, chooser: c } = chooser({
      save: vi.fn(async () => {
        throw new Error('EACCES');
      }),
    });
    expect(await c.choose('https://shelf.my-home.example')).toEqual({
      ok: false,
      message: 'Shelfwise could not change the server. Try again.',
    });
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(deps.restart).not.toHaveBeenCalled();
  });
});
