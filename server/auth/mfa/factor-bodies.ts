// The JSON bodies of GoTrue's /factors API (auth-bodies.ts reads them into GoTrue's validation errors).
import { z } from 'zod';
import { body, field } from '../auth-bodies';

/** POST /factors. supabase-js sends friendly_name, factor_type and, for TOTP, issuer. */
export const enrollBody = body({
  factor_type: field('factor_type'),
  friendly_name: field('friendly_name').refine(
    (name) => name === undefined || name.length <= 256,
    'friendly_name must be at most 256 characters',
  ),
  issuer: field('issuer').refine(
    (issuer) => issuer === undefined || (issuer.length <= 64 && !issuer.includes(':')),
    'issuer must be at most 64 characters, without a colon',
  ),
});

/** POST /factors/{id}/challenge: TOTP needs nothing; channel is for phone factors, which we do not offer. */
export const challengeBody = body({ channel: field('channel') });

/** POST /factors/{id}/verify. */
export const verifyFactorBody = body({
  challenge_id: field('challenge_id'),
  code: field('code'),
}).transform(({ challenge_id, code }, ctx) => {
  if (!challenge_id || !code) {
    ctx.addIssue({ code: 'custom', message: 'challenge_id and code are required' });
    return z.NEVER;
  }
  return { challengeId: challenge_id, code };
});
