// How long the books finished in the period were, by page count.
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { ChartCard, ChartTable } from './chart-card';

export function LengthsChart({ insights }: { insights: ReadingInsightsResponse }) {
  const { buckets, unknown } = insights.lengths;
  const known = buckets.reduce((s, b) => s + b.count, 0);
  return (
    <ChartCard
      title="Book lengths"
      empty={known + unknown ? null : 'Finish a book to see how long your books are.'}
    >
      <BarChart
        h={180}
        data={buckets.map((b) => ({ pages: b.label, books: b.count }))}
        dataKey="pages"
        series={[{ name: 'books', label: 'Books', color: 'cyan.6' }]}
        yAxisProps={{ allowDecimals: false, width: 30 }}
      />
      {unknown > 0 && (
        <Text size="sm" c="dimmed">
          {unknown} {unknown === 1 ? 'book has' : 'books have'} no known page count.
        </Text>
      )}
      <ChartTable
        caption="Books finished by page count"
        columns={['Pages', 'Books']}
        rows={buckets.map((b) => [b.label, b.count])}
      />
    </ChartCard>
  );
}
