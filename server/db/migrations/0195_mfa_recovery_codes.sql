-- Recovery codes of two-step sign-in (issue 31): ten single-use codes per account, made when its first factor
-- is verified, to finish a sign-in (or turn two-step off) when the authenticator app is lost. Only a keyed
-- digest is kept (server/auth/mfa/recovery-codes.ts says why not argon2).
create table auth.mfa_recovery_codes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  code_digest text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
-- Spending a code looks it up by (user, digest); counting the unused ones reads the same index.
create unique index mfa_recovery_codes_user_digest_idx on auth.mfa_recovery_codes (user_id, code_digest);
