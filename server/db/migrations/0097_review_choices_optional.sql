-- Tone, pace and story focus are the reviewer's votes, so a review that does not give one stores null
-- (issue 25). They were NOT NULL with SPEC.md §5's form defaults (3, 2, 3), so every rating-only review,
-- an imported star rating above all, read as "Neutral, Medium, Mixed" on the work page and in Stats.
-- Insights count only non-null values. The range checks stay (null passes a CHECK).
alter table public.reviews
  alter column tone_q drop not null,
  alter column tone_q drop default,
  alter column pace_q drop not null,
  alter column pace_q drop default,
  alter column story_focus_q drop not null,
  alter column story_focus_q drop default;
