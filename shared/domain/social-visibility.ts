// The one visibility rule of the social surfaces (ARCHITECTURE.md "Social and discovery data"): whether a
// viewer may see another reader on a social surface, and one of that reader's activity lines. Every
// surface (follow lists, suggestions, Friends Activity, follow-only profiles) asks this rule; SQL cannot
// call it, so the server composes its SQL filters clause by clause from the same clause names
// (server/features/social/visibility-sql.ts) and a test runs random cases through both.

/** What the rule is decided from: facts about the viewer, the reader shown and, for a line, its event. */
export interface VisibilityFacts {
  /** The viewer is the reader shown (their own things are always theirs to see). */
  self: boolean;
  /** The reader's e-mail address is confirmed (or they signed in through OAuth): unconfirmed is no one. */
  confirmed: boolean;
  viewerBlocked: boolean;
  /** The reader blocked the viewer. */
  blockedViewer: boolean;
  /** The viewer muted the reader: their lines leave the viewer's feed and suggestions, nothing more. */
  muted: boolean;
  /** The reader approves followers ('approve'), so their details are for followers only. */
  approvesFollowers: boolean;
  /** The viewer follows the reader (an accepted follow; a request is not one). */
  follows: boolean;
  /** The event was public (for a line); readers themselves have no such flag. */
  eventPublic: boolean;
}

/**
 * What is being shown: a reader's card (in lists; also who may be followed), their details (follow lists,
 * profile body), one of their lines, the reader as a suggestion, or as who did what a notification tells.
 */
export type VisibilitySurface = 'card' | 'details' | 'activity' | 'suggestion' | 'notification';

/** The clauses, each a name the SQL side implements too; a surface needs every clause listed for it. */
export const VISIBILITY_CLAUSES = {
  confirmed: (f: VisibilityFacts) => f.confirmed,
  notBlocked: (f: VisibilityFacts) => !f.viewerBlocked && !f.blockedViewer,
  followerOnly: (f: VisibilityFacts) => !f.approvesFollowers || f.follows,
  notMuted: (f: VisibilityFacts) => !f.muted,
  eventPublic: (f: VisibilityFacts) => f.eventPublic,
} as const;

export type VisibilityClause = keyof typeof VISIBILITY_CLAUSES;

export const SURFACE_CLAUSES: Record<VisibilitySurface, readonly VisibilityClause[]> = {
  card: ['confirmed', 'notBlocked'],
  details: ['confirmed', 'notBlocked', 'followerOnly'],
  activity: ['confirmed', 'notBlocked', 'followerOnly', 'notMuted', 'eventPublic'],
  suggestion: ['confirmed', 'notBlocked', 'notMuted'],
  // A muted reader's likes and comments do not reach the muter either (Mastodon's mutes do the same).
  notification: ['confirmed', 'notBlocked', 'notMuted'],
};

/** Whether the viewer may see it. A reader sees all of their own, private lines included. */
export function isVisible(surface: VisibilitySurface, facts: VisibilityFacts): boolean {
  if (facts.self) return true;
  return SURFACE_CLAUSES[surface].every((clause) => VISIBILITY_CLAUSES[clause](facts));
}
