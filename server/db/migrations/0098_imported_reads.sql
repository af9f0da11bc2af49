-- Which progress events stand for a read an imported Goodreads or StoryGraph file dated (issue 25), as
-- against logs the reader kept. Reading Logs show such a read as one line ("Read, finished May 1, 2023")
-- rather than as empty progress entries, and the repair of 0099 touches only these. A Shelfwise file
-- carries the reader's own logs, so its events stay plain logs. The list of what each import added
-- (import_changes) says which events earlier imports wrote.
alter table public.reading_progress_events add column imported_read boolean not null default false;

update public.reading_progress_events e
set imported_read = true
from public.import_changes c
join public.imports i on i.id = c.import_id
where c.kind = 'event' and i.format in ('goodreads', 'storygraph') and e.id = (c.ref->>'id')::uuid
  and e.user_id = i.user_id;
