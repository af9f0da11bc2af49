// Lifetimes and rate limits of the auth server in one place. The rate limits are defaults: Config carries
// the ones in force, so tests can set them low, and they are generous enough that a full e2e run from one
// address is never throttled.

/**
 * E-mail links (sign-up confirmation, password reset, e-mail change, sign-in link and its code) work once,
 * within this time (GoTrue's default mailer OTP expiry).
 */
export const ONE_TIME_TOKEN_TTL_SECONDS = 60 * 60;
/** A sign-in with Google must come back from the provider within this time. */
export const OAUTH_FLOW_TTL_SECONDS = 10 * 60;
/** A PKCE auth code (?code= in a redirect) must be exchanged within this time. */
export const AUTH_CODE_TTL_SECONDS = 5 * 60;
/** Finished or abandoned flows and spent links are swept once they are this old. */
export const AUTH_LEFTOVERS_KEEP_SECONDS = 24 * 60 * 60;
/** A second-factor challenge must be answered within this time (GoTrue's default). */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;
/** An enrolment never confirmed with a first code is removed after this time. */
export const MFA_UNVERIFIED_FACTOR_TTL_SECONDS = 24 * 60 * 60;
/** Factors one account may hold, verified or not (GoTrue's default). */
export const MFA_MAX_FACTORS = 10;
/** Bytes of randomness in refresh tokens, e-mail link tokens and auth codes. */
export const TOKEN_BYTES = 32;
/** Largest user_metadata object PUT /user accepts, as JSON text. */
export const USER_METADATA_MAX_BYTES = 16 * 1024;
/** Longest password accepted; hashing cost does not grow with it, but nobody needs more. */
export const PASSWORD_MAX_LENGTH = 256;
/** A device cookie (server/auth/device-cookies.ts) vouches for its device this long after its sign-in. */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;
/** Device tokens kept per account: past this, its oldest go, so repeated sign-ins cannot grow the table. */
export const DEVICE_TOKENS_PER_ACCOUNT = 50;

export type RateLimitBucket =
  /** /token requests (every grant) per client address. */
  | 'token_ip'
  /**
   * Failed password sign-ins per account and client address: the strict limit. Counted before the password
   * is verified, so parallel guesses cannot pass it; a stranger elsewhere does not spend the owner's.
   */
  | 'token_failures'
  /**
   * Failed password sign-ins per account from every address together: the looser ceiling against guessing
   * from many addresses. Beyond the strict limit's count each further attempt also waits longer.
   */
  | 'token_account_failures'
  /**
   * Failed password sign-ins per device cookie: a device that signed in to the account before is judged
   * against this small budget of its own instead of the two above, so guessing from elsewhere cannot lock it
   * out. Past it the cookie vouches for nothing and the attempt counts as any stranger's.
   */
  | 'token_device_failures'
  /**
   * Failed second-factor codes (TOTP or recovery) per factor and client address: the strict limit, counted
   * before the code is checked, like passwords. Only a session that already passed the password gets here.
   */
  | 'mfa_failures'
  /** Failed second-factor codes per factor from every address together: the ceiling against spread guessing. */
  | 'mfa_account_failures'
  /** /factors calls (enrol, challenge, verify) per client address: each enrolment or challenge stores a row. */
  | 'mfa_ip'
  /** register-user calls per client address. */
  | 'register_ip'
  /** register-user calls per e-mail address. */
  | 'register_email'
  /** /recover requests per client address. */
  | 'recover_ip'
  /** /recover requests per e-mail address, counted whether or not the account exists. */
  | 'recover_email'
  /** /resend requests (a new sign-up confirmation link) per client address. */
  | 'resend_ip'
  /** /resend requests per e-mail address, counted whether or not the account exists. */
  | 'resend_email'
  /** /otp requests (a sign-in link by e-mail) per client address. */
  | 'otp_ip'
  /** /otp requests per e-mail address, counted whether or not the account exists. */
  | 'otp_email'
  /**
   * Wrong sign-in codes from e-mail (POST /verify {email, token}) per address, counted before the code is
   * checked (so parallel guesses cannot pass it) and for unknown addresses too (so it says nothing about
   * who has an account). The link in the same mail is not held by it.
   */
  | 'otp_code_failures'
  /** GET and POST /verify per client address (guessing link tokens). */
  | 'verify_ip'
  /** Google sign-ins started (/authorize) per client address; each one stores a flow. */
  | 'oauth_ip'
  /** Mails sent to one address, by every flow together. */
  | 'mail_address'
  /** Anonymous Open Library searches through us (search-openlibrary, author-openlibrary-works) per address. */
  | 'openlibrary_ip'
  /**
   * A signed-in reader's Open Library searches and picks: generous, but one account cannot take the whole of
   * the client's global rate from everyone else.
   */
  | 'openlibrary_user';

/**
 * Growing delays on an account that fails from more than one address: once its failures in the window pass
 * the strict limit, each attempt waits this long before its password is checked, doubling per failure.
 */
export const SIGN_IN_DELAY_FIRST_MS = 250;
export const SIGN_IN_DELAY_MAX_MS = 4000;

export interface RateLimit {
  max: number;
  windowSeconds: number;
}
export type RateLimits = Record<RateLimitBucket, RateLimit>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  token_ip: { max: 1000, windowSeconds: 5 * 60 },
  token_failures: { max: 20, windowSeconds: 15 * 60 },
  token_account_failures: { max: 200, windowSeconds: 15 * 60 },
  token_device_failures: { max: 10, windowSeconds: 15 * 60 },
  // Six digits with three steps open: these keep a guesser below about 0.15% a day per factor.
  mfa_failures: { max: 5, windowSeconds: 15 * 60 },
  mfa_account_failures: { max: 20, windowSeconds: 60 * 60 },
  mfa_ip: { max: 300, windowSeconds: 5 * 60 },
  register_ip: { max: 300, windowSeconds: 60 * 60 },
  register_email: { max: 10, windowSeconds: 60 * 60 },
  recover_ip: { max: 100, windowSeconds: 60 * 60 },
  recover_email: { max: 10, windowSeconds: 60 * 60 },
  resend_ip: { max: 100, windowSeconds: 60 * 60 },
  resend_email: { max: 10, windowSeconds: 60 * 60 },
  otp_ip: { max: 100, windowSeconds: 60 * 60 },
  otp_email: { max: 10, windowSeconds: 60 * 60 },
  // One code lives an hour: at most five guesses at it, one in 200,000 odds.
  otp_code_failures: { max: 5, windowSeconds: 60 * 60 },
  verify_ip: { max: 600, windowSeconds: 5 * 60 },
  oauth_ip: { max: 300, windowSeconds: 5 * 60 },
  mail_address: { max: 20, windowSeconds: 60 * 60 },
  openlibrary_ip: { max: 30, windowSeconds: 60 },
  openlibrary_user: { max: 120, windowSeconds: 60 },
};

/**
 * The limits in force: the defaults, with overrides from AUTH_RATE_LIMITS written as
 * `bucket=max/windowSeconds` pairs separated by commas (for example `register_ip=20/3600`).
 */
export function parseRateLimits(spec: string | undefined): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const part of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)\/(\d+)$/.exec(part);
    const bucket = match?.[1] as RateLimitBucket | undefined;
    if (!match || !bucket || !Object.hasOwn(DEFAULT_RATE_LIMITS, bucket) || Number(match[3]) < 1) {
      throw new Error(`AUTH_RATE_LIMITS: cannot read "${part}" (expected bucket=max/windowSeconds)`);
    }
    limits[bucket] = { max: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return limits;
}
