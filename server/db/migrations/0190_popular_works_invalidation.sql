-- Issue 28: the signed-out Recommended page's answer (popular-works, a range of popular_works' overall list)
-- is kept by the public read cache (server/features/recommendations/public-reads.ts) under the tag 'p',
-- beside the w: tags of the works it shows (their titles, authors and ratings, migration 0095). What changes
-- which works that range holds announces 'p' on the channel of migration 0095, once per statement: the
-- recurring rebuild of the popular lists, and a work made verified or unverified (the answer passes over
-- unverified works, so one verified again, whose w: tag no kept answer carries, must show at once too).
create function public.popular_works_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('sf_public_reads', 'p');
  return null;
end $$;

create trigger popular_works_public_reads after insert or update or delete or truncate on public.popular_works
  for each statement execute function public.popular_works_changed();
create trigger works_verified_popular_reads after update of verified on public.works
  for each statement execute function public.popular_works_changed();
