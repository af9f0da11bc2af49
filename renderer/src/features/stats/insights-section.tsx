// The reading insights under the three figures of /stats (issue 15): a period selector (All time and each
// year with activity; the current year first) and the charts of that period, all from one reading-insights
// call. A change of period keeps the previous charts on screen until the new ones arrive.
import { Alert, NativeSelect, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { InsightsPeriod } from '@shared/domain/reading-insights';
import { useSfQuery } from '../../hooks/use-sf-query';
import { CalendarChart } from './calendar-chart';
import { GenresChart } from './genres-chart';
import { GoalsChart } from './goals-chart';
import { LengthsChart } from './lengths-chart';
import { RatingsChart } from './ratings-chart';
import { ReviewsChart } from './reviews-chart';
import { TimelineChart } from './timeline-chart';
import { YearInBooks } from './year-in-books';

export function InsightsSection({ timezone, currentYear }: { timezone: string; currentYear: number }) {
  const [period, setPeriod] = useState<InsightsPeriod>(currentYear);
  const insights = useSfQuery(
    'reading-insights',
    { period, timezone },
    { placeholderData: keepPreviousData },
  );
  const years = insights.data?.years ?? [currentYear];

  let body;
  if (insights.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading reading insights">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={120} radius="md" />
        ))}
      </Stack>
    );
  } else if (insights.isError) {
    body = <Alert color="red">Unable to load reading insights.</Alert>;
  } else {
    const data = insights.data;
    body = (
      <Stack gap="md" aria-busy={insights.isFetching}>
        <TimelineChart insights={data} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <GenresChart insights={data} />
          <LengthsChart insights={data} />
        </SimpleGrid>
        <ReviewsChart insights={data} />
        <RatingsChart insights={data} />
        <CalendarChart insights={data} />
        <GoalsChart insights={data} />
        <YearInBooks insights={data} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="reading-insights-heading">
      <Title order={2} id="reading-insights-heading" size="h3">
        Reading insights
      </Title>
      <NativeSelect
        label="Period"
        w={{ base: '100%', xs: 200 }}
        value={String(period)}
        onChange={(e) => setPeriod(e.currentTarget.value === 'all' ? 'all' : Number(e.currentTarget.value))}
        data={[
          { value: 'all', label: 'All time' },
          ...years.map((y) => ({ value: String(y), label: String(y) })),
        ]}
      />
      {body}
    </Stack>
  );
}
