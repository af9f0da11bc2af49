// Failures main reports to the renderer. Services throw BridgeFailure with the error the renderer should
// see; the IPC layer turns anything else into a generic internal error, so no stack or path leaks out.
import type { BridgeError } from '@shared/desktop-bridge';

export class BridgeFailure extends Error {
  override readonly name = 'BridgeFailure';
  readonly error: BridgeError;

  constructor(error: BridgeError) {
    super(error.kind === 'sf' ? error.error : error.message);
    this.error = error;
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong in the app. Please try again.';

export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof BridgeFailure) return error.error;
  return { kind: 'internal', message: INTERNAL_ERROR_MESSAGE };
}
