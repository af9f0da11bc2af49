import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawIcon, encodePng } from './make-icons';

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
