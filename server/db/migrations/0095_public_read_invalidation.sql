-- Issue 19: each server instance keeps the answers of the public reads (work-details, work-reviews,
-- public-profile, public-shelf) in memory (server/cache). Whoever changes a row those answers are built
-- from (a handler, an admin, an import job, a trigger, plain SQL) tells every instance which answers to
-- drop, through NOTIFY on one channel, with a tag naming what changed:
--   w:<work id>     the work row, its authors list, its reviews (and so its rating)
--   e:<edition id>  the edition row and its authors list
--   a:<author id>   the author's name
--   u:<user id>     the account's public face: profile, confirmation, shelves and their public items,
--                   public reading events, reviews written
--   *               everything (a table was truncated)
-- A cached answer carries the tags of every row it shows (server/cache/public-read-tags.ts). Notifications
-- are sent at commit, so a rolled-back change drops nothing, and one transaction's repeats of a tag are sent
-- once. Rows nobody can see in those answers (private shelf items, private reading events) notify nothing.

-- A row's tags come from its own key columns, named per table below: reading only those columns, not the
-- whole row, keeps the trigger cheap on hot writes (every review updates its work's rating).
-- Both the old and the new row notify, so a row moved to another work (a merge) drops both works' answers.
create function public.public_reads_notify(tag text, old_tag text) returns void language plpgsql as $$
begin
  if old_tag is not null then perform pg_notify('sf_public_reads', old_tag); end if;
  if tag is not null and tag is distinct from old_tag then perform pg_notify('sf_public_reads', tag); end if;
end $$;

-- The table's own id: works (w:), editions (e:), authors (a:), profiles and auth.users (u:).
create function public.public_reads_by_id() returns trigger language plpgsql as $$
begin
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then tg_argv[0] || new.id end,
    case when tg_op <> 'INSERT' then tg_argv[0] || old.id end);
  return null;
end $$;

create function public.public_reads_by_work() returns trigger language plpgsql as $$
begin
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'w:' || new.work_id end,
    case when tg_op <> 'INSERT' then 'w:' || old.work_id end);
  return null;
end $$;

create function public.public_reads_by_edition() returns trigger language plpgsql as $$
begin
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'e:' || new.edition_id end,
    case when tg_op <> 'INSERT' then 'e:' || old.edition_id end);
  return null;
end $$;

create function public.public_reads_by_user() returns trigger language plpgsql as $$
begin
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'u:' || new.user_id end,
    case when tg_op <> 'INSERT' then 'u:' || old.user_id end);
  return null;
end $$;

-- A review shows on its work's answers and on its reviewer's.
create function public.public_reads_review_changed() returns trigger language plpgsql as $$
begin
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'w:' || new.work_id end,
    case when tg_op <> 'INSERT' then 'w:' || old.work_id end);
  perform public.public_reads_notify(
    case when tg_op <> 'DELETE' then 'u:' || new.user_id end,
    case when tg_op <> 'INSERT' then 'u:' || old.user_id end);
  return null;
end $$;

-- A shelf item names its shelf, not the shelf's owner, whose public answers it shows in. Only items others
-- can see (a published_at) are in public answers. The row is read through to_jsonb so that no column is
-- named where PostgreSQL would record a dependency on it; a row without published_at (the table before
-- migration 0041, when every item was public) counts as public.
create function public.public_reads_shelf_item_changed() returns trigger language plpgsql as $$
declare
  item jsonb;
begin
  foreach item in array array[
    case when tg_op <> 'INSERT' then to_jsonb(old) end,
    case when tg_op <> 'DELETE' then to_jsonb(new) end
  ] loop
    continue when item is null or (item ? 'published_at' and item ->> 'published_at' is null);
    perform pg_notify('sf_public_reads', 'u:' || s.user_id)
    from public.shelves s
    where s.id = (item ->> 'shelf_id')::uuid;
  end loop;
  return null;
end $$;

create function public.public_reads_truncated() returns trigger language plpgsql as $$
begin
  perform pg_notify('sf_public_reads', '*');
  return null;
end $$;

-- Catalogue. A new work, edition or author is in no cached answer yet, so only changes and deletes count.
create trigger works_public_reads after update or delete on public.works
  for each row execute function public.public_reads_by_id('w:');
create trigger editions_public_reads after update or delete on public.editions
  for each row execute function public.public_reads_by_id('e:');
create trigger authors_public_reads after update or delete on public.authors
  for each row execute function public.public_reads_by_id('a:');
create trigger work_authors_public_reads after insert or update or delete on public.work_authors
  for each row execute function public.public_reads_by_work();
create trigger edition_authors_public_reads after insert or update or delete on public.edition_authors
  for each row execute function public.public_reads_by_edition();

-- Reviews: the work's review list and rating, and the reviewer's profile figures and shelf ratings.
create trigger reviews_public_reads after insert or update or delete on public.reviews
  for each row execute function public.public_reads_review_changed();

-- Accounts: what a public profile, a review's byline and a public shelf's header show, and whether the
-- account is public at all (a confirmed e-mail or an OAuth identity, profiles/public-account.ts).
create trigger profiles_public_reads_insert_delete after insert or delete on public.profiles
  for each row execute function public.public_reads_by_id('u:');
create trigger profiles_public_reads_update after update on public.profiles
  for each row when ((old.id, old.username, old.first_name, old.last_name, old.avatar_url)
                     is distinct from (new.id, new.username, new.first_name, new.last_name, new.avatar_url))
  execute function public.public_reads_by_id('u:');
create trigger users_public_reads_insert_delete after insert or delete on auth.users
  for each row execute function public.public_reads_by_id('u:');
create trigger users_public_reads_update after update on auth.users
  for each row when (old.email_confirmed_at is distinct from new.email_confirmed_at or old.id <> new.id)
  execute function public.public_reads_by_id('u:');
create trigger identities_public_reads_insert_delete after insert or delete on auth.identities
  for each row execute function public.public_reads_by_user();
create trigger identities_public_reads_update after update on auth.identities
  for each row when (old.provider is distinct from new.provider or old.user_id <> new.user_id)
  execute function public.public_reads_by_user();

-- Shelves are listed on the profile, with their public items.
create trigger shelves_public_reads after insert or update or delete on public.shelves
  for each row execute function public.public_reads_by_user();
create trigger shelf_items_public_reads after insert or update or delete on public.shelf_items
  for each row execute function public.public_reads_shelf_item_changed();

-- Reading events: only public ones show on a profile (currently reading and its progress).
create trigger reading_events_public_reads_insert after insert on public.reading_progress_events
  for each row when (new.is_public)
  execute function public.public_reads_by_user();
create trigger reading_events_public_reads_update after update on public.reading_progress_events
  for each row when (old.is_public or new.is_public)
  execute function public.public_reads_by_user();
create trigger reading_events_public_reads_delete after delete on public.reading_progress_events
  for each row when (old.is_public)
  execute function public.public_reads_by_user();

create trigger works_public_reads_truncate after truncate on public.works
  for each statement execute function public.public_reads_truncated();
create trigger editions_public_reads_truncate after truncate on public.editions
  for each statement execute function public.public_reads_truncated();
create trigger authors_public_reads_truncate after truncate on public.authors
  for each statement execute function public.public_reads_truncated();
create trigger work_authors_public_reads_truncate after truncate on public.work_authors
  for each statement execute function public.public_reads_truncated();
create trigger edition_authors_public_reads_truncate after truncate on public.edition_authors
  for each statement execute function public.public_reads_truncated();
create trigger reviews_public_reads_truncate after truncate on public.reviews
  for each statement execute function public.public_reads_truncated();
create trigger profiles_public_reads_truncate after truncate on public.profiles
  for each statement execute function public.public_reads_truncated();
create trigger users_public_reads_truncate after truncate on auth.users
  for each statement execute function public.public_reads_truncated();
create trigger identities_public_reads_truncate after truncate on auth.identities
  for each statement execute function public.public_reads_truncated();
create trigger shelves_public_reads_truncate after truncate on public.shelves
  for each statement execute function public.public_reads_truncated();
create trigger shelf_items_public_reads_truncate after truncate on public.shelf_items
  for each statement execute function public.public_reads_truncated();
create trigger reading_events_public_reads_truncate after truncate on public.reading_progress_events
  for each statement execute function public.public_reads_truncated();
