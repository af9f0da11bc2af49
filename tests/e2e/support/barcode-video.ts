// A fake camera for the barcode scanner's e2e: an EAN-13 drawn from its digits (the encoding of GS1's
// General Specifications §5.2.1: guard bars, the left half in L/G patterns chosen by the first digit, the
// right half in R patterns), printed black on white and written as a few frames of Y4M video, the format
// Chromium's --use-file-for-fake-video-capture plays in a loop.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
/** Which of L (0) and G (1) encodes each left-half digit, by the first digit, which has no bars of its own. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLG',
  'LGLGGL',
  'LGLGLG',
  'LGGLGL',
];

/** The 95 modules of an EAN-13, '1' for a bar. */
export function ean13Modules(digits: string): string {
  if (!/^\d{13}$/.test(digits)) throw new Error(`Not 13 digits: ${digits}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  const left = d.slice(1, 7).map((digit, i) => (parity[i] === 'L' ? L : G)[digit]!);
  const right = d.slice(7).map((digit) => R[digit]!);
  return `101${left.join('')}01010${right.join('')}101`;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 4;
const BAR_HEIGHT = 220;
const FRAMES = 5;

/** Writes `path`: a Y4M video (4:2:0) of the ISBN's barcode on white paper, centred in the picture. */
export function writeBarcodeVideo(path: string, isbn: string): string {
  const modules = ean13Modules(isbn);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  const top = Math.floor((HEIGHT - BAR_HEIGHT) / 2);
  for (let m = 0; m < modules.length; m++) {
    if (modules[m] !== '1') continue;
    for (let y = top; y < top + BAR_HEIGHT; y++) {
      luma.fill(16, y * WIDTH + left + m * MODULE_PX, y * WIDTH + left + (m + 1) * MODULE_PX);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat([header, ...Array<Buffer>(FRAMES).fill(frame)]));
  return path;
}
