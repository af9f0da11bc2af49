-- Issue 30: each instance holds the stored files it served last in memory (server/storage/held-files.ts) and
-- drops one when the database announces that it changed, on a channel of its own, as the public read cache
-- does for answers (migration 0095). An instance that hears the announcements serves a held avatar without
-- asking the database; one that does not (its LISTEN is down) asks for the file's digest every time.
-- Notifications are sent at commit, so a rolled-back write drops nothing.
create function public.stored_files_announce() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('sf_stored_files', '*');
    return null;
  end if;
  if tg_op <> 'INSERT' then perform pg_notify('sf_stored_files', old.path); end if;
  if tg_op <> 'DELETE' then perform pg_notify('sf_stored_files', new.path); end if;
  return null;
end $$;

create trigger stored_files_announced after insert or update or delete on public.stored_files
  for each row execute function public.stored_files_announce();
create trigger stored_files_truncated after truncate on public.stored_files
  for each statement execute function public.stored_files_announce();
