// "Is this URL one of our own pages?" Node's URL gives custom schemes such as app:// the opaque origin
// "null" (which every opaque URL shares), so origins are rebuilt from scheme and host here instead.
import { hasCredentials, isWebUrl, parseUrl } from '@shared/url';
import { APP_SCHEME } from './app-config';

/** `scheme://host[:port]` of an http(s) or app: URL without credentials, else null. */
export function originOf(value: string): string | null {
  // No length limit: our own pages may have long addresses, and only the origin is compared.
  const url = parseUrl(value, Number.POSITIVE_INFINITY);
  if (!url || hasCredentials(url) || !url.host) return null;
  if (!isWebUrl(url) && url.protocol !== `${APP_SCHEME}:`) return null;
  return `${url.protocol}//${url.host}`;
}

export function isAppUrl(value: string, appOrigin: string): boolean {
  const origin = originOf(value);
  return origin !== null && origin === appOrigin;
}
