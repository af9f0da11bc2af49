/** PostgreSQL's unique_violation (23505): a concurrent writer took the same unique value first. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
