-- Issue 27: likes, review comments and reports. Migration 0130 made the likes and review_comments tables;
-- this adds what their endpoints need: reports and their admin queue, the per-reader windows that count
-- comments a minute and reports a day, and the announcements that keep the public read cache exact.

-- One report per reader and target (a review or a comment); the target's removal takes its reports with it
-- (the admin_audit entry of the removal keeps the record).
create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references auth.users (id) on delete cascade,
  review_id uuid references public.reviews (id) on delete cascade,
  comment_id uuid references public.review_comments (id) on delete cascade,
  reason text not null check (reason in ('spam', 'harassment', 'hate', 'spoilers', 'other')),
  details text check (char_length(details) <= 500),
  status text not null default 'open' check (status in ('open', 'dismissed')),
  created_at timestamptz not null default now(),
  handled_by uuid references auth.users (id) on delete set null,
  handled_at timestamptz,
  check (num_nonnulls(review_id, comment_id) = 1),
  unique (reporter_id, review_id),
  unique (reporter_id, comment_id)
);
-- The admin queue: open reports, oldest first, a page an index range.
create index reports_open_idx on public.reports (created_at, id) where status = 'open';
-- Dismissing or removing touches every open report of one target.
create index reports_review_idx on public.reports (review_id) where review_id is not null;
create index reports_comment_idx on public.reports (comment_id) where comment_id is not null;

-- Per-reader counters of a fixed window (a minute for comments, a UTC day for reports). The window's row is
-- taken with an upsert before counting, so parallel writes by one reader queue on it and cannot pass the
-- limit; deleting a comment gives nothing back. Old windows are worthless and small.
create table public.social_limit_windows (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('comment', 'report')),
  window_start timestamptz not null,
  count integer not null check (count >= 0),
  primary key (user_id, kind, window_start)
);

-- A review's like and comment counts show in work-reviews, a cached public answer tagged with the review's
-- work (w:): every like or comment of a review announces that tag (migration 0095's channel). Likes of
-- activity lines show only in per-viewer answers, which are never cached: they announce nothing.
create function public.public_reads_review_talk_changed() returns trigger language plpgsql as $$
declare
  changed_review uuid;
begin
  foreach changed_review in array array[
    case when tg_op <> 'INSERT' then old.review_id end,
    case when tg_op <> 'DELETE' then new.review_id end
  ] loop
    continue when changed_review is null;
    perform pg_notify('sf_public_reads', 'w:' || r.work_id) from public.reviews r where r.id = changed_review;
  end loop;
  return null;
end $$;

create trigger likes_public_reads after insert or delete on public.likes
  for each row execute function public.public_reads_review_talk_changed();
create trigger review_comments_public_reads after insert or delete on public.review_comments
  for each row execute function public.public_reads_review_talk_changed();
create trigger likes_public_reads_truncate after truncate on public.likes
  for each statement execute function public.public_reads_truncated();
create trigger review_comments_public_reads_truncate after truncate on public.review_comments
  for each statement execute function public.public_reads_truncated();
