-- Sign-in links by e-mail (issue 31, supabase-js signInWithOtp): a new kind of one-time token, and beside its
-- link token the six-digit code the same mail carries, kept only as a keyed digest (server/auth/email-code.ts).
-- Link and code are one credential: spending either spends the row.
alter table auth.one_time_tokens drop constraint one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation', 'recovery', 'email_change', 'magiclink'));
alter table auth.one_time_tokens add column code_digest text;
