-- The distinct words of every work's title and authors (unaccented, lower-case), for correcting misspelt
-- search words. Matching a misspelt query against whole titles by trigram similarity does not scale: a
-- query's common trigrams (' th', 'he ', ' s') occur in most titles, so a 1,000,000-work catalogue
-- rechecks hundreds of thousands of rows. The words table is a fraction of that size and its strings are
-- short, so finding the nearest words of each query word is cheap; the corrected words then go through
-- the full-text index like any query.
create table public.search_words (
  word text primary key check (char_length(word) between 1 and 100)
);
create index search_words_trgm_idx on public.search_words using gin (word gin_trgm_ops);

-- Words of a work's search_text (already unaccented and lower-case). Single letters never help a
-- correction and over-long tokens are not words.
create function public.search_words_of(search_text text) returns setof text
  language sql immutable strict parallel safe as $$
  select distinct t from regexp_split_to_table(search_text, '[^[:alnum:]]+') t
  where char_length(t) between 2 and 100
$$;

-- Words are only ever added: a word left behind by a renamed or merged work costs one row and can only
-- suggest a correction that then matches nothing, so nothing needs removing.
create function public.works_add_search_words() returns trigger language plpgsql as $$
begin
  insert into public.search_words (word)
    select distinct public.search_words_of(n.search_text) from new_works n
    on conflict do nothing;
  return null;
end $$;
create trigger works_search_words_inserted after insert on public.works
  referencing new table as new_works
  for each statement execute function public.works_add_search_words();

-- Renames are rare and one row at a time; rating updates (every review write) leave the words alone.
create function public.work_renamed_add_search_words() returns trigger language plpgsql as $$
begin
  insert into public.search_words (word) select public.search_words_of(new.search_text) on conflict do nothing;
  return null;
end $$;
create trigger works_search_words_updated after update of title, author_names on public.works
  for each row when (old.search_text is distinct from new.search_text)
  execute function public.work_renamed_add_search_words();

insert into public.search_words (word)
  select distinct public.search_words_of(search_text) from public.works where search_text is not null
  on conflict do nothing;
