// The signing keys a running server uses: the one that signs new access tokens, the public keys that verify
// them, and the set published at /.well-known/jwks.json. Stored keys (the default) are read from the database
// and read again every REFRESH_MS, or at once when a token names a kid not yet seen, so a rotation made by
// another instance or by `npm run admin -- rotate-signing-key` reaches every instance within seconds without
// a query per request. Keys from JWT_SIGNING_KEYS are fixed for the life of the process.
import type { CryptoKey, KeyObject } from 'jose';
import type { Db } from '../../db/db';
import type { SecretBox } from '../mfa/secret-box';
import type { PublicJwk, SigningKeyPair } from './signing-key-material';
import { importSigningKey, importVerificationKey } from './signing-key-material';
import type { PublishedKeySet } from './signing-key-store';
import { ensureSigningKey, readPublishedKeys, rotateSigningKey } from './signing-key-store';

type Key = CryptoKey | KeyObject | Uint8Array;

export const REFRESH_MS = 10_000;
/** A token naming an unknown kid reads the keys again, but not more often than this (forged kids are free). */
const UNKNOWN_KID_REREAD_MS = 1_000;

export interface SigningKeys {
  /** The key new access tokens are signed with. */
  signer(): Promise<{ kid: string; key: Key }>;
  /** The public key published under kid, or null. */
  verificationKey(kid: string): Promise<Key | null>;
  jwks(): Promise<{ keys: PublicJwk[] }>;
  /** Unix seconds: access tokens signed with JWT_SECRET (HS256) are ours only if issued before this. */
  hs256IssuedBefore(): Promise<number>;
}

interface State {
  signer: { kid: string; key: Key };
  verifiers: Map<string, Key>;
  jwks: { keys: PublicJwk[] };
  hs256IssuedBefore: number;
  readAt: number;
}

async function stateOf(
  signer: { kid: string; key: Key },
  published: PublicJwk[],
  hs256IssuedBefore: number,
): Promise<State> {
  const verifiers = new Map<string, Key>();
  for (const jwk of published) verifiers.set(jwk.kid, await importVerificationKey(jwk));
  return { signer, verifiers, jwks: { keys: published }, hs256IssuedBefore, readAt: Date.now() };
}

/** Keys given by the operator (JWT_SIGNING_KEYS): the first signs. */
export async function configuredSigningKeys(
  pairs: SigningKeyPair[],
  startedAt = new Date(),
): Promise<SigningKeys> {
  const [first] = pairs;
  if (!first) throw new Error('JWT_SIGNING_KEYS holds no key');
  const state = await stateOf(
    { kid: first.kid, key: await importSigningKey(first) },
    pairs.map((p) => p.publicJwk),
    Math.floor(startedAt.getTime() / 1000),
  );
  return {
    signer: async () => state.signer,
    verificationKey: async (kid) => state.verifiers.get(kid) ?? null,
    jwks: async () => state.jwks,
    hs256IssuedBefore: async () => state.hs256IssuedBefore,
  };
}

/**
 * Keys kept in the database (made on first start). `keepPublishedSeconds` is how long a key stays published
 * after it stops signing, in case the server has to replace a key it cannot open.
 */
export async function storedSigningKeys(
  db: Db,
  box: SecretBox,
  {
    keepPublishedSeconds,
    refreshMs = REFRESH_MS,
    log = console.warn,
  }: {
    keepPublishedSeconds: number;
    refreshMs?: number;
    log?: (message: string) => void;
  },
): Promise<SigningKeys> {
  await ensureSigningKey(db, box);

  async function read(): Promise<State> {
    let set = await readPublishedKeys(db);
    let signer = await openSigner(set, box);
    if (!signer) {
      // Sealed under another JWT_SECRET (changed since): tokens it signed still verify with its public half,
      // but it cannot sign any more, so a new key takes over.
      log(
        'The stored token signing key cannot be opened with this JWT_SECRET: a new signing key replaces it.',
      );
      await rotateSigningKey(db, box, keepPublishedSeconds);
      set = await readPublishedKeys(db);
      signer = await openSigner(set, box);
      if (!signer) throw new Error('the new token signing key could not be read back');
    }
    const switchedAt = set.switchedAt ?? new Date();
    return stateOf(
      signer,
      set.keys.map((k) => k.publicJwk),
      Math.floor(switchedAt.getTime() / 1000),
    );
  }

  let state = await read();
  let reading: Promise<State> | null = null;
  const reread = () => {
    reading ??= read()
      .then((next) => (state = next))
      .finally(() => (reading = null));
    return reading;
  };
  // Stale keys are read again in the background, never waited for: a token is signed inside the session's
  // transaction, and on the embedded database (one connection) a read waited for there would never start.
  const current = () => {
    if (Date.now() - state.readAt > refreshMs)
      reread().catch((err: unknown) => log(`signing keys: ${String(err)}`));
    return state;
  };

  return {
    signer: async () => current().signer,
    // Tokens are verified before any transaction starts, so an unknown kid may wait for a fresh read.
    async verificationKey(kid) {
      const known = current().verifiers.get(kid);
      if (known || Date.now() - state.readAt < UNKNOWN_KID_REREAD_MS) return known ?? null;
      return (await reread()).verifiers.get(kid) ?? null;
    },
    jwks: async () => current().jwks,
    hs256IssuedBefore: async () => current().hs256IssuedBefore,
  };
}

async function openSigner(set: PublishedKeySet, box: SecretBox): Promise<{ kid: string; key: Key } | null> {
  const live = set.keys.find((k) => k.supersededAt === null);
  const sealed = live?.privateSealed;
  if (!live || !sealed) return null;
  const privateJwk = box.open(sealed, live.kid);
  if (!privateJwk) return null;
  return {
    kid: live.kid,
    key: await importSigningKey({
      kid: live.kid,
      publicJwk: live.publicJwk,
      privateJwk: JSON.parse(privateJwk),
    }),
  };
}
