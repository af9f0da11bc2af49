-- Idempotency keys for /sf/ calls (issue 18): a client that resends a write whose reply it never got (the
-- desktop outbox after a lost connection) sends the same Idempotency-Key, and the server answers the first
-- answer instead of doing the write again. One row per signed-in user and key, kept 24 hours.
create table public.idempotent_calls (
  user_id uuid not null references auth.users (id) on delete cascade,
  key text not null check (key ~ '^[A-Za-z0-9._:-]{1,100}$'),
  -- sha256 of the endpoint name and body: the same key with another request is refused, not replayed.
  fingerprint text not null check (fingerprint ~ '^[0-9a-f]{64}$'),
  -- Null while the first call is still being answered (its claim); then the answer it gave.
  answer jsonb,
  answered_at timestamptz,
  claimed_at timestamptz not null default now(),
  primary key (user_id, key),
  check ((answer is null) = (answered_at is null))
);

-- The hourly clean-up deletes by age.
create index idempotent_calls_claimed_at_idx on public.idempotent_calls (claimed_at);
