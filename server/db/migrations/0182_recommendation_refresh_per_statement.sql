-- Readers' recommendation refreshes are asked for once per statement, not once per row (issue 28). Migration
-- 0180's row triggers upserted the reader's job row once for every shelf item, reading event and review a
-- statement wrote: a library import or a bulk shelving of thousands of books paid thousands of upserts on one
-- row. As the reading summaries do (migration 0060), each statement now asks once for each reader it
-- touched, from its transition table. A review's rating or moods are edited one review at a time, so that
-- trigger stays per row (a column list cannot go with a transition table).
create function public.recommendation_rows_changed() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'shelf_items' then
    perform public.request_recommendation_refresh(r.user_id)
      from (select distinct s.user_id from changed_rows c join public.shelves s on s.id = c.shelf_id) r;
  else
    perform public.request_recommendation_refresh(r.user_id)
      from (select distinct c.user_id from changed_rows c) r;
  end if;
  return null;
end $$;

drop trigger shelf_items_recommendation_refresh on public.shelf_items;
create trigger shelf_items_added_recommendation_refresh after insert on public.shelf_items
  referencing new table as changed_rows
  for each statement execute function public.recommendation_rows_changed();
create trigger shelf_items_removed_recommendation_refresh after delete on public.shelf_items
  referencing old table as changed_rows
  for each statement execute function public.recommendation_rows_changed();

drop trigger reading_events_recommendation_refresh on public.reading_progress_events;
create trigger reading_events_added_recommendation_refresh after insert on public.reading_progress_events
  referencing new table as changed_rows
  for each statement execute function public.recommendation_rows_changed();
create trigger reading_events_removed_recommendation_refresh after delete on public.reading_progress_events
  referencing old table as changed_rows
  for each statement execute function public.recommendation_rows_changed();

drop trigger reviews_recommendation_refresh on public.reviews;
create trigger reviews_added_recommendation_refresh after insert on public.reviews
  referencing new table as changed_rows
  for each statement execute function public.recommendation_rows_changed();
create trigger reviews_removed_recommendation_refresh after delete on public.reviews
  referencing old table as changed_rows
  for each statement execute function public.recommendation_rows_changed();
create trigger reviews_rated_recommendation_refresh after update of rating, moods
  on public.reviews for each row execute function public.recommendation_activity();
