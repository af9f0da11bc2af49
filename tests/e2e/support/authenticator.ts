// Plays the authenticator app for e2e readers with two-step sign-in (issue 31): enrols a TOTP factor over
// the API and hands out codes. The secret is kept in a file per server port and address, so every worker
// signing in as the same admin finds it. Each code works once, so the file also records the last time step
// used; a sign-in takes the next step still open (the server accepts one step either side of now) and, if
// all three are spent, waits for the clock to open the next one (at most one period).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;
const dir = join(tmpdir(), `shelfwise-e2e-totp-${process.env.E2E_PORT ?? '4173'}`);
const fileOf = (email: string) => join(dir, `${email.toLowerCase()}.json`);

interface Stored {
  secret: string;
  lastStep: number;
}

const read = (email: string): Stored | null => {
  try {
    return JSON.parse(readFileSync(fileOf(email), 'utf8')) as Stored;
  } catch {
    return null;
  }
};
const write = (email: string, stored: Stored) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(fileOf(email), JSON.stringify(stored));
};

/** Whether this reader has two-step sign-in from this helper. */
export const hasAuthenticator = (email: string): boolean => read(email) !== null;

/** A fresh, unspent code for the reader's factor. */
export async function nextCode(email: string): Promise<string> {
  const stored = read(email);
  if (!stored) throw new Error(`no authenticator for ${email}`);
  const current = Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(stored.lastStep + 1, current - 1);
  // Every open step is spent: the next opens with the clock, within one period.
  const wait = (step - 1) * PERIOD_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  write(email, { ...stored, lastStep: step });
  const totp = new TOTP({ secret: Secret.fromBase32(stored.secret), period: PERIOD_MS / 1000 });
  return totp.generate({ timestamp: step * PERIOD_MS });
}

const authHeaders = (anonKey: string, token: string) => ({
  apikey: anonKey,
  authorization: `Bearer ${token}`,
});

/** Raises a password session to aal2 with the next code; answers the new access token. */
export async function passSecondFactor(
  request: APIRequestContext,
  anonKey: string,
  email: string,
  accessToken: string,
): Promise<string> {
  const user = (await (
    await request.get('/auth/v1/user', { headers: authHeaders(anonKey, accessToken) })
  ).json()) as {
    factors?: { id: string; status: string }[];
  };
  const factor = user.factors?.find((f) => f.status === 'verified');
  if (!factor) throw new Error(`${email} has no verified factor`);
  const challenge = await request.post(`/auth/v1/factors/${factor.id}/challenge`, {
    headers: authHeaders(anonKey, accessToken),
    data: {},
  });
  const { id } = (await challenge.json()) as { id: string };
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers: authHeaders(anonKey, accessToken),
    data: { challenge_id: id, code: await nextCode(email) },
  });
  expect(verified.ok(), `factor verify answered ${verified.status()}: ${await verified.text()}`).toBe(true);
  return ((await verified.json()) as { access_token: string }).access_token;
}

/** Enrols and verifies a TOTP factor for a signed-in reader (their session becomes aal2). */
export async function enrolAuthenticator(
  request: APIRequestContext,
  anonKey: string,
  email: string,
  accessToken: string,
): Promise<void> {
  const enrolled = await request.post('/auth/v1/factors', {
    headers: authHeaders(anonKey, accessToken),
    data: { factor_type: 'totp' },
  });
  expect(enrolled.ok(), `enrol answered ${enrolled.status()}: ${await enrolled.text()}`).toBe(true);
  const { id, totp } = (await enrolled.json()) as { id: string; totp: { secret: string } };
  write(email, { secret: totp.secret, lastStep: 0 });
  const challenge = await request.post(`/auth/v1/factors/${id}/challenge`, {
    headers: authHeaders(anonKey, accessToken),
    data: {},
  });
  const verified = await request.post(`/auth/v1/factors/${id}/verify`, {
    headers: authHeaders(anonKey, accessToken),
    data: { challenge_id: ((await challenge.json()) as { id: string }).id, code: await nextCode(email) },
  });
  expect(verified.ok(), `first code answered ${verified.status()}: ${await verified.text()}`).toBe(true);
}

/** Records a secret enrolled through the screens, so later sign-ins can answer for it. */
export const rememberAuthenticator = (email: string, secret: string, lastStep: number) =>
  write(email, { secret, lastStep });
