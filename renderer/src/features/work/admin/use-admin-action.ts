// One admin form's call and its message (SPEC.md §8 "Admin"): the server's text as-is, 'Saved' in green and
// anything else in red; a check that fails before the call shows its own text the same way.
import { useState } from 'react';
import { ADMIN_MESSAGES } from '@shared/api/admin';
import { messageOf, SfError } from '../../../platform/errors';

export interface AdminActionState {
  message: string | null;
  busy: boolean;
  /**
   * Shows `problem` when there is one; otherwise runs the call and shows what it answered. Answers the
   * call's answer, or null when nothing was done.
   */
  run<T extends { message: string }>(problem: string | null, call: () => Promise<T>): Promise<T | null>;
}

function errorText(error: unknown): string {
  return error instanceof SfError ? error.error : messageOf(error);
}

export function useAdminAction(): AdminActionState {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T extends { message: string }>(problem: string | null, call: () => Promise<T>) {
    if (problem) {
      setMessage(problem);
      return null;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await call();
      setMessage(answer.message);
      return answer;
    } catch (error) {
      setMessage(errorText(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { message, busy, run };
}

export const isSavedMessage = (message: string) => message === ADMIN_MESSAGES.saved;
