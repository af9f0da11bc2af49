// 'Review Insights' in the work page's sidebar (SPEC.md §2, §9), computed here from the work's reviews
// with shared/domain/insights: tone, pace and story-focus splits, the share who recommend, popular moods,
// qualities and content warnings. It reads the same cached answer as 'Community Reviews'.
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { reviewInsights } from '@shared/domain/insights';
import type { ReviewInsights, WarningCount } from '@shared/domain/insights';
import { useSfQuery } from '../../hooks/use-sf-query';
import { CountedChoices, InsightPart, VoteSplit } from './insight-parts';

export interface ReviewInsightsPanelProps {
  workId: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Minor 1, Severe 2': how severe the reviewers who flagged a warning found it. */
function severities(warning: WarningCount): string {
  return [
    ['Minor', warning.minor],
    ['Moderate', warning.moderate],
    ['Severe', warning.severe],
  ]
    .filter(([, n]) => Number(n) > 0)
    .map(([label, n]) => `${label} ${n}`)
    .join(', ');
}

function RecommendShare({ recommend }: { recommend: ReviewInsights['recommend'] }) {
  if (recommend.percent === null)
    return (
      <Text size="sm" c="dimmed">
        No one has said yet.
      </Text>
    );
  return (
    <Text size="sm">
      <Text span fw={700} size="lg">
        {recommend.percent}%
      </Text>{' '}
      recommend it ({recommend.yes} of {recommend.yes + recommend.no})
    </Text>
  );
}

function InsightsBody({ insights }: { insights: ReviewInsights }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Based on {plural(insights.reviewCount, 'review')}
      </Text>
      {insights.tone && (
        <InsightPart title="Tone">
          <Text size="sm">
            <Text span fw={700}>
              {insights.tone.label}
            </Text>{' '}
            <Text span c="dimmed" size="sm">
              (average {insights.tone.average.toFixed(1)} of 5)
            </Text>
          </Text>
        </InsightPart>
      )}
      <InsightPart title="Pace">
        <VoteSplit shares={insights.pace} />
      </InsightPart>
      <InsightPart title="Story focus">
        <VoteSplit shares={insights.storyFocus} />
      </InsightPart>
      <InsightPart title="Recommended">
        <RecommendShare recommend={insights.recommend} />
      </InsightPart>
      <InsightPart title="Popular moods">
        <CountedChoices choices={insights.topMoods} emptyText="No moods picked yet." />
      </InsightPart>
      <InsightPart title="Qualities">
        <CountedChoices choices={insights.qualities} color="grape" emptyText="No qualities picked yet." />
      </InsightPart>
      <InsightPart title="Content warnings">
        {insights.contentWarnings.length === 0 ? (
          <Text size="sm" c="dimmed">
            None flagged.
          </Text>
        ) : (
          <Stack gap={4}>
            {insights.contentWarnings.map((warning) => (
              <Group key={warning.id} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{warning.label}</Text>
                <Text size="sm" c="dimmed" ta="right">
                  {severities(warning)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </InsightPart>
    </Stack>
  );
}

export function ReviewInsightsPanel({ workId }: ReviewInsightsPanelProps) {
  const headingId = useId();
  const query = useSfQuery('work-reviews', { work_id: workId });
  const insights = useMemo(() => (query.data ? reviewInsights(query.data.reviews) : null), [query.data]);

  let content;
  if (query.isPending)
    content = (
      <Stack gap="xs" role="status" aria-label="Loading review insights">
        <Skeleton height={10} />
        <Skeleton height={10} width="70%" />
        <Skeleton height={10} width="85%" />
      </Stack>
    );
  else if (!insights)
    content = (
      <Text size="sm" c="red" role="alert">
        Unable to load review insights.
      </Text>
    );
  else if (insights.reviewCount === 0)
    content = (
      <Text size="sm" c="dimmed">
        No reviews yet. Insights appear once readers review this book.
      </Text>
    );
  else content = <InsightsBody insights={insights} />;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Review Insights
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}
