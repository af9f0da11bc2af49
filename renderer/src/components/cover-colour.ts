// The placeholder's colour, derived from the work (its id, else its title) so a book keeps its colour on
// every screen and neighbouring books differ. Dark, muted shades under white text: contrast stays above
// 7:1 in light and dark schemes alike.

/** A stable 32-bit FNV-1a hash of the key. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface CoverColours {
  background: string;
  /** The darker band along the spine. */
  spine: string;
}

export function coverColours(key: string): CoverColours {
  const h = hash(key);
  const hue = h % 360;
  // Saturation 30–49 %, lightness 22–29 %: white text on these measures 9:1 or more.
  const saturation = 30 + ((h >>> 9) % 20);
  const lightness = 22 + ((h >>> 17) % 8);
  return {
    background: `hsl(${hue} ${saturation}% ${lightness}%)`,
    spine: `hsl(${hue} ${saturation}% ${Math.max(lightness - 9, 10)}%)`,
  };
}
