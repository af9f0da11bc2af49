-- The reading insights compare a reader's ratings with the community averages of the same books (issue 15).
-- Those averages move with any reader's review, so the server keeps them only while this counter, advanced
-- by every statement that writes reviews, has not moved (server/features/insights/reading-insights.ts).
-- A sequence, not a row: advancing it takes no lock, so concurrent review writes never queue on it.
create sequence public.review_ratings_changes;

create function public.review_ratings_changed() returns trigger language plpgsql as $$
begin
  perform nextval('public.review_ratings_changes');
  return null;
end $$;

create trigger reviews_ratings_counter after insert or update or delete on public.reviews
  for each statement execute function public.review_ratings_changed();
