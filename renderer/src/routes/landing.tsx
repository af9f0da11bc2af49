import { Container, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME, TAGLINE } from '@shared/domain/product';
import { usePageTitle } from '../components/use-page-title';

export default function Landing() {
  usePageTitle('Home');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{PRODUCT_NAME}</Title>
        <Text size="xl" c="dimmed" ta="center">
          {TAGLINE}
        </Text>
      </Stack>
    </Container>
  );
}
