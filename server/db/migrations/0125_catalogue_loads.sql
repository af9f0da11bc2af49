-- Issue 26, a full catalogue for operators: `npm run catalogue -- load-openlibrary` loads Open Library's
-- dumps. Each record carries its revision, kept beside the row it became, so a re-run updates a row only
-- when the dump holds a newer revision of it (and otherwise changes nothing). Null: the row was not written
-- from a dump (the demo seed, a pick, a reader), so the next dump record for its key is newer by definition.
alter table public.authors add column if not exists ol_revision integer;
alter table public.works add column if not exists ol_revision integer;
alter table public.editions add column if not exists ol_revision integer;

-- Where a load stands, so a killed load resumes at its last committed batch. One row per step of the load
-- (match, authors, works, editions); `files` names the dump files (path, size, modification time), so a
-- checkpoint of other files is never taken for this load's. The loader removes the rows when it finishes.
create table if not exists public.catalogue_load_checkpoints (
  step text primary key check (step in ('match', 'authors', 'works', 'editions')),
  files text not null,
  lines_done bigint not null check (lines_done >= 0),
  done boolean not null default false,
  updated_at timestamptz not null default now()
);
