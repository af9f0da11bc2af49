// Each goal of the year: cumulative progress per month against the even pace line.
import { LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import type { GoalType } from '@shared/domain/reading-stats';
import { ChartCard, ChartTable } from './chart-card';
import { longUnit, number, shortUnit } from './period-labels';

const UNIT: Record<GoalType, string> = { books: 'Books', pages: 'Pages', hours: 'Hours' };

export function GoalsChart({ insights }: { insights: ReadingInsightsResponse }) {
  const { period, goals } = insights;
  const empty =
    period === 'all'
      ? 'Goals are yearly: pick a year to see its goals.'
      : goals.length
        ? null
        : `No goals set for ${period}. Set one on your dashboard.`;
  return (
    <ChartCard title="Goals" empty={empty}>
      {goals.map((g) => (
        <Stack key={g.goal_type} gap={4}>
          <Text size="sm" fw={500}>
            {UNIT[g.goal_type]}: {number(g.progress)} of {number(g.target_qty)}
          </Text>
          <LineChart
            h={180}
            data={g.months.map((m) => ({ month: shortUnit(m.month), progress: m.progress, pace: m.pace }))}
            dataKey="month"
            withLegend
            connectNulls={false}
            series={[
              { name: 'progress', label: 'Progress', color: 'blue.6' },
              { name: 'pace', label: 'Even pace', color: 'gray.6', strokeDasharray: '5 5' },
            ]}
            curveType="linear"
            yAxisProps={{ width: 40 }}
            valueFormatter={number}
          />
          <ChartTable
            caption={`${UNIT[g.goal_type]} goal of ${number(g.target_qty)}: progress by the end of each month against the even pace`}
            columns={['Month', 'Progress', 'Even pace']}
            rows={g.months.map((m) => [longUnit(m.month), m.progress === null ? '–' : m.progress, m.pace])}
          />
        </Stack>
      ))}
    </ChartCard>
  );
}
