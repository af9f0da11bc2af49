// Draws the app icon (the LogoMark of the renderer: three books on a shelf, on a light tile) into PNGs for
// electron-builder: build/icon.png (1024 px; converted to .icns and .ico when packaging) and build/icons/NxN.png
// for Linux, and the web app's install icons in renderer/public/icons (issue 29: the manifest and iOS's
// apple-touch-icon use the same mark). No image tools needed: shapes are rasterised here with 4x4 supersampling and written with zlib.
// `tsx electron/tooling/make-icons.ts`
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

interface Shape {
  /** In the mark's 32-unit grid. */
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
  color: Rgba;
  /** Degrees, about the shape's centre. */
  rotate?: number;
}

const hex = (value: string, alpha = 255): Rgba => [
  parseInt(value.slice(1, 3), 16),
  parseInt(value.slice(3, 5), 16),
  parseInt(value.slice(5, 7), 16),
  alpha,
];

// Mantine's teal-0, teal-7, teal-5, teal-3 and gray-6, as in renderer/src/components/logo-mark.tsx.
const SHAPES: Shape[] = [
  { x: 0, y: 0, width: 32, height: 32, radius: 7, color: hex('#e6fcf5') },
  { x: 7, y: 8, width: 5, height: 15.5, radius: 1.2, color: hex('#0ca678') },
  { x: 13.5, y: 10.5, width: 5, height: 13, radius: 1.2, color: hex('#20c997') },
  { x: 19.5, y: 9, width: 5, height: 14.5, radius: 1.2, color: hex('#63e6be'), rotate: 12 },
  { x: 5, y: 23.5, width: 22, height: 2, radius: 1, color: hex('#868e96') },
];

function inside(shape: Shape, px: number, py: number): boolean {
  let x = px;
  let y = py;
  if (shape.rotate) {
    const cx = shape.x + shape.width / 2;
    const cy = shape.y + shape.height / 2;
    const a = (-shape.rotate * Math.PI) / 180;
    const dx = px - cx;
    const dy = py - cy;
    x = cx + dx * Math.cos(a) - dy * Math.sin(a);
    y = cy + dx * Math.sin(a) + dy * Math.cos(a);
  }
  const r = shape.radius;
  const nx = Math.min(Math.max(x, shape.x + r), shape.x + shape.width - r);
  const ny = Math.min(Math.max(y, shape.y + r), shape.y + shape.height - r);
  return (
    (x - nx) ** 2 + (y - ny) ** 2 <= r * r &&
    x >= shape.x &&
    x <= shape.x + shape.width &&
    y >= shape.y &&
    y <= shape.y + shape.height
  );
}

/**
 * A maskable icon (Android crops it to its own shape): the tile's colour to every edge, and the mark inside
 * the central 80 % safe zone, so no launcher's mask cuts into the books.
 */
const MASKABLE_SHAPES: Shape[] = [
  { x: -4, y: -4, width: 40, height: 40, radius: 0, color: hex('#e6fcf5') },
  ...SHAPES.slice(1).map((s) => ({
    ...s,
    x: 16 + (s.x - 16) * 0.8,
    y: 16 + (s.y - 16.5) * 0.8,
    width: s.width * 0.8,
    height: s.height * 0.8,
    radius: s.radius * 0.8,
  })),
];

/** RGBA pixels of the icon at `size` px. */
export function drawIcon(size: number, shapes: Shape[] = SHAPES): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const gx = ((col + (sx + 0.5) / samples) / size) * 32;
          const gy = ((row + (sy + 0.5) / samples) / size) * 32;
          // The topmost shape covering the sample wins (shapes do not overlap except on the tile).
          const shape = shapes.findLast((s) => inside(s, gx, gy));
          if (!shape) continue;
          const [r, g, b, a] = shape.color;
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      }
      const i = (row * size + col) * 4;
      const alpha = sum[3]!;
      pixels[i] = alpha ? Math.round(sum[0]! / alpha) : 0;
      pixels[i + 1] = alpha ? Math.round(sum[1]! / alpha) : 0;
      pixels[i + 2] = alpha ? Math.round(sum[2]! / alpha) : 0;
      pixels[i + 3] = Math.round(alpha / (samples * samples));
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG (8-bit RGBA, no filtering) of square RGBA pixels. */
export function encodePng(pixels: Uint8Array, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++)
    rows.set(pixels.subarray(row * size * 4, (row + 1) * size * 4), row * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const LINUX_ICON_SIZES = [16, 32, 48, 64, 128, 256, 512] as const;

/** The web app's icons (renderer/public/icons): the manifest's any and maskable icons, and iOS's touch icon. */
export function webIcons(): { file: string; png: Buffer }[] {
  return [
    ...[192, 512].map((size) => ({ file: `icon-${size}.png`, png: encodePng(drawIcon(size), size) })),
    { file: 'maskable-512.png', png: encodePng(drawIcon(512, MASKABLE_SHAPES), 512) },
    { file: 'apple-touch-icon.png', png: encodePng(drawIcon(180, MASKABLE_SHAPES), 180) },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const build = fileURLToPath(new URL('../../build/', import.meta.url));
  mkdirSync(`${build}icons`, { recursive: true });
  writeFileSync(`${build}icon.png`, encodePng(drawIcon(1024), 1024));
  for (const size of LINUX_ICON_SIZES)
    writeFileSync(`${build}icons/${size}x${size}.png`, encodePng(drawIcon(size), size));
  const web = fileURLToPath(new URL('../../renderer/public/icons/', import.meta.url));
  mkdirSync(web, { recursive: true });
  for (const { file, png } of webIcons()) writeFileSync(`${web}${file}`, png);
  console.log(
    `Wrote build/icon.png, build/icons/{${LINUX_ICON_SIZES.join(',')}}.png and renderer/public/icons`,
  );
}
