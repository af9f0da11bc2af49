import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { authorWork } from '@shared/api/catalogue';
import { BookCover } from '../../components/book-cover';
import classes from './author-works.module.css';
import { workPath } from '../../paths';

type AuthorWork = z.infer<typeof authorWork>;

export const NO_WORKS = 'No works listed.';

/** The author's works, each with its cover (or 'No Cover') and opening the work page (SPEC.md §2). */
export function AuthorWorks({ works }: { works: AuthorWork[] }) {
  if (works.length === 0) return <Text c="dimmed">{NO_WORKS}</Text>;
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, sm: 4, md: 5 }}
      spacing="md"
      component="ul"
      aria-label="Works"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {works.map((work) => (
        <li key={work.id} style={{ minWidth: 0 }}>
          <Card
            component={Link}
            to={workPath(work.id)}
            withBorder
            className={classes.card}
            padding="sm"
            h="100%"
          >
            <Stack gap="xs" align="center">
              <BookCover url={work.cover_url} title={work.title} workId={work.id} width={96} />
              <Text size="sm" fw={600} ta="center" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {work.title}
              </Text>
              {work.date_string && (
                <Text size="xs" c="dimmed" ta="center">
                  {work.date_string}
                </Text>
              )}
            </Stack>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}
