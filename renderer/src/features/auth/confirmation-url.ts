// The confirm pages put `confirmation_url` from their own address into a link, so the address decides where
// a click goes. Only our server's e-mail verification endpoint over http(s) passes; anything else
// (javascript:, other sites, other paths) counts as missing.

export function trustedConfirmationUrl(raw: string | null, trustedOrigins: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!trustedOrigins.includes(url.origin)) return null;
  if (url.pathname !== '/auth/v1/verify') return null;
  return url.href;
}
