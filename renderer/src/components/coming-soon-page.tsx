import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../hooks/use-page-title';

/**
 * A page whose content is not built (yet): Recommended, Trending and New Releases stay like this
 * (SPEC.md §1), the other users of this component are replaced by their own issues.
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
