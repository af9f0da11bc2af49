-- The auth schema: our own Supabase-Auth-compatible store. Nothing in public/ may depend on more of it
-- than auth.users(id), so the public schema could also sit on a hosted Supabase project.
create schema if not exists auth;

create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 320),
  encrypted_password text,
  email_confirmed_at timestamptz,
  email_change text,
  email_change_sent_at timestamptz,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on auth.users (lower(email));

create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null,
  provider_id text not null,
  identity_data jsonb not null default '{}'::jsonb,
  email text,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_id)
);
create index identities_user_id_idx on auth.identities (user_id);

-- A session is one sign-in; its refresh tokens form one rotation family.
create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  user_agent text,
  ip text
);
create index sessions_user_id_idx on auth.sessions (user_id);

create table auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- PKCE and OAuth flows in progress.
create table auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code_hash text unique,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method = 's256'),
  provider_type text not null,
  provider_state text unique,
  provider_verifier text,
  provider_nonce text,
  redirect_to text,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now()
);
create index flow_state_created_at_idx on auth.flow_state (created_at);

create table auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation', 'recovery', 'email_change')),
  token_hash text not null unique,
  relates_to text not null,
  redirect_to text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_tokens_user_idx on auth.one_time_tokens (user_id, token_type);

-- Fixed-window counters; kept in the database so every server instance shares them.
create table auth.rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
create index rate_limits_window_idx on auth.rate_limits (window_start);

-- Outgoing mail: the local mailbox when no SMTP server is configured, and a record of what was sent.
create table auth.mail (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);
create index mail_to_idx on auth.mail (lower(to_address), created_at desc);
