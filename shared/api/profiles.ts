// Contracts of the profile calls: the caller's own profile (the spec's direct reads and updates of the
// profiles table, SPEC.md §7) and the public profile page (/user/{username}).
import { z } from 'zod';
import { empty, endpoint, id, text } from './common';
import type { EndpointDef } from './common';
import { BUILTIN_SHELVES, MAX_CUSTOM_SHELVES } from './shelves';

/** The same rule the database enforces on profiles.username. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const USERNAME_RULE = 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.';
export const MAX_NAME_LENGTH = 100;
/** The public profile lists at most this many currently-reading books, like the dashboard (SPEC.md §9). */
export const PUBLIC_READING_LIMIT = 10;
/** Enough for every shelf a reader may have (the built-ins and the custom limit); older, larger sets are cut. */
export const PUBLIC_PROFILE_SHELVES_LIMIT = BUILTIN_SHELVES.length + MAX_CUSTOM_SHELVES;

export const ownProfile = z.object({
  id,
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** A full URL or a storage path in the avatars bucket; see update-profile for what is accepted. */
  avatar_url: z.string().nullable(),
  is_admin: z.boolean(),
  updated_at: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** What anyone may see of a profile: never is_admin, never the e-mail address. */
export const publicProfileCard = ownProfile.pick({
  id: true,
  username: true,
  first_name: true,
  last_name: true,
  avatar_url: true,
});

export const currentlyReading = z.object({
  edition_id: id,
  work_id: id,
  title: z.string(),
  /** The edition's first author (else the work's), or null when none is known. */
  author: z.object({ id, name: z.string() }).nullable(),
  cover_url: z.string().nullable(),
  page_count: z.number().int().nullable(),
  /** 0..100, from the latest public progress with a position (percent, else page / page_count). */
  progress_percent: z.number().int().min(0).max(100),
});

const optionalName = text()
  .trim()
  .max(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/**
 * Only the fields named here can change; anything else (is_admin, id, ...) is refused with a 400. avatar_url
 * must be this user's own avatar in our storage: 'public/{userId}.png', 'avatars/public/{userId}.png', or
 * the public URL of that object on this server (a query string such as ?t=... is allowed); or null.
 */
export const profilePatch = z
  .object({
    first_name: text()
      .trim()
      .min(1, 'First name is required.')
      .max(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`),
    last_name: optionalName,
    username: text().trim().regex(USERNAME_PATTERN, USERNAME_RULE),
    avatar_url: text().trim().max(1000, 'avatar_url is at most 1000 characters.').nullable(),
  })
  .partial()
  .strict();

export const publicProfileResponse = z.object({
  profile: publicProfileCard,
  /** Readers following them and whom they follow (accepted follows). */
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
  /** They approve followers: this answer is the header only. */
  restricted: z.boolean(),
  /**
   * Built-ins holding a public item in SPEC.md order, then every custom shelf by name, with public item
   * counts (nothing a private reading event shelved); at most PUBLIC_PROFILE_SHELVES_LIMIT of them.
   */
  shelves: z.array(z.object({ id, name: z.string(), count: z.number().int().nonnegative() })),
  /** How many shelves the list would hold uncut. */
  shelves_total: z.number().int().nonnegative(),
  /** Editions whose latest public progress event is not finish/dnf, newest first. */
  reading: z.array(currentlyReading),
  /** Reviews with any written text (headline or body). */
  reviews: z.number().int().nonnegative(),
  /** Every review carries a rating, so this counts all of the user's reviews. */
  ratings: z.number().int().nonnegative(),
  /** Mean of the user's ratings to 2 decimals, or null with none. */
  avg_rating: z.number().nullable(),
});

export const profilesEndpoints = {
  'get-profile': endpoint('user', empty, ownProfile),
  /** Username clashes (case-insensitive) answer 409 username_taken 'Username taken'. */
  'update-profile': endpoint('user', profilePatch, ownProfile),
  /**
   * 404 'Profile not found' for an unknown username (matched case-insensitively) or an unconfirmed account.
   * A reader who approves followers shows only the header here (restricted, empty lists, zero figures):
   * their followers read the rest through follower-profile, which is never cached across viewers.
   */
  'public-profile': endpoint(
    'public',
    z.object({ username: text().trim().min(1, 'username is required').max(100) }),
    publicProfileResponse,
  ),
} satisfies Record<string, EndpointDef>;
