export const PRODUCT_NAME = 'Shelfwise';
export const TAGLINE = 'Manage your reading journey with precision';
