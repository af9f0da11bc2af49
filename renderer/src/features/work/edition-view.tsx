// The shown edition as the page's edition sections see it: loading, missing, failed, or ready. Each
// section renders the same stand-in for the states that are not ready.
import { isNotFound } from '../../lib/load-failure';
import { Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { editionDetails } from '@shared/api/catalogue';
import { messageOf } from '../../platform/errors';

export type EditionDetails = z.infer<typeof editionDetails>;

export type EditionView =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; edition: EditionDetails };

export function editionView(
  editionId: string | null,
  query: { data: EditionDetails | undefined; error: Error | null; isPending: boolean },
  worksLoading: boolean,
): EditionView {
  if (editionId === null) return worksLoading ? { kind: 'loading' } : { kind: 'none' };
  if (query.data) return { kind: 'ready', edition: query.data };
  if (query.error) {
    return { kind: 'error', message: isNotFound(query.error) ? 'Edition not found' : messageOf(query.error) };
  }
  return { kind: 'loading' };
}

/** The children for a ready edition; a skeleton, 'No editions' or the error otherwise. */
export function WithEdition({
  view,
  children,
}: {
  view: EditionView;
  children: (edition: EditionDetails) => ReactNode;
}) {
  if (view.kind === 'ready') return children(view.edition);
  if (view.kind === 'loading') return <Skeleton h={60} />;
  if (view.kind === 'none') return <Text c="dimmed">This work has no editions yet.</Text>;
  return <Text c="red">{view.message}</Text>;
}
