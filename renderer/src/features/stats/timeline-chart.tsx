// Books and pages per month of the year (per year for all time), as bars.
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { ChartCard, ChartTable } from './chart-card';
import { longUnit, number, shortUnit } from './period-labels';

export function TimelineChart({ insights }: { insights: ReadingInsightsResponse }) {
  const perYear = insights.period === 'all';
  const unit = perYear ? 'year' : 'month';
  const data = insights.timeline.map((t) => ({ ...t, name: shortUnit(t.label) }));
  const empty = insights.timeline.every((t) => t.books === 0 && t.pages === 0);
  return (
    <ChartCard
      title={perYear ? 'Books and pages per year' : 'Books and pages per month'}
      empty={
        empty ? 'No reading logged in this period yet. Log a reading session and it shows up here.' : null
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {(['books', 'pages'] as const).map((key) => (
          <Stack key={key} gap={4}>
            <Text size="sm" fw={500}>
              {key === 'books' ? `Books finished per ${unit}` : `Pages read per ${unit}`}
            </Text>
            <BarChart
              h={180}
              data={data}
              dataKey="name"
              series={[
                {
                  name: key,
                  label: key === 'books' ? 'Books' : 'Pages',
                  color: key === 'books' ? 'blue.6' : 'teal.6',
                },
              ]}
              tickLine="y"
              valueFormatter={number}
              yAxisProps={{ allowDecimals: false, width: 40 }}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <ChartTable
        caption={`Books finished and pages read per ${unit}`}
        columns={[perYear ? 'Year' : 'Month', 'Books', 'Pages']}
        rows={insights.timeline.map((t) => [longUnit(t.label), t.books, t.pages])}
      />
    </ChartCard>
  );
}
