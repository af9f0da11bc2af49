// Images for avatar tests: real ones made with sharp, hostile ones built byte by byte, and a reader that
// lists a PNG's chunks so a test can see exactly what a stored file holds.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 90, alpha: 1 } } });

export const pngImage = (width = 40, height = 20) => solid(width, height, 4).png().toBuffer();
export const webpImage = (width = 30, height = 30) => solid(width, height).webp().toBuffer();
export const gifImage = () => solid(4, 4).gif().toBuffer();

/** A JPEG 40 wide and 20 high whose EXIF says "rotate 90°" and carries personal details. */
export const exifJpeg = () =>
  solid(40, 20)
    .jpeg()
    .withExif({ IFD0: { Artist: 'Ada Secret', Copyright: 'Home at 51.5N 0.12W' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit PNG of width × height that compresses to a few kilobytes however big it is (all zeros):
 * 20000 × 20000 is a 48 KB file that would decode to 400 million pixels.
 */
export function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a text chunk, to show that metadata inside the image is dropped too. */
export async function pngWithText(text: string): Promise<Buffer> {
  const png = await pngImage();
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    png.subarray(iend),
  ]);
}

/** The chunk types of a PNG in order; throws when the bytes are not a PNG or anything follows IEND. */
export function pngChunks(bytes: Buffer): string[] {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const types: string[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    types.push(type);
    offset += 12 + length;
    if (type === 'IEND' && offset !== bytes.length) {
      throw new Error(`${bytes.length - offset} bytes follow IEND`);
    }
  }
  return types;
}
