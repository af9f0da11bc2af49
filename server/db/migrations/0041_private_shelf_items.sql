-- Private reading stays private (issue 13 §3). A reading event shelves on the server (start -> Currently
-- Reading, finish -> Read, finish/dnf -> off Currently Reading); when the event is private, what it does to
-- the shelves is the reader's own. So an item has two views:
--   owner_visible  the reader sees it on their own shelf (get-shelf-items, shelf-counts, edition-shelves);
--   published_at   when it became visible to everyone else (public-shelf, public-profile counts); null while
--                  only the reader knows of it. Public readers see this as the item's added_at, so the time
--                  of the private event does not show either.
-- A private start or finish adds an item with published_at null. A private finish or dnf takes a published
-- Currently Reading item off the owner's view only (owner_visible false): to everyone else the book is still
-- being read, as the public profile's reading list also says. A public event, or the reader adding the book
-- themselves, publishes the item. Every other write (explicit adds, imports, this migration's old rows) makes
-- items seen by both, which the defaults say.
alter table public.shelf_items
  add column owner_visible boolean not null default true,
  add column published_at timestamptz default now();

update public.shelf_items set published_at = added_at;

alter table public.shelf_items
  add constraint shelf_items_seen_by_someone check (owner_visible or published_at is not null);

-- Items the old code put on a built-in shelf for a private start (Currently Reading) or finish (Read): the
-- item went on in the event's own transaction, so the event follows its added_at within moments. They go
-- back to private unless a later public event of the reader on that edition would have published them.
update public.shelf_items si set published_at = null
from public.shelves s
where s.id = si.shelf_id
  and s.slug in ('currently-reading', 'read')
  and exists (
    select 1 from public.reading_progress_events ev
    where ev.user_id = s.user_id and ev.edition_id = si.edition_id and not ev.is_public
      and ev.event_type = case s.slug when 'read' then 'finish' else 'start' end
      and ev.created_at >= si.added_at and ev.created_at < si.added_at + interval '1 minute')
  and not exists (
    select 1 from public.reading_progress_events ev
    where ev.user_id = s.user_id and ev.edition_id = si.edition_id and ev.is_public
      and ev.created_at >= si.added_at
      and ev.event_type = any (case s.slug when 'read' then array['finish']
                                           else array['start', 'progress', 'pause', 'resume'] end));
