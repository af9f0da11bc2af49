import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../hooks/use-page-title';

export default function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>404</Title>
        <Text size="lg">Sorry, the page you are looking for does not exist.</Text>
        <Anchor component={Link} to="/">
          Go back home
        </Anchor>
      </Stack>
    </Container>
  );
}
