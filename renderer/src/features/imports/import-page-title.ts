/** The page's title, and the words of every link to it. */
export const IMPORT_PAGE_TITLE = 'Import and export';
