-- Shelves, reading progress, reviews, goals and the admin audit trail (SPEC.md §3, §5, §9).
create table public.shelves (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  description text check (char_length(description) <= 1000),
  slug text check (slug in ('currently-reading', 'read', 'to-be-read', 'favorites', 'owned')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, slug)
);
create unique index shelves_user_name_key on public.shelves (user_id, lower(name));

create table public.shelf_items (
  shelf_id uuid not null references public.shelves (id) on delete cascade,
  edition_id uuid not null references public.editions (id),
  work_id uuid not null references public.works (id),
  -- Fractional-index key; "C" collation so the database orders keys exactly as the key generator does.
  sort_key text collate "C" not null check (char_length(sort_key) between 1 and 200),
  added_at timestamptz not null default now(),
  primary key (shelf_id, edition_id),
  unique (shelf_id, sort_key)
);
create index shelf_items_edition_idx on public.shelf_items (edition_id);
create index shelf_items_work_idx on public.shelf_items (work_id);

create table public.reading_progress_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  edition_id uuid not null references public.editions (id),
  work_id uuid not null references public.works (id),
  event_type text not null check (event_type in ('start', 'progress', 'pause', 'resume', 'finish', 'dnf')),
  start_page integer check (start_page >= 0 and start_page <= 100000),
  end_page integer check (end_page >= 0 and end_page <= 100000),
  start_percent numeric(6, 3) check (start_percent between 0 and 100),
  end_percent numeric(6, 3) check (end_percent between 0 and 100),
  journal_md text check (char_length(journal_md) <= 200000),
  is_public boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reading_events_user_edition_idx on public.reading_progress_events (user_id, edition_id, created_at desc);
create index reading_events_user_created_idx on public.reading_progress_events (user_id, created_at desc);
create index reading_events_work_idx on public.reading_progress_events (work_id);
create index reading_events_edition_idx on public.reading_progress_events (edition_id);

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  work_id uuid not null references public.works (id),
  edition_id uuid references public.editions (id) on delete set null,
  rating numeric(3, 2) not null check (rating > 0 and rating <= 5 and rating * 4 = floor(rating * 4)),
  headline text not null default '' check (char_length(headline) <= 200),
  review_body text check (char_length(review_body) <= 2000),
  spoiler boolean not null default false,
  tone_q smallint not null default 3 check (tone_q between 1 and 5),
  pace_q smallint not null default 2 check (pace_q between 1 and 3),
  recommend_yes boolean,
  story_focus_q smallint not null default 3 check (story_focus_q between 1 and 3),
  moods smallint[] not null default '{}' check (cardinality(moods) <= 10 and moods <@ '{1,2,3,4,5,6,7,8,9,10}'),
  qualities smallint[] not null default '{}' check (cardinality(qualities) <= 5 and qualities <@ '{1,2,3,4,5}'),
  content_warnings jsonb not null default '{}'::jsonb check (jsonb_typeof(content_warnings) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, work_id)
);
create index reviews_work_created_idx on public.reviews (work_id, created_at desc);
create index reviews_edition_idx on public.reviews (edition_id);

create table public.reading_goals (
  user_id uuid not null references auth.users (id) on delete cascade,
  goal_year smallint not null check (goal_year between 1900 and 3000),
  goal_type text not null check (goal_type in ('books', 'pages', 'hours')),
  target_qty integer not null check (target_qty > 0 and target_qty <= 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, goal_year, goal_type)
);

create table public.admin_audit (
  id bigserial primary key,
  actor_id uuid references auth.users (id) on delete set null,
  action text not null,
  target_id uuid,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index admin_audit_target_idx on public.admin_audit (target_id, created_at desc);
create index admin_audit_created_idx on public.admin_audit (created_at desc);
