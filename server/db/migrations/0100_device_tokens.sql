-- Issue 25: device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"). A successful
-- sign-in leaves the client a random token for that account; a later password attempt that brings one back
-- is judged against that device's own small budget of failures instead of the account-wide ceiling, so
-- strangers guessing from many addresses cannot keep the owner out. Only the token's SHA-256 is kept, so a
-- copy of the database trusts nobody's device.
create table auth.device_tokens (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
-- Trimming an account's oldest tokens reads them newest first; the sweep finds expired ones.
create index device_tokens_user_id_idx on auth.device_tokens (user_id, created_at desc);
create index device_tokens_expires_at_idx on auth.device_tokens (expires_at);
