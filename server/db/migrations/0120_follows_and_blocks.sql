-- Issue 27: readers follow readers, one way. A reader chooses who may follow them (profiles.follow_policy):
-- 'anyone' (the default: profiles were already public) or 'approve', where a follow starts as a request the
-- followed reader approves or declines. Blocks and mutes are here too, so the one visibility rule
-- (shared/domain/social-visibility.ts) covers them from the start.

alter table public.profiles
  add column follow_policy text not null default 'anyone' check (follow_policy in ('anyone', 'approve'));

create table public.follows (
  follower_id uuid not null references auth.users (id) on delete cascade,
  followee_id uuid not null references auth.users (id) on delete cascade,
  state text not null check (state in ('requested', 'accepted')),
  created_at timestamptz not null default now(),
  -- When the follow took effect: the follow lists are ordered by it, newest first.
  accepted_at timestamptz,
  primary key (follower_id, followee_id),
  check (follower_id <> followee_id),
  check ((state = 'accepted') = (accepted_at is not null))
);
-- "Whom do I follow" (the feed's fan-in, the following list) and "who follows me" (followers list,
-- requests), each in list order, so a page is an index range.
create index follows_follower_idx on public.follows (follower_id, state, accepted_at desc, followee_id desc);
create index follows_followee_idx on public.follows (followee_id, state, accepted_at desc, follower_id desc);
create index follows_requests_idx on public.follows (followee_id, created_at desc, follower_id desc)
  where state = 'requested';

-- Follows made per reader and day (UTC), so unfollowing does not give back the day's allowance.
create table public.follow_days (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  count integer not null check (count >= 0),
  primary key (user_id, day)
);

create table public.blocks (
  blocker_id uuid not null references auth.users (id) on delete cascade,
  blocked_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
);
create index blocks_blocked_idx on public.blocks (blocked_id, blocker_id);

create table public.mutes (
  muter_id uuid not null references auth.users (id) on delete cascade,
  muted_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (muter_id, muted_id),
  check (muter_id <> muted_id)
);

-- Public profiles show follower and following counts, and hide their details when the reader approves
-- followers: both are announced on the public-read channel of migration 0095 under the reader's tag.
create function public.public_reads_follow_changed() returns trigger language plpgsql as $$
begin
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'u:' || new.follower_id end,
    case when tg_op <> 'INSERT' then 'u:' || old.follower_id end);
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'u:' || new.followee_id end,
    case when tg_op <> 'INSERT' then 'u:' || old.followee_id end);
  return null;
end $$;

create trigger follows_public_reads after insert or update or delete on public.follows
  for each row execute function public.public_reads_follow_changed();
create trigger follows_public_reads_truncate after truncate on public.follows
  for each statement execute function public.public_reads_truncated();
create trigger profiles_public_reads_follow_policy after update on public.profiles
  for each row when (old.follow_policy is distinct from new.follow_policy)
  execute function public.public_reads_by_id('u:');
