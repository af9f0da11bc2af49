-- Issue 28: Trending and New Releases. Trending is computed by a recurring durable job (server/features/
-- discovery/trending-job.ts) and stored here ranked, per period and per genre (genre_id 0: every genre),
-- the top TRENDING_KEEP of each, so a page is one range of the primary key. The job replaces a period's
-- rows in one transaction: readers see the old ranking or the new, never half of each.
create table public.trending_works (
  period text not null check (period in ('week', 'month')),
  genre_id integer not null,
  rank integer not null check (rank > 0),
  work_id uuid not null references public.works (id) on delete cascade,
  score double precision not null,
  -- Distinct readers who did each in public within the period: the card's line names the largest.
  start_readers integer not null,
  finish_readers integer not null,
  review_readers integer not null,
  shelve_readers integer not null,
  primary key (period, genre_id, rank)
);
-- A merged or removed work leaves through the cascade, found by this.
create index trending_works_work_idx on public.trending_works (work_id);

-- When each period was last computed, for the page to say how fresh it is.
create table public.trending_refreshes (
  period text primary key check (period in ('week', 'month')),
  refreshed_at timestamptz not null
);

-- The job reads the last month of public activity by time, whoever did it.
create index activities_public_created_idx on public.activities (created_at) where is_public;

-- New Releases: verified works by first publication date, newest first, within a window of dates.
create index works_release_date_idx on public.works (date desc, id desc) where verified and date is not null;
