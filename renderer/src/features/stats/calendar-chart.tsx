// A reading calendar: a heat map of the period's active days (one per year for all time), with the current
// and longest streak.
import { Heatmap } from '@mantine/charts';
import { Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { ChartCard, ChartTable } from './chart-card';
import { longUnit } from './period-labels';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function YearMap({ year, data }: { year: number; data: Record<string, number> }) {
  return (
    // Wide years scroll sideways on a phone; the scroll area can be reached and moved by keyboard.
    <ScrollArea
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `Reading days in ${year}` }}
    >
      <Heatmap
        data={data}
        startDate={`${year}-01-01`}
        endDate={`${year}-12-31`}
        withMonthLabels
        withWeekdayLabels
        withTooltip
        rectSize={11}
        gap={2}
        colors={[
          'var(--mantine-color-teal-2)',
          'var(--mantine-color-teal-4)',
          'var(--mantine-color-teal-6)',
          'var(--mantine-color-teal-8)',
        ]}
        getTooltipLabel={({ date, value }) =>
          `${date}: ${value ? `${value} reading ${value === 1 ? 'update' : 'updates'}` : 'no reading'}`
        }
      />
    </ScrollArea>
  );
}

export function CalendarChart({ insights }: { insights: ReadingInsightsResponse }) {
  const { calendar, period } = insights;
  const data = Object.fromEntries(calendar.days.map((d) => [d.day, d.count]));
  const years =
    period === 'all'
      ? [...new Set(calendar.days.map((d) => Number(d.day.slice(0, 4))))].sort((a, b) => b - a)
      : [period];
  const perMonth = new Map<string, number>();
  for (const d of calendar.days) perMonth.set(d.day.slice(0, 7), (perMonth.get(d.day.slice(0, 7)) ?? 0) + 1);
  return (
    <ChartCard title="Reading calendar" empty={null}>
      <Group gap="xl">
        <Text size="sm">
          Current streak: <strong>{days(calendar.currentStreak)}</strong>
        </Text>
        <Text size="sm">
          Longest streak in {period === 'all' ? 'all time' : period}:{' '}
          <strong>{days(calendar.longestStreak)}</strong>
        </Text>
        <Text size="sm">
          Active days: <strong>{calendar.days.length}</strong>
        </Text>
      </Group>
      {calendar.days.length === 0 ? (
        <Text c="dimmed" size="sm">
          No reading days in this period yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {years.map((year) => (
            <Stack key={year} gap={2}>
              {years.length > 1 && (
                <Text size="sm" fw={500}>
                  {year}
                </Text>
              )}
              <YearMap year={year} data={data} />
            </Stack>
          ))}
        </Stack>
      )}
      <ChartTable
        caption="Active reading days per month"
        columns={['Month', 'Active days']}
        rows={[...perMonth].map(([month, n]) => [longUnit(month), n])}
      />
    </ChartCard>
  );
}
