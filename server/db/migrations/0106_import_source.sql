-- Issue 25: import-library no longer reads the file in the request. It checks the first line, keeps the
-- file here and queues the job, which reads it off the request path (a worker thread) into import_rows and
-- then clears it. Until then the import stays 'queued' with total 0; a file the job cannot read ends the
-- import 'failed' with the reason, having stored no rows.
alter table public.imports add column source text;
-- Up to 20 MB written once and read once: compressing it would cost more time than the space it saves.
alter table public.imports alter column source set storage external;
