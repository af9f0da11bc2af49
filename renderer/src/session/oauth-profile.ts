// What /sf/register-oauth-user is sent for a user who signed in with Google and has no profile yet
// (SPEC.md §7: the name split from the full name into its first and last word).
import type { AuthUser } from '../platform/backend';

export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return {
    first_name: words[0] ?? '',
    last_name: words.length > 1 ? (words[words.length - 1] as string) : '',
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function oauthProfilePayload(user: AuthUser) {
  const meta = user.metadata;
  const fullName = text(meta.full_name) ?? text(meta.name) ?? '';
  return {
    user_id: user.id,
    email: user.email ?? '',
    ...splitFullName(fullName),
    avatar_url: text(meta.avatar_url) ?? text(meta.picture),
  };
}
