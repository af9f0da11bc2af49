// Mantine's palettes with shades 8 and 9 darkened just enough for WCAG 2.2 AA (issue 17: contrast is fixed
// in the theme, not patched per component). The theme's primaryShade is 8, so shade 8 is every filled
// button's and badge's background under white text, and, in the light scheme, coloured text and links on
// the page; shade 9 is the text of light variants on shades 1 and 2 (hovered). Shades 0-7 (tints, the dark scheme's text)
// stay as Mantine has them.
import { DEFAULT_THEME, darken } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';
import { contrastRatio, luminance } from './lib/contrast';

/** White on shade 8, with room for shade 8 text on the light grey panels (gray 1 is 0.9 times as bright). */
export const FILLED_CONTRAST = 5.2;
/** Shade 9 on shade 2: light variants' text on their hover background (shade 1 when not hovered is lighter). */
export const LIGHT_VARIANT_CONTRAST = 4.6;

const STEP = 0.02;

function darkenUntil(color: string, good: (candidate: string) => boolean): string {
  let candidate = color;
  for (let amount = STEP; !good(candidate) && amount < 1; amount += STEP) candidate = darken(color, amount);
  return candidate;
}

export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  shades[8] = darkenUntil(palette[8], (c) => contrastRatio('#ffffff', c) >= FILLED_CONTRAST);
  shades[9] = darkenUntil(
    palette[9],
    (c) => contrastRatio(c, palette[2]) >= LIGHT_VARIANT_CONTRAST && luminance(c) <= luminance(shades[8]!),
  );
  return shades as unknown as MantineColorsTuple;
}

/** Every Mantine colour, readable; 'dark' and 'gray' already are and come through unchanged. */
export const readableColors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, readablePalette(palette)]),
);
