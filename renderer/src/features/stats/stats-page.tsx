// Stats (SPEC.md §2 "Stats", §3 "Reading stats", §9): Books read, Pages read and Pages per day (pages /
// days, rounded, 0 without days), 3 skeleton lines while loading, 'Unable to load stats.' on failure; the
// reading insights of issue 15 below them.
import { Alert, Box, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { deviceTimeZone, localDay, yearOf } from '@shared/domain/local-day';
import { pagesPerDay } from '@shared/domain/reading-stats';
import { useSfQuery } from '../../hooks/use-sf-query';
import { InsightsSection } from './insights-section';

export const STATS_SKELETON_LINES = 3;

/** SPEC.md §3: a figure that is not a number counts as 0. */
const figure = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

export function StatsPage() {
  const timezone = deviceTimeZone();
  const stats = useSfQuery('reading-stats', timezone ? { timezone } : {});
  // Insights need a zone; without the device's, UTC, as reading-stats assumes.
  const insightsZone = timezone ?? 'UTC';

  let body;
  if (stats.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading stats">
        {Array.from({ length: STATS_SKELETON_LINES }, (_, i) => (
          <Skeleton key={i} height={20} radius="sm" data-testid="stats-skeleton" />
        ))}
      </Stack>
    );
  } else if (stats.isError) {
    body = <Alert color="red">Unable to load stats.</Alert>;
  } else {
    const { books, pages, days } = stats.data;
    body = (
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label="Books read" value={figure(books)} />
        <Figure label="Pages read" value={figure(pages)} />
        <Figure label="Pages per day" value={pagesPerDay({ pages, days })} />
      </SimpleGrid>
    );
  }

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Your Reading Stats</Title>
        <Box>{body}</Box>
        <InsightsSection timezone={insightsZone} currentYear={yearOf(localDay(new Date(), insightsZone))} />
      </Stack>
    </Container>
  );
}
