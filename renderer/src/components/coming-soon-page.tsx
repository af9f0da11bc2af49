import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../hooks/use-page-title';

/**
 * A page whose content is not built (yet): Recommended stays like this until issue 28's recommender lands
 * (Trending and New Releases are built); the other users of this component are replaced by their own issues.
 */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">Coming soon.</Text>
      </Stack>
    </Container>
  );
}
