import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // SPEC.md §9: the mobile layout is below 640 px, so `xs` is 40em and `hiddenFrom="xs"` /
  // `visibleFrom="xs"` switch between the mobile and the desktop layout.
  breakpoints: { xs: '40em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
});

/** For useMediaQuery: true below 640 px (SPEC.md §9 mobile breakpoint). */
export const MOBILE_QUERY = '(max-width: 39.99em)';
