import { describe, expect, it } from 'vitest';
import { createGate, GateRefused } from './openlibrary-gate';

const down = new Error('down');
const isDown = (err: unknown) => err === down;
const ok = () => Promise.resolve('ok');
const fail = () => Promise.reject(down);

describe('rate limit', () => {
  it('lets a burst through at once, then spaces requests at the rate', async () => {
    const gate = createGate({ ratePerSecond: 20, burst: 2, maxWaitMs: 5000 });
    const started = Date.now();
    const done: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(() => gate.run(ok, isDown).then(() => done.push(Date.now() - started))),
    );
    done.sort((a, b) => a - b);
    expect(done[1]).toBeLessThan(30);
    // Two beyond the burst of two wait for a token each: 50 ms apart at 20 a second.
    expect(done[3]).toBeGreaterThanOrEqual(90);
  });

  it('refuses at once a request that would wait longer than maxWaitMs', async () => {
    const gate = createGate({ ratePerSecond: 1, burst: 1, maxWaitMs: 1500 });
    await gate.run(ok, isDown);
    const queued = gate.run(ok, isDown);
    const started = Date.now();
    await expect(gate.run(ok, isDown)).rejects.toEqual(new GateRefused('busy'));
    expect(Date.now() - started).toBeLessThan(50);
    await queued;
  });
});

describe('circuit breaker', () => {
  it('opens after consecutive failures, refuses without sending, and closes after a good trial', async () => {
    let t = 0;
    const gate = createGate({ breakerFailures: 2, breakerCooldownMs: 1000, burst: 100, now: () => t });
    let sent = 0;
    const counted = (send: () => Promise<string>) => () => {
      sent += 1;
      return send();
    };
    await expect(gate.run(counted(fail), isDown)).rejects.toBe(down);
    expect(gate.breakerState()).toBe('closed');
    await expect(gate.run(counted(fail), isDown)).rejects.toBe(down);
    expect(gate.breakerState()).toBe('open');
    await expect(gate.run(counted(ok), isDown)).rejects.toEqual(new GateRefused('breaker_open'));
    expect(sent).toBe(2);

    t = 1000;
    expect(gate.breakerState()).toBe('half-open');
    await expect(gate.run(counted(fail), isDown)).rejects.toBe(down);
    expect(gate.breakerState()).toBe('open');
    t = 2000;
    expect(await gate.run(counted(ok), isDown)).toBe('ok');
    expect(gate.breakerState()).toBe('closed');
    expect(sent).toBe(4);
  });

  it('does not count answers that are not failures (a 404, a refusal of ours)', async () => {
    const gate = createGate({ breakerFailures: 2 });
    const notFound = new Error('404');
    await expect(gate.run(fail, isDown)).rejects.toBe(down);
    await expect(gate.run(() => Promise.reject(notFound), isDown)).rejects.toBe(notFound);
    await expect(gate.run(fail, isDown)).rejects.toBe(down);
    expect(gate.breakerState()).toBe('closed');
  });

  it('lets one trial through while half-open', async () => {
    let t = 0;
    const gate = createGate({ breakerFailures: 1, breakerCooldownMs: 10, now: () => t });
    await expect(gate.run(fail, isDown)).rejects.toBe(down);
    t = 10;
    let release: (v: string) => void = () => undefined;
    const trial = gate.run(() => new Promise<string>((resolve) => (release = resolve)), isDown);
    await expect(gate.run(ok, isDown)).rejects.toEqual(new GateRefused('breaker_open'));
    release('ok');
    expect(await trial).toBe('ok');
  });
});
