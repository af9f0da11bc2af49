-- Repair what Goodreads and StoryGraph imports stored before they recorded only what the file says
-- (issue 25). Only rows an import added (its import_changes list) are touched, and of those only the ones
-- the reader has not edited since (updated_at still equals created_at: every edit moves updated_at).

-- 1. Reviews: the form's defaults (tone 3, pace 2, story focus 3) were stored as if the reader had voted.
--    A Goodreads file has none of the three, so a Goodreads review with exactly the defaults gets all
--    three emptied; a StoryGraph file has no tone, so its default tone is emptied (its pace and focus may
--    be the file's own and are kept).
update public.reviews r
set tone_q = null, pace_q = null, story_focus_q = null
from public.import_changes c
join public.imports i on i.id = c.import_id
where c.kind = 'review' and i.format = 'goodreads' and r.id = (c.ref->>'id')::uuid and r.user_id = i.user_id
  and r.updated_at = r.created_at and r.tone_q = 3 and r.pace_q = 2 and r.story_focus_q = 3;

update public.reviews r
set tone_q = null
from public.import_changes c
join public.imports i on i.id = c.import_id
where c.kind = 'review' and i.format = 'storygraph' and r.id = (c.ref->>'id')::uuid and r.user_id = i.user_id
  and r.updated_at = r.created_at and r.tone_q = 3;

-- 2. Starts invented on the day of a Goodreads finish: Goodreads dates only the end of a read, and the
--    importer wrote a start at noon of that day and the finish (or dnf) one minute later. A start of a
--    Goodreads import whose very next event on the edition is its own end, exactly a minute later, is
--    such a start (a current read's start, on the day the book was shelved, is left: it says the book is
--    being read). The import's list forgets it too, so undo has nothing stale.
with invented as (
  select s.id
  from public.import_changes c
  join public.imports i on i.id = c.import_id
  join public.reading_progress_events s on s.id = (c.ref->>'id')::uuid and s.user_id = i.user_id
  where c.kind = 'event' and i.format = 'goodreads' and s.event_type = 'start' and s.imported_read
    and s.updated_at = s.created_at and s.journal_md is null
    and exists (
      select 1 from (
        select n.event_type, n.created_at, n.imported_read from public.reading_progress_events n
        where n.user_id = s.user_id and n.edition_id = s.edition_id and (n.created_at, n.id) > (s.created_at, s.id)
        order by n.created_at, n.id limit 1
      ) n
      where n.imported_read and n.event_type in ('finish', 'dnf')
        and n.created_at = s.created_at + interval '1 minute')
), removed as (
  delete from public.reading_progress_events e using invented where e.id = invented.id returning e.id
)
delete from public.import_changes c using removed
where c.kind = 'event' and c.ref->>'id' = removed.id::text;

-- 3. Pages claimed on imported finishes: the file says a book was read, not which pages on which day, so
--    the whole book on the finish day made Stats say hundreds of pages a day, and Reading Logs show
--    'Pages ?-N'. An imported finish with only that end page (as the importer wrote it) loses it.
update public.reading_progress_events e
set end_page = null
where e.imported_read and e.event_type = 'finish' and e.end_page is not null and e.start_page is null
  and e.start_percent is null and e.end_percent is null and e.journal_md is null
  and e.updated_at = e.created_at;
