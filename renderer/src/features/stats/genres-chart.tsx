// Genres of the books finished in the period, as a donut of the top genres and 'Other'.
import { DonutChart } from '@mantine/charts';
import { Group, List, Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { ChartCard, ChartTable } from './chart-card';

/** Theme colour names, so the slices follow the light and dark schemes. */
const SLICE_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'gray.6'];

export function GenresChart({ insights }: { insights: ReadingInsightsResponse }) {
  const data = insights.genres.map((g, i) => ({
    name: g.name,
    value: g.count,
    color: SLICE_COLORS[i] ?? 'gray.6',
  }));
  return (
    <ChartCard
      title="Genres"
      empty={data.length ? null : 'Finish a book with a genre to see what you read most.'}
    >
      <Group gap="lg" wrap="wrap" align="center">
        <DonutChart data={data} size={160} thickness={28} withTooltip tooltipDataSource="segment" />
        <List spacing={4} size="sm" listStyleType="none" aria-hidden>
          {data.map((g) => (
            <List.Item key={g.name}>
              <Group gap={6} wrap="nowrap">
                <svg width="10" height="10" aria-hidden focusable="false">
                  <rect
                    width="10"
                    height="10"
                    rx="2"
                    fill={`var(--mantine-color-${g.color.replace('.', '-')})`}
                  />
                </svg>
                <Text size="sm">
                  {g.name}: {g.value}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Group>
      <Text size="xs" c="dimmed">
        A book counts once in each of its genres.
      </Text>
      <ChartTable
        caption="Books finished per genre"
        columns={['Genre', 'Books']}
        rows={insights.genres.map((g) => [g.name, g.count])}
      />
    </ChartCard>
  );
}
