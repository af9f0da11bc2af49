import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';
import { readableColors } from './theme-colors';

export const theme = createTheme({
  primaryColor: 'teal',
  // Shades 8 and 9 of every colour darkened for contrast (theme-colors.ts).
  colors: readableColors,
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
  // Plain objects rather than Modal.extend() and the like: importing the components here would pull them
  // into the first bundle every page loads.
  components: {
    // Every dialog's and drawer's X has a name for screen readers (axe: button-name), unless a dialog
    // passes its own closeButtonProps.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // No focus placeholder inside role="menu" (axe: aria-required-children); focus goes to the first item.
    // (Menu items take shade 6 of their colour whatever primaryShade says, so destructive items pass
    // c="var(--mantine-color-red-light-color)": shade 9 in the light scheme, readable on white and on the
    // hovered item's tint, and shade 0 in the dark scheme.)
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
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
