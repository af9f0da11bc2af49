import { useState } from 'react';

/**
 * The latest non-null value given. A dialog closes by being given null, but its content must stay in place
 * while the closing animation runs instead of blanking (or switching its title) first.
 */
export function useLastGiven<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // Adjusting state while rendering is React's pattern for state derived from props.
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
