// "Is this URL one of our own pages?" Node's URL gives custom schemes such as app:// the opaque origin
// "null" (which every opaque URL shares), so origins are rebuilt from scheme and host here instead.

/** `scheme://host[:port]` of an http(s) or app: URL without credentials, else null. */
export function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.host) return null;
  if (!['http:', 'https:', 'app:'].includes(url.protocol)) return null;
  return `${url.protocol}//${url.host}`;
}

export function isAppUrl(value: string, appOrigin: string): boolean {
  const origin = originOf(value);
  return origin !== null && origin === appOrigin;
}
