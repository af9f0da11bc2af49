-- Library imports (issue 14). An import is a durable job (jobs.queue kind 'library.import') over the rows
-- stored here: each row keeps the record read from the file and ends matched, created, skipped or failed
-- with a reason. import_changes lists every row the import inserted (and every value it replaced), so
-- undo removes exactly that. import_sources remembers which edition each source row became, so importing
-- the same file again lands on the same books.
create table public.imports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  file_name text not null check (char_length(file_name) between 1 and 255),
  format text not null check (format in ('goodreads', 'storygraph', 'shelfwise')),
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  total integer not null default 0,
  processed integer not null default 0,
  matched integer not null default 0,
  created integer not null default 0,
  skipped integer not null default 0,
  failed integer not null default 0,
  -- A Shelfwise file's shelves, goals and profile, applied once when the rows are done.
  extras jsonb not null default '{}'::jsonb,
  error text check (char_length(error) <= 2000),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  undone_at timestamptz
);
create index imports_user_created_idx on public.imports (user_id, created_at desc);
-- One import at a time per reader: a second is refused by this index, whoever checks first.
create unique index imports_one_active_idx on public.imports (user_id) where state in ('queued', 'running');

create table public.import_rows (
  import_id uuid not null references public.imports (id) on delete cascade,
  row integer not null,
  source_key text not null,
  title text not null,
  author text,
  record jsonb not null,
  outcome text not null default 'pending'
    check (outcome in ('pending', 'matched', 'created', 'skipped', 'failed')),
  reason text,
  -- Not foreign keys: a work may later be merged away by an admin; the report keeps what happened.
  work_id uuid,
  edition_id uuid,
  -- Whether its shelf items have been placed (they are placed together, in the file's shelf order).
  shelved boolean not null default false,
  primary key (import_id, row)
);
create index import_rows_pending_idx on public.import_rows (import_id, row) where outcome = 'pending';
create index import_rows_outcome_idx on public.import_rows (import_id, outcome, row);

create table public.import_changes (
  id bigserial primary key,
  import_id uuid not null references public.imports (id) on delete cascade,
  kind text not null check (kind in ('event', 'review', 'shelf', 'shelf_item', 'work', 'edition', 'author',
                                     'source', 'goal', 'profile')),
  ref jsonb not null
);
create index import_changes_import_idx on public.import_changes (import_id, kind);

create table public.import_sources (
  user_id uuid not null references auth.users (id) on delete cascade,
  source_key text not null,
  edition_id uuid not null,
  work_id uuid not null,
  primary key (user_id, source_key)
);

-- Title matching ("title and first author, normalised, in our catalogue") looks titles up by lower case.
create index works_title_lower_idx on public.works (lower(title));
-- Authors a created book names are looked up by name first, so an import does not duplicate them.
create index authors_name_lower_idx on public.authors (lower(name));
