/** The jobs.queue kind of a library import; its payload is { import_id }. */
export const IMPORT_JOB = 'library.import';
