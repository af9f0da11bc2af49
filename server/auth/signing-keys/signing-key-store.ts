// The signing keys in the database (migration 0200), so every instance on it signs with the same key and
// publishes the same set. Creation and rotation hold an advisory lock: instances starting together make one
// key, not one each. Rotation announces itself on SIGNING_KEYS_CHANNEL so running instances switch at once.
import type { Db, Queryable } from '../../db/db';
import type { SecretBox } from '../mfa/secret-box';
import type { PublicJwk, SigningKeyPair } from './signing-key-material';
import { SIGNING_ALGORITHM, generateSigningKey } from './signing-key-material';

export const SIGNING_KEYS_CHANNEL = 'shelfwise_signing_keys';
// Any constant works; it only has to be the same for every instance on one database.
const SIGNING_KEYS_LOCK = 7_274_031;

export interface StoredSigningKey {
  kid: string;
  publicJwk: PublicJwk;
  /** Sealed private JWK; null once retired. */
  privateSealed: string | null;
  createdAt: Date;
  supersededAt: Date | null;
}

export interface PublishedKeySet {
  /** Newest first; the first unsuperseded one signs. */
  keys: StoredSigningKey[];
  /** When the first signing key was made: HS256 access tokens from before it may still be in use. */
  switchedAt: Date | null;
}

interface Row {
  kid: string;
  public_jwk: PublicJwk;
  private_sealed: string | null;
  created_at: Date;
  superseded_at: Date | null;
}

/** The keys still published (not past retire_after), newest first, and the time of the switch to them. */
export async function readPublishedKeys(q: Queryable): Promise<PublishedKeySet> {
  const rows = await q.query<Row>(
    `select kid, public_jwk, private_sealed, created_at, superseded_at from auth.signing_keys
     where retire_after is null or retire_after > now() order by created_at desc, kid`,
  );
  const [first] = await q.query<{ switched_at: Date | null }>(
    'select min(created_at) as switched_at from auth.signing_keys',
  );
  return {
    keys: rows.map((r) => ({
      kid: r.kid,
      publicJwk: r.public_jwk,
      privateSealed: r.private_sealed,
      createdAt: new Date(r.created_at),
      supersededAt: r.superseded_at && new Date(r.superseded_at),
    })),
    switchedAt: first?.switched_at ? new Date(first.switched_at) : null,
  };
}

async function insertKey(tx: Queryable, box: SecretBox, pair: SigningKeyPair): Promise<void> {
  await tx.query(
    `insert into auth.signing_keys (kid, algorithm, public_jwk, private_sealed) values ($1, $2, $3, $4)`,
    [
      pair.kid,
      SIGNING_ALGORITHM,
      JSON.stringify(pair.publicJwk),
      box.seal(JSON.stringify(pair.privateJwk), pair.kid),
    ],
  );
}

/** Makes the first signing key unless an instance already did; answers the kid made, or null. */
export async function ensureSigningKey(db: Db, box: SecretBox): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SIGNING_KEYS_LOCK]);
    const live = await tx.query('select 1 from auth.signing_keys where superseded_at is null limit 1');
    if (live.length > 0) return null;
    const pair = await generateSigningKey();
    await insertKey(tx, box, pair);
    return pair.kid;
  });
}

export interface Rotation {
  kid: string;
  superseded: { kid: string; retireAfter: Date }[];
  retired: string[];
}

/**
 * A new key signs from now on; the keys it replaces stay published for `keepPublishedSeconds` (the access
 * token lifetime plus margins), and keys past that lose their private half.
 */
export async function rotateSigningKey(
  db: Db,
  box: SecretBox,
  keepPublishedSeconds: number,
): Promise<Rotation> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SIGNING_KEYS_LOCK]);
    const superseded = await tx.query<{ kid: string; retire_after: Date }>(
      `update auth.signing_keys set superseded_at = now(), retire_after = now() + make_interval(secs => $1)
       where superseded_at is null returning kid, retire_after`,
      [keepPublishedSeconds],
    );
    const pair = await generateSigningKey();
    await insertKey(tx, box, pair);
    const retired = await tx.query<{ kid: string }>(
      `update auth.signing_keys set private_sealed = null
       where retire_after <= now() and private_sealed is not null returning kid`,
    );
    await tx.query(`select pg_notify($1, $2)`, [SIGNING_KEYS_CHANNEL, pair.kid]);
    return {
      kid: pair.kid,
      superseded: superseded.map((r) => ({ kid: r.kid, retireAfter: new Date(r.retire_after) })),
      retired: retired.map((r) => r.kid),
    };
  });
}
