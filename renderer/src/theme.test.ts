// The theme's text and filled-button colours meet WCAG 2.2 AA contrast (4.5:1 for text) in both schemes,
// computed from the very values the theme hands Mantine (issue 17: contrast is fixed in the theme).
import { DEFAULT_THEME, darken, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(merged);

/** A colour given as '#rrggbb', 'rgba(...)' or 'var(--mantine-color-{name}-{shade})', resolved. */
function resolve(value: string): string {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return match ? merged.colors[match[1]!]![Number(match[2])]! : value;
}
const contrast = (a: string, b: string) => contrastRatio(resolve(a), resolve(b));

const shade = (scheme: 'light' | 'dark') =>
  typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade[scheme];
const { teal, dark, gray } = merged.colors;
const colorNames = Object.keys(merged.colors).filter((name) => name !== 'dark');

describe('every colour', () => {
  it.each(colorNames)(
    '%s: white on filled, filled text on the page, light variants, both schemes',
    (name) => {
      const shades = merged.colors[name]!;
      for (const scheme of ['light', 'dark'] as const) {
        expect(
          contrast('#ffffff', shades[shade(scheme)]),
          `white on ${scheme} filled`,
        ).toBeGreaterThanOrEqual(4.5);
      }
      for (const background of ['#ffffff', gray[0], gray[1]]) {
        expect(contrast(shades[shade('light')], background), `text on ${background}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      expect(contrast(shades[9], shades[2]), 'light variant, hovered, light scheme').toBeGreaterThanOrEqual(
        4.5,
      );
      expect(
        contrast(shades[0], darken(shades[9], 0.5)),
        'light variant, dark scheme',
      ).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('light scheme', () => {
  const light = vars.light;
  it('links, dimmed text and errors on the page and its grey panels', () => {
    for (const background of ['#ffffff', gray[0], gray[1]]) {
      expect(contrast(teal[shade('light')], background), `link on ${background}`).toBeGreaterThanOrEqual(4.5);
      for (const name of ['--mantine-color-dimmed', '--mantine-color-error'] as const) {
        expect(contrast(light[name]!, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('dark scheme', () => {
  const darkVars = vars.dark;
  it('links, dimmed text and errors on the body, panels and hovered rows', () => {
    for (const background of [dark[7], dark[6], dark[5]]) {
      for (const name of [
        '--mantine-color-anchor',
        '--mantine-color-dimmed',
        '--mantine-color-error',
      ] as const) {
        expect(contrast(darkVars[name]!, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
