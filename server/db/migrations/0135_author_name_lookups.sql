-- Issue 26: import matching finds an author by any of their names, Open Library's alternate names included
-- ("Fyodor Dostoyevsky" for the Fyodor Dostoevsky we hold), case aside. The lookup is an array overlap on
-- the lower-cased names, so it needs its own index; the author's own name keeps authors_name_lower_idx.
create function public.lower_names(names text[]) returns text[]
  language sql immutable strict parallel safe
  as $$ select coalesce(array_agg(lower(n)), '{}') from unnest(names) as n $$;

create index authors_alternate_names_lower_idx on public.authors using gin (public.lower_names(alternate_names));
