// Every avatar is decoded and encoded afresh before it is stored (issue 13 §9), so the file we serve holds
// nothing but pixels: bytes after the image (HTML, script), metadata (EXIF with places and devices, XMP,
// comments, ICC profiles) and extra frames do not survive. Only PNG, JPEG and WebP are decoded at all:
// sharp could also read SVG, GIF, TIFF or HEIF, and SVG in particular is a document, not a picture.
import sharp from 'sharp';
import { detectImageType } from './image-type';

/** The stored avatar's longest side: generous for a 2x screen, where avatars show at most ~120 px wide. */
export const AVATAR_MAX_SIDE = 512;
/**
 * The most pixels an upload may declare (5000 × 5000). A 2 MB file can declare 400 million pixels (a
 * decompression bomb); sharp refuses to decode past this limit, reading only the header.
 */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;

export type ReencodeResult =
  | { ok: true; png: Buffer; width: number; height: number }
  | { ok: false; reason: 'not_an_image' | 'too_many_pixels' };

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

/**
 * Decoding a picture near the pixel limit takes ~45 MB and a few hundred ms; at most this many run at once,
 * the rest wait their turn, so a burst of uploads cannot take the server's memory.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** How many re-encodes hold a slot now (for tests). */
export const reencodesRunning = () => running;

export async function reencodeAvatar(upload: Uint8Array): Promise<ReencodeResult> {
  if (running < MAX_CONCURRENT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over on release
  try {
    return await reencode(upload);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

async function reencode(upload: Uint8Array): Promise<ReencodeResult> {
  // The first bytes must already say PNG, JPEG or WebP, so no other decoder sharp has is ever reached.
  if (!detectImageType(upload)) return { ok: false, reason: 'not_an_image' };
  // failOn 'error': a damaged or truncated image is refused rather than stored half grey.
  const options = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  try {
    const meta = await sharp(upload, options).metadata();
    if (!ACCEPTED_FORMATS.has(meta.format ?? '')) return { ok: false, reason: 'not_an_image' };
    // Decoded to bare pixels first, then encoded from those alone: nothing of the upload but its pixels
    // (not even its resolution in dpi) can reach the file. sharp adds no metadata unless asked.
    const pixels = await sharp(upload, options)
      .rotate() // applies the EXIF orientation to the pixels before the EXIF is dropped
      // 'inside' keeps the whole picture the reader chose; the app shows it cropped to a circle anyway.
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    const data = await sharp(pixels.data, { raw: { width, height, channels } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { ok: true, png: data, width, height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      return { ok: false, reason: 'too_many_pixels' };
    // Anything else sharp cannot decode (corrupt data behind valid magic bytes, polyglots) is no image.
    return { ok: false, reason: 'not_an_image' };
  }
}
