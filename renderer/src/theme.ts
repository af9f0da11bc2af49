import { Avatar, Drawer, Modal, createTheme, localStorageColorSchemeManager } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's teal with darker shades 7-9: shade 8 is what filled buttons, links and teal text use in the
 * light scheme (primaryShade below), and white on it is 5.7:1; Mantine's own teal 6 was 2.5:1 (WCAG 2.2
 * AA asks 4.5:1 for text, issue 17). The light shades 0-5 stay, for tints and the dark scheme's text.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0b8a66',
  '#087556',
  '#06634a',
];

/**
 * Mantine's red with shades 8-9 darkened the same way, so a filled red button (Delete) carries white text
 * at 4.5:1 or more, and error text is readable on white.
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#f03e3e',
  '#c92a2a',
  '#a51d1d',
];

/** The colours initials avatars may take: their text passes 4.5:1 in both schemes (theme.test.ts). */
export const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'indigo', 'pink', 'red', 'teal', 'violet'] as const;

export const theme = createTheme({
  primaryColor: 'teal',
  colors: { teal, red },
  // Filled buttons, links and coloured text use shade 8 in both schemes: dark enough under white text.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // Focus rings on keyboard focus only (not on every click), in both schemes (app.css draws them).
  focusRing: 'auto',
  // SPEC.md §9: the mobile layout is below 640 px, so `xs` is 40em and `hiddenFrom="xs"` /
  // `visibleFrom="xs"` switch between the mobile and the desktop layout.
  breakpoints: { xs: '40em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  // Transitions and the like follow the reader's prefers-reduced-motion.
  respectReducedMotion: true,
  components: {
    // Every dialog's and drawer's X has a name for screen readers (axe: button-name), unless a dialog
    // passes its own closeButtonProps.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Initials avatars pick a colour from the name; only colours whose light variant (shade 9 on shade 1)
    // is 4.5:1 or more are offered (green, lime, orange and yellow are not).
    Avatar: Avatar.extend({ defaultProps: { allowedInitialsColors: [...INITIALS_COLORS] } }),
  },
});

/**
 * Text colours the defaults leave below 4.5:1: dimmed grey (gray 6 on white is 3.3:1; dark 2 on the dark
 * body is 4.0:1), error red and the dark scheme's anchor. Set here, once, for every component that uses
 * `c="dimmed"`, `--mantine-color-dimmed` or an error.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-anchor': 'var(--mantine-color-teal-4)',
  },
});

/** Where the reader's choice (System, Light, Dark) is kept: this device's localStorage. */
export const COLOR_SCHEME_STORAGE_KEY = 'shelfwise-color-scheme';

/**
 * The colour scheme choice, remembered per device. renderer/public/color-scheme.js reads the same key
 * before the first paint, so a page never flashes the other scheme while the bundle loads.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** For useMediaQuery: true below 640 px (SPEC.md §9 mobile breakpoint). */
export const MOBILE_QUERY = '(max-width: 39.99em)';
