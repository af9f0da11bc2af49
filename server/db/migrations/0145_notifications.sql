-- Issue 27: notifications. A reader hears about a new follower, a request to follow them, their request
-- approved, a like of their review or activity line, a comment on their review, and a reply in a thread they
-- commented in. Rows are written by triggers on the source tables in the source write's own transaction, so
-- whichever endpoint writes a follow, like or comment, the notification cannot be forgotten or written twice.
--
-- The trigger decides only what is the recipient's own business: never oneself, and only kinds the
-- recipient left on. Who may be shown (blocks either way, mutes, unconfirmed accounts) is the one visibility
-- rule's, applied when notifications are read (server/features/notifications), so a block made later hides
-- older notifications at once.

create table public.notification_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Kinds the reader turned off; every kind is on until turned off.
  off_kinds text[] not null default '{}',
  updated_at timestamptz not null default now()
);

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references auth.users (id) on delete cascade,
  kind text not null
    check (kind in ('follower', 'follow_request', 'request_approved', 'like', 'comment', 'reply')),
  -- Who did it, newest first: a collapsed notification ("Ann and 3 others liked your review") keeps the
  -- newest 20 so a repeat by one of them is not counted twice; actor_count counts every distinct one seen.
  actor_ids uuid[] not null check (cardinality(actor_ids) between 1 and 20),
  actor_count integer not null default 1 check (actor_count >= 1),
  review_id uuid references public.reviews (id) on delete cascade,
  activity_id uuid references public.activities (id) on delete cascade,
  -- What the notification is about: the review, the activity line, or (follows) the reader.
  subject_id uuid not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
-- The list, newest first per reader, paged by (created_at, id).
create index notifications_recipient_idx on public.notifications (recipient_id, created_at desc, id desc);
-- At most one unread notification per reader, kind and subject: later likes of one review collapse into it.
-- It is also the unread count's access path (a bounded index range).
create unique index notifications_unread_idx on public.notifications (recipient_id, kind, subject_id)
  where read_at is null;
-- Deleting an account cascades; these keep the cascades from scanning the table.
create index notifications_review_idx on public.notifications (review_id) where review_id is not null;
create index notifications_activity_idx on public.notifications (activity_id) where activity_id is not null;

create function public.notify_reader(recipient uuid, actor uuid, k text, review uuid, activity uuid)
returns void language plpgsql as $$
begin
  if recipient is null or actor is null or recipient = actor then return; end if;
  if exists (select 1 from public.notification_settings s where s.user_id = recipient and k = any (s.off_kinds))
  then return; end if;
  insert into public.notifications as n (recipient_id, kind, actor_ids, review_id, activity_id, subject_id)
  values (recipient, k, array[actor], review, activity, coalesce(review, activity, actor))
  on conflict (recipient_id, kind, subject_id) where read_at is null do update
    set actor_ids = (array_prepend(actor, array_remove(n.actor_ids, actor)))[1:20],
        actor_count = n.actor_count + case when actor = any (n.actor_ids) then 0 else 1 end,
        created_at = now();
end $$;

create function public.notifications_follow() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform public.notify_reader(new.followee_id, new.follower_id,
      case new.state when 'accepted' then 'follower' else 'follow_request' end, null, null);
  elsif tg_op = 'UPDATE' and old.state = 'requested' and new.state = 'accepted' then
    perform public.notify_reader(new.follower_id, new.followee_id, 'request_approved', null, null);
  end if;
  -- A request answered or withdrawn is no longer anything to act on.
  if tg_op <> 'INSERT' and old.state = 'requested' then
    delete from public.notifications
    where recipient_id = old.followee_id and kind = 'follow_request' and subject_id = old.follower_id;
  end if;
  return null;
end $$;
create trigger follows_notifications after insert or update or delete on public.follows
  for each row execute function public.notifications_follow();

create function public.notifications_like() returns trigger language plpgsql as $$
begin
  if new.review_id is not null then
    perform public.notify_reader((select r.user_id from public.reviews r where r.id = new.review_id),
                                 new.user_id, 'like', new.review_id, null);
  else
    perform public.notify_reader((select a.user_id from public.activities a where a.id = new.activity_id),
                                 new.user_id, 'like', null, new.activity_id);
  end if;
  return null;
end $$;
create trigger likes_notifications after insert on public.likes
  for each row execute function public.notifications_like();

-- A comment tells the review's author ('comment') and everyone else who commented on it before ('reply').
create function public.notifications_comment() returns trigger language plpgsql as $$
declare
  author uuid := (select r.user_id from public.reviews r where r.id = new.review_id);
  other uuid;
begin
  perform public.notify_reader(author, new.user_id, 'comment', new.review_id, null);
  for other in
    select distinct c.user_id from public.review_comments c
    where c.review_id = new.review_id and c.user_id <> new.user_id and c.user_id <> author
  loop
    perform public.notify_reader(other, new.user_id, 'reply', new.review_id, null);
  end loop;
  return null;
end $$;
create trigger review_comments_notifications after insert on public.review_comments
  for each row execute function public.notifications_comment();
