-- A new reader's taste choice recomputes their recommendations in the call itself (issue 28), so it is
-- counted like comments: a fixed window per reader in public.social_limit_windows, a minute wide.
alter table public.social_limit_windows drop constraint social_limit_windows_kind_check;
alter table public.social_limit_windows
  add constraint social_limit_windows_kind_check check (kind in ('comment', 'report', 'taste'));
