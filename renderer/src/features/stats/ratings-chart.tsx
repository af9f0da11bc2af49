// The reader's ratings in 0.25 steps beside the community average of the same books.
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { ChartCard, ChartTable } from './chart-card';

export function RatingsChart({ insights }: { insights: ReadingInsightsResponse }) {
  const { bins, myAverage, communityAverage } = insights.ratings;
  const used = bins.filter((b) => b.mine > 0 || b.community > 0);
  return (
    <ChartCard
      title="My ratings"
      empty={used.length ? null : 'Rate the books you finish to compare your ratings with the community.'}
    >
      <Text size="sm">
        Your average: <strong>{myAverage?.toFixed(2) ?? 'none yet'}</strong> · Community average of the same
        books: <strong>{communityAverage?.toFixed(2) ?? 'none yet'}</strong>
      </Text>
      <BarChart
        h={200}
        data={bins.map((b) => ({ ...b, stars: b.rating.toFixed(2) }))}
        dataKey="stars"
        withLegend
        series={[
          { name: 'mine', label: 'My ratings', color: 'blue.6' },
          { name: 'community', label: 'Community averages', color: 'orange.6' },
        ]}
        yAxisProps={{ allowDecimals: false, width: 30 }}
      />
      <ChartTable
        caption="Books per rating: your rating and the community average rounded to 0.25"
        columns={['Rating', 'My ratings', 'Community averages']}
        rows={used.map((b) => [b.rating.toFixed(2), b.mine, b.community])}
      />
    </ChartCard>
  );
}
