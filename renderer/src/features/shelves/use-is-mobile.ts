import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_QUERY } from '../../theme';

/**
 * Below 640 px (SPEC.md §9). Read at once rather than after the first paint, so a phone never flashes the
 * desktop table, and the two layouts never both exist (they share drag-and-drop ids).
 */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
}
