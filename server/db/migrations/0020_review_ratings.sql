-- Work ratings follow their reviews. An AFTER trigger on public.reviews adds, moves or removes each review's
-- rating on works.rating_sum/rating_count in the same transaction as the review write, whoever writes it:
-- submit/delete, the cascade of an account deletion, or an admin merge moving reviews between works.
-- Each adjustment is a relative UPDATE of the work row, so concurrent writers queue on that row lock and
-- every one applies its delta to the latest committed totals: the totals stay exactly the aggregate.
create function public.reviews_adjust_work_rating() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.work_id = new.work_id then
    update public.works set rating_sum = rating_sum - old.rating + new.rating where id = new.work_id;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update public.works set rating_sum = rating_sum - old.rating, rating_count = rating_count - 1
      where id = old.work_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    update public.works set rating_sum = rating_sum + new.rating, rating_count = rating_count + 1
      where id = new.work_id;
  end if;
  return null;
end $$;

create trigger reviews_rating_added_or_removed after insert or delete on public.reviews
  for each row execute function public.reviews_adjust_work_rating();
create trigger reviews_rating_changed after update of rating, work_id on public.reviews
  for each row when (old.rating is distinct from new.rating or old.work_id is distinct from new.work_id)
  execute function public.reviews_adjust_work_rating();

-- Totals written before the trigger existed are brought in line with the reviews once.
update public.works w
set rating_count = coalesce(agg.n, 0), rating_sum = coalesce(agg.total, 0)
from public.works w2
left join (select work_id, count(*) as n, sum(rating) as total from public.reviews group by work_id) agg
  on agg.work_id = w2.id
where w2.id = w.id
  and (w.rating_count, w.rating_sum) is distinct from (coalesce(agg.n, 0), coalesce(agg.total, 0));

-- Content warnings are a map of warning id ('1'..'8') to severity 1..3 (None is not stored); the server
-- checks this first, the constraint keeps any other writer honest.
create function public.review_content_warnings_valid(warnings jsonb) returns boolean
  language sql immutable as $$
  select jsonb_typeof(warnings) = 'object' and not exists (
    select 1 from jsonb_each(warnings) e
    where e.key not in ('1', '2', '3', '4', '5', '6', '7', '8') or e.value not in ('1', '2', '3'))
$$;
alter table public.reviews
  add constraint reviews_content_warnings_valid
  check (public.review_content_warnings_valid(content_warnings));

-- A user's reviews are found through unique (user_id, work_id); the audit trail needs its own index for the
-- ON DELETE SET NULL of a deleted admin account.
create index admin_audit_actor_idx on public.admin_audit (actor_id);
