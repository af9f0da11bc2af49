// The key of one cached /sf/ call, the same in main's cache (electron/main/cache-store.ts) and in the
// renderer's copy of it (renderer/src/platform/offline-client.ts).
// One key per call: the endpoint and its payload with object keys sorted, so `{a, b}` and `{b, a}` are the
// same call. An absent payload is the empty object, as the proxy sends it.
export function callKey(name: string, payload: unknown): string {
  return `${name} ${canonicalJson(payload ?? {})}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
