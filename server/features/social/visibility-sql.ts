// The only place that turns the social visibility rule (shared/domain/social-visibility.ts) into SQL: one
// fragment per clause of the rule, keyed by the same names, so a clause the rule gains without SQL here is
// a compile error, and visibility-sql.test.ts runs random cases through both and compares.
import { SURFACE_CLAUSES } from '@shared/domain/social-visibility';
import type { VisibilityClause, VisibilitySurface } from '@shared/domain/social-visibility';
import { isPublicAccount } from '../profiles/public-account';

/** SQL expressions naming who looks and at whom: the viewer may be null (an anonymous caller). */
export interface VisibilityTerms {
  /** The viewer's id, e.g. '$1::uuid', or 'null::uuid'. */
  viewer: string;
  /** The reader shown, qualified: 'a.user_id', 'p.id'. */
  reader: string;
  /** For activity lines: the line's own public flag, e.g. 'a.is_public'. */
  eventPublic?: string;
}

/** Clauses about the line itself rather than its reader. */
const LINE_CLAUSES: ReadonlySet<VisibilityClause> = new Set<VisibilityClause>(['eventPublic']);

const CLAUSE_SQL: Record<VisibilityClause, (t: VisibilityTerms) => string> = {
  confirmed: (t) => isPublicAccount(t.reader),
  notBlocked: (t) => `not exists (
    select 1 from public.blocks vb
    where (vb.blocker_id = ${t.viewer} and vb.blocked_id = ${t.reader})
       or (vb.blocker_id = ${t.reader} and vb.blocked_id = ${t.viewer}))`,
  followerOnly: (t) => `(
    exists (select 1 from public.profiles vp where vp.id = ${t.reader} and vp.follow_policy = 'anyone')
    or exists (select 1 from public.follows vf
               where vf.follower_id = ${t.viewer} and vf.followee_id = ${t.reader} and vf.state = 'accepted'))`,
  notMuted: (t) =>
    `not exists (select 1 from public.mutes vm where vm.muter_id = ${t.viewer} and vm.muted_id = ${t.reader})`,
  eventPublic: (t) => {
    if (!t.eventPublic) throw new Error('eventPublic: this surface shows lines; name their public flag');
    return `(${t.eventPublic})`;
  },
};

/**
 * SQL condition: the viewer may see the reader (and, for 'activity', the line) on this surface. Written as
 * (self or reader clauses) and (self or line clauses), the same rule distributed, so that over one
 * reader's lines the first half names no column of the line and PostgreSQL checks it once per reader.
 */
export function visibleSql(surface: VisibilitySurface, terms: VisibilityTerms): string {
  const line = lineVisibleSql(surface, terms);
  const reader = readerVisibleSql(surface, terms);
  return line === 'true' ? reader : `(${reader} and ${line})`;
}

/** The half of the surface's rule about the reader alone (true when it has none). */
export function readerVisibleSql(surface: VisibilitySurface, terms: VisibilityTerms): string {
  return half(
    terms,
    SURFACE_CLAUSES[surface].filter((c) => !LINE_CLAUSES.has(c)),
  );
}

/** The half of the surface's rule about the line alone (true when it has none). */
export function lineVisibleSql(surface: VisibilitySurface, terms: VisibilityTerms): string {
  return half(
    terms,
    SURFACE_CLAUSES[surface].filter((c) => LINE_CLAUSES.has(c)),
  );
}

function half(terms: VisibilityTerms, clauses: VisibilityClause[]): string {
  if (clauses.length === 0) return 'true';
  const self = `coalesce(${terms.reader} = ${terms.viewer}, false)`;
  return `(${self} or (${clauses.map((c) => CLAUSE_SQL[c](terms)).join('\n and ')}))`;
}
