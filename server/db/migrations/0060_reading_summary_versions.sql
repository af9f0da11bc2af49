-- Stats, goals, the streak and the reading insights (issue 15) are computed from everything a reader ever
-- logged, so the server keeps each reader's computed figures (server/features/insights/summary-cache.ts)
-- and recomputes them only when something they read has changed. What changed is told by a version per
-- reader, bumped by the triggers below in the same transaction as the write, whoever writes: a logged,
-- edited or deleted event, a library import's past-dated events, an admin merge moving events, the reader's
-- own reviews and goals, and catalogue edits of the books the reader has events on (page counts, titles,
-- covers, genres, authors). A cached figure is used only while the version it was computed at is current.
-- No foreign key to auth.users: deleting an account deletes its events, which bumps its version within the
-- same cascade. A statement-level trigger bumps each reader once per statement, however many rows it wrote.
create table public.reading_summary_versions (
  user_id uuid primary key,
  version bigint not null default 1
);

create function public.bump_reading_summaries(readers uuid[]) returns void language sql as $$
  insert into public.reading_summary_versions (user_id)
  select distinct r from unnest(readers) as r where r is not null order by r
  on conflict (user_id) do update set version = public.reading_summary_versions.version + 1
$$;

-- Tables with a user_id column: the readers of the changed rows, old and new.
create function public.reading_summaries_rows_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform public.bump_reading_summaries(array(select user_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.bump_reading_summaries(array(select user_id from old_rows));
  else
    perform public.bump_reading_summaries(
      array(select user_id from new_rows union select user_id from old_rows));
  end if;
  return null;
end $$;

create trigger reading_events_summary_insert after insert on public.reading_progress_events
  referencing new table as new_rows for each statement execute function public.reading_summaries_rows_changed();
create trigger reading_events_summary_update after update on public.reading_progress_events
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_rows_changed();
create trigger reading_events_summary_delete after delete on public.reading_progress_events
  referencing old table as old_rows for each statement execute function public.reading_summaries_rows_changed();

create trigger reviews_summary_insert after insert on public.reviews
  referencing new table as new_rows for each statement execute function public.reading_summaries_rows_changed();
create trigger reviews_summary_update after update on public.reviews
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_rows_changed();
create trigger reviews_summary_delete after delete on public.reviews
  referencing old table as old_rows for each statement execute function public.reading_summaries_rows_changed();

create trigger reading_goals_summary_insert after insert on public.reading_goals
  referencing new table as new_rows for each statement execute function public.reading_summaries_rows_changed();
create trigger reading_goals_summary_update after update on public.reading_goals
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_rows_changed();
create trigger reading_goals_summary_delete after delete on public.reading_goals
  referencing old table as old_rows for each statement execute function public.reading_summaries_rows_changed();

-- Catalogue edits: the readers with events on the changed editions or works.
create function public.reading_summaries_editions_changed() returns trigger language plpgsql as $$
begin
  perform public.bump_reading_summaries(array(
    select e.user_id from new_rows n join old_rows o on o.id = n.id
    join public.reading_progress_events e on e.edition_id = n.id
    where (n.page_count, n.cover_url, n.isbn, n.title) is distinct from (o.page_count, o.cover_url, o.isbn, o.title)));
  return null;
end $$;
create trigger editions_summary_update after update on public.editions
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_editions_changed();

create function public.reading_summaries_works_changed() returns trigger language plpgsql as $$
begin
  perform public.bump_reading_summaries(array(
    select e.user_id from new_rows n join old_rows o on o.id = n.id
    join public.reading_progress_events e on e.work_id = n.id
    where n.title is distinct from o.title));
  return null;
end $$;
create trigger works_summary_update after update on public.works
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_works_changed();

-- work_genres and work_authors: the readers of the works whose genres or credits changed.
create function public.reading_summaries_work_links_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform public.bump_reading_summaries(array(
      select e.user_id from new_rows n join public.reading_progress_events e on e.work_id = n.work_id));
  elsif tg_op = 'DELETE' then
    perform public.bump_reading_summaries(array(
      select e.user_id from old_rows o join public.reading_progress_events e on e.work_id = o.work_id));
  else
    perform public.bump_reading_summaries(array(
      select e.user_id from (select work_id from new_rows union select work_id from old_rows) w
      join public.reading_progress_events e on e.work_id = w.work_id));
  end if;
  return null;
end $$;
create trigger work_genres_summary_insert after insert on public.work_genres
  referencing new table as new_rows for each statement execute function public.reading_summaries_work_links_changed();
create trigger work_genres_summary_delete after delete on public.work_genres
  referencing old table as old_rows for each statement execute function public.reading_summaries_work_links_changed();
create trigger work_genres_summary_update after update on public.work_genres
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_work_links_changed();
create trigger work_authors_summary_insert after insert on public.work_authors
  referencing new table as new_rows for each statement execute function public.reading_summaries_work_links_changed();
create trigger work_authors_summary_delete after delete on public.work_authors
  referencing old table as old_rows for each statement execute function public.reading_summaries_work_links_changed();
create trigger work_authors_summary_update after update on public.work_authors
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_work_links_changed();

-- A renamed genre or author: the readers of its works.
create function public.reading_summaries_names_changed() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'genres' then
    perform public.bump_reading_summaries(array(
      select e.user_id from new_rows n join old_rows o on o.id = n.id
      join public.work_genres wg on wg.genre_id = n.id
      join public.reading_progress_events e on e.work_id = wg.work_id
      where n.name is distinct from o.name));
  else
    perform public.bump_reading_summaries(array(
      select e.user_id from new_rows n join old_rows o on o.id = n.id
      join public.work_authors wa on wa.author_id = n.id
      join public.reading_progress_events e on e.work_id = wa.work_id
      where n.name is distinct from o.name));
  end if;
  return null;
end $$;
create trigger genres_summary_update after update on public.genres
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_names_changed();
create trigger authors_summary_update after update on public.authors
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reading_summaries_names_changed();
