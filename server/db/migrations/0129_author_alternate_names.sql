-- Issue 26: authors are matched through Open Library's alternate names as well as their own name
-- ("Fyodor Dostoyevsky" / "Fyodor Dostoevsky"). The names come from Open Library's author records (a pick's
-- import and the operator's dump load both write them); matching reads them beside the name itself.
alter table public.authors add column alternate_names text[] not null default '{}';
