import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COVER_SIZES } from '@shared/covers';
import { BLANK_GIF } from '../../tests/support/covers-fixture';
import { exifJpeg, gifImage, hugePng } from '../../tests/support/test-images';
import { coverReencodesRunning, reencodeCover } from './reencode-cover';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#246' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Someone' } })
    .toBuffer();

describe('reencodeCover', () => {
  it('makes every size as a 2:3 WebP holding only pixels', async () => {
    const result = await reencodeCover(await jpeg(600, 900));
    if (!result.ok) throw new Error(result.reason);
    for (const [size, width] of Object.entries(COVER_SIZES)) {
      const meta = await sharp(result.images[size as keyof typeof COVER_SIZES]).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
        'webp',
        width,
        width * 1.5,
        undefined,
      ]);
    }
    expect([result.width, result.height]).toEqual([400, 600]);
  });

  it('crops a scan of another shape to 2:3 and never enlarges a small one', async () => {
    const result = await reencodeCover(await jpeg(200, 200));
    if (!result.ok) throw new Error(result.reason);
    const header = await sharp(result.images.header).metadata();
    expect([header.width, header.height]).toEqual([200, 300]);
  });

  it('refuses what is not a cover: a GIF, a 1×1 stand-in, text, a decompression bomb', async () => {
    expect(await reencodeCover(BLANK_GIF)).toEqual({ ok: false, reason: 'not_an_image' });
    expect(await reencodeCover(await gifImage())).toEqual({ ok: false, reason: 'not_an_image' });
    expect(await reencodeCover(await jpeg(1, 1))).toEqual({ ok: false, reason: 'too_small' });
    expect(await reencodeCover(Buffer.from('<html></html>'))).toEqual({ ok: false, reason: 'not_an_image' });
    expect(await reencodeCover(hugePng(20000, 20000))).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect((await reencodeCover(await exifJpeg())).ok).toBe(true);
  });

  it('decodes at most two at once', async () => {
    const image = await jpeg(1200, 1800);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, coverReencodesRunning())), 1);
    await Promise.all(Array.from({ length: 6 }, () => reencodeCover(image)));
    clearInterval(watch);
    expect(most).toBe(2);
    expect(coverReencodesRunning()).toBe(0);
  });
});
