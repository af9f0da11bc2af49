// The confirm pages put `confirmation_url` from their own address into a link, so the address decides where
// a click goes. Only our server's e-mail verification endpoint over http(s) passes; anything else
// (javascript:, other sites, other paths) counts as missing. The URL rule is the one the desktop app applies
// to the same link (shared/url.ts); the page adds the path.
import { webUrlOn } from '@shared/url';

export function trustedConfirmationUrl(raw: string | null, trustedOrigins: readonly string[]): string | null {
  const url = webUrlOn(raw, trustedOrigins);
  return url && url.pathname === '/auth/v1/verify' ? url.href : null;
}
