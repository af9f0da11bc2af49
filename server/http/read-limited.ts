/**
 * Reads a request body, giving up as soon as it passes maxBytes so an oversized body is never held in
 * memory whole. 'too_large' when it does.
 */
export async function readLimited(
  req: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | 'too_large'> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return 'too_large';
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
