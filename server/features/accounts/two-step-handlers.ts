// /sf/ calls of two-step sign-in's recovery codes (issue 31): how many are left, and a new set in exchange
// for a current authenticator code. The sf pipeline already refuses a session that still owes its second
// factor, so a caller here has either passed it or has none.
import { NO_TWO_STEP_MESSAGE, WRONG_CODE_MESSAGE } from '@shared/api/two-step';
import type { twoStepEndpoints } from '@shared/api/two-step';
import { checkTotpCode, findFactor } from '../../auth/mfa/factors';
import { replaceRecoveryCodes, unusedRecoveryCodes } from '../../auth/mfa/recovery-codes';
import { ApiError, badRequest, notFound } from '../../http/errors';
import type { AreaHandlers } from '../../http/handler-context';

export const twoStepHandlers = {
  async 'recovery-codes-status'(_input, { deps, user }) {
    return { unused: await unusedRecoveryCodes(deps.db, user.userId) };
  },
  async 'regenerate-recovery-codes'(input, { deps, user, ip }) {
    const factor = await findFactor(deps.db, user.userId, input.factor_id);
    // Another reader's factor is answered as none at all, as every resource of one reader is.
    if (!factor) throw notFound('There is no such authenticator app on your account.');
    if (factor.status !== 'verified') throw badRequest(NO_TWO_STEP_MESSAGE);
    // Counted and spent as at sign-in: the same limits, and the code cannot be used again in its window.
    const verdict = await checkTotpCode(deps, factor, input.code, ip);
    if (verdict === 'limited') {
      throw new ApiError(
        429,
        'rate_limited',
        'Too many codes tried. Please wait a few minutes and try again.',
      );
    }
    if (verdict === 'mismatch') throw badRequest(WRONG_CODE_MESSAGE);
    const codes = await deps.db.transaction((tx) =>
      replaceRecoveryCodes(tx, deps.keys.mfaSecrets, user.userId),
    );
    return { codes };
  },
} satisfies AreaHandlers<typeof twoStepEndpoints>;
