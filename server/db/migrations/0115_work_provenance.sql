-- Issue 26, "a catalogue readers can trust": every work and edition records where it came from, and a work
-- a reader made (from an import row, or typed in) is unverified until an admin approves it or merges it
-- into another work, or Open Library matches it. Unverified works are shown to their maker (and admins)
-- only; what decides that is server/features/catalogue/visibility.ts, and search, author pages and import
-- matching filter on `verified` below.
--   provenance  'openlibrary' (it carries an Open Library key), 'operator' (a bulk load; the demo seed),
--               'admin', 'reader'
--   verified    false only for a reader's work nobody has vouched for yet
--   created_by  the reader who made it (null once their account is gone: then no reader sees it)
alter table public.works
  add column if not exists provenance text
    check (provenance in ('openlibrary', 'operator', 'admin', 'reader')),
  add column if not exists verified boolean not null default true,
  add column if not exists created_by uuid references auth.users (id) on delete set null;
alter table public.editions
  add column if not exists provenance text
    check (provenance in ('openlibrary', 'operator', 'admin', 'reader')),
  add column if not exists created_by uuid references auth.users (id) on delete set null;

-- Rows written so far. Works an import created are the ones its rows report as 'created' (the import's own
-- change list names the same rows); their maker is the import's reader. An Open Library key means Open
-- Library; everything else came from the operator's loads (the demo seed) and stays verified.
with made as (
  select distinct on (r.work_id) r.work_id, i.user_id
  from public.import_rows r join public.imports i on i.id = r.import_id
  where r.outcome = 'created' and r.work_id is not null
  order by r.work_id, i.created_at
)
update public.works w
set provenance = 'reader', verified = false,
    created_by = (select u.id from auth.users u where u.id = made.user_id)
from made
where w.id = made.work_id and w.ol_key is null and w.provenance is null;
with made as (
  select distinct on (r.edition_id) r.edition_id, i.user_id
  from public.import_rows r join public.imports i on i.id = r.import_id
  where r.outcome = 'created' and r.edition_id is not null
  order by r.edition_id, i.created_at
)
update public.editions e
set provenance = 'reader', created_by = (select u.id from auth.users u where u.id = made.user_id)
from made
where e.id = made.edition_id and e.ol_key is null and e.provenance is null;
update public.works set provenance = case when ol_key is not null then 'openlibrary' else 'operator' end
where provenance is null;
update public.editions set provenance = case when ol_key is not null then 'openlibrary' else 'operator' end
where provenance is null;

-- Enforced here, whoever writes: an insert that names no provenance gets Open Library's when it carries a
-- key (an Open Library pick, the ISBN lookup) and the operator's otherwise; a reader's work starts
-- unverified unless it carries a key; a reader's work that is given an Open Library key (the lazy
-- enrichment, a later lookup) is thereby matched and verified.
create or replace function public.works_provenance() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.provenance := coalesce(new.provenance,
                               case when new.ol_key is not null then 'openlibrary' else 'operator' end);
    if new.provenance = 'reader' and new.ol_key is not null then new.provenance := 'openlibrary'; end if;
    new.verified := new.provenance <> 'reader';
  elsif new.ol_key is not null and old.ol_key is null and not new.verified then
    new.provenance := 'openlibrary';
    new.verified := true;
  end if;
  return new;
end $$;
drop trigger if exists works_provenance on public.works;
create trigger works_provenance before insert or update of ol_key on public.works
  for each row execute function public.works_provenance();

create or replace function public.editions_provenance() returns trigger language plpgsql as $$
begin
  new.provenance := coalesce(new.provenance,
                             case when new.ol_key is not null then 'openlibrary' else 'operator' end);
  return new;
end $$;
drop trigger if exists editions_provenance on public.editions;
create trigger editions_provenance before insert on public.editions
  for each row execute function public.editions_provenance();

alter table public.works alter column provenance set not null;
alter table public.editions alter column provenance set not null;

-- A work approved (or hidden again) changes what searches match: announce it like a retitle (migration 0096).
-- Its own answers (w:<id>) are announced by the works trigger of migration 0095 on any update.
drop trigger if exists works_search_visibility on public.works;
create trigger works_search_visibility after update of verified on public.works
  for each statement execute function public.search_results_changed();

-- The admin list: unverified works, newest first.
create index if not exists works_unverified_idx on public.works (created_at desc, id) where not verified;
-- A reader's own unverified works, for their import matching.
create index if not exists works_created_by_idx on public.works (created_by) where created_by is not null;
