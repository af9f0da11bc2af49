-- Issue 26: the series a work belongs to and its place in it ("Earthsea Cycle", "1"), shown on the work
-- page. Filled from the operator's catalogue, from Open Library when a record carries it, and from an
-- import file's Goodreads title suffix only for a work that reader made (a file never rewrites the
-- catalogue's works). The position is text: sources write "0.5" and "1-3".
alter table public.works
  add column if not exists series_name text check (char_length(series_name) between 1 and 300),
  add column if not exists series_position text check (char_length(series_position) between 1 and 20);
alter table public.works
  add constraint works_series_position_needs_name check (series_position is null or series_name is not null);
