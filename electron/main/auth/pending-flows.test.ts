import { describe, expect, it } from 'vitest';
import { createPendingFlows } from './pending-flows';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createPendingFlows', () => {
  it('hands a flow out once: a replayed state finds nothing', () => {
    const flows = createPendingFlows<string>();
    flows.add('s1', 'verifier', 60_000);
    expect(flows.take('s1')).toEqual({ status: 'ok', value: 'verifier' });
    expect(flows.take('s1')).toEqual({ status: 'unknown' });
  });

  it('refuses a flow after its deadline, and spends it doing so', () => {
    const c = clock();
    const flows = createPendingFlows<string>({ now: c.now });
    flows.add('s1', 'v', 1000);
    c.advance(999);
    expect(flows.take('s1')).toEqual({ status: 'ok', value: 'v' });
    flows.add('s2', 'v', 1000);
    c.advance(1000);
    expect(flows.take('s2')).toEqual({ status: 'expired' });
    expect(flows.take('s2')).toEqual({ status: 'unknown' });
  });

  it('knows nothing of states it never issued', () => {
    const flows = createPendingFlows<string>();
    flows.add('mine', 'v', 1000);
    expect(flows.take('theirs')).toEqual({ status: 'unknown' });
    expect(flows.take('__proto__')).toEqual({ status: 'unknown' });
    expect(flows.take('mine')).toEqual({ status: 'ok', value: 'v' });
  });

  it('drops expired flows and keeps at most `max`, oldest out first', () => {
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
    expect(flows.take('a')).toEqual({ status: 'unknown' });
    expect(flows.take('d')).toEqual({ status: 'ok', value: 4 });
  });
});
