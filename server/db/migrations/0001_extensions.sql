-- Extensions for search, and an immutable unaccent so it can be used in indexes and stored columns.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

create or replace function public.f_unaccent(text) returns text
  language sql immutable strict parallel safe
  as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;
