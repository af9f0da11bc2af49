import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { fingerprintOf } from './idempotency';
import { readRequestInput } from './request-input';
import { OFF_THREAD_BODY_BYTES, readRequestInputOffThread } from './request-input-off-thread';

const JSON_TYPE = 'application/json';
const bytesOf = (text: string) => new TextEncoder().encode(text);
const importBody = (content: string) => ({ format: 'goodreads', file_name: 'big.csv', content });
const failureOf = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const { status, message } = err as ApiError;
  return { status, message };
};

describe('readRequestInputOffThread', () => {
  const body = importBody(`Book Id,Title\n1,"${'é'.repeat(OFF_THREAD_BODY_BYTES)}"\n`);
  const text = JSON.stringify(body);

  it('answers what reading the body here answers, the fingerprint included', async () => {
    const here = readRequestInput('import-library', bytesOf(text), JSON_TYPE);
    const there = await readRequestInputOffThread('import-library', bytesOf(text), JSON_TYPE, true);
    expect(there.data).toEqual(here.data);
    expect(there.fingerprint()).toBe(fingerprintOf('import-library', body));
  });

  it('refuses what reading here refuses, with the same status and words', async () => {
    const cases = [
      ['not JSON', `${text.slice(0, -1)}`, JSON_TYPE],
      ['a wrong field', JSON.stringify({ ...body, format: 'kindle' }), JSON_TYPE],
      ['another media type', text, 'text/csv'],
    ] as const;
    for (const [, sent, type] of cases) {
      const here = await failureOf(
        Promise.resolve().then(() => readRequestInput('import-library', bytesOf(sent), type)),
      );
      const there = await failureOf(readRequestInputOffThread('import-library', bytesOf(sent), type, false));
      expect(there).toEqual(here);
      expect(there.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('reads several bodies at once, each answered as its own', async () => {
    const texts = ['a', 'b', 'c'].map((t) =>
      JSON.stringify(importBody(`${t.repeat(OFF_THREAD_BODY_BYTES)}`)),
    );
    const inputs = await Promise.all(
      texts.map((t) => readRequestInputOffThread('import-library', bytesOf(t), JSON_TYPE, false)),
    );
    expect(inputs.map((i) => (i.data as { content: string }).content[0])).toEqual(['a', 'b', 'c']);
  });
});
