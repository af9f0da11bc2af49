-- Profiles and the book catalogue (SPEC.md §3).
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null check (username ~ '^[A-Za-z0-9_.-]{3,30}$'),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  avatar_url text check (char_length(avatar_url) <= 1000),
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index profiles_username_key on public.profiles (lower(username));

create table public.authors (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 300),
  ol_key text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index authors_name_trgm_idx on public.authors using gin (public.f_unaccent(lower(name)) gin_trgm_ops);

create table public.works (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 500),
  date date,
  date_string text check (char_length(date_string) <= 100),
  date_is_locked boolean not null default false,
  primary_edition_id uuid,
  primary_edition_locked boolean not null default false,
  rating_count integer not null default 0 check (rating_count >= 0),
  rating_sum numeric(14, 2) not null default 0 check (rating_sum >= 0),
  checked_full_metadata boolean not null default false,
  ol_key text unique,
  -- Search columns, kept current by the triggers below: the authors in order, the weighted tsvector
  -- (title A, authors B) and the unaccented lower-case text the trigram fallback matches against.
  author_names text not null default '',
  search_vector tsvector,
  search_text text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index works_search_vector_idx on public.works using gin (search_vector);
create index works_search_text_trgm_idx on public.works using gin (search_text gin_trgm_ops);

create table public.editions (
  id uuid primary key default gen_random_uuid(),
  work_id uuid not null references public.works (id),
  title text not null check (char_length(title) between 1 and 500),
  isbn text unique check (isbn ~ '^[0-9]{13}$'),
  publisher text check (char_length(publisher) <= 300),
  date date,
  date_string text check (char_length(date_string) <= 100),
  description text check (char_length(description) <= 20000),
  page_count integer check (page_count > 0 and page_count <= 100000),
  format text check (char_length(format) <= 50),
  cover_url text check (char_length(cover_url) <= 1000),
  checked_full_metadata boolean not null default false,
  ol_key text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index editions_work_id_idx on public.editions (work_id, date desc nulls last);

alter table public.works
  add constraint works_primary_edition_fk foreign key (primary_edition_id)
  references public.editions (id) on delete set null;

create table public.work_authors (
  work_id uuid not null references public.works (id) on delete cascade,
  author_id uuid not null references public.authors (id),
  position smallint not null default 0,
  primary key (work_id, author_id)
);
create index work_authors_author_idx on public.work_authors (author_id);

create table public.edition_authors (
  edition_id uuid not null references public.editions (id) on delete cascade,
  author_id uuid not null references public.authors (id),
  position smallint not null default 0,
  primary key (edition_id, author_id)
);
create index edition_authors_author_idx on public.edition_authors (author_id);

create table public.genres (
  id serial primary key,
  name text not null unique check (char_length(name) between 1 and 100)
);

create table public.work_genres (
  work_id uuid not null references public.works (id) on delete cascade,
  genre_id integer not null references public.genres (id) on delete cascade,
  primary key (work_id, genre_id)
);
create index work_genres_genre_idx on public.work_genres (genre_id);

-- Search maintenance.
create function public.works_search_columns() returns trigger language plpgsql as $$
begin
  new.search_vector :=
    setweight(to_tsvector('english', public.f_unaccent(new.title)), 'A') ||
    setweight(to_tsvector('english', public.f_unaccent(new.author_names)), 'B');
  new.search_text := public.f_unaccent(lower(trim(new.title || ' ' || new.author_names)));
  return new;
end $$;
create trigger works_search_columns before insert or update of title, author_names on public.works
  for each row execute function public.works_search_columns();

create function public.refresh_work_author_names(p_work_id uuid) returns void language sql as $$
  update public.works w set author_names = coalesce((
    select string_agg(a.name, ', ' order by wa.position, a.name)
    from public.work_authors wa join public.authors a on a.id = wa.author_id
    where wa.work_id = p_work_id), '')
  where w.id = p_work_id;
$$;

create function public.work_authors_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then perform public.refresh_work_author_names(new.work_id); end if;
  if tg_op in ('DELETE', 'UPDATE') then perform public.refresh_work_author_names(old.work_id); end if;
  return null;
end $$;
create trigger work_authors_changed after insert or update or delete on public.work_authors
  for each row execute function public.work_authors_changed();

create function public.author_renamed() returns trigger language plpgsql as $$
begin
  perform public.refresh_work_author_names(wa.work_id) from public.work_authors wa where wa.author_id = new.id;
  return null;
end $$;
create trigger author_renamed after update of name on public.authors
  for each row when (old.name is distinct from new.name) execute function public.author_renamed();
