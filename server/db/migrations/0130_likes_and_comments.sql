-- Issue 27: readers like reviews and Friends Activity lines, and comment on reviews. The tables are the
-- shared ground of the community features: the endpoints that write them, and the notifications and
-- visibility rules that read them, build on these shapes.

-- One like per reader and target; a like goes with its target (foreign keys) or its reader.
create table public.likes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  review_id uuid references public.reviews (id) on delete cascade,
  activity_id uuid references public.activities (id) on delete cascade,
  created_at timestamptz not null default now(),
  check (num_nonnulls(review_id, activity_id) = 1),
  unique (user_id, review_id),
  unique (user_id, activity_id)
);
-- "Who liked this", newest first, per target: a page is an index range.
create index likes_review_idx on public.likes (review_id, created_at desc, id desc) where review_id is not null;
create index likes_activity_idx on public.likes (activity_id, created_at desc, id desc) where activity_id is not null;

-- Plain-text comments on a review (links are made clickable when shown, never stored as HTML).
create table public.review_comments (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.reviews (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 2000),
  created_at timestamptz not null default now(),
  edited_at timestamptz
);
-- A review's thread, oldest first; a reader's recent comments (the per-minute limit).
create index review_comments_review_idx on public.review_comments (review_id, created_at, id);
create index review_comments_user_idx on public.review_comments (user_id, created_at desc);
