-- The server-side cover cache (issue 17): which image each cover source resolved to, or that it has none.
-- A source is what we may ask COVERS_URL for: 'isbn:<13 digits>' or 'olid:<Open Library cover id>'.
-- Found covers are stored once per content hash in the storage area (covers/<hash>-<size>.webp); a miss is
-- remembered until retry_after, so a cover Open Library lacks is not asked for again on every page.
create table public.cover_cache (
  source text primary key check (source ~ '^(isbn:[0-9]{13}|olid:[0-9]{1,12})$'),
  hash text check (hash ~ '^[0-9a-f]{32}$'),
  -- The stored header-size image's dimensions (the smaller sizes keep its shape).
  width integer check (width > 0 and width <= 4000),
  height integer check (height > 0 and height <= 4000),
  -- A miss: 'no_cover' when Open Library has none (or only a blank or broken image), 'unreachable' when it
  -- could not be asked; remembered until retry_after.
  miss text check (miss in ('no_cover', 'unreachable')),
  retry_after timestamptz,
  checked_at timestamptz not null default now(),
  -- Either a cover (hash and its size) or a remembered miss, never both and never neither.
  check ((hash is not null and width is not null and height is not null and miss is null and retry_after is null)
         or (hash is null and width is null and height is null and miss is not null and retry_after is not null))
);

-- The resolver only fetches covers of editions in our catalogue; an Open Library cover id is found through
-- the cover URL the importer stored, so that lookup needs its own index.
create index editions_ol_cover_id_idx on public.editions
  ((substring(cover_url from '^https://covers\.openlibrary\.org/b/id/([0-9]{1,12})-[SML]\.jpg$')));
