import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hugePng, pngChunks, pngImage } from '../../tests/support/test-images';
import { reencodeAvatar, reencodesRunning } from './reencode-avatar';

const chunk = (png: Buffer, type: string) => {
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    if (png.subarray(offset + 4, offset + 8).toString('latin1') === type) {
      return png.subarray(offset + 8, offset + 8 + length);
    }
    offset += 12 + length;
  }
  return null;
};

describe('reencodeAvatar', () => {
  it('keeps none of the upload but its pixels, not even its resolution in dpi', async () => {
    const at = (density: number) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
        .withMetadata({ density })
        .png()
        .toBuffer();
    const [low, high] = await Promise.all([reencodeAvatar(await at(72)), reencodeAvatar(await at(600))]);
    if (!low.ok || !high.ok) throw new Error('both are images');
    expect(high.png).toEqual(low.png);
    expect(pngChunks(high.png)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(chunk(high.png, 'pHYs')).toEqual(chunk(low.png, 'pHYs'));
  });

  it('keeps transparency and turns 16-bit, grey and CMYK pictures into 8-bit sRGB', async () => {
    const transparent = await reencodeAvatar(await pngImage(10, 10));
    if (!transparent.ok) throw new Error('an image');
    expect(await sharp(transparent.png).metadata()).toMatchObject({ channels: 4, depth: 'uchar' });
    const cmyk = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#18a' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const converted = await reencodeAvatar(cmyk);
    if (!converted.ok) throw new Error('an image');
    expect(await sharp(converted.png).metadata()).toMatchObject({ space: 'srgb', channels: 3 });
  });

  it('refuses to decode past the pixel limit, and takes a picture just under it', async () => {
    expect(await reencodeAvatar(hugePng(5001, 5000))).toEqual({ ok: false, reason: 'too_many_pixels' });
    const largest = await reencodeAvatar(hugePng(5000, 5000));
    expect(largest).toMatchObject({ ok: true, width: 512, height: 512 });
  });

  it('refuses SVG, even when it would decode, and what only looks like an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    expect(await sharp(svg).metadata()).toMatchObject({ format: 'svg' });
    expect(await reencodeAvatar(svg)).toEqual({ ok: false, reason: 'not_an_image' });
    const png = await pngImage();
    const polyglot = Buffer.concat([png.subarray(0, 16), Buffer.from('<html><script>alert(1)</script>')]);
    expect(await reencodeAvatar(polyglot)).toEqual({ ok: false, reason: 'not_an_image' });
  });

  it('decodes at most two uploads at a time; the others wait their turn and all finish', async () => {
    const image = await sharp({ create: { width: 3000, height: 3000, channels: 4, background: '#246' } })
      .png()
      .toBuffer();
    let most = 0;
    const sample = setInterval(() => (most = Math.max(most, reencodesRunning())), 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => reencodeAvatar(image)));
    clearInterval(sample);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
    expect(most).toBe(2);
    expect(reencodesRunning()).toBe(0);
  });
});
