-- Issue 25: import-library no longer reads the file in the request. It checks the first line, keeps the
-- file in parts here and queues the job, which reads it off the request path (a worker thread) into
-- import_rows and then drops the parts. Until then the import stays 'queued' with total 0; a file the job
-- cannot read ends the import 'failed' with the reason, having stored no rows.
-- Parts rather than one value: on PGlite every statement runs on the server's own thread, and writing
-- 20 MB in one statement held it for half a second; a part of 128K characters takes a few milliseconds.
create table public.import_source_parts (
  import_id uuid not null references public.imports (id) on delete cascade,
  part integer not null check (part >= 0),
  content text not null,
  primary key (import_id, part)
);
-- Written once and read once: compressing the text would cost more time than the space it saves.
alter table public.import_source_parts alter column content set storage external;
-- How many parts the kept file has; null once the job has read it (or for imports from before).
alter table public.imports add column source_parts integer check (source_parts >= 0);
