-- Second factors (TOTP) served at GoTrue's /factors API, their challenges, and what a session proved: its
-- assurance level (aal) and the second method behind it, so a refresh keeps the aal and amr claims.
create table auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text check (char_length(friendly_name) <= 256),
  factor_type text not null check (factor_type = 'totp'),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- The TOTP secret, AES-256-GCM sealed with the server's MFA key (server/auth/mfa/secret-box.ts).
  secret_sealed text not null,
  -- The last 30-second time step whose code was accepted: a code is good once, even within its window.
  last_used_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id, created_at);
create unique index mfa_factors_user_friendly_name_idx on auth.mfa_factors (user_id, friendly_name)
  where friendly_name is not null and friendly_name <> '';
create index mfa_factors_unverified_idx on auth.mfa_factors (created_at) where status = 'unverified';

create table auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  ip text,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create index mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);
create index mfa_challenges_session_id_idx on auth.mfa_challenges (session_id);
create index mfa_challenges_created_at_idx on auth.mfa_challenges (created_at);

alter table auth.sessions
  add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  add column mfa_method text check (mfa_method in ('totp', 'mfa/recovery')),
  add column mfa_verified_at timestamptz,
  add column factor_id uuid references auth.mfa_factors (id) on delete set null;
create index sessions_factor_id_idx on auth.sessions (factor_id);
