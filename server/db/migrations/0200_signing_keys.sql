-- Asymmetric keys that sign access tokens (ES256), shared by every instance on this database. The newest
-- unsuperseded key signs; a superseded key stays published at /.well-known/jwks.json until retire_after, when
-- the last token it signed has expired. Private keys are sealed (server/auth/mfa/secret-box.ts) with a key
-- derived from JWT_SECRET, so a copy of the database cannot mint tokens; a retired key keeps only its public
-- half, as the record of when tokens stopped being HS256 (the oldest created_at).
create table auth.signing_keys (
  kid text primary key,
  algorithm text not null check (algorithm = 'ES256'),
  public_jwk jsonb not null,
  private_sealed text,
  created_at timestamptz not null default now(),
  superseded_at timestamptz,
  retire_after timestamptz,
  check ((superseded_at is null) = (retire_after is null)),
  check (private_sealed is not null or retire_after is not null)
);
-- The signer (newest live key) and the published set are read through these.
create index signing_keys_live_idx on auth.signing_keys (created_at desc) where superseded_at is null;
create index signing_keys_retire_idx on auth.signing_keys (retire_after) where retire_after is not null;
