-- Reading events are read newest first per user (logs, events, stats, streak), per user and edition (the
-- latest event behind the state machine and the dashboard) and per user and work (the work page's
-- "another edition" check). Every such read orders by (created_at, id), id breaking ties, and pages with a
-- (created_at, id) cursor, so the indexes carry id too. They replace the 0004 indexes on the same leading
-- columns, which they make redundant.
create index reading_events_user_created_id_idx
  on public.reading_progress_events (user_id, created_at desc, id desc);
create index reading_events_user_edition_created_id_idx
  on public.reading_progress_events (user_id, edition_id, created_at desc, id desc);
create index reading_events_user_work_created_id_idx
  on public.reading_progress_events (user_id, work_id, created_at desc, id desc);
drop index public.reading_events_user_created_idx;
drop index public.reading_events_user_edition_idx;
