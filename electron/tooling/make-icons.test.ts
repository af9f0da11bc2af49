import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawIcon, encodePng, webIcons } from './make-icons';

describe('make-icons', () => {
  it('writes a valid RGBA PNG', () => {
    const png = encodePng(drawIcon(16), 16);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(16);
    expect(png.readUInt32BE(20)).toBe(16);
    const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
    expect(inflateSync(idat)).toHaveLength(16 * (16 * 4 + 1));
  });

  it('matches the committed build/icons, so they come from this script', () => {
    const committed = readFileSync(new URL('../../build/icons/64x64.png', import.meta.url));
    expect(encodePng(drawIcon(64), 64).equals(committed)).toBe(true);
  });
});

describe('web app icons', () => {
  it('match the committed renderer/public/icons, which the manifest lists', () => {
    for (const { file, png } of webIcons()) {
      const committed = readFileSync(new URL(`../../renderer/public/icons/${file}`, import.meta.url));
      expect(png.equals(committed), file).toBe(true);
    }
  });

  it('paints the maskable icon to its corners, so a launcher mask never shows a transparent edge', () => {
    const maskable = webIcons().find((icon) => icon.file === 'maskable-512.png')!.png;
    const idat = inflateSync(maskable.subarray(maskable.indexOf('IDAT') + 4, maskable.indexOf('IEND') - 8));
    // Row 0 starts with its filter byte; the first pixel's alpha follows R, G and B.
    expect(idat[1 + 3]).toBe(255);
  });
});
