// Moods, pace, tone and focus from the reader's own reviews of the period's books.
import { BarChart } from '@mantine/charts';
import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { ChartCard, ChartTable } from './chart-card';

type Split = ReadingInsightsResponse['reviews']['pace'];
const SPLIT_COLORS = ['blue.6', 'teal.6', 'grape.6'];

/** Percents of the reviews that gave this (a rating-only review gives none); nothing drawn without votes. */
function SplitBar({ label, split }: { label: string; split: Split }) {
  const votes = split.reduce((sum, s) => sum + s.count, 0);
  if (votes === 0) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          Not given in these reviews.
        </Text>
      </Stack>
    );
  }
  const summary = `${split.map((s) => `${s.label} ${s.percent}%`).join(', ')} (${votes === 1 ? '1 vote' : `${votes} votes`})`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Progress.Root size={18} aria-hidden>
        {split
          .filter((s) => s.percent > 0)
          .map((s) => (
            <Progress.Section key={s.id} value={s.percent} color={SPLIT_COLORS[s.id - 1] ?? 'gray.6'} />
          ))}
      </Progress.Root>
      <Text size="sm">{summary}</Text>
    </Stack>
  );
}

export function ReviewsChart({ insights }: { insights: ReadingInsightsResponse }) {
  const { count, moods, pace, storyFocus, tone } = insights.reviews;
  return (
    <ChartCard
      title="Moods, pace, tone and focus"
      empty={count ? null : 'Review the books you finish to see their moods, pace, tone and focus here.'}
    >
      <Text size="sm" c="dimmed">
        From your {count === 1 ? 'review' : `${count} reviews`} of the books finished in this period.
      </Text>
      {moods.length ? (
        <BarChart
          h={Math.max(120, moods.length * 28)}
          data={moods.map((m) => ({ mood: m.label, reviews: m.count }))}
          dataKey="mood"
          orientation="vertical"
          maxBarWidth={24}
          series={[{ name: 'reviews', label: 'Reviews', color: 'grape.6' }]}
          yAxisProps={{ width: 100 }}
          xAxisProps={{ allowDecimals: false }}
          gridAxis="y"
        />
      ) : (
        <Text size="sm" c="dimmed">
          No moods picked in these reviews.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <SplitBar label="Pace" split={pace} />
        <SplitBar label="Plot or characters" split={storyFocus} />
      </SimpleGrid>
      {tone && (
        <Text size="sm">
          Tone: <strong>{tone.label}</strong> (average {tone.average.toFixed(1)} of 5)
        </Text>
      )}
      <ChartTable
        caption="Moods picked in your reviews"
        columns={['Mood', 'Reviews']}
        rows={moods.map((m) => [m.label, m.count])}
      />
    </ChartCard>
  );
}
