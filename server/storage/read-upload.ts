// The file in an upload request, as supabase-js sends it: a Blob/File goes as multipart form data (fields
// 'cacheControl' and '' for the file), a Buffer/ArrayBuffer as the raw body. Reading stops as soon as the
// body is over the limit, so an oversized upload is never held in memory whole.

import { readLimited } from '../http/read-limited';

/** Room for the multipart boundaries and the small cacheControl field around the file itself. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export async function readUpload(req: Request, maxFileBytes: number): Promise<Uint8Array | 'too_large'> {
  const type = req.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data\b/i.test(type);
  const maxBody = maxFileBytes + (multipart ? MULTIPART_SLACK_BYTES : 0);
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBody) return 'too_large';
  const body = await readLimited(req, maxBody);
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
