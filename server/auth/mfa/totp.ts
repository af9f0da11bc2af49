// RFC 6238 TOTP as authenticator apps read it (SHA-1, 6 digits, 30 s), through the otpauth package. A code is
// accepted for the step before and after the current one (clock drift), and only for a step later than the
// last one accepted for the factor, which the caller records atomically: so each code works once.
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps either side of now that still count: one, as GoTrue and most services allow. */
const TOTP_WINDOW = 1;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: 'SHA1',
  });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  totpOf(secret, issuer, account).toString();

/** The QR code of `uri` as an SVG document (what GoTrue answers as totp.qr_code). */
export const qrCodeSvg = (uri: string): string => renderSVG(uri, { border: 2 });

export const currentStep = (now = Date.now()): number => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** The time step `code` belongs to within the window around `now`, or null when it matches none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : currentStep(now) + delta;
}

/** The code for the step holding `now` (tests and the e2e helper play the authenticator app with it). */
export const totpCode = (secret: string, now = Date.now()): string =>
  totpOf(secret).generate({ timestamp: now });
