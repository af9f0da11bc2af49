-- Issue 27: what each reader did that their followers may see, one row per line of Friends Activity, kept
-- by triggers in the source write's own transaction (docs/community.md). The feed is read by fan-in: the
-- followed readers' rows by (user_id, created_at), so a reader's own log is written once, never per
-- follower. Rows hold references, not copies: titles, ratings and headlines are read from their sources,
-- and a row goes when its source goes (foreign keys) or stops being public (is_public follows it).
--   start, finish, dnf  a reading event of that type that the reader logged (not one an import wrote)
--   review              a review written (an imported one is not a line: the import is)
--   shelved            books added to one shelf within one hour: one line however many ("added 12 books")
--   goal               the reader's public finishes of a year reached their yearly books goal
--   import             a library import that finished with books in it
create table public.activities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('start', 'finish', 'dnf', 'review', 'shelved', 'goal', 'import')),
  created_at timestamptz not null,
  is_public boolean not null default true,
  event_id uuid unique references public.reading_progress_events (id) on delete cascade,
  review_id uuid unique references public.reviews (id) on delete cascade,
  shelf_id uuid references public.shelves (id) on delete cascade,
  burst_hour timestamptz,
  -- The shelved burst's editions, oldest first.
  edition_ids uuid[],
  import_id uuid unique references public.imports (id) on delete cascade,
  goal_year smallint,
  goal_target integer,
  book_count integer,
  unique (shelf_id, burst_hour),
  unique (user_id, goal_year)
);
-- The feed's one access path: a followed reader's lines, newest first (private ones are few, and are
-- passed over by the visibility rule). is_public is carried in the index, so the fan-in over hundreds of
-- followed readers reads the index alone and visits rows only for the page it keeps.
create index activities_user_created_idx on public.activities (user_id, created_at desc, id desc)
  include (is_public);

-- "Readers you may like" finds who else finished a book (server/features/social/suggestions.ts).
create index reading_events_work_finish_idx on public.reading_progress_events (work_id, user_id)
  where event_type = 'finish' and is_public;

-- The 'books' goal of the event's year is reached by public finishes alone (a private finish must not
-- show through the goal's line): add the line when it is, drop it when it no longer is.
create function public.activities_check_goal(reader uuid, at timestamptz) returns void language plpgsql as $$
declare
  yr integer := extract(year from at at time zone 'UTC');
  target integer;
  done integer;
  reached_at timestamptz;
begin
  select g.target_qty into target from public.reading_goals g
  where g.user_id = reader and g.goal_year = yr and g.goal_type = 'books';
  select count(distinct e.work_id), max(e.created_at) into done, reached_at
  from public.reading_progress_events e
  where e.user_id = reader and e.event_type = 'finish' and e.is_public and not e.imported_read
    and e.created_at >= make_timestamptz(yr, 1, 1, 0, 0, 0, 'UTC')
    and e.created_at < make_timestamptz(yr + 1, 1, 1, 0, 0, 0, 'UTC');
  if target is not null and done >= target then
    -- Stated a microsecond after the finish that reached it, so the feed lists it above that finish.
    insert into public.activities (user_id, kind, created_at, goal_year, goal_target)
    values (reader, 'goal', reached_at + interval '1 microsecond', yr, target)
    on conflict (user_id, goal_year) do nothing;
  else
    delete from public.activities a where a.user_id = reader and a.goal_year = yr;
  end if;
end $$;

create function public.activities_reading_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.event_type in ('start', 'finish', 'dnf') and not new.imported_read then
      insert into public.activities (user_id, kind, created_at, is_public, event_id)
      values (new.user_id, new.event_type, new.created_at, new.is_public, new.id);
    end if;
  elsif tg_op = 'UPDATE' then
    update public.activities set is_public = new.is_public, created_at = new.created_at
    where event_id = new.id and (is_public, created_at) is distinct from (new.is_public, new.created_at);
  end if;
  if (tg_op <> 'DELETE' and new.event_type = 'finish') then
    perform public.activities_check_goal(new.user_id, new.created_at);
  end if;
  if (tg_op <> 'INSERT' and old.event_type = 'finish') then
    perform public.activities_check_goal(old.user_id, old.created_at);
  end if;
  return null;
end $$;

create trigger reading_events_activities after insert or delete or update of is_public, created_at, event_type
  on public.reading_progress_events
  for each row execute function public.activities_reading_event();

create function public.activities_goal_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.goal_type = 'books' then
    perform public.activities_check_goal(old.user_id, make_timestamptz(old.goal_year, 6, 1, 0, 0, 0, 'UTC'));
  end if;
  if tg_op <> 'DELETE' and new.goal_type = 'books' then
    -- A target moved: the line says the target it reached, so it is made again.
    delete from public.activities a where a.user_id = new.user_id and a.goal_year = new.goal_year
      and a.goal_target is distinct from new.target_qty;
    perform public.activities_check_goal(new.user_id, make_timestamptz(new.goal_year, 6, 1, 0, 0, 0, 'UTC'));
  end if;
  return null;
end $$;

create trigger reading_goals_activities after insert or delete or update on public.reading_goals
  for each row execute function public.activities_goal_changed();

create function public.activities_review_added() returns trigger language plpgsql as $$
begin
  insert into public.activities (user_id, kind, created_at, review_id)
  values (new.user_id, 'review', new.created_at, new.id);
  return null;
end $$;

create trigger reviews_activities after insert on public.reviews
  for each row execute function public.activities_review_added();

-- Adds to the shelves a reader fills by hand. Currently Reading and Read follow reading events, which have
-- lines of their own; an item private readers cannot see (published_at null) is no one's line.
create function public.activities_shelf_item() returns trigger language plpgsql as $$
declare
  reader uuid;
begin
  if tg_op <> 'INSERT' and old.published_at is not null then
    update public.activities set edition_ids = array_remove(edition_ids, old.edition_id),
                                 book_count = book_count - 1
    where shelf_id = old.shelf_id and old.edition_id = any (edition_ids);
    delete from public.activities where shelf_id = old.shelf_id and book_count <= 0;
  end if;
  if tg_op <> 'DELETE' and new.published_at is not null then
    select s.user_id into reader from public.shelves s
    where s.id = new.shelf_id and (s.slug is null or s.slug not in ('currently-reading', 'read'));
    if reader is not null then
      insert into public.activities (user_id, kind, created_at, shelf_id, burst_hour, edition_ids, book_count)
      values (reader, 'shelved', new.published_at, new.shelf_id, date_trunc('hour', new.published_at),
              array[new.edition_id], 1)
      on conflict (shelf_id, burst_hour) do update
        set edition_ids = public.activities.edition_ids || excluded.edition_ids,
            book_count = public.activities.book_count + 1,
            created_at = greatest(public.activities.created_at, excluded.created_at);
    end if;
  end if;
  return null;
end $$;

create trigger shelf_items_activities after insert or delete or update of published_at, edition_id, shelf_id
  on public.shelf_items
  for each row execute function public.activities_shelf_item();

-- What an import adds is its one line, not one line per book: the rows it lists as its own drop theirs
-- (in the same transaction as the write, so no follower ever sees them).
create function public.activities_import_change() returns trigger language plpgsql as $$
begin
  if new.kind = 'event' then
    delete from public.activities where event_id = (new.ref ->> 'id')::uuid;
  elsif new.kind = 'review' then
    delete from public.activities where review_id = (new.ref ->> 'id')::uuid;
  elsif new.kind = 'shelf_item' then
    update public.activities set edition_ids = array_remove(edition_ids, (new.ref ->> 'edition_id')::uuid),
                                 book_count = book_count - 1
    where shelf_id = (new.ref ->> 'shelf_id')::uuid and (new.ref ->> 'edition_id')::uuid = any (edition_ids);
    delete from public.activities where shelf_id = (new.ref ->> 'shelf_id')::uuid and book_count <= 0;
  end if;
  return null;
end $$;

create trigger import_changes_activities after insert on public.import_changes
  for each row when (new.kind in ('event', 'review', 'shelf_item'))
  execute function public.activities_import_change();

create function public.activities_import_state() returns trigger language plpgsql as $$
begin
  if new.undone_at is not null then
    delete from public.activities where import_id = new.id;
  elsif new.state = 'done' and old.state <> 'done' and new.matched + new.created > 0 then
    insert into public.activities (user_id, kind, created_at, import_id, book_count)
    values (new.user_id, 'import', coalesce(new.finished_at, now()), new.id, new.matched + new.created)
    on conflict (import_id) do nothing;
  end if;
  return null;
end $$;

create trigger imports_activities after update of state, undone_at on public.imports
  for each row execute function public.activities_import_state();

-- Lines for what readers did before this migration, so following someone shows their recent reading at once.
insert into public.activities (user_id, kind, created_at, is_public, event_id)
select e.user_id, e.event_type, e.created_at, e.is_public, e.id
from public.reading_progress_events e
where e.event_type in ('start', 'finish', 'dnf') and not e.imported_read
  and not exists (select 1 from public.import_changes c where c.kind = 'event' and c.ref ->> 'id' = e.id::text);
insert into public.activities (user_id, kind, created_at, review_id)
select r.user_id, 'review', r.created_at, r.id
from public.reviews r
where not exists (select 1 from public.import_changes c where c.kind = 'review' and c.ref ->> 'id' = r.id::text);
