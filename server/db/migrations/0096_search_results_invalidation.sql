-- Issue 19: search-works answers are kept per server instance too (server/cache/public-reads.ts), under the
-- tag 's'. Whatever changes what a search can match or how a misspelling is corrected announces it on the
-- public-read channel of migration 0095: a work added, removed, retitled or given other authors
-- (author_names follows work_authors and author renames, and search_words follows both), and an edition
-- added, removed, moved to another work or given another ISBN (the ISBN search). One notification per
-- statement: a bulk load or an import batch costs one, not one per row.
-- Popularity (works.rating_count), the last tie-break of the order, is not announced: it moves with every
-- review, and the answers' short TTL bounds how stale that order may be.
create function public.search_results_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('sf_public_reads', 's');
  return null;
end $$;

create trigger works_search_results after insert or delete or update of title, author_names on public.works
  for each statement execute function public.search_results_changed();
create trigger editions_search_results after insert or delete or update of isbn, work_id on public.editions
  for each statement execute function public.search_results_changed();
