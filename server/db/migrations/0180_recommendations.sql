-- Issue 28: Recommended. Durable jobs compute everything here (server/features/recommendations/) so that a
-- page read is a lookup. Rule on privacy: the shared tables (work_similarities, work_mood_profiles,
-- popular_works) are built from public signals only (public reading events, reviews of public accounts), so
-- nothing private of one reader can show in or change what another reader sees; a reader's own private
-- activity informs only that reader's own rows in reader_recommendations.

-- "Readers who liked this also liked": for each work, its most similar works by co-likes (both rated 4 stars
-- or more) and co-finishes among public signals. Rebuilt by the recurring recommendations.similarity job.
create table public.work_similarities (
  work_id uuid not null references public.works (id) on delete cascade,
  similar_work_id uuid not null references public.works (id) on delete cascade,
  score double precision not null,
  -- Distinct readers who liked (>= 4 stars) / finished both in public: the reason names the larger.
  co_liked integer not null,
  co_finished integer not null,
  primary key (work_id, similar_work_id)
);
create index work_similarities_rank_idx on public.work_similarities (work_id, score desc, similar_work_id);
create index work_similarities_similar_idx on public.work_similarities (similar_work_id);

-- The community's moods for a work, from public reviews: the share of reviewers who picked each mood.
create table public.work_mood_profiles (
  work_id uuid primary key references public.works (id) on delete cascade,
  reviewers integer not null,
  -- Moods (review-options MOODS ids) picked by at least a third of its reviewers, most picked first.
  moods smallint[] not null
);
create index work_mood_profiles_moods_idx on public.work_mood_profiles using gin (moods);

-- Well rated and popular, per genre (genre_id 0: every genre): the prior for readers with little history
-- and the signed-out page. Score: a Bayesian average damped toward 3.5 times the log of the rating count.
create table public.popular_works (
  genre_id integer not null,
  rank integer not null check (rank > 0),
  work_id uuid not null references public.works (id) on delete cascade,
  score double precision not null,
  primary key (genre_id, rank)
);
create index popular_works_work_idx on public.popular_works (work_id);

-- One reader's recommendations, ranked, with the facts their reason is made from (recommendation-reasons).
create table public.reader_recommendations (
  user_id uuid not null references auth.users (id) on delete cascade,
  rank integer not null check (rank > 0),
  work_id uuid not null references public.works (id) on delete cascade,
  score double precision not null,
  reason jsonb not null,
  primary key (user_id, rank)
);
create index reader_recommendations_work_idx on public.reader_recommendations (work_id);

create table public.reader_recommendation_refreshes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  refreshed_at timestamptz not null
);

-- "Not interested": never recommended again until undone.
create table public.not_interested_works (
  user_id uuid not null references auth.users (id) on delete cascade,
  work_id uuid not null references public.works (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, work_id)
);
create index not_interested_works_work_idx on public.not_interested_works (work_id);

-- A new reader's chosen genres and moods, the seed of their first recommendations.
create table public.reader_taste_choices (
  user_id uuid primary key references auth.users (id) on delete cascade,
  genre_ids integer[] not null check (cardinality(genre_ids) <= 10),
  moods smallint[] not null check (cardinality(moods) <= 10 and moods <@ '{1,2,3,4,5,6,7,8,9,10}'),
  updated_at timestamptz not null default now()
);

-- A reader's activity asks for a refresh of their recommendations: one waiting job per reader (its
-- singleton key), due after a short debounce, so a burst of writes (an import) is one refresh. A job that
-- is already running is marked to run again (payload.again), since it may have read before this write.
create function public.request_recommendation_refresh(reader uuid) returns void
language sql as $$
  insert into jobs.queue (kind, payload, run_at, singleton_key)
  values ('recommendations.reader', jsonb_build_object('user_id', reader), now() + interval '2 seconds',
          'recommendations.reader:' || reader)
  on conflict (singleton_key) do update
    set payload = case when jobs.queue.failed_at is null then jobs.queue.payload || '{"again": true}'::jsonb
                       else excluded.payload end,
        -- A refresh that failed for good is tried afresh on the reader's next activity.
        failed_at = null, last_error = case when jobs.queue.failed_at is null then jobs.queue.last_error end,
        attempts = case when jobs.queue.failed_at is null then jobs.queue.attempts else 0 end,
        run_at = case when jobs.queue.failed_at is null then jobs.queue.run_at else excluded.run_at end
    where (jobs.queue.locked_until is not null and jobs.queue.locked_until > now())
       or jobs.queue.failed_at is not null
$$;

create function public.recommendation_activity() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'shelf_items' then
    perform public.request_recommendation_refresh(s.user_id)
      from public.shelves s where s.id = coalesce(new.shelf_id, old.shelf_id);
  else
    perform public.request_recommendation_refresh(coalesce(new.user_id, old.user_id));
  end if;
  return null;
end $$;

create trigger reviews_recommendation_refresh after insert or update of rating, moods or delete
  on public.reviews for each row execute function public.recommendation_activity();
create trigger reading_events_recommendation_refresh after insert or delete
  on public.reading_progress_events for each row execute function public.recommendation_activity();
create trigger shelf_items_recommendation_refresh after insert or delete
  on public.shelf_items for each row execute function public.recommendation_activity();
create trigger not_interested_recommendation_refresh after insert or delete
  on public.not_interested_works for each row execute function public.recommendation_activity();
create trigger taste_choices_recommendation_refresh after insert or update
  on public.reader_taste_choices for each row execute function public.recommendation_activity();
