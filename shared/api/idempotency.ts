// Idempotency keys on /sf/ calls (issue 18). A client that may send the same write twice (the desktop outbox
// resending a change whose reply was lost) gives it a random key and sends that key with every attempt; the
// server answers a repeat with the first answer instead of doing the write again. Signed-in calls only.

/** The request header that carries the key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1–100 characters that need no escaping anywhere: letters, digits, '.', '_', ':' and '-'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
/** How long the server remembers a key's answer. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/** The answer header on a repeat that was answered from memory. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/** The first call with this key is still being answered: try again shortly (409). */
export const IDEMPOTENCY_IN_PROGRESS = 'idempotency_in_progress';
/** The key was used before for a different request (another endpoint or body) (422). */
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
