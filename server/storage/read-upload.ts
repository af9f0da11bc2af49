// The file in an upload request, as supabase-js sends it: a Blob/File goes as multipart form data (fields
// 'cacheControl' and '' for the file), a Buffer/ArrayBuffer as the raw body, read within the limit.
import type { Context } from 'hono';
import { bodyWithin } from '../http/body-within';

/** Room for the multipart boundaries and the small cacheControl field around the file itself. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export async function readUpload(c: Context, maxFileBytes: number): Promise<Uint8Array | 'too_large'> {
  const type = c.req.header('content-type') ?? '';
  const multipart = /^multipart\/form-data\b/i.test(type);
  const body = await bodyWithin(c, maxFileBytes + (multipart ? MULTIPART_SLACK_BYTES : 0));
  if (body === 'too_large') return body;
  if (!multipart) return body;

  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return new Uint8Array(0);
  }
  for (const value of form.values()) {
    if (typeof value === 'string') continue;
    if (value.size > maxFileBytes) return 'too_large';
    return new Uint8Array(await value.arrayBuffer());
  }
  return new Uint8Array(0);
}
