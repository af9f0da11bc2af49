-- What the auth server needs beyond 0002: e-mail links tied to the PKCE flow that asked for them, how a
-- session signed in (the amr claim), when the last mails went out (the user JSON of Supabase Auth), and
-- indexes behind the clean-ups and the cascades from auth.users.
alter table auth.one_time_tokens
  add column flow_state_id uuid references auth.flow_state (id) on delete set null;
create index one_time_tokens_flow_state_idx on auth.one_time_tokens (flow_state_id);
create index one_time_tokens_expires_at_idx on auth.one_time_tokens (expires_at);

alter table auth.sessions add column auth_method text not null default 'password'
  check (auth_method in ('password', 'otp', 'recovery', 'email_change', 'email/signup', 'oauth'));

alter table auth.users
  add column confirmation_sent_at timestamptz,
  add column recovery_sent_at timestamptz;

create index refresh_tokens_user_id_idx on auth.refresh_tokens (user_id);
create index flow_state_user_id_idx on auth.flow_state (user_id);
