import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { VoteShare } from '@shared/domain/insights';
import { reviewInsights } from '@shared/domain/insights';
import { SAMPLE_REVIEWS } from './sample-work';

function Split({ label, shares }: { label: string; shares: VoteShare[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {shares.map((share) => (
        <Group key={share.id} gap="xs" wrap="nowrap">
          <Text size="xs" w={110} style={{ flexShrink: 0 }}>
            {share.label}
          </Text>
          <Progress value={share.percent} style={{ flex: 1 }} aria-label={`${label}: ${share.label}`} />
          <Text size="xs" c="dimmed" w={36} ta="right">
            {share.percent}%
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** 'Review Insights' computed, as on a real work page, from the sample reviews. */
export function SampleInsights() {
  const insights = reviewInsights(SAMPLE_REVIEWS);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="template-insights">
      <Stack gap="md">
        <Title order={2} size="h4" id="template-insights">
          Review Insights
        </Title>
        <Text size="xs" c="dimmed">
          From {insights.reviewCount} sample reviews
        </Text>
        {insights.tone && (
          <Text size="sm">
            Tone: <b>{insights.tone.label}</b> ({insights.tone.average.toFixed(1)})
          </Text>
        )}
        {insights.recommend.percent !== null && (
          <Text size="sm">
            <b>{insights.recommend.percent}%</b> recommend it
          </Text>
        )}
        <Split label="Pace" shares={insights.pace} />
        <Split label="Story focus" shares={insights.storyFocus} />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Popular moods
          </Text>
          <Group gap={6}>
            {insights.topMoods.map((mood) => (
              <Badge key={mood.id} variant="light">
                {mood.label} ({mood.count})
              </Badge>
            ))}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Qualities
          </Text>
          {insights.qualities.map((quality) => (
            <Text key={quality.id} size="xs">
              {quality.label}: {quality.count}
            </Text>
          ))}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Content warnings
          </Text>
          {insights.contentWarnings.map((warning) => (
            <Text key={warning.id} size="xs">
              {warning.label}: {warning.count}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
