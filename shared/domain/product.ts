export const PRODUCT_NAME = 'Shelfwise';
export const TAGLINE = 'Manage your reading journey with precision';

/** SPEC.md §9 "Template mock action delay 1 s": the template pages' sample actions pretend to work this long. */
export const TEMPLATE_ACTION_DELAY_MS = 1000;
