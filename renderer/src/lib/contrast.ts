// WCAG 2.2 contrast ratio of two colours (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), for the theme's
// colours: '#rrggbb' or Mantine's 'rgba(r, g, b, a)' (opaque colours only; alpha is ignored).

function channels(color: string): [number, number, number] {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  if (!/^#[0-9a-f]{6}$/i.test(color)) throw new Error(`not a colour the contrast check reads: ${color}`);
  return [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** From 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
