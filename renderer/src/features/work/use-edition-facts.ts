// An edition's description and page count, completed through edition-metadata when the catalogue has not
// filled the edition in yet (SPEC.md §7). 'About this book' and 'This Edition' share the one look-up.
import { useSfQuery } from '../../hooks/use-sf-query';
import type { EditionDetails } from './edition-view';

export interface EditionFacts {
  description: string | null;
  pageCount: number | null;
  loading: boolean;
}

export function useEditionFacts(edition: EditionDetails): EditionFacts {
  const metadata = useSfQuery(
    'edition-metadata',
    { edition_id: edition.id },
    { enabled: !edition.checked_full_metadata },
  );
  if (edition.checked_full_metadata || metadata.isError) {
    // A failed look-up leaves what the catalogue already holds, which is still worth showing.
    return { description: edition.description, pageCount: edition.page_count, loading: false };
  }
  return {
    description: metadata.data?.description ?? edition.description,
    pageCount: metadata.data?.page_count ?? edition.page_count,
    loading: metadata.isPending,
  };
}
