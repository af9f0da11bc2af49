// What a Google sign-in tells us about the person, read the same way by the renderer (the names it sends to
// register-oauth-user) and the server (its fallback when the client sends none): SPEC.md §7 splits the full
// name into its first and last word, and a picture is kept only as an http(s) address.

/** The trimmed text of a metadata value, or null when it is not a non-blank string. */
export function metadataText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** "Ada King Lovelace" -> Ada, Lovelace; "Plato" -> Plato, null. */
export function splitFullName(fullName: string | null): { first: string | null; last: string | null } {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return { first: words[0] ?? null, last: words.length > 1 ? (words[words.length - 1] ?? null) : null };
}

/** The provider's full name: OpenID's `full_name` (as GoTrue stores it), else `name`. */
export function oauthFullName(metadata: Record<string, unknown>): string | null {
  return metadataText(metadata.full_name) ?? metadataText(metadata.name);
}

/** The provider's picture (`avatar_url`, else `picture`) when it is an http(s) URL register-oauth-user accepts. */
export function oauthPictureUrl(metadata: Record<string, unknown>): string | null {
  for (const value of [metadata.avatar_url, metadata.picture]) {
    const url = metadataText(value);
    if (url && /^https?:\/\//i.test(url) && url.length <= 1000) return url;
  }
  return null;
}
