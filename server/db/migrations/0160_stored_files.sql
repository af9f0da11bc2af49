-- Issue 30: files every instance sees. With DATABASE_URL the stored files (avatars, the cover cache) live
-- here, so an avatar uploaded through one instance is served by every other, and the files are replicated
-- and backed up with the data. The embedded database keeps its files on local disk (server/storage).
create table public.stored_files (
  -- 'avatars/public/<uuid>.png', 'covers/<hash>-<size>.webp': the same names the disk layout uses.
  path text primary key,
  bytes bytea not null,
  -- What an instance that holds the file in memory compares, so it fetches the bytes only when they changed.
  digest text generated always as (md5(bytes)) stored,
  updated_at timestamptz not null default now()
);
-- The images are already compressed (PNG, WebP): PostgreSQL's own compression would only cost CPU.
alter table public.stored_files alter column bytes set storage external;
