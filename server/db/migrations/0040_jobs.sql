-- Durable background jobs (the mail outbox, account clean-up, later imports): one row per job, claimed
-- with FOR UPDATE SKIP LOCKED under a lease, so any number of server instances share the work and a job
-- whose instance died is picked up again when its lease runs out. A job is deleted when it succeeds; one
-- that failed max_attempts times stays two weeks, with failed_at and last_error, for the operator to look at.
create schema if not exists jobs;

create table jobs.queue (
  id bigserial primary key,
  kind text not null check (char_length(kind) between 1 and 100),
  payload jsonb not null default '{}'::jsonb,
  -- At most one waiting job per key: recurring clean-ups are scheduled by every instance, kept once.
  singleton_key text unique,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 8 check (max_attempts between 1 and 1000),
  locked_until timestamptz,
  claimed_by text,
  last_error text,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);

-- What the workers ask for: live jobs by due time.
create index queue_due_idx on jobs.queue (run_at, id) where failed_at is null;
