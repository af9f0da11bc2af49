// 'All Editions' (SPEC.md §2, §9): the work's editions, 4 per page with a pager, the shown one badged
// 'Current'; each links to /work/{id}?edition={edition_id}.
import { Badge, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { editionSummary } from '@shared/api/catalogue';
import { BookCover } from '../../components/book-cover';
import classes from './work-page.module.css';
import { workPath } from '../../paths';

type EditionSummary = z.infer<typeof editionSummary>;

export const EDITIONS_PER_PAGE = 4;

/** The 1-based page holding the edition, or 1 when it is not in the list. */
function pageOf(editions: readonly EditionSummary[], editionId: string | null): number {
  const index = editions.findIndex((e) => e.id === editionId);
  return index < 0 ? 1 : Math.floor(index / EDITIONS_PER_PAGE) + 1;
}

function EditionCard({
  workId,
  edition,
  current,
}: {
  workId: string;
  edition: EditionSummary;
  current: boolean;
}) {
  const details = [edition.publisher, edition.date_string].filter(Boolean).join(', ');
  return (
    <Link
      to={workPath(workId, edition.id)}
      className={classes.editionCard}
      aria-current={current ? 'true' : undefined}
    >
      <BookCover
        url={edition.cover_url}
        title={edition.title}
        author={edition.edition_authors[0]?.authors.name}
        workId={workId}
        width={72}
      />
      <Text size="sm" fw={500} lineClamp={2} className={classes.breakable}>
        {edition.title}
      </Text>
      {details && (
        <Text size="xs" c="dimmed" className={classes.breakable}>
          {details}
        </Text>
      )}
      {current && (
        <Badge size="sm" variant="filled" tt="none">
          Current
        </Badge>
      )}
    </Link>
  );
}

export function AllEditions({
  workId,
  editions,
  currentEditionId,
}: {
  workId: string;
  editions: readonly EditionSummary[] | undefined;
  currentEditionId: string | null;
}) {
  const [page, setPage] = useState(1);
  const [pagedFor, setPagedFor] = useState<string | null | undefined>(undefined);
  // Open on the page holding the shown edition whenever the shown edition (or the list) arrives or changes.
  const target = editions ? currentEditionId : undefined;
  if (editions && target !== pagedFor) {
    setPagedFor(target);
    setPage(pageOf(editions, currentEditionId));
  }

  const total = editions ? Math.max(1, Math.ceil(editions.length / EDITIONS_PER_PAGE)) : 1;
  const shown = editions?.slice((page - 1) * EDITIONS_PER_PAGE, page * EDITIONS_PER_PAGE) ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="all-editions">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="all-editions">
          All Editions
        </Title>
        {editions && (
          <Text size="sm" c="dimmed">
            {editions.length} {editions.length === 1 ? 'edition' : 'editions'}
          </Text>
        )}
      </Group>
      {!editions ? (
        <Skeleton h={160} />
      ) : editions.length === 0 ? (
        <Text c="dimmed">This work has no editions yet.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="list" aria-label="Editions">
            {shown.map((edition) => (
              <div role="listitem" key={edition.id}>
                <EditionCard workId={workId} edition={edition} current={edition.id === currentEditionId} />
              </div>
            ))}
          </SimpleGrid>
          <Pagination
            total={total}
            value={page}
            onChange={setPage}
            hideWithOnePage
            size="sm"
            aria-label="Editions pages"
            getItemProps={(n) => ({ 'aria-label': `Editions page ${n}` })}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous editions page' : 'Next editions page',
            })}
          />
        </>
      )}
    </Stack>
  );
}
