// The theme's text and filled-button colours meet WCAG 2.2 AA contrast (4.5:1 for text) in both schemes,
// computed from the very values the theme hands Mantine (issue 17: contrast is fixed in the theme).
import { DEFAULT_THEME, darken, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { INITIALS_COLORS, cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(merged);

/** A colour given as '#rrggbb' or 'var(--mantine-color-{name}-{shade})', resolved against the theme. */
function hex(value: string): string {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (!match) return value;
  return merged.colors[match[1]!]![Number(match[2])]!;
}

function luminance(color: string): number {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  const channels = rgb
    ? [rgb[1], rgb[2], rgb[3]].map(Number)
    : [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(hex(a)), luminance(hex(b))].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const shade = (scheme: 'light' | 'dark') =>
  typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade[scheme];
const teal = merged.colors.teal;
const dark = merged.colors.dark;
const gray = merged.colors.gray;

describe('light scheme', () => {
  const light = vars.light;
  const backgrounds = { white: '#ffffff', 'gray 0': gray[0], 'gray 1': gray[1] };

  it('white text on filled teal and red buttons', () => {
    expect(contrast('#ffffff', teal[shade('light')])).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', merged.colors.red[shade('light')])).toBeGreaterThanOrEqual(4.5);
  });

  it('links, teal text, dimmed text and errors on the page and its grey panels', () => {
    for (const [name, background] of Object.entries(backgrounds)) {
      expect(contrast(teal[shade('light')], background), `teal on ${name}`).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(light['--mantine-color-dimmed']!, background),
        `dimmed on ${name}`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(light['--mantine-color-error']!, background),
        `error on ${name}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('light-variant badges and buttons: teal 9 on teal 1', () => {
    expect(contrast(teal[9], teal[1])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('dark scheme', () => {
  const darkVars = vars.dark;
  const backgrounds = { body: dark[7], paper: dark[6], hover: dark[5] };

  it('white text on filled teal and red buttons', () => {
    expect(contrast('#ffffff', teal[shade('dark')])).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', merged.colors.red[shade('dark')])).toBeGreaterThanOrEqual(4.5);
  });

  it('links, dimmed text and errors on the body, panels and hovered rows', () => {
    for (const [name, background] of Object.entries(backgrounds)) {
      expect(
        contrast(darkVars['--mantine-color-anchor']!, background),
        `link on ${name}`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(darkVars['--mantine-color-dimmed']!, background),
        `dimmed on ${name}`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(darkVars['--mantine-color-error']!, background),
        `error on ${name}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('light-variant badges and buttons: teal 0 on the darkened teal tint', () => {
    expect(contrast(teal[0], darken(teal[9], 0.5))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('initials avatars', () => {
  it.each(INITIALS_COLORS)('%s initials are readable in both schemes', (color) => {
    const shades = merged.colors[color];
    expect(contrast(shades[9], shades[1]), 'light').toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[0], darken(shades[9], 0.5)), 'dark').toBeGreaterThanOrEqual(4.5);
  });
});
