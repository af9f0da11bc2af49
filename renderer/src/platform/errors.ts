// The two kinds of failure a Backend reports, each carrying what the screens need to pick a message.
import type { SfFailure } from '@shared/api/post-sf';

/** A failed /sf/ call: the uniform error body of ARCHITECTURE.md "API", plus the HTTP status. */
export class SfError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  readonly details: unknown;

  constructor(init: SfFailure) {
    super(init.error);
    this.name = 'SfError';
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.details = init.details;
  }
}

/** Codes the client itself gives to failures that have no error body (network_error, unexpected_response). */
export { SF_NETWORK_ERROR, SF_UNEXPECTED_RESPONSE } from '@shared/api/post-sf';

/** A failed auth call: the provider's message and error code (invalid_credentials, session_not_found, ...). */
export class AuthFailure extends Error {
  readonly code: string | null;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;

  constructor(message: string, code: string | null, status: number) {
    super(message);
    this.name = 'AuthFailure';
    this.code = code;
    this.status = status;
  }
}

/** The readable message of anything thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
