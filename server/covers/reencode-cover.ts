// Every cover is decoded and encoded afresh before it is stored, as avatars are (server/storage/
// reencode-avatar.ts): the files we serve hold nothing but pixels, at the sizes the screens use. Only PNG,
// JPEG and WebP are decoded at all; a GIF (Open Library's 1×1 "no cover" answer), SVG or anything else is
// not a cover.
import sharp from 'sharp';
import { COVER_ASPECT, COVER_SIZES, COVER_SIZE_NAMES } from '@shared/covers';
import type { CoverSize } from '@shared/covers';
import { detectImageType } from '../storage/image-type';
import { concurrencyLimit } from './concurrency-limit';

/** The most pixels a source may declare (6000 × 6000); sharp refuses past this, reading only the header. */
export const COVER_MAX_INPUT_PIXELS = 36_000_000;
/** Smaller than this on either side is a stand-in (Open Library's blank 1×1), not a cover. */
export const COVER_MIN_SIDE = 16;

export type CoverImages = Record<CoverSize, Buffer>;
export type ReencodeCoverResult =
  | { ok: true; images: CoverImages; width: number; height: number }
  | { ok: false; reason: 'not_an_image' | 'too_many_pixels' | 'too_small' };

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** Decoding a large cover takes tens of MB and a few hundred ms: two at once, the rest wait. */
const limit = concurrencyLimit(2);
export const coverReencodesRunning = () => limit.running();

export function reencodeCover(bytes: Uint8Array): Promise<ReencodeCoverResult> {
  return limit.run(() => reencode(bytes));
}

async function reencode(bytes: Uint8Array): Promise<ReencodeCoverResult> {
  if (!detectImageType(bytes)) return { ok: false, reason: 'not_an_image' };
  const options = { limitInputPixels: COVER_MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (!ACCEPTED_FORMATS.has(meta.format ?? '')) return { ok: false, reason: 'not_an_image' };
    if ((meta.width ?? 0) < COVER_MIN_SIDE || (meta.height ?? 0) < COVER_MIN_SIDE)
      return { ok: false, reason: 'too_small' };
    // Decoded once to bare pixels, oriented, in sRGB: no metadata of the source can reach the files.
    const pixels = await sharp(bytes, options)
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    const raw = { raw: { width, height, channels } } as const;
    const entries = await Promise.all(
      COVER_SIZE_NAMES.map(async (size) => {
        const w = COVER_SIZES[size];
        // Every size is exactly 2:3 (cropped from the centre if the scan is not), so the space the page
        // reserves is the space the image fills. Small scans are not enlarged past their own width.
        const targetWidth = Math.min(w, width);
        const image = await sharp(pixels.data, raw)
          .resize(targetWidth, Math.round(targetWidth * COVER_ASPECT), { fit: 'cover', position: 'centre' })
          .webp({ quality: 80, effort: 4 })
          .toBuffer();
        return [size, image] as const;
      }),
    );
    const images = Object.fromEntries(entries) as CoverImages;
    const headerWidth = Math.min(COVER_SIZES.header, width);
    return { ok: true, images, width: headerWidth, height: Math.round(headerWidth * COVER_ASPECT) };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      return { ok: false, reason: 'too_many_pixels' };
    return { ok: false, reason: 'not_an_image' };
  }
}
