-- Issue 26, the operator's dump load: a work's author_names (the B weight of its search vector, migration
-- 0003) was refreshed by a row trigger on work_authors, so every credited author rewrote the work once more
-- (search vector, trigram text, GIN entries, notifications), even when the names came out the same. A
-- million-work load wrote each work two or three times.
--
-- One definition of the list, used by every writer: the names of the credited authors in credit order
-- (position, then name). It takes credits as parallel arrays (list, author, position) and answers one line
-- per list that has any, so one call does a whole batch (SQL functions are planned on every call: one per
-- row costs more than the update itself), and so a writer that knows a work's credits before it has
-- work_authors rows (the dump loader, which inserts the work first) writes the same text in the work's
-- insert, and the refresh below then finds nothing to change.
create or replace function public.author_name_lists(p_list_ids text[], p_author_ids uuid[], p_positions integer[])
  returns table (list_id text, names text) language sql stable parallel safe as $$
  select c.list_id, string_agg(a.name, ', ' order by c.position, a.name)
  from unnest(p_list_ids, p_author_ids, p_positions) as c(list_id, author_id, position)
  join public.authors a on a.id = c.author_id
  group by c.list_id
$$;

-- The works' author_names from their work_authors rows; a work is written only when its list really
-- changes (an author renamed, a credit added or removed), never to store the same text again.
create or replace function public.refresh_works_author_names(p_work_ids uuid[]) returns void
  language sql as $$
  with credits as (
    select array_agg(wa.work_id::text) as lists, array_agg(wa.author_id) as authors,
           array_agg(wa.position::integer) as positions
    from public.work_authors wa where wa.work_id = any(p_work_ids)
  ), named as (
    -- The arrays go in as scalar arguments: joined laterally, every output row would carry them.
    select l.list_id::uuid as work_id, l.names
    from public.author_name_lists((select lists from credits), (select authors from credits),
                                  (select positions from credits)) l
  )
  update public.works w set author_names = coalesce(n.names, '')
  from unnest(p_work_ids) as t(id) left join named n on n.work_id = t.id
  where w.id = t.id and w.author_names is distinct from coalesce(n.names, '');
$$;

create or replace function public.refresh_work_author_names(p_work_id uuid) returns void language sql as $$
  select public.refresh_works_author_names(array[p_work_id]);
$$;

-- One set-based refresh per statement in place of one per row. Safe: row-level AFTER triggers run at the
-- end of their statement too, in the same transaction, so the works end the statement with exactly the
-- same author_names (the same function computes them) and nothing can observe the difference; the other
-- work_authors triggers (public-read notifications, reading summaries) do not read author_names.
create or replace function public.work_authors_rows_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_works_author_names(array(select distinct work_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_works_author_names(array(select distinct work_id from old_rows));
  else
    perform public.refresh_works_author_names(
      array(select work_id from new_rows union select work_id from old_rows));
  end if;
  return null;
end $$;

drop trigger if exists work_authors_changed on public.work_authors;
create trigger work_authors_names_insert after insert on public.work_authors
  referencing new table as new_rows for each statement execute function public.work_authors_rows_changed();
create trigger work_authors_names_delete after delete on public.work_authors
  referencing old table as old_rows for each statement execute function public.work_authors_rows_changed();
create trigger work_authors_names_update after update on public.work_authors
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.work_authors_rows_changed();

-- A renamed author: all their works in one statement.
create or replace function public.author_renamed() returns trigger language plpgsql as $$
begin
  perform public.refresh_works_author_names(
    array(select wa.work_id from public.work_authors wa where wa.author_id = new.id));
  return null;
end $$;
