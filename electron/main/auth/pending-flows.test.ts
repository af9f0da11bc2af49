import { describe, expect, it } from 'vitest';
import { createPendingFlows } from './pending-flows';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createPendingFlows', () => {
  it('hands a flow out once: a replayed state finds nothing', async () => {
    const flows = createPendingFlows<string>();
    flows.add('s1', 'verifier', 60_000);
    expect(await flows.take('s1')).toEqual({ status: 'ok', value: 'verifier' });
    expect(await flows.take('s1')).toEqual({ status: 'unknown' });
  });

  it('refuses a flow after its deadline, and spends it doing so', async () => {
    const c = clock();
    const flows = createPendingFlows<string>({ now: c.now });
    flows.add('s1', 'v', 1000);
    c.advance(999);
    expect(await flows.take('s1')).toEqual({ status: 'ok', value: 'v' });
    flows.add('s2', 'v', 1000);
    c.advance(1000);
    expect(await flows.take('s2')).toEqual({ status: 'expired' });
    expect(await flows.take('s2')).toEqual({ status: 'unknown' });
  });

  it('knows nothing of states it never issued', async () => {
    const flows = createPendingFlows<string>();
    flows.add('mine', 'v', 1000);
    expect(await flows.take('theirs')).toEqual({ status: 'unknown' });
    expect(await flows.take('__proto__')).toEqual({ status: 'unknown' });
    expect(await flows.take('mine')).toEqual({ status: 'ok', value: 'v' });
  });

  it('drops expired flows and keeps at most `max`, oldest out first', async () => {
    const c = clock();
    const flows = createPendingFlows<number>({ now: c.now, max: 3 });
    flows.add('old', 0, 10);
    c.advance(20);
    flows.add('a', 1, 1000);
    expect(flows.size).toBe(1);
    flows.add('b', 2, 1000);
    flows.add('c', 3, 1000);
    flows.add('d', 4, 1000);
    expect(flows.size).toBe(3);
    expect(await flows.take('a')).toEqual({ status: 'unknown' });
    expect(await flows.take('d')).toEqual({ status: 'ok', value: 4 });
  });

  describe('with a store', () => {
    function memoryFlowStore(initial: string | null = null) {
      const saved: (string | null)[] = [];
      let value = initial;
      return {
        saved,
        current: () => value,
        store: {
          load: async () => value,
          save: async (next: string | null) => void saved.push((value = next)),
        },
      };
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('keeps flows across a restart, hands each out once, and empties the store', async () => {
      const c = clock();
      const disk = memoryFlowStore();
      const before = createPendingFlows<string>({ now: c.now, store: disk.store });
      before.add('mail', 'verifier', 60_000);
      before.add('google', 'other', 60_000);
      await settle();

      const after = createPendingFlows<string>({ now: c.now, store: disk.store });
      expect(await after.take('mail')).toEqual({ status: 'ok', value: 'verifier' });
      const again = createPendingFlows<string>({ now: c.now, store: disk.store });
      expect(await again.take('mail')).toEqual({ status: 'unknown' });
      expect(await again.take('google')).toEqual({ status: 'ok', value: 'other' });
      await settle();
      expect(disk.current()).toBeNull();
    });

    it('drops stored flows past their deadline, and values the parser refuses', async () => {
      const c = clock();
      const stored = JSON.stringify([
        ['late', { value: 'v', deadline: c.now() - 1 }],
        ['odd', { value: 42, deadline: c.now() + 1000 }],
        ['fine', { value: 'v', deadline: c.now() + 1000 }],
        ['broken'],
        'junk',
      ]);
      const disk = memoryFlowStore(stored);
      const flows = createPendingFlows<string>({
        now: c.now,
        store: disk.store,
        parse: (v) => (typeof v === 'string' ? v : null),
      });
      expect(await flows.take('late')).toEqual({ status: 'unknown' });
      expect(await flows.take('odd')).toEqual({ status: 'unknown' });
      expect(await flows.take('fine')).toEqual({ status: 'ok', value: 'v' });
    });

    it('never lets a flow added during start-up erase the stored ones', async () => {
      const c = clock();
      let release: () => void = () => undefined;
      const stored = JSON.stringify([['old', { value: 'a', deadline: c.now() + 1000 }]]);
      const saved: (string | null)[] = [];
      const flows = createPendingFlows<string>({
        now: c.now,
        store: {
          load: () => new Promise<string>((resolve) => (release = () => resolve(stored))),
          save: async (next) => void saved.push(next),
        },
      });
      flows.add('new', 'b', 1000);
      await settle();
      expect(saved).toEqual([]);
      release();
      expect(await flows.take('old')).toEqual({ status: 'ok', value: 'a' });
      await settle();
      expect(saved.map((s) => (s === null ? [] : (JSON.parse(s) as [string][]).map(([k]) => k)))).toEqual([
        ['old', 'new'],
        ['new'],
      ]);
    });

    it('starts empty, and says so, when the store cannot be read', async () => {
      const logs: string[] = [];
      const flows = createPendingFlows<string>({
        store: { load: async () => '{not json', save: async () => undefined },
        log: (m) => logs.push(m),
      });
      expect(await flows.take('x')).toEqual({ status: 'unknown' });
      expect(logs[0]).toMatch(/could not be read/);
      flows.add('y', 'v', 1000);
      expect(await flows.take('y')).toEqual({ status: 'ok', value: 'v' });
    });
  });
});
