-- Issue 27: the notifications pruning job (server/features/notifications/prune-job.ts) deletes read
-- notifications past one age and every notification past a longer one, oldest first, in batches, across all
-- recipients. Its access path is the age alone, so it gets an index of its own; without it each batch would
-- scan the whole table.
create index notifications_created_idx on public.notifications (created_at);
