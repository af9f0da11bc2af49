-- Shelving lines follow each statement, not each row (issue 27's burst lines, found slow by the shelf-limit
-- test). Migration 0121's row triggers appended one edition at a time to the burst line's edition list, and
-- an import dropped its books from that list one at a time: a statement that shelved n books in one hour
-- rewrote a growing array n times (quadratic: 10,000 books took over 30 s). Each statement now folds the rows
-- it changed into each burst once. What a line says is unchanged: one line per shelf and hour, the books
-- shelved there in the order they came, counted; a book taken off (or listed by an import, whose books have
-- the import's one line) leaves every line of its shelf, and a line left empty goes.

/** Takes the given books off their shelves' burst lines; pairs by position (item_shelves[i], item_editions[i]). */
create function public.activities_unshelve(item_shelves uuid[], item_editions uuid[]) returns void
language plpgsql as $$
begin
  with gone as (
    select distinct g.shelf_id, g.edition_id from unnest(item_shelves, item_editions) as g (shelf_id, edition_id)
  ), kept as (
    select a.id, coalesce(array_agg(u.edition_id order by u.ord)
                            filter (where not exists (select 1 from gone g
                                                      where g.shelf_id = a.shelf_id
                                                        and g.edition_id = u.edition_id)),
                          '{}') as edition_ids
    from public.activities a
    cross join lateral unnest(a.edition_ids) with ordinality as u (edition_id, ord)
    where a.kind = 'shelved' and a.shelf_id in (select shelf_id from gone)
    group by a.id
  )
  update public.activities a
  set edition_ids = k.edition_ids,
      book_count = a.book_count - (cardinality(a.edition_ids) - cardinality(k.edition_ids))
  from kept k
  where a.id = k.id and cardinality(k.edition_ids) < cardinality(a.edition_ids);

  delete from public.activities
  where kind = 'shelved' and book_count <= 0 and shelf_id = any (item_shelves);
end $$;

/**
 * Adds the given visible shelf items to their shelves' burst lines (one per shelf and hour of publication).
 * Currently Reading and Read follow reading events, which have lines of their own.
 */
create function public.activities_shelve(item_shelves uuid[], item_editions uuid[], item_published timestamptz[])
returns void language plpgsql as $$
begin
  insert into public.activities (user_id, kind, created_at, shelf_id, burst_hour, edition_ids, book_count)
  select s.user_id, 'shelved', max(n.published_at), n.shelf_id, date_trunc('hour', n.published_at),
         array_agg(n.edition_id order by n.ord), count(*)
  from unnest(item_shelves, item_editions, item_published) with ordinality as n (shelf_id, edition_id, published_at, ord)
  join public.shelves s on s.id = n.shelf_id and (s.slug is null or s.slug not in ('currently-reading', 'read'))
  group by s.user_id, n.shelf_id, date_trunc('hour', n.published_at)
  on conflict (shelf_id, burst_hour) do update
    set edition_ids = public.activities.edition_ids || excluded.edition_ids,
        book_count = public.activities.book_count + excluded.book_count,
        created_at = greatest(public.activities.created_at, excluded.created_at);
end $$;

-- An item private readers cannot see (published_at null) is no one's line. Books come to a line in the order
-- they were published, then in shelf order. An update counts only the rows whose shelf, book or publication
-- changed (a reorder changes none of them).
create function public.activities_shelf_items_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform public.activities_shelve(array_agg(shelf_id order by published_at, sort_key),
                                     array_agg(edition_id order by published_at, sort_key),
                                     array_agg(published_at order by published_at, sort_key))
    from added_items where published_at is not null having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform public.activities_unshelve(array_agg(shelf_id), array_agg(edition_id))
    from removed_items where published_at is not null having count(*) > 0;
  else
    perform public.activities_unshelve(array_agg(shelf_id), array_agg(edition_id))
    from (select shelf_id, edition_id, published_at from removed_items where published_at is not null
          except
          select shelf_id, edition_id, published_at from added_items) changed
    having count(*) > 0;
    perform public.activities_shelve(array_agg(n.shelf_id order by n.published_at, n.sort_key),
                                     array_agg(n.edition_id order by n.published_at, n.sort_key),
                                     array_agg(n.published_at order by n.published_at, n.sort_key))
    from (select shelf_id, edition_id, published_at from added_items where published_at is not null
          except
          select shelf_id, edition_id, published_at from removed_items) changed
    join added_items n using (shelf_id, edition_id)
    having count(*) > 0;
  end if;
  return null;
end $$;

drop trigger shelf_items_activities on public.shelf_items;
drop function public.activities_shelf_item();
create trigger shelf_items_added_activities after insert on public.shelf_items
  referencing new table as added_items
  for each statement execute function public.activities_shelf_items_changed();
create trigger shelf_items_removed_activities after delete on public.shelf_items
  referencing old table as removed_items
  for each statement execute function public.activities_shelf_items_changed();
create trigger shelf_items_changed_activities after update on public.shelf_items
  referencing old table as removed_items new table as added_items
  for each statement execute function public.activities_shelf_items_changed();

-- What an import adds is its one line, not one line per book: the rows it lists as its own drop theirs, in
-- the same transaction as the write, so no follower ever sees them.
create function public.activities_import_changes_added() returns trigger language plpgsql as $$
begin
  delete from public.activities
  where event_id in (select (ref ->> 'id')::uuid from added_changes where kind = 'event');
  delete from public.activities
  where review_id in (select (ref ->> 'id')::uuid from added_changes where kind = 'review');
  perform public.activities_unshelve(array_agg((ref ->> 'shelf_id')::uuid), array_agg((ref ->> 'edition_id')::uuid))
  from added_changes where kind = 'shelf_item' having count(*) > 0;
  return null;
end $$;

drop trigger import_changes_activities on public.import_changes;
drop function public.activities_import_change();
create trigger import_changes_activities after insert on public.import_changes
  referencing new table as added_changes
  for each statement execute function public.activities_import_changes_added();
